"""Sizes in bytes as English: "1 byte", "139 bytes", "2.4 MB". Pure."""

from __future__ import annotations

from realize.numbers import count

__all__ = ["size"]

# Decimal (SI) units as disks and networks count them: 1 kB = 1,000 bytes, 1 MB = 1,000,000 bytes.
_UNITS = ("kB", "MB", "GB", "TB", "PB")


def size(n_bytes: int) -> str:
    """`n_bytes` in SI units (1 kB = 1,000 bytes, 1 MB = 1,000,000 bytes): "139 bytes", "2.4 MB".

    Below 1,000 the exact count is given; above, one decimal below 100 of the unit ("2.4 MB") and
    whole numbers from 100 ("139 kB"), with a trailing ".0" dropped ("2 MB").
    """
    if n_bytes < 1000:
        return count(n_bytes, "byte")
    value = float(n_bytes)
    for unit in _UNITS:
        value /= 1000
        shown = _round(value)
        if float(shown) < 1000 or unit == _UNITS[-1]:
            return f"{shown} {unit}"
    raise AssertionError("unreachable: the last unit always returns")


def _round(value: float) -> str:
    text = f"{value:.0f}" if value >= 99.95 else f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
