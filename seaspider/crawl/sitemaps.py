"""Sitemap discovery for a crawl: which sitemap files are read, in which order, and what they add.

Sitemaps are fetched as ordinary visits (booked, robots-checked, stored, journaled) by the crawl;
this module only decides. `SitemapDiscovery` is pure bookkeeping (levels, the per-origin budget,
cross-submission, the lastmod rule); `SitemapStep` is the crawl's door to it: it asks the fetcher
for each queue origin's robots.txt (a polite request when it is not cached), reads each sitemap
visit's body (or the stored copy when the resume rule skips a request) off the event loop, and
appends what the sitemaps list to the frontier after the queue's own URLs, in sitemap order.
Knows nothing about sockets, the scheduler or the journal's files.
"""

from __future__ import annotations

import asyncio
import dataclasses
import enum
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from seaspider.errors import InvalidURL
from seaspider.web.records import Outcome, Visit
from seaspider.web.sitemaps import MAX_LEVELS, Sitemap, parse_sitemap
from seaspider.web.urls import canonicalize, origin_of, parse_url

if TYPE_CHECKING:
    from seaspider.config import Config
    from seaspider.crawl.frontier import Frontier
    from seaspider.net.fetch import Fetcher
    from seaspider.store.writer import StoreWriter

__all__ = ["Found", "Page", "SitemapDiscovery", "SitemapStep", "SitemapTask", "Via", "is_due"]


class Via(enum.StrEnum):
    """How a URL reached the crawl, as the journal's page line records it (`extra.via`)."""

    ROBOTS = "robots"  # a sitemap named by a robots.txt Sitemap: line
    QUEUE = "queue"  # a sitemap given in the queue ("kind": "sitemap")
    SITEMAP = "sitemap"  # listed by a sitemap: a page, or a child of an index


@dataclass(frozen=True, slots=True)
class SitemapTask:
    """A sitemap file to read: where it came from, how deep it sits, whose budget it uses."""

    url: str
    parent: str | None  # the robots.txt that named it, the index that listed it, or None (queue)
    via: Via
    level: int  # 0 for a sitemap named by robots.txt or the queue, 1 for a child of an index
    owner: str  # the origin whose follow.max_sitemaps budget it counts against
    vouched: frozenset[str]  # origins whose robots.txt named it (sitemaps.org cross-submission)


@dataclass(frozen=True, slots=True)
class Page:
    """A page URL a sitemap listed, with its lastmod (Unix seconds) and the sitemap as its parent."""

    url: str
    lastmod_unix: float | None
    parent: str


@dataclass(frozen=True, slots=True)
class Found:
    """What one sitemap file added: child sitemaps (an index) or pages, in file order, and the record."""

    sitemaps: tuple[SitemapTask, ...]
    pages: tuple[Page, ...]
    record: Mapping[str, Any]  # the journal's `extra.sitemap`: kind, entries, skips, error


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


