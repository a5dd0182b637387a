"""English lists: "A", "A and B", "A, B and C"; long lists shortened as "A, B and 14 more". Pure."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["join"]


def join(items: Sequence[str], *, conjunction: str = "and", max_items: int | None = None) -> str:
    """The items as an English list, without a serial comma.

    With `max_items`, a longer list shows its first `max_items` items and "and N more"; a list
    only one longer is shown whole, since "and 1 more" is no shorter than the item itself.
    """
    if isinstance(items, str):
        raise TypeError("join takes a sequence of strings, not one string")
    if max_items is not None and max_items < 1:
        raise ValueError(f"max_items must be at least 1, not {max_items}")
    parts = list(items)
    if max_items is not None and len(parts) > max_items + 1:
        rest = len(parts) - max_items
        parts = [*parts[:max_items], f"{rest} more"]
    if not parts:
        return ""
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} {conjunction} {parts[-1]}"
