"""What a fetcher shares with other processes when it is one node of a cluster: the per-IP booking
and the robots.txt outcomes (implemented in seaspider/cluster/ on Redis or Valkey).

Protocols only: the fetcher (net/fetch.py) calls them at two points of a request; it knows
nothing about where the shared state lives.
"""

from __future__ import annotations

from typing import Protocol

from seaspider.web.records import RobotsFetch

__all__ = ["RobotsShare", "SharedBooking"]


class SharedBooking(Protocol):
    """Per-IP booking shared with other processes (the cluster, seaspider/cluster/booking.py).

    When a fetcher has one, every request books it after the local slot and before going out,
    and ends it once the connection is closed; it then stands for the store's write-ahead booking.
    """

    async def book(self, ip: str, host: str) -> None:
        """Wait until `ip` may be used for `host` by this process, then hold it; raises when it cannot be booked."""
        ...

    async def end(self, ip: str, host: str, host_delay_s: float) -> None:
        """The request to `ip` ended now; never raises (a lost booking service fails the next `book`)."""
        ...


class RobotsShare(Protocol):
    """robots.txt outcomes shared with other processes (the cluster, seaspider/cluster/robots.py)."""

    async def obtain(self, origin: str) -> RobotsFetch | None:
        """Another process's fresh outcome for `origin`, or None: this one fetches it now."""
        ...

    async def share(self, fetch: RobotsFetch) -> None:
        """Publish an outcome this process fetched."""
        ...
