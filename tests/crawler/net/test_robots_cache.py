"""robots.txt fetching: every status class, the cache and its TTL, the unreachable window, redirects, sentences."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from fetchkit import HostPool, MemoryState, logged, make_config

from seaspider.clock import FakeClock
from seaspider.net.fetch import Fetcher
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.net.robots_cache import RobotsCache, classify, explain
from seaspider.web.urls import parse_url
from seaspider.web.records import Outcome, RobotsFetch, RobotsSource, RobotsVerdict


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=40, pages=2, ip_base="127.31") as served:
        yield served


@pytest.fixture(scope="module")
def pool(web: LocalWeb) -> HostPool:
    return HostPool(web)


@pytest.mark.parametrize(
    ("status", "state"),
    [
        (200, RobotsSource.FETCHED),
        (204, RobotsSource.FETCHED),
        (400, RobotsSource.UNAVAILABLE),
        (401, RobotsSource.UNAVAILABLE),
        (403, RobotsSource.UNAVAILABLE),
        (404, RobotsSource.UNAVAILABLE),
        (410, RobotsSource.UNAVAILABLE),
        (429, RobotsSource.UNREACHABLE),
        (500, RobotsSource.UNREACHABLE),
        (503, RobotsSource.UNREACHABLE),
        (None, RobotsSource.UNREACHABLE),
    ],
    ids=lambda v: str(v),
)
def test_status_classes(status: int | None, state: RobotsSource) -> None:
    assert classify(status) is state


@pytest.mark.parametrize(
    ("status", "allowed", "source"),
    [(200, False, RobotsSource.FETCHED), (404, True, RobotsSource.UNAVAILABLE), (403, True, RobotsSource.UNAVAILABLE),
     (429, False, RobotsSource.UNREACHABLE), (500, False, RobotsSource.UNREACHABLE), (503, False, RobotsSource.UNREACHABLE)],
    ids=["200-rules", "404-all-allowed", "403-all-allowed", "429-closed", "500-closed", "503-closed"],
)
def test_each_status_class_against_the_server(web: LocalWeb, pool: HostPool, tmp_path: Path, status: int, allowed: bool, source: RobotsSource) -> None:
    host = pool.take()
    web.set_robots(host, status=status, body="User-agent: *\nDisallow: /p/\n")
    seen: list[RobotsFetch] = []
    f = Fetcher(make_config(web, tmp_path), on_robots=seen.append)
    verdict = asyncio.run(f.check_robots(web.url(host, "/p/1")))
    assert (verdict.allowed, verdict.source, verdict.status) == (allowed, source, status)
    assert len(seen) == 1 and seen[0].state is (RobotsSource.FETCHED if status == 200 else source)
    assert (seen[0].body is not None) == (status == 200)
    assert len(logged(web, 1, host=host, path="/robots.txt")) == 1


def test_network_failure_is_unreachable_and_closes_the_origin(web: LocalWeb, tmp_path: Path) -> None:
    clock = FakeClock()
    config = make_config(web, tmp_path, resolve={"gone.test": "127.31.250.250"}, robots={"unreachable_retry_secs": 600})
    f = Fetcher(config, clock=clock)
    url = f"http://gone.test:{web.port}/p/1"
    v = asyncio.run(f.visit(url))
    assert v.outcome is Outcome.ERROR and "unreachable" in (v.reason or "") and "600 seconds" in (v.reason or "")
    assert v.robots is not None and v.robots.source is RobotsSource.UNREACHABLE
    before = f.requests_made
    assert asyncio.run(f.visit(url)).outcome is Outcome.ERROR
    assert f.requests_made == before  # closed: no new request inside the window
    clock.advance(601)
    asyncio.run(f.visit(url))
    assert f.requests_made == before + 1  # asked again after the window


def test_cache_keeps_fetched_rules_for_the_ttl(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    clock = FakeClock()
    f = Fetcher(make_config(web, tmp_path, robots={"ttl_secs": 100}), clock=clock)
    url = web.url(host, "/p/1")
    assert f.cached_verdict(url) is None
    asyncio.run(f.check_robots(url))
    assert f.cached_verdict(url) is not None
    clock.advance(99)
    asyncio.run(f.check_robots(url))
    assert len(logged(web, 1, host=host)) == 1
    clock.advance(2)
    assert f.cached_verdict(url) is None
    asyncio.run(f.check_robots(url))
    assert len(logged(web, 2, host=host)) == 2


def test_stored_robots_within_ttl_is_used_without_a_request(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    clock = FakeClock()
    state = MemoryState()
    state.seed_robots(web.url(host), "User-agent: MovaBot\nDisallow: /p/2\n", fetched_unix=clock.time() - 50)
    f = Fetcher(make_config(web, tmp_path, robots={"ttl_secs": 100}), clock=clock, state=state)
    verdict = f.cached_verdict(web.url(host, "/p/2"))
    assert verdict is not None and not verdict.allowed and verdict.source is RobotsSource.CACHE and verdict.group == "movabot"
    clock.advance(60)  # stored copy now 110 s old: expired
    assert f.cached_verdict(web.url(host, "/p/2")) is None


def test_robots_redirect_is_followed_and_rules_apply_to_the_origin(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b = pool.take(), pool.take()
    web.set_route(a, "/robots.txt", Response(301, [("location", web.url(b, "/robots.txt"))]))
    web.set_robots(b, body="User-agent: *\nDisallow: /p/1\n")
    seen: list[RobotsFetch] = []
    f = Fetcher(make_config(web, tmp_path), on_robots=seen.append)
    verdict = asyncio.run(f.check_robots(web.url(a, "/p/1")))
    assert not verdict.allowed and verdict.url == web.url(a, "/robots.txt")
    assert [h.status for h in seen[0].chain] == [301, 200]


def test_too_many_robots_redirects_mean_unavailable(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/robots.txt", Response(302, [("location", "/robots.txt?again")]))
    web.set_route(host, "/robots.txt?again", Response(302, [("location", "/robots.txt")]))
    f = Fetcher(make_config(web, tmp_path))
    verdict = asyncio.run(f.check_robots(web.url(host, "/p/1")))
    assert verdict.allowed and verdict.source is RobotsSource.UNAVAILABLE and verdict.status == 302


def test_cache_prefers_the_newer_fetch() -> None:
    cache = RobotsCache(ttl_s=100, unreachable_retry_s=60)
    origin = "https://a.test"
    old = RobotsFetch(origin + "/robots.txt", origin, 200, RobotsSource.FETCHED, b"User-agent: *\nDisallow: /\n", 1000.0, None)
    new = RobotsFetch(origin + "/robots.txt", origin, 404, RobotsSource.UNAVAILABLE, None, 1010.0, None)
    cache.put(new)
    cache.put(old)
    entry = cache.get(origin, 1020.0)
    assert entry is not None and entry.state is RobotsSource.UNAVAILABLE
    assert cache.get(origin, 1110.0) is None
    unreachable = RobotsFetch(origin + "/robots.txt", origin, 503, RobotsSource.UNREACHABLE, None, 2000.0, None)
    cache.put(unreachable)
    assert cache.get(origin, 2059.0) is not None and cache.get(origin, 2060.0) is None


URL = "https://h.test/x"
ROBOTS = "https://h.test/robots.txt"


@pytest.mark.parametrize(
    ("verdict", "sentence"),
    [
        (RobotsVerdict(ROBOTS, RobotsSource.FETCHED, 200, True, "*", "Allow: /", 2),
         "Yes, https://h.test/robots.txt allows MovaBot to fetch https://h.test/x (rule Allow: /)."),
        (RobotsVerdict(ROBOTS, RobotsSource.FETCHED, 200, True, None, None, None),
         "Yes, https://h.test/robots.txt allows MovaBot to fetch https://h.test/x (no rule matches it)."),
        (RobotsVerdict(ROBOTS, RobotsSource.CACHE, 200, False, "movabot", "Disallow: /x", 3),
         "No, https://h.test/robots.txt disallows https://h.test/x for MovaBot (rule Disallow: /x)."),
        (RobotsVerdict(ROBOTS, RobotsSource.UNAVAILABLE, 404, True),
         "Yes, MovaBot may fetch https://h.test/x: https://h.test/robots.txt is unavailable (HTTP 404), so everything is allowed."),
        (RobotsVerdict(ROBOTS, RobotsSource.UNREACHABLE, 503, False),
         "No, MovaBot may not fetch https://h.test/x now: https://h.test/robots.txt is unreachable (HTTP 503), so the site is closed for 3600 seconds."),
    ],
    ids=["allowed-rule", "allowed-no-rule", "disallowed", "unavailable", "unreachable"],
)
def test_explanations(verdict: RobotsVerdict, sentence: str) -> None:
    assert explain(verdict, URL, "MovaBot", retry_s=3600) == sentence


def test_origin_keys_include_scheme_and_port() -> None:
    assert parse_url("http://a.test:8080/x").origin != parse_url("https://a.test:8080/x").origin
