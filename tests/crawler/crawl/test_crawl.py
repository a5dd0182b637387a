"""The crawl job against the local web: journal, links, order, follow mode, refetch, stop."""

from __future__ import annotations

from pathlib import Path

import pytest
from crawlkit import journal, links_lines, make_config, pages

from seaspider.crawl.job import Crawl
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.store.writer import StoreWriter

HTML = [("content-type", "text/html; charset=utf-8")]


def _crawl(config, urls, **kw):  # type: ignore[no-untyped-def]
    with StoreWriter.open(config.store) as writer:
        return Crawl(config, writer).run(urls, **kw)


@pytest.mark.slow
def test_queue_is_fetched_journaled_and_linked_politely(tmp_path: Path) -> None:
    with LocalWeb(hosts=3, pages=2, ip_base="127.61") as web:
        config = make_config(tmp_path, web)
        urls = [web.url(h, p) for h in reversed(web.hosts) for p in ("/", "/p/1", "/private/x")]
        summary = _crawl(config, urls)
        log = list(web.log)
        assert web.spacing_violations() == []
    assert summary.outcomes["fetched"] == 6 and summary.outcomes["disallowed"] == 3
    assert summary.outcomes["not_started"] == 0 and not summary.interrupted
    assert summary.hosts == 3 and summary.links_lines == 6 and summary.bytes > 0
    assert not [r for r in log if r.path.startswith("/private/")]  # robots.txt was obeyed
    assert {r.user_agent.split("/")[0] for r in log} == {"MovaBot"}
    lines = journal(config.store)
    intents = [line["url"] for line in lines if line["kind"] == "intent"]
    # Dispatch keeps file order within each host.
    for host in web.hosts:
        mine = [u for u in intents if f"//{host}:" in u]
        assert mine == [u for u in urls if f"//{host}:" in u]
    page_urls = {line["url"] for line in pages(config.store)}
    assert page_urls == set(urls)
    by_url = {line["url"]: line for line in links_lines(config.store)}
    index = by_url[web.url(0, "/")]
    assert {link["url"] for link in index["links"]} >= {web.url(0, "/p/1"), web.url(0, "/p/2"), web.url(1, "/")}
    assert {"url": web.url(0, "/p/nofollow"), "nofollow": True} in index["links"]
    assert not any(link["url"].endswith(".png") or link["url"].startswith("mailto:") for link in index["links"])


@pytest.mark.slow
def test_dispatch_order_is_round_robin_over_sorted_hosts(tmp_path: Path) -> None:
    # Two hosts on ONE IP with concurrency 1: the order is fully determined by the rule.
    with LocalWeb(hosts=2, pages=2, hosts_per_ip=2, ip_base="127.62") as web:
        config = make_config(tmp_path, web, fetch={"concurrency": 1})
        h1, h2 = web.hosts
        urls = [web.url(h2, "/p/1"), web.url(h2, "/p/2"), web.url(h1, "/p/2"), web.url(h1, "/p/1")]
        _crawl(config, urls)
        assert web.spacing_violations() == []
    intents = [line["url"] for line in journal(config.store) if line["kind"] == "intent"]
    assert intents == [web.url(h1, "/p/2"), web.url(h2, "/p/1"), web.url(h1, "/p/1"), web.url(h2, "/p/2")]


