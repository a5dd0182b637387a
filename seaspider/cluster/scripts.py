"""The Lua scripts (`lua/*.lua`, data beside this module) and the door every Redis call goes through.

Every decision on shared state is one script, so it is atomic on the server. `call` turns the
client library's failures into one English `ClusterError`: an unreachable server, or a server
that lost the crawl's state (restarted empty, flushed). Knows nothing about crawling.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from importlib import resources
from typing import Any

from seaspider.errors import ClusterError, UsageError

__all__ = ["ALL", "REDIS_TIMEOUT_S", "LostState", "Scripts", "import_redis", "lost_message", "source", "translate", "unreachable_message"]

ALL = ("head", "tick", "load", "settle", "book", "end", "robots_get", "robots_put", "batch")
# A server that does not answer within this long is taken as unreachable: a node must not
# hang with requests held; 10 s is far above any healthy round trip on a network.
REDIS_TIMEOUT_S = 10.0
LOST_MARK = "SEASPIDER_LOST"  # the error every script raises when the crawl's epoch is gone


class LostState(ClusterError):
    """The server no longer holds the crawl's state (restarted empty or flushed)."""


def _text(name: str) -> str:
    return (resources.files("seaspider.cluster") / "lua" / f"{name}.lua").read_text(encoding="utf-8")


def source(name: str) -> str:
    """The Lua text sent for `name`: the prelude (epoch check, clock, helpers), the per-request
    decisions (requests.lua, functions the batch and the single calls share), then the script."""
    if name == "join":
        return _text("join")
    return _text("prelude") + "\n" + _text("requests") + "\n" + _text(name)


def unreachable_message(shown: str, store: str, exc: BaseException) -> str:
    why = str(exc).strip().rstrip(".") or type(exc).__name__
    return (f"Redis at {shown} cannot be reached ({why}), so this node stopped booking requests; every page it recorded "
            f"is in {store}, and the URLs it had not finished stay in the shared queue.")  # fmt: skip


def lost_message(shown: str, store: str) -> str:
    return (f"Redis at {shown} no longer holds this crawl's state (it restarted empty or was flushed), so this node stopped "
            f"booking requests; every page it recorded is in {store}, and nodes started again wait "
            f"politeness.max_crawl_delay_secs before their first request.")  # fmt: skip


@contextlib.contextmanager
def translate(shown: str, store: str) -> Iterator[None]:
    """Redis failures as one English ClusterError (a script's epoch refusal as LostState)."""
    import redis.exceptions as rx

    try:
        yield
    except rx.ResponseError as exc:
        if LOST_MARK in str(exc):
            raise LostState(lost_message(shown, store)) from exc
        raise ClusterError(f"Redis at {shown} refused a Sea Spider script ({exc}); it needs Redis 7 or Valkey 7 or newer.") from exc
    except (rx.ConnectionError, rx.TimeoutError, OSError) as exc:
        raise ClusterError(unreachable_message(shown, store, exc)) from exc


def import_redis() -> Any:
    """redis-py, or a UsageError saying how to install it."""
    try:
        import redis
    except ImportError as exc:
        raise UsageError("--cluster needs the redis package; install it with pip install 'seaspider[cluster]'.") from exc
    return redis


class Scripts:
    """The scripts registered on one client (sync or asyncio): `run(name, *args)` runs one.

    redis-py sends EVALSHA and loads the script again by itself when the server does not know
    it (a restarted server has an empty script cache).
    """

    def __init__(self, client: Any, names: Sequence[str] = ALL) -> None:
        self.client = client
        self._scripts = {name: client.register_script(source(name)) for name in names}

    def run(self, name: str, args: Sequence[Any]) -> Any:
        """Run script `name` with ARGV `args` (no KEYS: names are built inside from the prefix)."""
        return self._scripts[name](keys=[], args=list(args))
