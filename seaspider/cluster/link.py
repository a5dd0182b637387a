"""A node's link to the shared server: its clients, its epoch, and every call made through them.

`Link.open` joins the crawl (making its epoch on a server that has none) on a blocking client
for threads and the event loop's rare calls; `Link.async_scripts()` gives the event loop an
asyncio client for the calls made per request. Every call goes through `call`/`acall`, so a
failure is one English sentence and, once seen, every later call fails the same way: a node
that lost its server stops booking. Knows nothing about URLs or robots.txt.
"""

from __future__ import annotations

import secrets
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from seaspider.cluster.batch import Batcher
from seaspider.cluster.scripts import REDIS_TIMEOUT_S, Scripts, import_redis, translate
from seaspider.cluster.settings import ClusterSettings
from seaspider.errors import ClusterError

__all__ = ["ASYNC_CONNECTIONS", "AsyncLink", "Joined", "Link"]

# Connections a node's event loop opens at most; a call beyond them waits for one. Each call is a
# short script, so a few dozen keep hundreds of requests in flight without queueing, and bound
# what one node costs the server (whose limit is 10,000 clients by default).
ASYNC_CONNECTIONS = 32


@dataclass(frozen=True, slots=True)
class Joined:
    """The crawl's epoch as this node found it: `fresh` when this node made it."""

    epoch: str
    fresh: bool
    quiet_s: float  # how long from now no IP may be booked (the quiet period of a fresh server)


class Link:
    """One node's clients and scripts; `failure` is the first ClusterError any call met."""

    def __init__(self, settings: ClusterSettings, store: str, client: Any, joined: Joined) -> None:
        self.settings = settings
        self.store = store
        self.client = client
        self.joined = joined
        self._scripts = Scripts(client)
        self._lock = threading.Lock()  # redis-py's pool is thread-safe; this guards `failure`
        self.failure: ClusterError | None = None
        self.calls = 0  # script calls this node made (for the benchmark's per-request figures)
        self.calls_by: Counter[str] = Counter()  # the same, per script (and per command of the seen set)

    @classmethod
    def open(cls, settings: ClusterSettings, *, store: str, quiet_s: float) -> Link:
        """Connect and join the crawl; ClusterError when the server cannot be reached."""
        redis = import_redis()
        client = redis.Redis.from_url(settings.url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S)
        with translate(settings.shown, store):
            scripts = Scripts(client, ("join",))
            epoch, fresh, quiet_us = scripts.run("join", [settings.prefix, secrets.token_hex(8), int(quiet_s * 1_000_000), settings.node])
        joined = Joined(epoch.decode() if isinstance(epoch, bytes) else str(epoch), bool(int(fresh)), int(quiet_us) / 1_000_000)
        return cls(settings, store, client, joined)

    def args(self, *rest: Any) -> list[Any]:
        """ARGV for a script: the prefix and the epoch, then `rest`."""
        return [self.settings.prefix, self.joined.epoch, *rest]

    def _failed(self, exc: ClusterError) -> ClusterError:
        with self._lock:
            if self.failure is None:
                self.failure = exc
            return self.failure

    def check(self) -> None:
        """Raise the failure an earlier call met, so nothing is decided after the server was lost."""
        if self.failure is not None:
            raise self.failure

    def call(self, name: str, args: Sequence[Any]) -> Any:
        """Run a script on the blocking client (threads, or a rare call on the event loop)."""
        self.check()
        self.calls += 1
        self.calls_by[name] += 1
        try:
            with translate(self.settings.shown, self.store):
                return self._scripts.run(name, self.args(*args))
        except ClusterError as exc:
            raise self._failed(exc) from exc

    def async_scripts(self) -> AsyncLink:
        """The asyncio face of this link, for the calls made per request (create it inside the loop)."""
        redis = import_redis()
        import redis.asyncio as aredis  # noqa: F401 - part of redis-py

        pool = redis.asyncio.BlockingConnectionPool.from_url(
            self.settings.url, max_connections=ASYNC_CONNECTIONS, timeout=REDIS_TIMEOUT_S, socket_timeout=REDIS_TIMEOUT_S,
            socket_connect_timeout=REDIS_TIMEOUT_S,
        )  # fmt: skip
        return AsyncLink(self, redis.asyncio.Redis(connection_pool=pool))

    def close(self) -> None:
        self.client.close()


class AsyncLink:
    """Script calls on an asyncio client, sharing the blocking link's failure and counts.

    `op` is how the per-request calls go: batched with the others of the same turn of the loop
    (batch.py); `call` runs one script on its own.
    """

    def __init__(self, link: Link, client: Any) -> None:
        self.link = link
        self.client = client
        self._scripts = Scripts(client, ("book", "end", "robots_get", "robots_put", "batch"))
        self.batcher = Batcher(lambda args: self.call("batch", args))

    async def op(self, name: str, args: Sequence[Any]) -> Any:
        """Operation `name` (book, end, robots_get, robots_put) in the next batch call; its reply."""
        self.link.check()
        return await self.batcher.submit(name, args)

    async def call(self, name: str, args: Sequence[Any]) -> Any:
        link = self.link
        link.check()
        link.calls += 1
        link.calls_by[name] += 1
        try:
            with translate(link.settings.shown, link.store):
                return await self._scripts.run(name, link.args(*args))
        except ClusterError as exc:
            raise link._failed(exc) from exc

    async def aclose(self) -> None:
        await self.batcher.drain()
        await self.client.aclose()
