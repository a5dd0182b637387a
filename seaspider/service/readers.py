"""How the service reads the store while the worker writes it: pooled readers, and robots answers
from the stored robots.txt while it is fresh. Never writes and never makes a request.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any, Protocol

from seaspider.clock import Clock
from seaspider.config import Config
from seaspider.errors import StoreError
from seaspider.web.records import RobotsFetch, RobotsVerdict

__all__ = ["ReaderPool", "RobotsLookup", "StoreBorrow", "StoreView", "fixed_store", "store_robots_lookup"]


class StoreView(Protocol):
    """What the service reads from the store (StoreReader); never blocks the worker's writer."""

    def latest(self, url: str) -> dict[str, Any] | None: ...
    def body(self, key: str) -> bytes | None: ...
    def stats(self, host: str | None = None) -> dict[str, Any]: ...
    def links_of(self, url: str) -> list[dict[str, Any]] | None: ...
    def load_robots(self, origin: str) -> RobotsFetch | None: ...


RobotsLookup = Callable[[str], "tuple[RobotsVerdict, RobotsFetch | None] | None"]
StoreBorrow = Callable[[], AbstractContextManager[StoreView]]  # `with borrow() as store:` lends a reader


def store_robots_lookup(config: Config, store: StoreBorrow, clock: Clock) -> RobotsLookup:
    """Answers robots questions from the latest stored robots.txt of the origin while it is fresh.

    Fresh means within robots.ttl_secs (an unreachable origin: within robots.unreachable_retry_secs),
    decided by the fetcher's own cache rules. Returns None when nothing fresh is stored, so the service
    queues a check. Never makes a request.
    """
    from seaspider.net.robots_cache import RobotsCache, always_verdict, verdict_for
    from seaspider.web.urls import parse_url

    cache = RobotsCache(ttl_s=config.robots.ttl_secs, unreachable_retry_s=config.robots.unreachable_retry_secs)
    guard = threading.Lock()
    token = config.robot.token

    def lookup(target: str) -> tuple[RobotsVerdict, RobotsFetch | None] | None:
        url = parse_url(target, sort_query=config.fetch.sort_query)
        if url.path == "/robots.txt" and url.query is None:
            return always_verdict(url), None
        now = clock.time()
        with guard:  # the cache parses each stored robots.txt once
            entry = cache.get(url.origin, now)
            if entry is None:
                with store() as view:
                    stored = view.load_robots(url.origin)
                if stored is None:
                    return None
                entry = cache.put(stored, from_store=True)
                if entry.expires_unix <= now:
                    return None
        return verdict_for(entry, url, token), entry.fetch

    return lookup


class _EmptyStore:
    """The answers of a store that does not exist yet: nothing stored, nothing known."""

    def latest(self, url: str) -> dict[str, Any] | None:
        return None

    def body(self, key: str) -> bytes | None:
        return None

    def stats(self, host: str | None = None) -> dict[str, Any]:
        return {"pages": {}, "bodies": 0, "bytes_raw": 0}

    def links_of(self, url: str) -> list[dict[str, Any]] | None:
        return None

    def load_robots(self, origin: str) -> RobotsFetch | None:
        return None


_EMPTY_STORE = _EmptyStore()


class ReaderPool:
    """Store readers shared by the connection threads: each answer borrows one and gives it back.

    A reader holds open files and an index connection, so they are kept and reused (at most `size`),
    not made per connection. Before the store exists, answers come from an empty view.
    """

    def __init__(self, path: Path, *, size: int = 8) -> None:
        self.path = path
        self._idle: list[StoreView] = []
        self._all: list[Any] = []
        self._slots = threading.BoundedSemaphore(size)
        self._lock = threading.Lock()

    @contextmanager
    def __call__(self) -> Iterator[StoreView]:
        from seaspider.store.reader import StoreReader

        with self._slots:
            with self._lock:
                reader = self._idle.pop() if self._idle else None
            if reader is None:
                try:
                    reader = StoreReader(self.path)
                except StoreError:
                    if (self.path / "pages.jsonl").exists():
                        raise
                    yield _EMPTY_STORE  # nothing written yet; the real store is opened once it exists
                    return
                with self._lock:
                    self._all.append(reader)
            try:
                yield reader
            finally:
                with self._lock:
                    self._idle.append(reader)

    def close(self) -> None:
        with self._lock:
            readers, self._all, self._idle = self._all, [], []
        for reader in readers:
            reader.close()


def fixed_store(view: StoreView) -> StoreBorrow:
    """A borrow function that always lends `view` (tests, or a store that needs no pooling)."""

    @contextmanager
    def borrow() -> Iterator[StoreView]:
        yield view

    return borrow
