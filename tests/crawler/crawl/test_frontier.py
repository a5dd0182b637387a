"""The deterministic crawl order: file order within a host, hosts round-robin in sorted order."""

from __future__ import annotations

import pytest

from seaspider.errors import InvalidURL
from seaspider.crawl.frontier import Frontier, Task


def drain(frontier: Frontier) -> list[str]:
    out = []
    while (task := frontier.pop()) is not None:
        out.append(task.url)
    return out


def test_hosts_round_robin_in_sorted_order_urls_in_file_order() -> None:
    f = Frontier()
    for url in ["https://b.test/1", "https://b.test/2", "https://a.test/1", "https://c.test/1", "https://a.test/2", "https://a.test/3"]:
        assert f.add(url)
    assert drain(f) == [
        "https://a.test/1",
        "https://b.test/1",
        "https://c.test/1",
        "https://a.test/2",
        "https://b.test/2",
        "https://a.test/3",
    ]


def test_duplicates_are_detected_in_canonical_form() -> None:
    f = Frontier()
    assert f.add("https://A.test:443/x/../p#frag")
    assert not f.add("https://a.test/p")
    assert f.add("https://a.test/P")  # negative control: paths are case-sensitive
    assert len(f) == 2
    assert f.seen("HTTPS://a.test/p")


def test_sort_query_option_merges_reordered_queries() -> None:
    plain, sorted_ = Frontier(), Frontier(sort_query=True)
    for f in (plain, sorted_):
        f.add("https://a.test/?b=1&a=2")
    assert plain.add("https://a.test/?a=2&b=1")
    assert not sorted_.add("https://a.test/?a=2&b=1")


def test_invalid_url_is_refused_and_nothing_is_queued() -> None:
    f = Frontier()
    with pytest.raises(InvalidURL):
        f.add("mailto:someone@example.invalid")
    assert len(f) == 0 and f.pop() is None


def test_host_added_later_takes_its_sorted_turn() -> None:
    f = Frontier()
    f.add("https://a.test/1")
    f.add("https://c.test/1")
    f.add("https://a.test/2")
    assert f.pop() == Task("https://a.test/1", 0, None, "a.test")
    f.add("https://b.test/1", depth=1, parent="https://a.test/1")  # a followed link
    assert [t.url for t in f.heads()] == ["https://b.test/1", "https://c.test/1", "https://a.test/2"]
    assert f.take("c.test").url == "https://c.test/1"  # c's IP was free first
    assert drain(f) == ["https://a.test/2", "https://b.test/1"]


def test_task_carries_depth_parent_and_host() -> None:
    f = Frontier()
    f.add("http://Example.TEST/x", depth=2, parent="http://example.test/")
    assert f.pop() == Task("http://example.test/x", 2, "http://example.test/", "example.test")
