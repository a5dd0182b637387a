"""run_crawl against the local web: per-IP spacing seen by the server under concurrency, order, stopping."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
from fetchkit import MemoryState, logged, make_config

from seaspider.clock import SystemClock
from seaspider.net.fetch import Faults, Fetcher
from seaspider.crawl.frontier import Frontier, Task
from seaspider.demo.localweb import LocalWeb
from seaspider.crawl.scheduler import run_crawl
from seaspider.web.records import Outcome, Visit


def crawl(fetcher: Fetcher, urls: list[str], *, concurrency: int, stop_after: int | None = None) -> tuple[list[Task], list[Visit]]:
    frontier = Frontier()
    for url in urls:
        frontier.add(url)
    intents: list[Task] = []
    visits: list[Visit] = []

    async def on_intent(task: Task) -> None:
        intents.append(task)

    async def on_visit(task: Task, visit: Visit) -> None:
        visits.append(visit)

    def should_stop() -> bool:
        return stop_after is not None and len(intents) >= stop_after

    asyncio.run(run_crawl(fetcher, frontier, concurrency=concurrency, on_intent=on_intent, on_visit=on_visit, should_stop=should_stop))
    return intents, visits


def shared_ip_crawl(tmp_path: Path, ip_base: str, faults: Faults | None) -> tuple[LocalWeb, list[Visit]]:
    """64 hosts, two per IP (32 IPs), robots.txt and one page each, at concurrency 32."""
    with LocalWeb(hosts=64, pages=1, hosts_per_ip=2, ip_base=ip_base) as web:
        fetcher = Fetcher(make_config(web, tmp_path, fetch={"concurrency": 32}), faults=faults)
        _, visits = crawl(fetcher, [web.url(h, "/p/1") for h in web.hosts], concurrency=32)
        logged(web, 128)
        return web, visits


@pytest.mark.slow
def test_per_ip_spacing_holds_under_concurrency_with_shared_ips(tmp_path: Path) -> None:
    web, visits = shared_ip_crawl(tmp_path, "127.24", None)
    assert [v.outcome for v in visits] == [Outcome.FETCHED] * 64
    assert len(web.log) == 128  # robots.txt and the page of every host
    assert web.spacing_violations(2.0) == []  # never closer than 2 s end to start, never overlapping
    starts = sorted(r.start for r in web.log)
    assert starts[-1] - starts[0] < 8.0  # the IPs ran in parallel (sequential would take over 250 s)


def test_dropping_the_ip_booking_turns_the_spacing_test_red(tmp_path: Path) -> None:
    """Negative control: the same crawl without per-IP booking breaks the spacing the server sees."""
    web, visits = shared_ip_crawl(tmp_path, "127.25", Faults(drop_ip_booking=True))
    assert len(visits) == 64
    assert web.spacing_violations(2.0) != []


def test_concurrency_one_is_strictly_sequential_in_frontier_order(tmp_path: Path) -> None:
    with LocalWeb(hosts=4, pages=2, ip_base="127.26") as web:
        state = MemoryState()
        clock = SystemClock()
        for host in web.hosts:
            state.seed_robots(web.url(host), "User-agent: *\nAllow: /\n", fetched_unix=clock.time())
        fetcher = Fetcher(make_config(web, tmp_path), state=state, clock=clock)
        urls = [web.url(h, "/p/1") for h in reversed(web.hosts)]
        intents, visits = crawl(fetcher, urls, concurrency=1)
        log = logged(web, 4)
    assert [str(t.url) for t in intents] == sorted(urls)  # hosts in sorted order
    assert [v.url for v in visits] == sorted(urls)
    spans = sorted((r.start, r.end) for r in log)
    assert all(after[0] >= before[1] for before, after in zip(spans, spans[1:]))  # never two at once


@pytest.mark.slow
def test_urls_of_one_host_keep_file_order_and_robots_is_fetched_once(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=3, ip_base="127.27") as web:
        fetcher = Fetcher(make_config(web, tmp_path))
        urls = [web.url("h2.test", "/p/3"), web.url("h1.test", "/p/2"), web.url("h2.test", "/p/1"), web.url("h1.test", "/private/x")]
        intents, visits = crawl(fetcher, urls, concurrency=8)
        log = logged(web, 5)
    assert [str(t.url) for t in intents if "h2" in str(t.url)] == [urls[0], urls[2]]
    assert {v.url: v.outcome for v in visits}[urls[3]] is Outcome.DISALLOWED
    assert [r.path for r in log if r.host == "h1.test"] == ["/robots.txt", "/p/2"]
    assert [r.path for r in log if r.host == "h2.test"] == ["/robots.txt", "/p/3", "/p/1"]
    assert web.spacing_violations(2.0) == []


def test_should_stop_ends_dispatching_but_lets_in_flight_finish(tmp_path: Path) -> None:
    with LocalWeb(hosts=6, pages=1, ip_base="127.28") as web:
        state = MemoryState()
        for host in web.hosts:
            state.seed_robots(web.url(host), "", fetched_unix=SystemClock().time())
        fetcher = Fetcher(make_config(web, tmp_path), state=state)
        intents, visits = crawl(fetcher, [web.url(h, "/p/1") for h in web.hosts], concurrency=2, stop_after=2)
    assert len(intents) == 2 and len(visits) == 2  # every intent got its outcome


def test_unresolvable_and_refused_hosts_become_error_visits(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.29") as web:
        config = make_config(web, tmp_path, allow_private=False)
        fetcher = Fetcher(config)
        _, visits = crawl(fetcher, [web.url(0, "/p/1"), "http://127.0.0.1/x"], concurrency=4)
    reasons: dict[str, Any] = {v.url: v.reason for v in visits}
    assert len(visits) == 2 and all(v.outcome is Outcome.ERROR for v in visits)
    assert "loopback" in reasons["http://127.0.0.1/x"]
    assert web.log == []


def test_waiting_for_the_ip_costs_no_cpu(tmp_path: Path) -> None:
    """The dispatcher sleeps until the next free moment: a 2 s rest must not burn the event loop's CPU."""
    with LocalWeb(hosts=1, pages=2, ip_base="127.35") as web:
        state = MemoryState()
        state.seed_robots(web.url(0), "", fetched_unix=SystemClock().time())
        fetcher = Fetcher(make_config(web, tmp_path), state=state)
        cpu0, wall0 = time.thread_time(), time.monotonic()
        _, visits = crawl(fetcher, [web.url(0, "/p/1"), web.url(0, "/p/2")], concurrency=4)
        cpu, wall = time.thread_time() - cpu0, time.monotonic() - wall0
    assert len(visits) == 2 and wall >= 2.0
    assert cpu < 0.5 * wall  # a spinning loop would use about all of it


