"""The clock edge: logic takes a `Clock` so tests can advance time by hand instead of sleeping."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol

__all__ = ["Clock", "FakeClock", "SystemClock"]


class Clock(Protocol):
    def monotonic(self) -> float:
        """Seconds on a clock that never goes back (for spacing and timeouts)."""
        ...

    def time(self) -> float:
        """Seconds since the Unix epoch (for records and state that outlive the process)."""
        ...


class SystemClock:
    """The real clock."""

    def monotonic(self) -> float:
        return time.monotonic()

    def time(self) -> float:
        return time.time()


@dataclass
class FakeClock:
    """A clock tests move by hand; `time()` keeps a fixed offset from `monotonic()`."""

    now_s: float = 1000.0
    epoch_offset_s: float = 1_790_000_000.0

    def monotonic(self) -> float:
        return self.now_s

    def time(self) -> float:
        return self.now_s + self.epoch_offset_s

    def advance(self, seconds: float) -> None:
        self.now_s += seconds
