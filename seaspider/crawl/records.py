"""What one crawl run writes, in the journal thread: intents, page, links and retry lines, follow decisions.

Each batch function takes every job of its kind that queued up while the previous write synced
and makes them one group commit (`crawl/journal_thread.py`). With the disk frontier, the same
batch queues the followed links and what sitemap files list there before the page lines are
written, and records the URLs' new states after their fsync: a URL is done in the frontier only once
its page line is durable.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from seaspider.clock import Clock
from seaspider.config import Config
from seaspider.crawl.follow import Followed, FollowPolicy
from seaspider.crawl.frontier import Task
from seaspider.crawl.journal_thread import Batch, Priority
from seaspider.crawl.sitemaps import Listing
from seaspider.web.links import PageLinks, extract_links
from seaspider.web.records import Outcome, Retry, RobotsFetch, Visit

if TYPE_CHECKING:
    from seaspider.crawl.frontier_db import FrontierDB, Listed
    from seaspider.store.writer import StoreWriter

__all__ = ["FrontierStore", "Journaled", "PageJob", "Recorder", "RetryJob"]


class FrontierStore(Protocol):
    """Where URL states go once their journal lines are durable: the disk frontier, or a cluster's shared queue."""

    def settle(
        self,
        *,
        in_flight: Sequence[int] = (),
        finished: Sequence[tuple[int, bool, float]] = (),
        retried: Sequence[tuple[int, int, float]] = (),
        followed: Sequence[Sequence[tuple[str, int, Task, int]]] = (),
        run: int = 0,
    ) -> list[list[Task]]:
        """Record intents, outcomes and retries by task seq, queue followed links; per page, the links queued."""
        ...


@dataclass(frozen=True, slots=True)
class PageJob:
    """A visit to journal as a page line (and a links line for HTML)."""

    task: Task
    visit: Visit
    sent_conditional: bool
    listing: Listing | None = None  # a sitemap's finds: queued in the disk frontier before its page line


@dataclass(frozen=True, slots=True)
class RetryJob:
    """A visit to be tried again: journaled as a retry line, which closes its intent."""

    task: Task
    retry: Retry


@dataclass(frozen=True, slots=True)
class Journaled:
    """What the journal thread did with one job: the visit as recorded (or the retry), and the links to add."""

    task: Task
    visit: Visit | None  # None for a retry
    retry: Retry | None
    followed: tuple[Followed, ...]  # in memory: links the loop adds to its frontier
    added: tuple[Task, ...]  # with the disk frontier: links already queued there
    skipped_resume: int
    links_line: bool
    listed: tuple[Task, ...] = ()  # a sitemap's finds now queued in the disk frontier (files, pages, pages due again)
    listed_pages: int = 0  # how many of `listed` are pages