def test_links_and_nofollow_variants_reach_links_jsonl(tmp_path: Path) -> None:
    with LocalWeb(hosts=4, pages=1, ip_base="127.63") as web:
        h1, h2, h3, h4 = web.hosts
        web.set_route(h1, "/", Response(200, HTML, (
            b'<a href="/a">a</a><a rel="nofollow" href="/b">b</a><a rel="ugc" href="/c">c</a>'
            b'<a rel="sponsored noopener" href="/d">d</a><a href="/pic.jpg">p</a><a href="/e?utm_source=x&k=1#f">e</a>'
            b'<a href="mailto:x@example.invalid">m</a><a href="javascript:alert(1)">j</a>'
        )))  # fmt: skip
        web.set_route(h2, "/", Response(200, HTML, b'<meta name="robots" content="nofollow"><a href="/a">a</a>'))
        web.set_route(h3, "/", Response(200, HTML + [("x-robots-tag", "noindex, nofollow")], b'<a href="/a">a</a>'))
        web.set_route(h4, "/", Response(200, [("content-type", "text/plain")], b'<a href="/a">a</a>'))
        config = make_config(tmp_path, web)
        summary = _crawl(config, [web.url(h, "/") for h in web.hosts])
    assert summary.outcomes["fetched"] == 4 and summary.links_lines == 3
    by_url = {line["url"]: line["links"] for line in links_lines(config.store)}
    assert by_url[web.url(h1, "/")] == [
        {"url": web.url(h1, "/a"), "nofollow": False},
        {"url": web.url(h1, "/b"), "nofollow": True},
        {"url": web.url(h1, "/c"), "nofollow": True},
        {"url": web.url(h1, "/d"), "nofollow": True},
        {"url": web.url(h1, "/e?k=1"), "nofollow": False},
    ]
    assert by_url[web.url(h2, "/")] == [{"url": web.url(h2, "/a"), "nofollow": True}]
    assert by_url[web.url(h3, "/")] == [{"url": web.url(h3, "/a"), "nofollow": True}]
    assert web.url(h4, "/") not in by_url  # plain text is not scanned


@pytest.mark.slow
def test_links_past_the_cap_are_cut_and_the_links_line_says_so(tmp_path: Path) -> None:
    import json

    import jsonschema

    from seaspider.resources import load_schema

    with LocalWeb(hosts=2, pages=1, ip_base="127.113") as web:
        many, few = web.hosts
        config = make_config(tmp_path, web, fetch={"max_links_per_page": 10})
        summary = _crawl(config, [web.url(many, "/many-links?n=50"), web.url(few, "/many-links?n=10")])
    assert summary.outcomes["fetched"] == 2
    raw_lines = (config.store / "links.jsonl").read_text().splitlines()
    validator = jsonschema.Draft202012Validator(load_schema("links-line"))
    for raw in raw_lines:
        validator.validate(json.loads(raw))
    by_url = {line["url"]: line for line in links_lines(config.store)}
    cut = by_url[web.url(many, "/many-links?n=50")]
    assert [link["url"] for link in cut["links"]] == [web.url(many, f"/l/{i}") for i in range(10)]
    assert cut["links_truncated"] is True
    assert "links_truncated" not in by_url[web.url(few, "/many-links?n=10")]  # negative control: exactly at the cap


@pytest.mark.slow
def test_follow_mode_limits_and_trap_guard(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=2, ip_base="127.64") as web:
        h1, h2 = web.hosts
        maze = "".join(f'<a href="/cal/?d={d}">{d}</a>' for d in range(1, 11))
        web.set_route(h2, "/", Response(200, HTML, maze.encode()))
        config = make_config(tmp_path, web, follow={"enabled": True, "max_depth": 1, "max_per_directory": 2, "max_pages": 100})
        summary = _crawl(config, [web.url(h1, "/"), web.url(h2, "/")])
        paths = {(r.host, r.path) for r in web.log}
        assert web.spacing_violations() == []
    # h1: /p/1 and /p/2 followed (depth 1); /private/secret followed but disallowed by robots.txt;
    # the nofollow link, the other site and the image are not; depth 2 is never reached.
    assert {p for h, p in paths if h == h1} == {"/robots.txt", "/", "/p/1", "/p/2"}
    # h2: the trap guard lets 2 of the 10 calendar URLs in.
    assert {p for h, p in paths if h == h2} == {"/robots.txt", "/", "/cal/?d=1", "/cal/?d=2"}
    assert summary.followed == 5
    assert summary.outcomes["fetched"] == 6 and summary.outcomes["disallowed"] == 1
    followed = {line["url"]: line for line in pages(config.store) if line["depth"] == 1}
    assert set(followed) == {web.url(h1, "/p/1"), web.url(h1, "/p/2"), web.url(h1, "/private/secret"), web.url(h2, "/cal/?d=1"), web.url(h2, "/cal/?d=2")}
    assert followed[web.url(h1, "/p/1")]["parent"] == web.url(h1, "/")


def test_follow_off_by_default_fetches_only_the_queue(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=1, pages=2, ip_base="127.65") as web:
        config = make_config(tmp_path, web)
        summary = _crawl(config, [web.url(0, "/")])
        assert {r.path for r in web.log} == {"/robots.txt", "/"}
    assert summary.followed == 0


