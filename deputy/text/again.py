"""'Fetch A once more.': a repetition phrase at the end of a clause says what "again" says.

"once more" and "one more time" are rewritten to "again" only where a clause ends right after them
(a stop, a comma, the end of the text, or "please"): "once more pages arrive, fetch A" keeps its
condition word "once". Pure text work on the plain pieces of a protected prompt.
"""

from __future__ import annotations

import re

__all__ = ["once_more"]

_ONCE_MORE = re.compile(
    r"(?<![\w'’./@-])(once more|one more time)(?=\s*(?:[.!?,;:]|$|please\b|pls\b|plz\b))", re.IGNORECASE
)


def once_more(piece: str, rewrites: list[str]) -> str:
    """The piece with a clause-final "once more" / "one more time" read as "again"."""

    def again(match: re.Match[str]) -> str:
        rewrites.append(f"{match.group(1)} → again")
        return "again"

    return _ONCE_MORE.sub(again, piece)
