"""Moments as English readers expect them: "2026-11-04 07:52 UTC". Pure: the caller passes the time."""

from __future__ import annotations

import math
from datetime import UTC, datetime

__all__ = ["utc_minute"]


def utc_minute(unix_s: float, *, round_up: bool = False) -> str:
    """Unix seconds as "YYYY-MM-DD HH:MM UTC", cut to the minute (or rounded up with `round_up`).

    Round up for promises such as "not before …", so the stated minute is never early.
    """
    if isinstance(unix_s, bool) or not isinstance(unix_s, int | float) or not math.isfinite(unix_s):
        raise TypeError(f"a time must be finite Unix seconds, not {unix_s!r}")
    minute = math.ceil(unix_s / 60) if round_up else math.floor(unix_s / 60)
    return datetime.fromtimestamp(minute * 60, tz=UTC).strftime("%Y-%m-%d %H:%M UTC")
