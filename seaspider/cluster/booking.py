"""Per-IP booking shared by every node: `book` before a request goes out, `end` once it has ended.

The fetcher still books its own per-IP slot first (one node never sends two requests to an IP
at once, and its scheduler knows what it may dispatch); this is the cluster's word on top,
decided atomically on the server's clock (book.lua, end.lua): an IP is booked only when no node
has a request to it in flight and it has rested `ip_interval_ms` + the margin since the end of
its last request, whichever node made it. A booking whose node died holds the IP until its start
plus `fetch.timeout_ms` plus the rest (at least 5 s), after which the request has surely ended.
"""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable

from seaspider.clock import Clock, SystemClock
from seaspider.cluster.link import AsyncLink
from seaspider.config import Config
from seaspider.errors import ClusterError
from seaspider.net.fetch import END_MARGIN_S

__all__ = ["DEAD_NODE_REST_S", "FIRST_POLL_S", "MAX_POLL_S", "SharedBooking", "hold_s"]

# A dead node's booking is released this long after its request's timeout: the request ended by
# then (the node's own timeout cut it, or its death closed the socket), and the IP has rested.
DEAD_NODE_REST_S = 5.0
# While another node's request to the IP is in flight, ask again after this long, doubling up to
# MAX_POLL_S: most requests end within a second; a dead node's booking is released much later.
FIRST_POLL_S = 0.05
MAX_POLL_S = 1.0
_NOTE_WAIT_S = 5.0  # a wait this long (the quiet period of a fresh server) is said once on stderr


def hold_s(config: Config) -> float:
    """How long a booking holds its IP if its node dies: the timeout, then the rest (at least 5 s)."""
    rest = config.politeness.ip_interval_ms / 1000 + END_MARGIN_S
    return config.fetch.timeout_ms / 1000 + max(DEAD_NODE_REST_S, rest)


class SharedBooking:
    """The cluster's per-IP booking for one node's fetcher (the fetcher's `SharedBooking` protocol)."""

    def __init__(self, link: AsyncLink, config: Config, *, token_of: Callable[[str], str | None],
                 renewed: Callable[[str, float], None] | None = None, clock: Clock | None = None,
                 note: Callable[[str], None] | None = None) -> None:  # fmt: skip
        """`token_of(host)` is this node's lease token on `host` (renewed with each booking), or None;
        `renewed(host, sent_s)` hears that a booking renewed it (sent at `sent_s` on `clock`)."""
        self._renewed = renewed
        self._clock = clock or SystemClock()
        self._link = link
        self._node = link.link.settings.node
        self._lease_us = link.link.settings.lease_ms * 1000
        self._hold_us = int(hold_s(config) * 1_000_000)
        self._ip_rest_us = int((config.politeness.ip_interval_ms / 1000 + END_MARGIN_S) * 1_000_000)
        self._token_of = token_of
        self._note = note
        self._noted = False
        self._serial = itertools.count(1)
        self._held: dict[str, str] = {}  # ip -> booking token of the request this node has in flight
        self.waits = 0  # bookings that had to wait for another node (or the quiet period)

    async def book(self, ip: str, host: str) -> None:
        """Wait until the cluster lets a request to `ip` for `host` start now, and hold `ip` for it."""
        token = f"{self._node}#{next(self._serial)}"
        poll = FIRST_POLL_S
        while True:
            sent_s = self._clock.monotonic()
            reply = await self._link.op("book", [ip, host, token, self._hold_us, self._token_of(host) or "", self._lease_us])
            if int(reply[0]) == 1:
                self._held[ip] = token
                if int(reply[2]) and self._renewed is not None:
                    self._renewed(host, sent_s)
                return
            self.waits += 1
            wait_s = int(reply[1]) / 1_000_000
            if int(reply[2]):  # another node's request is in flight: it will end, usually soon
                wait_s, poll = min(wait_s, poll), min(2 * poll, MAX_POLL_S)
            elif wait_s >= _NOTE_WAIT_S and self._note is not None and not self._noted:
                self._noted = True
                self._note(f"The cluster cannot know when {ip} and other IPs were last asked (its state is new), so the first "
                           f"request waits {wait_s:.0f} s (politeness.max_crawl_delay_secs).")  # fmt: skip
            await asyncio.sleep(wait_s)

    async def end(self, ip: str, host: str, host_delay_s: float) -> None:
        """The request to `ip` ended now: the IP rests its interval and the host its delay, on the server's clock."""
        token = self._held.pop(ip, "")
        host_rest_us = int((host_delay_s + END_MARGIN_S) * 1_000_000)
        try:
            await self._link.op("end", [ip, host, token, self._ip_rest_us, host_rest_us])
        except ClusterError:
            # The link keeps the failure and the next book, tick or settle raises it; the request
            # that just ended still reaches the journal. Its booking holds the IP until it lapses.
            pass