@dataclass
class SitemapDiscovery:
    """Which sitemap files one crawl reads; pure. Every sitemap URL is read at most once per crawl.

    Bounds: at most `max_sitemaps` files per owning origin (follow.max_sitemaps), at most MAX_LEVELS
    levels (an index and its children); what a bound leaves out is counted, never silently dropped.
    """

    max_sitemaps: int
    sort_query: bool = False
    _tasks: dict[str, SitemapTask] = field(default_factory=dict)
    _budget: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)  # read, pages, over_budget, nested, cross_origin, errors

    def task(self, url: str) -> SitemapTask | None:
        """The sitemap task of `url`, if it is a sitemap this crawl reads."""
        return self._tasks.get(url)

    def _admit(self, url: str, *, parent: str | None, via: Via, level: int, owner: str, vouched: frozenset[str]) -> SitemapTask | None:
        try:
            url = canonicalize(url, sort_query=self.sort_query)
        except InvalidURL:
            self.counts["invalid"] += 1
            return None
        if url in self._tasks:
            return None
        if self._budget[owner] >= self.max_sitemaps:
            self.counts["over_budget"] += 1
            return None
        self._budget[owner] += 1
        task = self._tasks[url] = SitemapTask(url, parent, via, level, owner, vouched)
        return task

    def from_queue(self, url: str) -> SitemapTask | None:
        """A sitemap the queue names: its own origin owns it."""
        return self._admit(url, parent=None, via=Via.QUEUE, level=0, owner=origin_of(url), vouched=frozenset())

    def from_robots(self, robots_url: str, sitemaps: Iterable[str]) -> list[SitemapTask]:
        """The Sitemap: lines of one robots.txt, in file order; that origin owns them and vouches for them."""
        origin = origin_of(robots_url)
        tasks = []
        for url in sitemaps:
            task = self._admit(url, parent=robots_url, via=Via.ROBOTS, level=0, owner=origin, vouched=frozenset({origin}))
            if task is not None:
                tasks.append(task)
        return tasks

    def read(self, task: SitemapTask, body: bytes, *, cut_at: int | None = None) -> Found:
        """Read one sitemap body: its children (an index) or its pages. `cut_at`: the fetch cut the body there."""
        got: Sitemap = parse_sitemap(body, url=task.url, vouched_origins=task.vouched, sort_query=self.sort_query)
        summary = got.summary
        self.counts["read"] += 1
        self.counts["cross_origin"] += sum(n for reason, n in summary.skipped if reason == "cross_origin")
        error = summary.error
        if cut_at is not None:
            error = f"{task.url} was cut at fetch.max_body_bytes ({cut_at:,} bytes); the URLs before the cut were kept."
        children: list[SitemapTask] = []
        pages: tuple[Page, ...] = ()
        if summary.kind is not None and summary.kind.lists_sitemaps:
            if task.level + 1 >= MAX_LEVELS:
                n = len(got.entries)
                self.counts["nested"] += n
                listed = "the sitemap it lists was" if n == 1 else f"the {n} sitemaps it lists were"
                error = error or f"{task.url} is an index inside an index; sitemaps.org allows {MAX_LEVELS} levels, so {listed} not read."
            else:
                for entry in got.entries:
                    child = self._admit(entry.url, parent=task.url, via=Via.SITEMAP, level=task.level + 1,
                                        owner=task.owner, vouched=task.vouched)
                    if child is not None:
                        children.append(child)
        else:
            pages = tuple(Page(e.url, e.lastmod_unix, task.url) for e in got.entries)
        if error is not None:
            self.counts["errors"] += 1
        record = {"via": str(task.via), "sitemap": {**summary.to_json(), "error": error}}
        return Found(tuple(children), pages, record)


