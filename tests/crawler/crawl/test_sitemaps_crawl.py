"""Sitemaps in a `seaspider fetch` crawl through the disk frontier, against the local web: what each sitemap
adds and where, with politeness and robots.txt holding for every sitemap request (checked from the
server's own log), the bounds, the hostile files, resume, lastmod and SIGKILL. The fixtures are
seaspider/demo/sitemapweb.py's (crawl/sitemap_step.py drives them).

To keep the runs short, most tests stop the crawl once the sitemaps are answered: the disk frontier
then holds exactly the pages the sitemaps added, in the order they would be fetched.
"""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from crawlkit import CLI, journal, make_config, pages, run_cli, write_config, write_queue

from seaspider.config import Config
from seaspider.crawl.frontier_db import FrontierDB, State
from seaspider.crawl.job import Crawl
from seaspider.crawl.summary import CrawlSummary
from seaspider.demo.localweb import DEFAULT_ROBOTS, LocalWeb, Response
from seaspider.demo.sitemapweb import SitemapSite, install, text_sitemap, urlset
from seaspider.net.fetch import Faults, Fetcher
from seaspider.resources import load_schema
from seaspider.store.writer import StoreWriter

XML = (("content-type", "application/xml"),)


def _sitemap_line(url: str) -> str:
    return json.dumps({"url": url, "kind": "sitemap"})


