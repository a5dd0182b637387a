"""One node's per-request calls, batched: what its event loop asks in one moment is one script call.

A node books and ends every request and asks for (and shares) every origin's robots.txt. One
round trip each costs the node a socket send and receive and the client library's bookkeeping
per call, most of what a cluster node spends beyond a single process (benchmarks/bench_cluster.py
--profile). A CPU-bound event loop handles many finished requests per turn, so the calls of one
turn go together: `Batcher.submit` queues an operation and answers with a future; a flush at the
next turn sends everything queued as one `batch` script (batch.lua), which decides each operation
exactly as its own script would (the same functions, requests.lua), atomically, on the server's
clock. Nothing waits for a batch to fill: a lone call goes at once, as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

from seaspider.errors import ClusterError

__all__ = ["CODES", "MAX_CALLS", "MAX_OPS", "Batcher"]

CODES = {"end": "e", "book": "b", "robots_get": "g", "robots_put": "p"}  # batch.lua's one-letter operation codes
# Operations per call at most: a batch of books runs about a millisecond on the server, so other
# nodes' calls never queue long behind one node's batch.
MAX_OPS = 256
# Batch calls on the wire at once: one travelling while the next gathers, so a busy loop never
# waits a whole round trip to send what queued meanwhile; more would just split batches.
MAX_CALLS = 2


class Batcher:
    """Queues per-request operations and sends each turn's as one call (see the module docstring)."""

    def __init__(self, call: Callable[[Sequence[Any]], Coroutine[Any, Any, Any]]) -> None:
        """`call(args)` runs the batch script with ARGV `args` (after the prefix and epoch)."""
        self._call = call
        self._queued: list[tuple[str, Sequence[Any], asyncio.Future[Any]]] = []
        self._flushing = False
        self._calls: set[asyncio.Task[None]] = set()
        self.batches = 0  # calls made
        self.operations = 0  # operations they carried

    def submit(self, name: str, args: Sequence[Any]) -> asyncio.Future[Any]:
        """Queue operation `name` (a key of CODES) with its fields; the future gets its reply, or the ClusterError."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._queued.append((CODES[name], args, future))
        if not self._flushing:
            self._flushing = True
            loop.call_soon(self._flush)  # after the rest of this turn: its other operations join the call
        return future

    def _flush(self) -> None:
        self._flushing = False
        while self._queued and len(self._calls) < MAX_CALLS:
            ops, self._queued = self._queued[:MAX_OPS], self._queued[MAX_OPS:]
            task = asyncio.get_running_loop().create_task(self._send(ops))
            self._calls.add(task)
            task.add_done_callback(self._sent)

    def _sent(self, task: asyncio.Task[None]) -> None:
        self._calls.discard(task)
        if self._queued and not self._flushing:
            self._flush()

    async def _send(self, ops: list[tuple[str, Sequence[Any], asyncio.Future[Any]]]) -> None:
        args: list[Any] = []
        for code, fields, _future in ops:
            args.append(code)
            args += fields
        self.batches += 1
        self.operations += len(ops)
        try:
            replies = await self._call(args)
        except ClusterError as exc:
            for _code, _fields, future in ops:
                if not future.done():
                    future.set_exception(exc)
            return
        except BaseException:
            for _code, _fields, future in ops:
                future.cancel()
            raise
        for (_code, _fields, future), reply in zip(ops, replies, strict=True):
            if not future.done():  # its waiter may have been cancelled meanwhile
                future.set_result(reply)

    async def drain(self) -> None:
        """Wait for every call under way (before the client closes)."""
        while self._calls or self._queued:
            if self._calls:
                await asyncio.gather(*self._calls, return_exceptions=True)
            else:
                self._flush()