class SitemapStep:
    """The crawl's door to sitemap discovery: robots.txt first, then each sitemap visit as it lands.

    `added` counts the URLs put on the frontier (sitemap files and pages), so the crawl can plan them.
    Store reads (the resume rule, stored bodies) happen in a worker thread; the writer serialises them.
    """

    def __init__(self, config: Config, writer: StoreWriter, *, now_unix: Callable[[], float]) -> None:
        self.discovery = SitemapDiscovery(max_sitemaps=config.follow.max_sitemaps, sort_query=config.fetch.sort_query)
        self._config = config
        self._writer = writer
        self._now_unix = now_unix
        self.added = 0  # URLs put on the frontier by sitemaps (files and pages)
        self.pages = 0  # page URLs put on the frontier
        self.read_from_store = 0  # sitemaps read from their stored copy (the resume rule skipped a request)

    # -- the start ------------------------------------------------------------------------------------

    async def start(
        self, fetcher: Fetcher, frontier: Frontier, *, queue_urls: Iterable[str], sitemaps: Iterable[str],
        should_stop: Callable[[], bool],
    ) -> None:
        """Queue the queue's own sitemaps, then (with follow.sitemaps) those each queue origin's robots.txt names.

        robots.txt is asked for through the fetcher, so it is booked and journaled like any robots
        fetch and cached for the crawl; origins are asked at once, at most fetch.concurrency at a time.
        """
        tasks = [t for t in (self.discovery.from_queue(url) for url in sitemaps) if t is not None]
        await self._queue_tasks(tasks, frontier)
        if not self._config.follow.sitemaps:
            return
        origins = list(dict.fromkeys(origin_of(url) for url in [*queue_urls, *sitemaps]))
        gate = asyncio.Semaphore(self._config.fetch.concurrency)

        async def robots_of(origin: str) -> tuple[str, list[str]]:
            async with gate:
                if should_stop() or fetcher.resolver.check(parse_url(origin + "/").host) is not None:
                    return origin + "/robots.txt", []  # stopping, or a host the address policy refuses: no request
                verdict = await fetcher.check_robots(origin + "/")
                entry = fetcher.robots_entry(origin + "/")
                named = entry.robots.sitemaps if entry is not None and entry.robots is not None else []
                return verdict.url, named

        # Gathered together, queued in queue order: the order of the frontier does not depend on timing.
        for robots_url, named in await asyncio.gather(*(robots_of(o) for o in origins)):
            await self._queue_tasks(self.discovery.from_robots(robots_url, named), frontier)

    # -- each visit -----------------------------------------------------------------------------------

    async def on_visit(self, visit: Visit, frontier: Frontier) -> Visit:
        """Read a sitemap visit and queue what it lists; mark pages a sitemap listed. Returns the visit to journal."""
        task = self.discovery.task(visit.url)
        if task is None:
            if visit.parent is not None and self.discovery.task(visit.parent) is not None:
                return dataclasses.replace(visit, extra={**visit.extra, "via": str(Via.SITEMAP)})
            return visit
        record: dict[str, Any] = {"via": str(task.via)}
        body: bytes | None = None
        if visit.outcome is Outcome.NOT_MODIFIED or (visit.outcome is Outcome.FETCHED and visit.status == 304):
            body = await asyncio.to_thread(self._writer.body, visit.url)  # our stored copy is current
        elif visit.outcome is Outcome.FETCHED and visit.status is not None and 200 <= visit.status < 300:
            body = visit.body
        elif visit.outcome is Outcome.FETCHED:
            record["sitemap"] = {"error": f"{visit.url} answered HTTP {visit.status}, so it was not read as a sitemap."}
        if body is not None:
            cut = self._config.fetch.max_body_bytes if visit.truncated else None
            found, due = await asyncio.to_thread(self._read, task, body, cut)
            self._add_pages(due, frontier)
            await self._queue_tasks(list(found.sitemaps), frontier)
            record.update(found.record)
        return dataclasses.replace(visit, extra={**visit.extra, **record})

    # -- helpers --------------------------------------------------------------------------------------

    async def _queue_tasks(self, tasks: list[SitemapTask], frontier: Frontier) -> None:
        """Sitemaps due for a request go on the frontier; a fresh stored one is read from the store instead."""
        for task in tasks:
            if await asyncio.to_thread(self._should_fetch, task.url):
                self.added += frontier.add(task.url, depth=0, parent=task.parent)
                continue
            body = await asyncio.to_thread(self._stored_sitemap, task.url)
            if body is None:
                continue  # a refusal or a failure the resume rule keeps: nothing to read
            self.read_from_store += 1
            found, due = await asyncio.to_thread(self._read, task, body, None)
            self._add_pages(due, frontier)
            await self._queue_tasks(list(found.sitemaps), frontier)

    def _should_fetch(self, url: str) -> bool:
        return self._writer.should_fetch(url, now_unix=self._now_unix(), refetch_after_secs=self._config.resume.refetch_after_secs)

    def _stored_sitemap(self, url: str) -> bytes | None:
        """The stored body of a sitemap whose latest record is a 2xx answer (what a fresh visit would read)."""
        latest = self._writer.latest(url)
        status = None if latest is None else latest.get("status")
        if latest is None or latest.get("outcome") not in (Outcome.FETCHED, Outcome.NOT_MODIFIED):
            return None
        if latest.get("outcome") == Outcome.FETCHED and not (isinstance(status, int) and 200 <= status < 300):
            return None
        return self._writer.body(url)

    def _read(self, task: SitemapTask, body: bytes, cut: int | None) -> tuple[Found, tuple[Page, ...]]:
        """In a worker thread: parse, then keep the pages the resume rule or their lastmod make due."""
        found = self.discovery.read(task, body, cut_at=cut)
        refetch = self._config.resume.refetch_after_secs
        due = tuple(
            page for page in found.pages
            if self._should_fetch(page.url)
            or is_due(page.lastmod_unix, self._writer.latest(page.url), refetch_after_secs=refetch)
        )
        return found, due

    def _add_pages(self, due: tuple[Page, ...], frontier: Frontier) -> None:
        for page in due:
            added = frontier.add(page.url, depth=0, parent=page.parent)
            self.added += added
            self.pages += added
