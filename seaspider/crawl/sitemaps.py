"""What sitemaps add to a crawl, decided on plain values: the sitemap files a robots.txt names, what one
sitemap file lists, where both go in a host's order, and the lastmod rule.

Pure: no store, no frontier, no network, no clock. The disk frontier (`crawl/frontier_db.py`) keeps
each sitemap file's `SitemapRef` until it is read, and counts the per-origin budget;
`crawl/sitemap_step.py` drives one run (robots.txt per queue origin, each sitemap visit).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from seaspider.crawl.queuefile import MIN_PRIORITY
from seaspider.errors import InvalidURL
from seaspider.web.records import Outcome
from seaspider.web.sitemaps import MAX_LEVELS, parse_sitemap
from seaspider.web.urls import canonicalize, origin_of

__all__ = [
    "LISTED_PRIORITY",
    "SITEMAP_PRIORITY",
    "Found",
    "Listing",
    "Page",
    "SitemapRef",
    "Via",
    "is_due",
    "named_by_robots",
    "not_read",
    "read_sitemap",
]

# A host serves higher priority first, then arrival order. Queue lines are at MIN_PRIORITY or more,
# and a link followed from one loses one per level (follow.max_depth is at most 10), so these two
# levels come after every queue line and its links, whatever the timing: the sitemap files a
# robots.txt names, in file order, then everything sitemaps list, in the order they were read.
SITEMAP_PRIORITY = MIN_PRIORITY - 100
LISTED_PRIORITY = SITEMAP_PRIORITY - 1


class Via(enum.StrEnum):
    """How a URL reached the crawl, as the journal's page line records it (`extra.via`)."""

    ROBOTS = "robots"  # a sitemap named by a robots.txt Sitemap: line
    QUEUE = "queue"  # a sitemap given in the queue ("kind": "sitemap")
    SITEMAP = "sitemap"  # listed by a sitemap: a page, or a child of an index


@dataclass(frozen=True, slots=True)
class SitemapRef:
    """What the frontier keeps about a sitemap file until it is read: how it was found, its level, whose budget it uses."""

    via: Via
    level: int  # 0 for a sitemap named by robots.txt or the queue, 1 for a child of an index
    owner: str  # the origin whose follow.max_sitemaps budget it counts against
    vouched: tuple[str, ...]  # origins whose robots.txt named it (sitemaps.org cross-submission)
    named_by: str | None = None  # the robots.txt that named it: its parent in the journal

    @classmethod
    def from_queue(cls, url: str) -> SitemapRef:
        """A sitemap the queue names: its own origin owns it and vouches for nothing else."""
        return cls(Via.QUEUE, 0, origin_of(url), ())

    def child(self) -> SitemapRef:
        """A sitemap an index lists: one level down, same owner and cross-submission."""
        return replace(self, via=Via.SITEMAP, level=self.level + 1, named_by=None)


@dataclass(frozen=True, slots=True)
class Page:
    """A page URL a sitemap listed, with its lastmod (Unix seconds) when it gave a usable one."""

    url: str
    lastmod_unix: float | None


@dataclass(frozen=True, slots=True)
class Found:
    """What one sitemap file gave: child sitemaps (an index) or pages, in file order, and the journal record."""

    sitemaps: tuple[tuple[str, SitemapRef], ...]
    pages: tuple[Page, ...]
    record: Mapping[str, Any]  # the page line's `extra`: via, and `sitemap` (kind, entries, skips, error)


@dataclass(frozen=True, slots=True)
class Listing:
    """What the frontier must hold before a sitemap's page line is written: its finds, in file order.

    `due` are listed pages the store already holds whose lastmod says our copy is older (queued again).
    """

    sitemaps: tuple[tuple[str, SitemapRef], ...]
    pages: tuple[str, ...]
    due: tuple[str, ...]


def named_by_robots(robots_url: str, named: Iterable[str], *, sort_query: bool = False) -> tuple[tuple[str, SitemapRef], ...]:
    """The Sitemap: lines of one robots.txt as sitemap files, canonical, each once, in file order.

    That origin owns them and vouches for them; a line that is not a usable URL is left out.
    """
    origin = origin_of(robots_url)
    ref = SitemapRef(Via.ROBOTS, 0, origin, (origin,), robots_url)
    out: dict[str, SitemapRef] = {}
    for line in named:
        try:
            url = canonicalize(line, sort_query=sort_query)
        except InvalidURL:
            continue
        out.setdefault(url, ref)
    return tuple(out.items())


def read_sitemap(url: str, ref: SitemapRef, body: bytes, *, cut_at: int | None = None, sort_query: bool = False) -> Found:
    """Read one sitemap body: its child sitemaps (an index) or its pages. `cut_at`: the fetch cut the body there."""
    got = parse_sitemap(body, url=url, vouched_origins=ref.vouched, sort_query=sort_query)
    summary = got.summary
    error = summary.error
    if cut_at is not None:
        error = f"{url} was cut at fetch.max_body_bytes ({cut_at:,} bytes); the URLs before the cut were kept."
    children: tuple[tuple[str, SitemapRef], ...] = ()
    pages: tuple[Page, ...] = ()
    if summary.kind is not None and summary.kind.lists_sitemaps:
        if ref.level + 1 >= MAX_LEVELS:
            n = len(got.entries)
            listed = "the sitemap it lists was" if n == 1 else f"the {n} sitemaps it lists were"
            error = error or f"{url} is an index inside an index; sitemaps.org allows {MAX_LEVELS} levels, so {listed} not read."
        else:
            child = ref.child()
            children = tuple(dict.fromkeys((e.url, child) for e in got.entries))
    else:
        pages = tuple(Page(e.url, e.lastmod_unix) for e in got.entries)
    return Found(children, pages, {"via": str(ref.via), "sitemap": {**summary.to_json(), "error": error}})


def not_read(url: str, ref: SitemapRef, status: int | None) -> Mapping[str, Any]:
    """The page line's `extra` for a sitemap visit whose answer is not a sitemap to read."""
    record: dict[str, Any] = {"via": str(ref.via)}
    if status is not None and not 200 <= status < 300 and status != 304:
        record["sitemap"] = {"error": f"{url} answered HTTP {status}, so it was not read as a sitemap."}
    return record


def is_due(lastmod_unix: float | None, latest: Mapping[str, Any] | None, *, refetch_after_secs: int | None) -> bool:
    """A stored page the resume rule would skip is due anyway when its sitemap lastmod is newer than our copy.

    Only with resume.refetch_after_secs set (refetching is switched on at all), and only for a copy
    we hold (fetched or not_modified): an error or a refusal is the resume rule's business.
    """
    if refetch_after_secs is None or lastmod_unix is None or latest is None:
        return False
    if latest.get("outcome") not in (Outcome.FETCHED, Outcome.NOT_MODIFIED):
        return False
    fetched = latest.get("fetched_unix")
    return isinstance(fetched, int | float) and lastmod_unix > fetched
