"""Per-IP and per-host booking of request slots: who may send the next request, and when.

Pure: every method takes the current time from the caller (any monotonic clock); nothing here
sleeps, reads a clock, or knows about sockets or asyncio.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = ["MIN_HOST_DELAY_S", "Opening", "Politeness", "Slot", "restore_from_unix"]

MIN_HOST_DELAY_S = 2.0  # the spec: a host waits max(crawl-delay, 2 s) between its requests


@dataclass(frozen=True, slots=True)
class Slot:
    """A booked request: the IP it goes to, the host it is for, and when it started."""

    ip: str
    host: str
    start_s: float


@dataclass(frozen=True, slots=True)
class Opening:
    """When a host could next send a request: through `ip` at `at_s` (None: wait for a request to end)."""

    ip: str | None
    at_s: float | None


class Politeness:
    """Books slots so that no IP is ever used twice at once or within `ip_interval_s` of its last end.

    A host also waits its own delay (max(crawl-delay, 2 s)) from the end of its previous request,
    and hosts that share an IP share its rest. `margin_s` lengthens every rest a little (the
    server may see a request end a moment after we do). `enforce_ip=False` drops the per-IP booking: a
    fault-injection switch for the negative-control tests, never set by the crawler.
    """

    def __init__(
        self, *, ip_interval_s: float, min_host_delay_s: float = MIN_HOST_DELAY_S, margin_s: float = 0.0, enforce_ip: bool = True
    ) -> None:
        if ip_interval_s < 0 or min_host_delay_s < 0 or margin_s < 0:
            raise ValueError("intervals must not be negative")
        self.ip_interval_s = ip_interval_s
        self.margin_s = margin_s
        self.min_host_delay_s = min_host_delay_s
        self._enforce_ip = enforce_ip
        self._ip_free_at: dict[str, float] = {}
        self._ip_busy: set[str] = set()
        self._ip_last_end: dict[str, float] = {}
        self._host_free_at: dict[str, float] = {}
        self._host_busy: set[str] = set()
        self._host_delay: dict[str, float] = {}
        self._host_factor: dict[str, float] = {}  # > 1 while a host answers 429/503: its delay is multiplied

    # ----- configuration ------------------------------------------------------------------

    def set_crawl_delay(self, host: str, crawl_delay_s: float | None) -> None:
        """Raise the host's delay to max(crawl-delay, the minimum); None restores the minimum."""
        delay = self.min_host_delay_s if crawl_delay_s is None else max(crawl_delay_s, self.min_host_delay_s)
        previous = self.host_delay_s(host)
        self._host_delay[host] = delay
        # A longer delay learnt after a request applies to the rest that request started.
        if host in self._host_free_at and host not in self._host_busy:
            self._host_free_at[host] += self.host_delay_s(host) - previous

    def host_delay_s(self, host: str) -> float:
        """The host's current delay between the end of one request and the start of the next."""
        return self._host_delay.get(host, self.min_host_delay_s) * self._host_factor.get(host, 1.0)

    def slow_down(self, host: str, *, max_delay_s: float) -> float:
        """A 429 or 503 from `host`: double its delay, up to `max_delay_s` (never below its own delay).

        The rest already running from its last request grows too. Returns the new delay.
        """
        base = self._host_delay.get(host, self.min_host_delay_s)
        previous = self.host_delay_s(host)
        factor = self._host_factor.get(host, 1.0) * 2
        cap = max(base, max_delay_s) / base if base > 0 else factor
        self._host_factor[host] = min(factor, max(cap, 1.0))
        delay = self.host_delay_s(host)
        if host in self._host_free_at and host not in self._host_busy:
            self._host_free_at[host] += delay - previous
        return delay

    def recover(self, host: str) -> None:
        """An answer from `host` that is not a 429 or 503: halve what `slow_down` added, back to its own delay."""
        factor = self._host_factor.get(host)
        if factor is not None:
            if factor <= 2.0:
                del self._host_factor[host]
            else:
                self._host_factor[host] = factor / 2

    def restore_ip_end(self, ip: str, end_s: float) -> None:
        """Record a request to `ip` that ended at `end_s` (a previous run's, on this clock)."""
        if end_s > self._ip_last_end.get(ip, -math.inf):
            self._ip_last_end[ip] = end_s
            self._ip_free_at[ip] = max(self._ip_free_at.get(ip, -math.inf), end_s + self.ip_interval_s)

    # ----- queries ------------------------------------------------------------------------

    def ip_busy(self, ip: str) -> bool:
        return ip in self._ip_busy

    def last_end(self, ip: str) -> float | None:
        """When the last request to `ip` ended, or None if none did."""
        return self._ip_last_end.get(ip)

    def opening(self, host: str, ips: Iterable[str]) -> Opening:
        """The IP of `ips` free first for `host`, and when; `at_s` None while everything is in flight."""
        if host in self._host_busy:
            return Opening(None, None)
        host_at = self._host_free_at.get(host, -math.inf)
        best_ip: str | None = None
        best_at = math.inf
        for ip in ips:
            if self._enforce_ip:
                if ip in self._ip_busy:
                    continue
                at = self._ip_free_at.get(ip, -math.inf)
            else:
                at = -math.inf
            # Ties go to the first IP listed, so the choice is deterministic.
            if at < best_at:
                best_ip, best_at = ip, at
        if best_ip is None:
            return Opening(None, None)
        return Opening(best_ip, max(best_at, host_at))

    # ----- booking ------------------------------------------------------------------------

    def try_start(self, host: str, ips: Iterable[str], now_s: float) -> Slot | None:
        """Book a request for `host` now if one of its IPs and the host itself are free; else None."""
        opening = self.opening(host, ips)
        if opening.ip is None or opening.at_s is None or opening.at_s > now_s:
            return None
        self._ip_busy.add(opening.ip)
        self._host_busy.add(host)
        return Slot(opening.ip, host, now_s)

    def end(self, slot: Slot, now_s: float) -> None:
        """The request of `slot` ended at `now_s`: start the IP's and the host's rest."""
        # The rest runs from the END of a request: a slow server gets a longer pause, not a shorter one.
        self._ip_busy.discard(slot.ip)
        self._host_busy.discard(slot.host)
        self._ip_last_end[slot.ip] = max(now_s, self._ip_last_end.get(slot.ip, -math.inf))
        rest_from = now_s + self.margin_s
        self._ip_free_at[slot.ip] = max(self._ip_free_at.get(slot.ip, -math.inf), rest_from + self.ip_interval_s)
        self._host_free_at[slot.host] = max(self._host_free_at.get(slot.host, -math.inf), rest_from + self.host_delay_s(slot.host))


def restore_from_unix(
    politeness: Politeness, ends_unix: Mapping[str, float], *, now_unix: float, now_s: float
) -> None:
    """Load stored per-IP end times (Unix seconds) onto the politeness clock (monotonic seconds)."""
    for ip, end_unix in ends_unix.items():
        politeness.restore_ip_end(ip, now_s - (now_unix - end_unix))
