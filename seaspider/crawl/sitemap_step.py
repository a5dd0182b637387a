"""One crawl's sitemap work over the disk frontier: the Sitemap: lines of each queue origin's robots.txt,
and each sitemap visit read before its page line is written.

Drives the pure decisions of `crawl/sitemaps.py` with the fetcher (robots.txt, politely), the store
(a stored copy after a 304, the lastmod rule's copies; in worker threads) and the frontier
(`FrontierDB`, which keeps every sitemap file and its finds), and tells the window what arrived.
Knows nothing about the scheduler, the journal's files or sockets.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from seaspider.crawl.frontier import Frontier, Task
from seaspider.crawl.sitemaps import Found, Listing, SitemapRef, Via, is_due, named_by_robots, not_read, read_sitemap
from seaspider.errors import FetchError
from seaspider.web.records import Outcome, Visit
from seaspider.web.urls import parse_url

if TYPE_CHECKING:
    from seaspider.config import Config
    from seaspider.crawl.frontier_db import FrontierDB
    from seaspider.net.fetch import Fetcher
    from seaspider.store.writer import StoreWriter

__all__ = ["SitemapStep"]


class SitemapStep:
    """The crawl's door to sitemaps for one run of `seaspider fetch`.

    `discover` (with follow.sitemaps) runs beside the crawl: it asks each queue origin's robots.txt,
    first seen first, and queues the sitemap files it names; while it runs the frontier is held
    open, so the crawl does not end before it. `read` is called for every visit before its page
    line is journaled: a sitemap visit is read and its finds go with it to the journal thread.
    Counts are for this run: `read` sitemap files, `files` queued, `pages` queued (new, or due again).
    """

    def __init__(self, config: Config, writer: StoreWriter, db: FrontierDB, frontier: Frontier, *,
                 now_unix: Callable[[], float]) -> None:  # fmt: skip
        self._config = config
        self._writer = writer
        self._db = db
        self._frontier = frontier
        self._now_unix = now_unix
        self.discovering = config.follow.sitemaps
        self._more = asyncio.Event()  # the loader stored a batch (new queue origins may wait)
        self._loader_done = False
        self._stopped = False
        self.read_count = 0
        self.files = 0
        self.pages = 0
        self.over_budget = 0
        if self.discovering:
            frontier.set_loading(True)  # released when discovery ends

    # ----- robots.txt per queue origin ------------------------------------------------------

    def poke(self) -> None:
        """The loader stored a batch: new origins may be waiting (event loop)."""
        self._more.set()

    def loader_finished(self) -> None:
        """The loader is done (or failed): discovery ends once no origin waits (event loop)."""
        self._loader_done = True
        self._more.set()

    def stop(self) -> None:
        """The crawl is over: discovery ends after the robots.txt requests in flight (event loop)."""
        self._stopped = True
        self._more.set()

    async def discover(self, fetcher: Fetcher, *, should_stop: Callable[[], bool]) -> None:
        """Queue the sitemap files each queue origin's robots.txt names, until the queue is loaded and no origin waits.

        Origins go in batches of fetch.concurrency: their robots.txt is asked for at once (each
        request booked like any other), and their files are queued in first-seen order, so the
        frontier's order does not depend on which answer came first. An origin left when the run
        stops is asked by the next run.
        """
        stopping = lambda: self._stopped or should_stop()  # noqa: E731
        try:
            while not stopping():
                self._more.clear()
                loaded = self._loader_done
                pending = await asyncio.to_thread(self._db.next_origins, max(1, self._config.fetch.concurrency))
                if not pending:
                    if loaded:
                        return
                    await self._more.wait()
                    continue
                named = await asyncio.gather(*(self._named(fetcher, origin, stopping) for _id, origin in pending))
                asked = [(origin_id, files) for (origin_id, _origin), files in zip(pending, named, strict=True) if files is not None]
                if not asked:
                    return  # stopping: the rest is asked by the next run
                tasks, over = await asyncio.to_thread(
                    self._db.queue_named, asked, max_sitemaps=self._config.follow.max_sitemaps, now_unix=self._now_unix()
                )
                self.files += len(tasks)
                self.over_budget += over
                self._frontier.note_added(tasks)
        finally:
            if self.discovering:
                self.discovering = False
                self._frontier.set_loading(False)

    async def _named(self, fetcher: Fetcher, origin: str, should_stop: Callable[[], bool]) -> tuple[tuple[str, SitemapRef], ...] | None:
        """The sitemap files `origin`'s robots.txt names; () when it names none or cannot be asked; None when stopping."""
        if should_stop():
            return None
        root = parse_url(origin + "/")  # the origin's text from the disk frontier, parsed once
        # The address policy first, as for any visit: a refused or unresolvable name gets no request.
        if fetcher.resolver.check(root.host) is not None:
            return ()
        try:
            await fetcher.resolver.resolve(root.host)
        except FetchError:
            return ()
        verdict = await fetcher.check_robots(root)
        entry = fetcher.robots_entry(root)
        named = entry.robots.sitemaps if entry is not None and entry.robots is not None else []
        return named_by_robots(verdict.url, named, sort_query=self._config.fetch.sort_query)

    # ----- each visit ------------------------------------------------------------------------

    async def read(self, task: Task, visit: Visit) -> tuple[Visit, Listing | None]:
        """The visit to journal and, for a sitemap, what it lists (to queue before its page line).

        A page a sitemap listed is marked `extra.via: "sitemap"`; a sitemap's page line gets
        `extra.via` and `extra.sitemap` (kind, entries, skips, error).
        """
        if not self._db.has_sitemaps:
            return visit, None
        role = self._db.sitemap_role(task.seq)
        ref = role.sitemap
        if ref is None:
            if role.listed:
                visit = dataclasses.replace(visit, extra={**visit.extra, "via": str(Via.SITEMAP)})
            return visit, None
        body: bytes | None = None
        if visit.outcome is Outcome.NOT_MODIFIED:
            body = await asyncio.to_thread(self._writer.body, visit.url)  # a 304: our stored copy is current
        elif visit.outcome is Outcome.FETCHED and visit.status is not None and 200 <= visit.status < 300:
            body = visit.body
        if body is None:
            return dataclasses.replace(visit, extra={**visit.extra, **not_read(visit.url, ref, visit.status)}), None
        cut = self._config.fetch.max_body_bytes if visit.truncated else None
        found, due = await asyncio.to_thread(self._read, str(task.url), ref, body, cut)
        self.read_count += 1
        listing = Listing(found.sitemaps, tuple(p.url for p in found.pages), due)
        return dataclasses.replace(visit, extra={**visit.extra, **found.record}), listing

    def _read(self, url: str, ref: SitemapRef, body: bytes, cut: int | None) -> tuple[Found, tuple[str, ...]]:
        """In a worker thread: parse, then the listed pages whose lastmod is newer than our stored copy."""
        found = read_sitemap(url, ref, body, cut_at=cut, sort_query=self._config.fetch.sort_query)
        refetch = self._config.resume.refetch_after_secs
        if refetch is None:
            return found, ()
        due = tuple(
            page.url for page in found.pages
            if page.lastmod_unix is not None and is_due(page.lastmod_unix, self._writer.latest(page.url), refetch_after_secs=refetch)
        )  # fmt: skip
        return found, due
