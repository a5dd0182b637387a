"""Follow policy: same host, nofollow, depth and page caps, the per-directory trap guard."""

from __future__ import annotations

import pytest

from seaspider.config import FollowConfig
from seaspider.crawl.follow import FollowPolicy, Skip, directory_of
from seaspider.web.links import Link

PAGE = "https://a.test/dir/index.html"


def _policy(**kw: object) -> FollowPolicy:
    values = {"enabled": True, "max_depth": 2, "max_pages": 1000, "max_per_directory": 100}
    values.update(kw)
    return FollowPolicy(FollowConfig(**values))  # type: ignore[arg-type]


def test_same_host_followable_links_are_followed_in_page_order() -> None:
    policy = _policy()
    links = [Link("https://a.test/b", False), Link("https://a.test/a", False), Link("http://a.test/c", False)]
    got = policy.select(page_url=PAGE, depth=0, links=links)
    assert [(f.url, f.depth, f.parent) for f in got.followed] == [
        ("https://a.test/b", 1, PAGE),
        ("https://a.test/a", 1, PAGE),
        ("http://a.test/c", 1, PAGE),
    ]


def test_disabled_follows_nothing() -> None:  # negative control for the whole mode
    got = _policy(enabled=False).select(page_url=PAGE, depth=0, links=[Link("https://a.test/x", False)])
    assert got.followed == ()


@pytest.mark.parametrize(
    ("link", "reason"),
    [
        (Link("https://b.test/x", False), Skip.OFF_HOST),
        (Link("https://sub.a.test/x", False), Skip.OFF_HOST),
        (Link("https://a.test/x", True), Skip.NOFOLLOW),
    ],
    ids=["other-host", "subdomain", "nofollow"],
)
def test_links_not_followed(link: Link, reason: Skip) -> None:
    got = _policy().select(page_url=PAGE, depth=0, links=[link])
    assert got.followed == ()
    assert got.skipped == ((link.url, reason),)


def test_depth_cap() -> None:
    policy = _policy(max_depth=1)
    assert len(policy.select(page_url=PAGE, depth=0, links=[Link("https://a.test/1", False)]).followed) == 1
    got = policy.select(page_url="https://a.test/1", depth=1, links=[Link("https://a.test/2", False)])
    assert got.skipped == (("https://a.test/2", Skip.DEPTH),)


def test_page_cap_per_run() -> None:
    policy = _policy(max_pages=3)
    links = [Link(f"https://a.test/p{i}", False) for i in range(5)]
    got = policy.select(page_url=PAGE, depth=0, links=links)
    assert [f.url for f in got.followed] == ["https://a.test/p0", "https://a.test/p1", "https://a.test/p2"]
    assert policy.select(page_url=PAGE, depth=0, links=[Link("https://a.test/q", False)]).followed == ()
    assert policy.skipped_counts[Skip.MAX_PAGES] == 3


def test_seeds_and_earlier_links_are_not_followed_again() -> None:
    policy = _policy()
    policy.note_seed("https://a.test/seed")
    links = [Link("https://a.test/seed", False), Link("https://a.test/new", False), Link("https://a.test/new", False)]
    got = policy.select(page_url=PAGE, depth=0, links=links)
    assert [f.url for f in got.followed] == ["https://a.test/new"]
    assert [r for _, r in got.skipped] == [Skip.SEEN, Skip.SEEN]


def test_trap_guard_caps_distinct_urls_per_directory() -> None:
    policy = _policy(max_per_directory=10, max_depth=10)
    # A calendar maze: every page links the next day, all in one directory.
    followed = []
    page, depth = "https://a.test/cal/", 0
    for day in range(50):
        got = policy.select(page_url=page, depth=depth, links=[Link(f"https://a.test/cal/?day={day}", False)])
        followed += [f.url for f in got.followed]
        page, depth = f"https://a.test/cal/?day={day}", 0
    assert len(followed) == 10
    assert policy.skipped_counts[Skip.DIRECTORY] == 40


def test_trap_guard_leaves_other_directories_alone() -> None:  # negative control
    policy = _policy(max_per_directory=2)
    links = [Link(f"https://a.test/trap/{i}", False) for i in range(5)] + [Link("https://a.test/ok/1", False)]
    got = policy.select(page_url=PAGE, depth=0, links=links)
    assert [f.url for f in got.followed] == ["https://a.test/trap/0", "https://a.test/trap/1", "https://a.test/ok/1"]


@pytest.mark.parametrize(
    ("url", "directory"),
    [
        ("https://a.test/", "a.test/"),
        ("https://a.test/x", "a.test/"),
        ("https://a.test/cal/2026/?d=1", "a.test/cal/2026/"),
        ("https://a.test/cal/2026/x?sid=9", "a.test/cal/2026/"),
        ("http://a.test:8080/a/b", "a.test:8080/a/"),
    ],
    ids=["root", "root-file", "dir-query", "dir-file", "port"],
)
def test_directory_of(url: str, directory: str) -> None:
    assert directory_of(url) == directory
