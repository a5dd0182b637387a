"""Helpers for the fetch, robots and scheduler tests: configs for the local web, an in-memory store state."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

from seaspider.config import Config, build_config
from seaspider.demo.localweb import LocalWeb, RequestRecord
from seaspider.web.urls import parse_url
from seaspider.web.records import RobotsFetch, RobotsSource


def make_config(web: LocalWeb | None, tmp: Path, *, allow_private: bool = True, resolve: dict[str, Any] | None = None, **sections: dict[str, Any]) -> Config:
    """A checked config pointing `network.resolve` at the local web (loopback, so private allowed)."""
    raw: dict[str, Any] = {
        "store": str(tmp / "store"),
        "robot": {"contact_url": "https://example.invalid/movabot"},
        "network": {"allow_private_addresses": allow_private, "resolve": resolve if resolve is not None else (web.resolve_map() if web else {})},
        "service": {"lock": str(tmp / "seaspider.lock")},
    }
    raw.update(sections)
    return build_config(raw, base_dir=tmp, source="test-config.json")


class MemoryState:
    """The store's politeness state kept in memory (the real one is the store writer's)."""

    def __init__(self) -> None:
        self.ip_ends: dict[str, float] = {}
        self.robots: dict[str, RobotsFetch] = {}
        self.saved: list[tuple[str, float]] = []
        self.booked: list[tuple[str, float, float]] = []

    def load_ip_ends(self) -> dict[str, float]:
        return dict(self.ip_ends)

    def save_ip_end(self, ip: str, end_unix: float) -> None:
        self.ip_ends[ip] = max(end_unix, self.ip_ends.get(ip, end_unix))
        self.saved.append((ip, end_unix))

    def load_robots(self, origin: str) -> RobotsFetch | None:
        return self.robots.get(origin)

    def book_ip(self, ip: str, start_unix: float, until_unix: float) -> None:
        self.booked.append((ip, start_unix, until_unix))

    def seed_robots(self, url: str, body: str, *, fetched_unix: float) -> None:
        """Pretend a 2xx robots.txt for the origin of `url` was stored at `fetched_unix`."""
        origin = parse_url(url).origin
        self.robots[origin] = RobotsFetch(origin + "/robots.txt", origin, 200, RobotsSource.FETCHED, body.encode(), fetched_unix, None)


class HostPool:
    """Hands out host indexes of a shared local web, each once, so tests never wait for each other's IPs."""

    def __init__(self, web: LocalWeb) -> None:
        self.web = web
        self._next = itertools.count()

    def take(self) -> str:
        i = next(self._next)
        return self.web.hosts[i]


def logged(web: LocalWeb, count: int, **filters: str) -> list[RequestRecord]:
    """The server's records matching `filters`, once `count` of them are there (at most 2 s).

    The server appends a record just after the last byte went out, so the client can finish
    first; this waits for the record, not for any timing of the crawler.
    """
    deadline = time.monotonic() + 2.0
    while len(found := web.requests(**filters)) < count and time.monotonic() < deadline:
        time.sleep(0.002)
    return found
