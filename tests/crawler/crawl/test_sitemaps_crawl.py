"""Sitemaps in a crawl against the local web: what each sitemap adds, in order, with politeness and
robots.txt holding for every sitemap request (checked from the server's own log), the bounds, the
hostile files, resume and lastmod. The fixtures are seaspider/demo/sitemapweb.py's.

To keep the runs short, most tests stop the crawl once the sitemaps are read: the frontier's
`not_started` list is then exactly the pages the sitemaps added, in the order they would be fetched.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from crawlkit import journal, make_config, pages, run_cli, write_config, write_queue

from seaspider.crawl.job import Crawl, CrawlSummary
from seaspider.demo.localweb import DEFAULT_ROBOTS, LocalWeb, Response
from seaspider.demo.sitemapweb import SitemapSite, install, urlset
from seaspider.net.fetch import Faults, Fetcher
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Visit

XML = (("content-type", "application/xml"),)


def _crawl(config: Any, urls: list[str], *, stop_after: tuple[LocalWeb, set[str]] | None = None, faults: Faults | None = None,
           sitemaps: tuple[str, ...] = ()) -> CrawlSummary:
    """Crawl; with `stop_after` (a web and URLs), stop dispatching once the server has answered all of those URLs.

    The server's log says so before the visit's own job ends (its sitemap read and frontier additions
    included), so nothing after them is dispatched however long the reading takes.
    """
    should_stop: Callable[[], bool] = lambda: False  # noqa: E731
    if stop_after is not None:
        web, wanted = stop_after
        paths = {url.split(str(web.port), 1)[1] for url in wanted}
        should_stop = lambda: paths <= {r.path for r in web.log}  # noqa: E731
    with StoreWriter.open(config.store) as writer:
        fetcher = Fetcher(config, state=writer, faults=faults) if faults is not None else None
        crawl = Crawl(config, writer, fetcher)
        if fetcher is not None:
            fetcher._on_robots = crawl.on_robots  # noqa: SLF001 - journal robots lines like an own fetcher
        return crawl.run(urls, should_stop=should_stop, sitemaps=sitemaps)


def _page_line(store: Path, url: str) -> dict[str, Any]:
    return [line for line in pages(store) if line["url"] == url][-1]


@pytest.mark.slow
@pytest.mark.parametrize("faults", [None, Faults(drop_ip_booking=True), Faults(ignore_disallow=True)],
                         ids=["polite", "control-no-ip-booking", "control-ignore-disallow"])
def test_robots_sitemaps_add_their_pages_in_order_politely(tmp_path: Path, faults: Faults | None) -> None:
    # Two sites on ONE IP: only the per-IP booking keeps their requests 2 s apart.
    with LocalWeb(hosts=2, pages=5, hosts_per_ip=2, ip_base="127.119") as web:
        site: SitemapSite = install(web, 0, other=1)
        config = make_config(tmp_path, web, follow={"sitemaps": True})
        queue = [web.url(0, "/"), web.url(1, "/p/1")]
        summary = _crawl(config, queue, stop_after=(web, {site.index, site.pages_xml, site.more_gz, site.text}), faults=faults)
        violations = web.spacing_violations()
        disallowed_requested = bool(web.requests(path="/private/sitemap.xml"))
    if faults is not None:  # the negative controls: the same checks turn red when a rule is broken
        assert bool(violations) is faults.drop_ip_booking
        assert disallowed_requested is faults.ignore_disallow
        return
    assert violations == [] and not disallowed_requested
    # The pages come after the queue's own URL, sitemap by sitemap, in each sitemap's order, each once:
    # the text sitemap is read before the index's children (it comes before them on the frontier).
    u = lambda path: web.url(0, path)  # noqa: E731
    assert summary.not_started == (u("/p/5"), u("/p/1"), u("/p/2"), u("/private/secret"), u("/p/3"), u("/p/4"))
    assert site.cross_origin not in summary.not_started  # the cross-origin entry was skipped
    assert summary.sitemaps == 4 and summary.sitemap_urls == 6
    intents = [(line["url"], line["parent"]) for line in journal(config.store) if line["kind"] == "intent"]
    robots_url = u("/robots.txt")
    on_site = [url for url, _parent in intents if url.startswith(u("/"))]
    assert on_site == [u("/"), site.index, site.text, site.disallowed, site.pages_xml, site.more_gz]  # queue first
    assert (site.index, robots_url) in intents and (site.text, robots_url) in intents
    assert (site.pages_xml, site.index) in intents and (site.more_gz, site.index) in intents
    index_line = _page_line(config.store, site.index)
    assert index_line["extra"]["via"] == "robots" and index_line["extra"]["sitemap"]["kind"] == "sitemapindex"
    pages_line = _page_line(config.store, site.pages_xml)
    assert pages_line["extra"]["via"] == "sitemap"
    assert pages_line["extra"]["sitemap"]["skipped"] == {"cross_origin": 1}
    gz_line = _page_line(config.store, site.more_gz)
    assert gz_line["extra"]["sitemap"]["gzip"] is True and gz_line["extra"]["sitemap"]["bad_lastmod"] == 1
    blocked = _page_line(config.store, site.disallowed)
    assert blocked["outcome"] == "disallowed" and blocked["extra"] == {"via": "robots"}
    assert _page_line(config.store, u("/"))["parent"] is None and "extra" not in _page_line(config.store, u("/"))


@pytest.mark.slow
def test_a_queue_sitemap_of_fifty_thousand_and_one_urls_adds_fifty_thousand(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, ip_base="127.121") as web:
        site = install(web, 0, other=0)
        web.set_robots(0, body=DEFAULT_ROBOTS)  # no Sitemap: lines; the queue names the sitemap
        config = make_config(tmp_path, web)  # follow.sitemaps off: a queue sitemap is read anyway
        summary = _crawl(config, [], sitemaps=(site.big,), stop_after=(web, {site.big}))
        assert web.spacing_violations() == []
        assert [r.path for r in web.log] == ["/robots.txt", "/big-sitemap.xml"]
    assert summary.not_started == site.expected[site.big] and len(summary.not_started) == 50_000
    line = _page_line(config.store, site.big)
    assert line["extra"]["via"] == "queue"
    assert line["extra"]["sitemap"]["error"] == f"{site.big} lists more than 50,000 URLs, the most a sitemap may list; the first 50,000 were read."


@pytest.mark.slow
def test_bomb_and_external_entity_add_nothing_and_fetch_nothing_more(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, ip_base="127.122") as web:
        site = install(web, 0, other=0)
        web.set_robots(0, body=DEFAULT_ROBOTS)
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [json.dumps({"url": site.bomb, "kind": "sitemap"}), json.dumps({"url": site.entity, "kind": "sitemap"})])
        done = run_cli("fetch", "--sitemaps", str(config), str(queue))
        log = [r.path for r in web.log]
        assert web.spacing_violations() == []
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["sitemaps"] == 2 and summary["sitemap_urls"] == 0 and summary["outcomes"]["not_started"] == 0
    assert log == ["/robots.txt", "/bomb.xml", "/entity.xml"]  # the entity's target was never asked for
    store = tmp_path / "store"
    for url in (site.bomb, site.entity):
        error = _page_line(store, url)["extra"]["sitemap"]["error"]
        assert error == f"{url} declares a document type (<!DOCTYPE>), which a sitemap never needs, so none of it was read (entity expansion and external entities are refused)."


@pytest.mark.slow
def test_resume_reads_a_fresh_sitemap_from_the_store_and_lastmod_makes_a_page_due(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=3, ip_base="127.123") as web:
        u = lambda path: web.url(0, path)  # noqa: E731
        web.set_route(0, "/sm.xml", Response(200, XML, urlset([(u("/p/1"), "2031-01-01"), (u("/p/2"), "2001-01-01"), (u("/p/3"), None)])))
        config = make_config(tmp_path, web, resume={"refetch_after_secs": 10**8})
        first = _crawl(config, [], sitemaps=(u("/sm.xml"),))
        assert first.sitemap_urls == 3 and first.outcomes["fetched"] == 4
        web.clear_log()
        second = _crawl(config, [], sitemaps=(u("/sm.xml"),))
        assert web.spacing_violations() == []
        again = [r.path for r in web.log]
    # The sitemap was read from the store (no request); only the page whose lastmod is newer than
    # our copy was fetched again; the one with an older lastmod and the one with none were not.
    assert again == ["/p/1"]
    assert second.sitemaps == 1 and second.sitemap_urls == 1
    assert _page_line(config.store, u("/p/1"))["extra"] == {"via": "sitemap"}


def test_queue_lines_say_which_urls_are_sitemaps() -> None:
    from seaspider.crawl.queuefile import parse_queue

    data = b'https://a.test/\n{"url": "https://a.test/s.xml", "kind": "sitemap"}\n{"url": "https://a.test/x", "kind": "page"}\n{"url": "https://a.test/y", "kind": "feed"}\n'
    queue = parse_queue(data, source="q")
    assert queue.urls == ("https://a.test/", "https://a.test/x")
    assert queue.sitemaps == ("https://a.test/s.xml",)
    assert [b.reason for b in queue.bad] == ['q: line 4 has "kind" "feed", but only "page" and "sitemap" are known, so it was skipped.']


def test_visit_of_a_page_a_sitemap_listed_is_marked(tmp_path: Path) -> None:
    import asyncio

    from seaspider.crawl.frontier import Frontier
    from seaspider.crawl.sitemaps import SitemapStep
    from seaspider.web.records import Outcome

    with LocalWeb(hosts=1, ip_base="127.124") as web:
        config = make_config(tmp_path, web)
    with StoreWriter.open(config.store) as writer:
        step = SitemapStep(config, writer, now_unix=lambda: 1.0)
        task = step.discovery.from_queue("https://a.test/s.xml")
        assert task is not None
        frontier = Frontier()

        def visit(url: str, parent: str | None, body: bytes = b"") -> Visit:
            return Visit(url, url, Outcome.FETCHED, 200, (), {}, "application/xml", body, False, None, None, 1, 1.0, parent=parent)

        sitemap_visit = asyncio.run(step.on_visit(visit(task.url, None, urlset([("https://a.test/p", None)])), frontier))
        page_visit = asyncio.run(step.on_visit(visit("https://a.test/p", task.url), frontier))
        other_visit = asyncio.run(step.on_visit(visit("https://a.test/q", "https://a.test/"), frontier))  # control
    assert sitemap_visit.extra["via"] == "queue" and sitemap_visit.extra["sitemap"]["entries"] == 1
    assert page_visit.extra == {"via": "sitemap"}
    assert other_visit.extra == {}
    assert frontier.pop() is not None and frontier.pop() is None