def _huge_crawl_delay_run(tmp_path: Path, ip_base: str, *, book_decided: bool) -> tuple[list[Visit], list[Any]]:
    """h1 asks for a Crawl-delay of 100000 s; h2 is normal. Runs until h2's second page is recorded.

    h1's robots.txt is fetched in this run, so its host delay runs from that request's end: a URL
    that waited for h1's next slot would wait 100000 s, long after h2 is done.
    """
    with LocalWeb(hosts=2, pages=2, ip_base=ip_base) as web:
        slow, normal = web.hosts
        web.set_robots(slow, body="User-agent: *\nCrawl-delay: 100000\n")
        state = MemoryState()
        state.seed_robots(web.url(normal), "", fetched_unix=SystemClock().time())
        fetcher = Fetcher(make_config(web, tmp_path), state=state)
        frontier = Frontier()
        for url in (web.url(slow, "/p/1"), web.url(slow, "/p/2"), web.url(normal, "/p/1"), web.url(normal, "/p/2")):
            frontier.add(url)
        last = web.url(normal, "/p/2")
        visits: list[Visit] = []

        async def on_intent(task: Task) -> None:
            pass

        async def on_visit(task: Task, visit: Visit) -> None:
            visits.append(visit)

        asyncio.run(run_crawl(fetcher, frontier, concurrency=4, on_intent=on_intent, on_visit=on_visit,
                              should_stop=lambda: any(v.url == last for v in visits), _book_decided=book_decided))
        return visits, logged(web, 3)


def test_url_deferred_by_cached_robots_is_recorded_at_once_without_a_slot(tmp_path: Path) -> None:
    visits, log = _huge_crawl_delay_run(tmp_path, "127.36", book_decided=False)
    outcomes = {v.url.split("//")[1].split(":")[0] + v.url.rsplit(":", 1)[1][-4:]: v.outcome for v in visits}
    assert outcomes == {"h1.test/p/1": Outcome.DEFERRED, "h1.test/p/2": Outcome.DEFERRED,
                        "h2.test/p/1": Outcome.FETCHED, "h2.test/p/2": Outcome.FETCHED}
    # Both deferrals came before h2's second page, which itself waited only its 2 s rest: the run
    # never waited for h1's 100000 s slot, and no request for a deferred URL went out.
    assert visits[-1].url.endswith("/p/2") and "h2.test" in visits[-1].url
    reason = next(v.reason for v in visits if v.outcome is Outcome.DEFERRED) or ""
    assert "100000" in reason and "max_crawl_delay_secs" in reason
    assert [(r.host, r.path) for r in log if r.host == "h1.test"] == [("h1.test", "/robots.txt")]


def test_booking_a_slot_for_a_decided_url_holds_it_back(tmp_path: Path) -> None:
    """Negative control: with decided URLs waiting for a slot, h1's deferrals never come before h2 is done."""
    visits, log = _huge_crawl_delay_run(tmp_path, "127.37", book_decided=True)
    assert [v.url for v in visits if v.outcome is Outcome.DEFERRED] == []
    assert {v.outcome for v in visits} == {Outcome.FETCHED}
