"""`Crawl.run_queue`: a queue file through the disk frontier, against the local web."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest
from crawlkit import journal, make_config, pages, write_queue

from seaspider.config import build_config
from seaspider.crawl.frontier_db import FRONTIER, FrontierDB, journal_states
from seaspider.crawl.job import Crawl
from seaspider.crawl.summary import CrawlSummary
from seaspider.crawl.loader import BATCH_LINES
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.store.writer import StoreWriter


def _run_queue(config: Any, queue: Path, **hooks: Any) -> CrawlSummary:
    with StoreWriter.open(config.store) as writer:
        return Crawl(config, writer).run_queue(queue, **hooks)


def _agrees(store: Path) -> bool:
    """The frontier says of every URL what the journal says."""
    db = FrontierDB.open(store)
    try:
        return db.states() == journal_states(store / "pages.jsonl")
    finally:
        db.close()


def _refused_queue(tmp_path: Path, lines: int) -> tuple[Any, Path]:
    """A queue of private IP literals, each refused at once by the address policy: no lookup, no connection."""
    raw = {"store": str(tmp_path / "store"), "robot": {"contact_url": "https://example.invalid/movabot"},
           "fetch": {"concurrency": 128}, "service": {"lock": str(tmp_path / "seaspider.lock")}}  # fmt: skip
    config = build_config(raw, base_dir=tmp_path, source="config.json")
    queue = write_queue(tmp_path, [f"http://10.0.{i // 250}.{i % 250 + 1}/x" for i in range(lines)])
    return config, queue


@pytest.mark.slow
def test_the_first_request_goes_out_while_the_queue_is_still_loading(tmp_path: Path) -> None:
    config, queue = _refused_queue(tmp_path, 2 * BATCH_LINES + 1)
    events: list[str] = []
    lock = threading.Lock()
    started = threading.Event()

    def after_batch(n: int) -> None:  # the loader thread
        with lock:
            events.append(f"batch {n}")
        if n == 1:
            # Hold the load after its first batch until a request is announced: it must not need the rest.
            assert started.wait(60), "no request went out while the queue was loading"

    def on_start(url: str) -> None:
        with lock:
            events.append("request")
        started.set()

    summary = _run_queue(config, queue, on_start=on_start, _after_batch=after_batch)
    assert summary.outcomes["error"] == 2 * BATCH_LINES + 1 and not summary.interrupted
    assert events.index("request") < events.index("batch 3")
    assert _agrees(config.store)


@pytest.mark.slow
def test_a_crawl_held_until_the_load_ends_sends_nothing_before(tmp_path: Path) -> None:
    """Negative control: with readiness after the load, every batch comes before the first request."""
    config, queue = _refused_queue(tmp_path, 2 * BATCH_LINES + 1)
    events: list[str] = []
    lock = threading.Lock()

    def note(what: str) -> None:
        with lock:
            events.append(what)

    _run_queue(config, queue, on_start=lambda url: note("request"), _after_batch=lambda n: note(f"batch {n}"), _ready_after_load=True)
    assert events.index("request") > events.index("batch 3")


@pytest.mark.slow
def test_follow_mode_uses_the_disk_seen_set_and_a_rerun_fetches_nothing_again(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=3, ip_base="127.45") as web:
        h1 = web.hosts[0]
        config = make_config(tmp_path, web, follow={"enabled": True, "max_depth": 1, "max_per_directory": 2})
        queue = write_queue(tmp_path, [web.url(h1, "/")])
        first = _run_queue(config, queue)
        paths = sorted(r.path for r in web.log)
        web.clear_log()
        second = _run_queue(config, queue)
        assert web.log == []
    # The trap guard counts /p/ in the frontier: 2 of /p/1, /p/2, /p/3; /private/ and the off-host link are not followed.
    assert paths == ["/", "/p/1", "/p/2", "/robots.txt"]
    assert first.followed == 3 and first.outcomes["fetched"] == 3 and first.outcomes["disallowed"] == 1
    followed = {line["url"]: line for line in pages(config.store) if line["depth"] == 1}
    assert followed[web.url(h1, "/p/1")]["parent"] == web.url(h1, "/")
    assert second.visited == 0 and second.skipped_resume == 1 and second.followed == 0
    assert _agrees(config.store)


@pytest.mark.slow
def test_priority_in_a_queue_line_goes_first_within_its_host(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=3, ip_base="127.46") as web:
        config = make_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/p/1"), json.dumps({"url": web.url(0, "/p/2"), "priority": 5}), web.url(0, "/p/3")])
        _run_queue(config, queue)
    intents = [line["url"].rsplit("/", 2)[-2:] for line in journal(config.store) if line["kind"] == "intent"]
    assert intents == [["p", "2"], ["p", "1"], ["p", "3"]]


def test_a_stopped_run_leaves_the_rest_queued_for_the_next(tmp_path: Path) -> None:
    # robots.txt disallows everything: each URL is decided from the cached robots.txt, without a request.
    with LocalWeb(hosts=4, pages=1, ip_base="127.47", robots_body="User-agent: *\nDisallow: /\n") as web:
        config = make_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(h, f"/x/{n}") for n in range(50) for h in web.hosts])
        seen: list[str] = []
        first = _run_queue(config, queue, should_stop=lambda: len(seen) >= 20, on_visit=lambda v: seen.append(v.url))
        assert first.interrupted and first.outcomes["not_started"] == 200 - first.visited > 0
        assert first.not_started == ()  # a queue run counts them; they stay in the frontier
        second = _run_queue(config, queue)
        assert [r.path for r in web.log] == ["/robots.txt"] * 4
    assert second.visited == first.outcomes["not_started"] and not second.interrupted
    assert second.skipped_resume == first.visited and second.outcomes["disallowed"] == second.visited
    assert len(pages(config.store)) == 200 and _agrees(config.store)


def test_a_deleted_frontier_is_rebuilt_and_nothing_is_decided_twice(tmp_path: Path) -> None:
    config, queue = _refused_queue(tmp_path, 50)
    _run_queue(config, queue)
    (config.store / FRONTIER).unlink()
    again = _run_queue(config, queue)
    # The errors of the first run are fetched again (the resume rule for errors); nothing else is.
    assert again.skipped_resume == 0 and again.visited == 50
    notes: list[str] = []
    (config.store / FRONTIER).write_bytes(b"garbage" * 1000)
    third = _run_queue(config, queue, on_note=notes.append)
    assert third.visited == 50 and any("rebuilt from the journal" in n for n in notes)
    assert _agrees(config.store)


@pytest.mark.parametrize("sort_query", [True, False])
def test_sort_query_gives_followed_links_one_spelling_in_the_disk_frontier(tmp_path: Path, sort_query: bool) -> None:
    # Before, the disk frontier queued followed links as the page spelt them: two orders of one
    # query were two URLs, and the intent line said another URL than the page line.
    with LocalWeb(hosts=1, pages=1, ip_base="127.46" if sort_query else "127.47") as web:
        h1 = web.hosts[0]
        web.set_route(h1, "/", Response(200, [("content-type", "text/html")], b'<a href="/s?b=2&a=1">1</a><a href="/s?a=1&b=2">2</a>'))
        config = make_config(tmp_path, web, follow={"enabled": True, "max_depth": 1}, fetch={"sort_query": sort_query})
        _run_queue(config, write_queue(tmp_path, [web.url(h1, "/")]))
        asked = sorted(r.path for r in web.log if r.path.startswith("/s"))
    lines = journal(config.store)
    followed = [line["url"] for line in lines if line.get("kind") == "page" and line.get("depth") == 1]
    intents = [line["url"] for line in lines if line.get("kind") == "intent" and "/s?" in line["url"]]
    if sort_query:
        assert asked == ["/s?a=1&b=2"] and followed == [web.url(h1, "/s?a=1&b=2")] and intents == followed
    else:  # negative control: without the option each spelling is its own URL
        assert asked == ["/s?a=1&b=2", "/s?b=2&a=1"] and len(followed) == 2