@pytest.mark.slow
def test_due_refetch_is_conditional_and_304_is_not_modified(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.66") as web:
        url = web.url(0, "/p/1")
        first = _crawl(make_config(tmp_path, web), [url])
        again = _crawl(make_config(tmp_path, web, resume={"refetch_after_secs": 0}), [url])
        never = _crawl(make_config(tmp_path, web), [url])  # negative control: not due, not asked
        asked = web.requests(path="/p/1")
        assert web.spacing_violations() == []  # the second run waited for the first run's last request
    assert first.outcomes["fetched"] == 1
    assert again.outcomes["not_modified"] == 1 and again.skipped_resume == 0
    assert never.skipped_resume == 1 and never.visited == 0
    assert len(asked) == 2
    assert "if-none-match" not in asked[0].headers
    assert asked[1].headers["if-none-match"] == '"h1.test-p1"'
    lines = [line for line in pages(tmp_path / "store") if line["url"] == url]
    assert [line["outcome"] for line in lines] == ["fetched", "not_modified"]
    assert lines[1]["sha256"] == lines[0]["sha256"]
    assert (lines[1]["seg"], lines[1]["off"], lines[1]["len"]) == (lines[0]["seg"], lines[0]["off"], lines[0]["len"])


@pytest.mark.slow
def test_stop_request_finishes_in_flight_and_leaves_the_rest_not_started(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=3, ip_base="127.67") as web:
        config = make_config(tmp_path, web)
        urls = [web.url(h, f"/p/{n}") for h in web.hosts for n in (1, 2, 3)]
        seen: list[str] = []
        started: list[str] = []
        summary = _crawl(
            config, urls, should_stop=lambda: len(seen) >= 2, on_visit=lambda v: seen.append(v.url), on_start=started.append
        )
    assert sorted(started) == sorted(seen)  # every URL announced as started got its outcome
    assert summary.interrupted
    assert summary.visited >= 2
    assert summary.visited + len(summary.not_started) == 6
    assert summary.outcomes["not_started"] == len(summary.not_started) > 0
    # Every intent got its page line: nothing is uncertain at the next open.
    with StoreWriter.open(config.store) as writer:
        assert tuple(writer.uncertain_urls) == ()
    assert {line["url"] for line in pages(config.store)} == set(urls) - set(summary.not_started)


@pytest.mark.slow
def test_store_failure_stops_the_run_and_is_raised(tmp_path: Path) -> None:
    from seaspider.errors import StoreError

    with LocalWeb(hosts=2, pages=3, ip_base="127.68") as web:
        config = make_config(tmp_path, web)
        urls = [web.url(h, f"/p/{n}") for h in web.hosts for n in (1, 2, 3)]
        writer = StoreWriter.open(config.store)
        try:
            with pytest.raises(StoreError, match="closed"):
                # The store goes away under the crawl (a disk failure, say): the next write fails.
                Crawl(config, writer).run(urls, on_visit=lambda v: writer.close())
        finally:
            writer.close()
        # It stopped dispatching instead of fetching the whole queue without a journal.
        assert len(web.requests(path="/p/3")) == 0


@pytest.mark.parametrize(
    ("faults", "spacing_broken", "robots_broken"),
    [({"drop_ip_booking": True}, True, False), ({"ignore_disallow": True}, False, True)],
    ids=["no-ip-booking", "ignore-disallow"],
)
def test_server_log_checks_turn_red_when_politeness_is_broken(tmp_path: Path, faults: dict, spacing_broken: bool, robots_broken: bool) -> None:  # type: ignore[type-arg]
    """Negative control for the crawl tests' server-side checks (spacing and robots compliance)."""
    from seaspider.net.fetch import Faults, Fetcher

    # Three hosts share one IP: only the per-IP booking keeps them 2 s apart.
    with LocalWeb(hosts=3, pages=1, hosts_per_ip=3, ip_base="127.69") as web:
        config = make_config(tmp_path, web)
        urls = [web.url(0, "/private/x")] if robots_broken else [web.url(h, "/p/1") for h in web.hosts]
        with StoreWriter.open(config.store) as writer:
            fetcher = Fetcher(config, state=writer, faults=Faults(**faults))
            Crawl(config, writer, fetcher).run(urls)
        assert bool(web.spacing_violations()) is spacing_broken
        assert bool(web.requests(path="/private/x")) is robots_broken
