"""seaspider/crawl/sitemaps.py's pure part: levels, the per-origin budget, cross-submission, the lastmod rule."""

from __future__ import annotations

import pytest

from seaspider.crawl.sitemaps import SitemapDiscovery, Via, is_due
from seaspider.demo.sitemapweb import sitemap_index, urlset

ROBOTS = "https://a.test/robots.txt"


def test_robots_sitemaps_keep_file_order_and_are_read_once() -> None:
    d = SitemapDiscovery(max_sitemaps=100)
    tasks = d.from_robots(ROBOTS, ["https://a.test/s2.xml", "https://a.test/s1.xml", "HTTPS://A.TEST/s2.xml"])
    assert [(t.url, t.parent, t.via, t.level) for t in tasks] == [
        ("https://a.test/s2.xml", ROBOTS, Via.ROBOTS, 0), ("https://a.test/s1.xml", ROBOTS, Via.ROBOTS, 0)]
    assert d.from_queue("https://a.test/s1.xml") is None  # already read in this crawl


def test_budget_per_origin() -> None:
    d = SitemapDiscovery(max_sitemaps=2)
    tasks = d.from_robots(ROBOTS, [f"https://a.test/s{i}.xml" for i in range(4)])
    assert len(tasks) == 2 and d.counts["over_budget"] == 2
    assert d.from_robots("https://b.test/robots.txt", ["https://b.test/s.xml"])  # control: another origin's budget


def test_index_children_inherit_owner_and_level_and_count_against_the_budget() -> None:
    d = SitemapDiscovery(max_sitemaps=2)
    (index,) = d.from_robots(ROBOTS, ["https://a.test/index.xml"])
    found = d.read(index, sitemap_index(["https://a.test/c1.xml", "https://a.test/c2.xml"]))
    assert [(c.url, c.parent, c.via, c.level, c.owner) for c in found.sitemaps] == [
        ("https://a.test/c1.xml", index.url, Via.SITEMAP, 1, "https://a.test")]
    assert d.counts["over_budget"] == 1 and found.pages == ()
    assert found.record["sitemap"]["kind"] == "sitemapindex"


def test_an_index_inside_an_index_is_not_read() -> None:
    d = SitemapDiscovery(max_sitemaps=100)
    (index,) = d.from_robots(ROBOTS, ["https://a.test/index.xml"])
    (child,) = d.read(index, sitemap_index(["https://a.test/inner-index.xml"])).sitemaps
    deeper = d.read(child, sitemap_index(["https://a.test/deep.xml"]))
    assert deeper.sitemaps == () and d.counts["nested"] == 1
    assert deeper.record["sitemap"]["error"] == (
        "https://a.test/inner-index.xml is an index inside an index; sitemaps.org allows 2 levels, so the sitemap it lists was not read.")
    # Control: a urlset at that level is read.
    assert [p.url for p in d.read(child, urlset([("https://a.test/p", None)])).pages] == ["https://a.test/p"]


def test_robots_txt_vouches_for_its_own_origin_on_a_sitemap_elsewhere() -> None:
    d = SitemapDiscovery(max_sitemaps=100)
    (task,) = d.from_robots(ROBOTS, ["https://cdn.test/a-sitemap.xml"])
    found = d.read(task, urlset([("https://a.test/p", None), ("https://cdn.test/q", None), ("https://evil.test/x", None)]))
    assert [p.url for p in found.pages] == ["https://a.test/p", "https://cdn.test/q"]
    assert [p.parent for p in found.pages] == [task.url, task.url]
    assert d.counts["cross_origin"] == 1
    # Control: the same sitemap named by the queue speaks only for its own origin.
    q = SitemapDiscovery(max_sitemaps=100)
    queued = q.from_queue("https://cdn.test/a-sitemap.xml")
    assert queued is not None
    assert [p.url for p in q.read(queued, urlset([("https://a.test/p", None)])).pages] == []


def test_a_cut_body_says_so() -> None:
    d = SitemapDiscovery(max_sitemaps=100)
    task = d.from_queue("https://a.test/s.xml")
    assert task is not None
    found = d.read(task, b"<urlset><url><loc>https://a.test/1</loc></url><url><loc>https://a.te", cut_at=70)
    assert [p.url for p in found.pages] == ["https://a.test/1"]
    assert found.record["sitemap"]["error"] == "https://a.test/s.xml was cut at fetch.max_body_bytes (70 bytes); the URLs before the cut were kept."


STORED = {"outcome": "fetched", "fetched_unix": 1000.0}


@pytest.mark.parametrize(
    ("lastmod", "latest", "refetch", "due"),
    [
        (1001.0, STORED, 10**9, True),
        (999.0, STORED, 10**9, False),  # older than our copy
        (1001.0, STORED, None, False),  # refetching is off
        (None, STORED, 10**9, False),  # the sitemap gives no date
        (1001.0, None, 10**9, False),  # nothing stored: the resume rule fetches it anyway
        (1001.0, {"outcome": "error", "fetched_unix": 1000.0}, 10**9, False),  # no copy held
        (1001.0, {"outcome": "not_modified", "fetched_unix": 1000.0}, 10**9, True),
    ],
    ids=["newer", "older", "refetch-off", "no-lastmod", "not-stored", "error-record", "not-modified-copy"],
)
def test_lastmod_newer_than_our_copy_makes_it_due(lastmod: float | None, latest: dict | None, refetch: int | None, due: bool) -> None:  # type: ignore[type-arg]
    assert is_due(lastmod, latest, refetch_after_secs=refetch) is due