class Recorder:
    """The batch functions of one run's journal thread."""

    def __init__(
        self,
        config: Config,
        writer: StoreWriter,
        clock: Clock,
        *,
        policy: FollowPolicy | None,
        db: FrontierStore | None,
        run: Callable[[], int] = lambda: 0,
        _settle_first: bool = False,
        _list_after: bool = False,
    ) -> None:
        """`_settle_first=True` marks URLs done in the frontier BEFORE their page lines are written;
        `_list_after=True` queues a sitemap's finds AFTER its page line: fault injection for the
        negative-control tests only, never set by the crawler."""
        self.config = config
        self.writer = writer
        self._clock = clock
        self._policy = policy
        self._db = db
        self._run = run
        self._in_flight: list[int] = []  # frontier ids whose intents are durable, not yet marked
        self._settle_first = _settle_first
        self._list_after = _list_after

    def batches(self) -> dict[int, Batch]:
        return {Priority.INTENT: self.record_intents, Priority.ROBOTS: self.record_robots, Priority.RECORD: self.record}

    def record_intents(self, tasks: list[Task]) -> list[Mapping[str, str] | None]:
        """Every queued intent with one fsync; returns, per task, the conditional headers of a refetch."""
        from seaspider.store.writer import Intent

        self.writer.record_intents([Intent(str(t.url), t.depth, t.parent) for t in tasks])
        if self._db is not None:
            self._in_flight += [t.seq for t in tasks]
        return [self._conditional(str(t.url)) for t in tasks]

    def _conditional(self, url: str) -> Mapping[str, str] | None:
        """If-None-Match / If-Modified-Since when refetching is on and a fetched copy is stored."""
        if self.config.resume.refetch_after_secs is None:
            return None
        latest = self.writer.latest(url)
        if latest is None or latest.get("outcome") not in (Outcome.FETCHED, Outcome.NOT_MODIFIED):
            return None
        return self.writer.conditional_headers(url) or None

    def record_robots(self, fetches: list[RobotsFetch]) -> list[None]:
        for fetch in fetches:
            self.writer.record_robots(fetch)
        return [None] * len(fetches)

    def record(self, jobs: list[PageJob | RetryJob]) -> list[Journaled]:
        """Retry lines, then page and links lines as one group commit; then follow decisions and frontier states."""
        retries = [j for j in jobs if isinstance(j, RetryJob)]
        pages = [j for j in jobs if isinstance(j, PageJob)]
        if self._settle_first and self._db is not None:
            self._db.settle(finished=[(j.task.seq, j.visit.outcome is Outcome.ERROR, j.visit.fetched_unix) for j in pages])
        self.writer.record_retries([j.retry for j in retries])
        visits: list[Visit] = []
        found: list[PageLinks | None] = []
        for job in pages:
            visit = job.visit
            if visit.outcome is Outcome.NOT_MODIFIED or (job.sent_conditional and visit.status == 304):
                visit = self._not_modified(visit)
            page = None
            if visit.outcome is Outcome.FETCHED and visit.body:
                page = extract_links(visit.body, url=visit.final_url, content_type=visit.content_type, headers=visit.headers,
                                     robot_token=self.config.robot.token, max_links=self.config.fetch.max_links_per_page)  # fmt: skip
                if not page.scanned:
                    page = None
                elif self.config.fetch.sort_query:
                    page = page.with_sorted_queries()
                if page is not None and page.truncated:
                    visit = dataclasses.replace(visit, links_truncated=True)
            visits.append(visit)
            found.append(page)
        added: list[list[Task]] = [[] for _ in pages]
        listed: dict[int, Listed] = {}
        if self._db is not None:
            # A sitemap's finds likewise, before its page line: a crash in between leaves the sitemap
            # not done (read again next run) with its finds already queued (none lost, none twice).
            if not self._list_after:
                listed = self._queue_listed(pages, visits)
            # The disk frontier queues a page's links BEFORE its page line is written: a crash in
            # between leaves the page not done (fetched again) with its links already queued, so
            # no link is lost; the page itself is done only after its line is durable.
            chosen, skipped = self._follow(pages, visits, found)
            if any(chosen):
                added = self._db.settle(followed=[[(f.url, f.depth, j.task, f.priority) for f in picked]
                                                  for j, picked in zip(pages, chosen, strict=True)])  # fmt: skip
                self._policy.seen.flush()  # type: ignore[union-attr]  # DiskSeen: stored now
        if visits:
            self.writer.record_visits([(v, p.to_json() if p is not None else None) for v, p in zip(visits, found, strict=True)])
        if self._list_after and self._db is not None:
            listed = self._queue_listed(pages, visits)
        if self._db is None:
            chosen, skipped = self._follow(pages, visits, found)
        else:
            in_flight, self._in_flight = self._in_flight, []
            self._db.settle(
                in_flight=in_flight,
                finished=[(j.task.seq, v.outcome is Outcome.ERROR, v.fetched_unix) for j, v in zip(pages, visits, strict=True)],
                retried=[(j.task.seq, j.retry.attempt, j.retry.not_before_unix) for j in retries],
                run=self._run(),
            )
        done: dict[int, Journaled] = {}
        for i, (job, visit, page) in enumerate(zip(pages, visits, found, strict=True)):
            in_memory = tuple(chosen[i]) if self._db is None else ()
            got = listed.get(i)
            done[id(job)] = Journaled(job.task, visit, None, in_memory, tuple(added[i]), skipped[i], page is not None,
                                      got.tasks if got is not None else (), got.pages if got is not None else 0)  # fmt: skip
        for retry_job in retries:
            done[id(retry_job)] = Journaled(retry_job.task, None, retry_job.retry, (), (), 0, False)
        return [done[id(job)] for job in jobs]

    def _queue_listed(self, pages: Sequence[PageJob], visits: list[Visit]) -> dict[int, Listed]:
        """Queue every sitemap's finds in the disk frontier; a page line says how many child sitemaps the budget left out."""
        assert self._db is not None
        which = [i for i, job in enumerate(pages) if job.listing is not None]
        if not which:
            return {}
        db = cast("FrontierDB", self._db)  # sitemaps run on the disk frontier only (a cluster node refuses them)
        results = db.queue_listed([(pages[i].task, pages[i].listing) for i in which],  # type: ignore[misc]
                                  max_sitemaps=self.config.follow.max_sitemaps)  # fmt: skip
        for i, got in zip(which, results, strict=True):
            record = visits[i].extra.get("sitemap")
            if got.over_budget and isinstance(record, dict):
                visits[i] = dataclasses.replace(visits[i], extra={**visits[i].extra, "sitemap": {**record, "over_budget": got.over_budget}})
        return dict(zip(which, results, strict=True))

    def _follow(self, pages: Sequence[PageJob], visits: Sequence[Visit], found: Sequence[PageLinks | None]) -> tuple[list[list[Followed]], list[int]]:
        """Per page: the links follow mode adds, and how many it skipped because the store has them."""
        chosen: list[list[Followed]] = [[] for _ in pages]
        skipped = [0] * len(pages)
        if self._policy is None:
            return chosen, skipped
        # In memory, the resume rule for a followed link must see the store as the visits before it
        # left it: a link to a page recorded later in this batch counts as not yet recorded (the
        # frontier already holds that page, so it is not fetched twice). The disk frontier's seen
        # set already holds every URL the journal has.
        later: Counter[str] = Counter(v.url for v in visits)
        now = self._clock.time()
        refetch = self.config.resume.refetch_after_secs
        for i, (job, visit, page) in enumerate(zip(pages, visits, found, strict=True)):
            later[visit.url] -= 1
            if page is None:
                continue
            picked = self._policy.select(page_url=visit.url, depth=visit.depth, links=page.links, priority=job.task.priority).followed
            if self._db is None:
                keep = [f for f in picked if later[f.url] > 0 or self.writer.should_fetch(f.url, now_unix=now, refetch_after_secs=refetch)]
                skipped[i] = len(picked) - len(keep)
                picked = tuple(keep)
            chosen[i] = list(picked)
        return chosen, skipped

    def _not_modified(self, visit: Visit) -> Visit:
        """A 304 answer as a `not_modified` page line pointing at the stored body."""
        latest = self.writer.latest(visit.url) or {}
        sha = latest.get("sha256")
        if not sha:
            return visit
        return dataclasses.replace(
            visit,
            outcome=Outcome.NOT_MODIFIED,
            body=b"",
            sha256=sha,
            content_type=visit.content_type or latest.get("content_type"),
            truncated=bool(latest.get("truncated", False)),
            encoding_kept=latest.get("encoding_kept"),
        )
