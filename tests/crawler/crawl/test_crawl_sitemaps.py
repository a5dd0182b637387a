"""seaspider/crawl/sitemaps.py, pure: robots.txt's files, levels, cross-submission, a cut body, the lastmod rule, the priorities."""

from __future__ import annotations

import pytest

from seaspider.crawl.queuefile import MIN_PRIORITY
from seaspider.crawl.sitemaps import LISTED_PRIORITY, SITEMAP_PRIORITY, SitemapRef, Via, is_due, named_by_robots, not_read, read_sitemap
from seaspider.demo.sitemapweb import sitemap_index, urlset

ROBOTS = "https://a.test/robots.txt"


def test_robots_sitemaps_keep_file_order_each_once_and_name_their_robots_txt() -> None:
    files = named_by_robots(ROBOTS, ["https://a.test/s2.xml", "https://a.test/s1.xml", "HTTPS://A.TEST/s2.xml", "not a url"])
    assert [url for url, _ref in files] == ["https://a.test/s2.xml", "https://a.test/s1.xml"]
    assert {ref for _url, ref in files} == {SitemapRef(Via.ROBOTS, 0, "https://a.test", ("https://a.test",), ROBOTS)}


def test_index_children_inherit_owner_and_cross_submission_one_level_down() -> None:
    ((url, index),) = named_by_robots(ROBOTS, ["https://a.test/index.xml"])
    found = read_sitemap(url, index, sitemap_index(["https://a.test/c1.xml", "https://a.test/c2.xml", "https://a.test/c1.xml"]))
    child = SitemapRef(Via.SITEMAP, 1, "https://a.test", ("https://a.test",), None)
    assert found.sitemaps == (("https://a.test/c1.xml", child), ("https://a.test/c2.xml", child)) and found.pages == ()
    assert found.record["via"] == "robots" and found.record["sitemap"]["kind"] == "sitemapindex"


def test_an_index_inside_an_index_is_not_read() -> None:
    child = SitemapRef.from_queue("https://a.test/index.xml").child()
    deeper = read_sitemap("https://a.test/inner-index.xml", child, sitemap_index(["https://a.test/deep.xml"]))
    assert deeper.sitemaps == ()
    assert deeper.record["sitemap"]["error"] == (
        "https://a.test/inner-index.xml is an index inside an index; sitemaps.org allows 2 levels, so the sitemap it lists was not read.")
    # Control: a urlset at that level is read.
    assert [p.url for p in read_sitemap("https://a.test/s.xml", child, urlset([("https://a.test/p", None)])).pages] == ["https://a.test/p"]


def test_robots_txt_vouches_for_its_own_origin_on_a_sitemap_elsewhere() -> None:
    ((url, ref),) = named_by_robots(ROBOTS, ["https://cdn.test/a-sitemap.xml"])
    found = read_sitemap(url, ref, urlset([("https://a.test/p", None), ("https://cdn.test/q", None), ("https://evil.test/x", None)]))
    assert [p.url for p in found.pages] == ["https://a.test/p", "https://cdn.test/q"]
    assert found.record["sitemap"]["skipped"] == {"cross_origin": 1}
    # Control: the same sitemap named by the queue speaks only for its own origin.
    queued = read_sitemap(url, SitemapRef.from_queue(url), urlset([("https://a.test/p", None)]))
    assert queued.pages == () and queued.record["via"] == "queue"


def test_a_cut_body_says_so_and_keeps_what_came_before() -> None:
    url = "https://a.test/s.xml"
    found = read_sitemap(url, SitemapRef.from_queue(url), b"<urlset><url><loc>https://a.test/1</loc></url><url><loc>https://a.te", cut_at=70)
    assert [p.url for p in found.pages] == ["https://a.test/1"]
    assert found.record["sitemap"]["error"] == "https://a.test/s.xml was cut at fetch.max_body_bytes (70 bytes); the URLs before the cut were kept."


@pytest.mark.parametrize(("status", "record"), [
    (404, {"via": "queue", "sitemap": {"error": "https://a.test/s.xml answered HTTP 404, so it was not read as a sitemap."}}),
    (None, {"via": "queue"}),  # disallowed or unreachable: no answer to speak of
], ids=["http-error", "no-answer"])  # fmt: skip
def test_an_answer_that_is_no_sitemap_is_said_in_one_sentence(status: int | None, record: dict) -> None:  # type: ignore[type-arg]
    assert not_read("https://a.test/s.xml", SitemapRef.from_queue("https://a.test/s.xml"), status) == record


def test_sitemap_finds_sort_after_every_queue_line_and_its_followed_links() -> None:
    deepest_followed = MIN_PRIORITY - 10  # follow.max_depth is at most 10, one less per level
    assert LISTED_PRIORITY < SITEMAP_PRIORITY < deepest_followed


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