def _crawl(config: Config, queue: Path, *, stop_after: tuple[LocalWeb, set[str]] | None = None,
           faults: Faults | None = None) -> CrawlSummary:  # fmt: skip
    """`seaspider fetch`'s crawl of `queue`; with `stop_after` (a web and URLs), stop dispatching once
    the server has answered all of those.

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
        return crawl.run_queue(queue, should_stop=should_stop)


def _queued(store: Path, host: str) -> list[tuple[str, str | None]]:
    """(url, parent) of what the frontier holds queued for `host`, in the order it would be fetched."""
    db = FrontierDB.open(store)
    try:
        return [(str(t.url), t.parent) for t in db.head_tasks(host, 100_000)]
    finally:
        db.close()


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
        queue = write_queue(tmp_path, [web.url(0, "/"), web.url(1, "/p/1")])
        summary = _crawl(config, queue, stop_after=(web, {site.index, site.pages_xml, site.more_gz, site.text}), faults=faults)
        violations = web.spacing_violations()
        disallowed_requested = bool(web.requests(path="/private/sitemap.xml"))
    if faults is not None:  # the negative controls: the same checks turn red when a rule is broken
        assert bool(violations) is faults.drop_ip_booking
        assert disallowed_requested is faults.ignore_disallow
        return
    assert violations == [] and not disallowed_requested
    # The pages wait after the queue's own URL, sitemap by sitemap, in each sitemap's order, each once,
    # the sitemap as parent: the text sitemap is read before the index's children (it was queued first).
    u = lambda path: web.url(0, path)  # noqa: E731
    assert _queued(config.store, site.host) == [
        (u("/p/5"), site.text), (u("/p/1"), site.text),
        (u("/p/2"), site.pages_xml), (u("/private/secret"), site.pages_xml),
        (u("/p/3"), site.more_gz), (u("/p/4"), site.more_gz),
    ]  # fmt: skip
    assert site.cross_origin not in dict(_queued(config.store, "h2.test"))  # the cross-origin entry was skipped
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
def test_every_fixture_yields_exactly_its_urls_in_order(tmp_path: Path) -> None:
    # One fixture per site, each site on an IP of its own, given as queue lines (follow.sitemaps off:
    # a queue sitemap is read anyway, and the robots.txt Sitemap: lines are not).
    names = ("index", "pages_xml", "more_gz", "text", "rss", "atom", "big", "bomb", "entity", "disallowed")
    with LocalWeb(hosts=len(names), ip_base="127.121") as web:
        sites = [install(web, h, other=(h + 1) % len(names)) for h in range(len(names))]
        wanted = {getattr(site, name) for site, name in zip(sites, names, strict=True)}
        config = make_config(tmp_path, web)
        queue = write_queue(tmp_path, [_sitemap_line(url) for url in sorted(wanted)])
        summary = _crawl(config, queue, stop_after=(web, wanted - {sites[-1].disallowed}))
        assert web.spacing_violations() == []
        assert not web.requests(path="/private/sitemap.xml")  # robots.txt disallows it: never asked for
        assert not web.requests(path="/leak.txt")  # the external entity's target: never asked for
    for site, name in zip(sites, names, strict=True):
        url = getattr(site, name)
        got = [found for found, parent in _queued(config.store, site.host) if parent == url]
        assert tuple(got) == site.expected[url], name
    assert summary.sitemaps == len(names) - 1  # the disallowed one is not read
    assert summary.sitemap_urls == sum(len(site.expected[getattr(site, n)]) for site, n in zip(sites, names, strict=True) if n != "index")
    big = _page_line(config.store, sites[names.index("big")].big)["extra"]["sitemap"]
    assert big["error"] == f"{sites[names.index('big')].big} lists more than 50,000 URLs, the most a sitemap may list; the first 50,000 were read."
    for name in ("bomb", "entity"):
        url = getattr(sites[names.index(name)], name)
        assert _page_line(config.store, url)["extra"]["sitemap"]["error"] == (
            f"{url} declares a document type (<!DOCTYPE>), which a sitemap never needs, so none of it was read "
            "(entity expansion and external entities are refused).")  # fmt: skip


@pytest.mark.slow
def test_the_cli_reads_queue_sitemaps_and_robots_sitemaps_and_counts_them(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=5, ip_base="127.122") as web:
        site = install(web, 0, other=0)
        web.set_robots(0, body=DEFAULT_ROBOTS + f"Sitemap: {site.text}\n")
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/"), _sitemap_line(site.rss)])
        done = run_cli("fetch", "--sitemaps", str(config), str(queue))
        log = [r.path for r in web.log]
        assert web.spacing_violations() == []
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    jsonschema.Draft202012Validator(load_schema("summary")).validate(summary)
    assert summary["sitemaps"] == 2 and summary["sitemap_urls"] == 4 and summary["outcomes"]["not_started"] == 0
    # The queue's own lines first (the page, then its sitemap), then the sitemap robots.txt names,
    # then what they list in the order they were read: the feed's pages, then the text sitemap's.
    assert log == ["/robots.txt", "/", "/feed.rss", "/sitemap.txt", "/p/2", "/p/3", "/p/5", "/p/1"]
    stats = json.loads(run_cli("stats", str(tmp_path / "store")).stdout)
    assert stats["sitemap_urls"] == 4


@pytest.mark.slow
@pytest.mark.parametrize("refetch", [10**8, None], ids=["refetch-on", "control-refetch-off"])
def test_a_lastmod_newer_than_our_copy_makes_a_stored_page_due(tmp_path: Path, refetch: int | None) -> None:
    with LocalWeb(hosts=1, pages=3, ip_base="127.123") as web:
        u = lambda path: web.url(0, path)  # noqa: E731
        web.set_route(0, "/sm.xml", Response(200, XML, urlset([(u("/p/1"), "2031-01-01"), (u("/p/2"), "2001-01-01"), (u("/p/3"), None)])))
        config = make_config(tmp_path, web, resume={"refetch_after_secs": refetch})
        queue = write_queue(tmp_path, [u("/p/1"), u("/p/2"), u("/p/3")])
        assert _crawl(config, queue).outcomes["fetched"] == 3
        web.clear_log()
        with open(queue, "a") as grown:
            grown.write(_sitemap_line(u("/sm.xml")) + "\n")  # the queue grows by a sitemap listing the three
        second = _crawl(config, queue)
        assert web.spacing_violations() == []
        again = [r.path for r in web.log]
    # Only the page whose lastmod is newer than our copy is fetched again (and only when refetching is
    # on); the one with an older lastmod and the one with none are not.
    assert again == (["/sm.xml", "/p/1"] if refetch else ["/sm.xml"])
    assert second.sitemaps == 1 and second.sitemap_urls == (1 if refetch else 0)
    if refetch:
        assert _page_line(config.store, u("/p/1"))["parent"] is None  # its row is the queue's: it keeps its parent


@pytest.mark.slow
def test_a_rerun_neither_reads_again_nor_loses_what_a_sitemap_listed(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=4, ip_base="127.124") as web:
        u = lambda path: web.url(0, path)  # noqa: E731
        web.set_route(0, "/sm.txt", Response(200, (("content-type", "text/plain"),), text_sitemap([u(f"/p/{n}") for n in (3, 1, 4, 2)])))
        config = make_config(tmp_path, web)
        queue = write_queue(tmp_path, [_sitemap_line(u("/sm.txt"))])
        first = _crawl(config, queue, stop_after=(web, {u("/sm.txt")}))
        assert first.sitemap_urls == 4 and first.outcomes["not_started"] == 4
        second = _crawl(config, queue)
        log = [r.path for r in web.log]
        assert web.spacing_violations() == []
    assert second.sitemaps == 0 and second.sitemap_urls == 0 and second.outcomes["fetched"] == 4
    assert log == ["/robots.txt", "/sm.txt", "/p/3", "/p/1", "/p/4", "/p/2"]  # in sitemap order, each once
    assert {line["url"]: line["extra"] for line in pages(config.store) if "/p/" in line["url"]} == {
        u(f"/p/{n}"): {"via": "sitemap"} for n in (1, 2, 3, 4)}


def _frontier_states(store: Path) -> dict[str, State]:
    db = FrontierDB.open(store)
    try:
        db.catch_up()
        return db.states()
    finally:
        db.close()


@pytest.mark.slow
def test_sigkill_after_a_sitemaps_page_line_loses_none_of_its_pages(tmp_path: Path) -> None:
    listed = [f"/p/{n}" for n in range(1, 7)]
    with LocalWeb(hosts=1, pages=6, ip_base="127.125", latency_s=0.3) as web:
        u = lambda path: web.url(0, path)  # noqa: E731
        web.set_route(0, "/sm.xml", Response(200, XML, urlset([(u(p), None) for p in listed])))
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [_sitemap_line(u("/sm.xml"))])
        store = tmp_path / "store"
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        # Kill it as soon as the sitemap's page line is in the journal: its pages were announced by then.
        while time.monotonic() < deadline and not any(line["url"] == u("/sm.xml") for line in pages(store)):
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        fetched_before = {line["url"] for line in pages(store)}
        assert u("/sm.xml") in fetched_before and len(fetched_before) < 1 + len(listed), "the kill was meant to land mid-crawl"
        states = _frontier_states(store)
        assert {u(p) for p in listed} <= set(states)  # every page the sitemap listed is in the frontier
        second = run_cli("fetch", str(config), str(queue))
        log = [r.path for r in web.log]
    assert second.returncode == 0, second.stderr
    summary = json.loads(second.stdout)
    assert summary["sitemaps"] == 0  # read once, not again
    latest = {line["url"]: line["outcome"] for line in pages(store)}
    assert latest == {u(p): "fetched" for p in ["/sm.xml", *listed]}
    uncertain = {line["url"] for line in journal(store) if line["kind"] == "uncertain"}
    twice = {path for path, n in Counter(p for p in log if p != "/robots.txt").items() if n > 1}
    assert twice <= {"/" + url.split("/", 3)[3] for url in uncertain}  # nothing fetched twice but a request cut off
