"""The crawl job: resume, conditional refetch, polite dispatch, retries, journaling, links and follow mode.

`Crawl(config, writer).run_queue(path)` crawls a queue file of any size through the disk frontier
(`seaspider fetch`), sitemaps included (`crawl/sitemap_step.py`); `Crawl(config, writer).run(urls)`
crawls a few URLs held in memory (the service's worker), exactly those and the links it follows.
Both return a `CrawlSummary`. Store calls go through one journal thread (`crawl/journal_thread.py`),
never the event loop; one run's records are made in `crawl/records.py`.
Knows nothing about the CLI, signals or terminals.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.crawl.follow import FollowPolicy
from seaspider.crawl.frontier import Frontier, Task, window_for
from seaspider.crawl.journal_thread import JournalThread, Priority
from seaspider.crawl.progress import Progress
from seaspider.crawl.queuefile import BadLine
from seaspider.crawl.records import Journaled, PageJob, Recorder, RetryJob
from seaspider.crawl.retry import RETRY_STATUSES, RetryAction, decide_retry
from seaspider.crawl.summary import CrawlSummary, ResumePlan, RunCounts
from seaspider.errors import InvalidURL, UsageError
from seaspider.web.records import Outcome, Retry, RobotsFetch, Visit
from seaspider.web.urls import host_of

if TYPE_CHECKING:
    from seaspider.crawl.follow import SeenSet
    from seaspider.crawl.frontier import CrawlFrontier
    from seaspider.crawl.loader import LoadReport
    from seaspider.crawl.records import FrontierStore
    from seaspider.crawl.sitemap_step import SitemapStep
    from seaspider.net.fetch import Fetcher
    from seaspider.net.shared import RobotsShare, SharedBooking
    from seaspider.store.writer import StoreWriter

__all__ = ["Crawl"]

Hook = Callable[[Any], None] | None


class Crawl:
    """One crawl over a store writer: `run_queue`/`run` (blocking) or their `_async` forms (inside a loop).

    Without a fetcher it builds one per run (inside that run's event loop) that reads and saves
    politeness and robots state through the writer and journals robots fetches in order. A caller
    that keeps its own fetcher across runs (the service) passes one built with `state=writer`; each
    run borrows its robots sink (`Fetcher.robots_lines_to`), so robots lines go through the journal
    thread too.
    """

    def __init__(self, config: Config, writer: StoreWriter, fetcher: Fetcher | None = None, *, clock: Clock | None = None,
                 _slow_down: bool = True):  # fmt: skip
        """`_slow_down=False` leaves a host's delay alone after a 429/503: fault injection for the
        negative-control test only, never set by the crawler."""
        self._slow_down = _slow_down
        self.config = config
        self.writer = writer
        self.fetcher = fetcher
        self._clock = clock or SystemClock()
        self._journal_thread: JournalThread | None = None
        self._failure: BaseException | None = None
        self._failure_lock = threading.Lock()

    def _fail(self, exc: BaseException) -> None:
        with self._failure_lock:
            if self._failure is None:
                self._failure = exc

    def on_robots(self, fetch: RobotsFetch) -> None:
        """Journal a robots.txt fetch (called by the fetcher on the event loop; does not block)."""
        if self._journal_thread is None:
            self.writer.record_robots(fetch)
            return
        future = self._journal_thread.submit(Priority.ROBOTS, fetch)
        future.add_done_callback(lambda f: self._fail(f.exception()) if f.exception() else None)  # type: ignore[arg-type]

    # -- URLs in memory (the service) -----------------------------------------------------------

    def plan(self, urls: Iterable[str]) -> ResumePlan:
        """Apply the resume rule to `urls` (queue order); uncertain URLs from a crash come first."""
        now = self._clock.time()
        refetch = self.config.resume.refetch_after_secs
        queue = list(dict.fromkeys(urls))
        in_queue = set(queue)
        uncertain_all = tuple(self.writer.uncertain_urls)
        # A URL in flight at a crash is fetched again, first, even when this queue lacks it.
        first = [u for u in uncertain_all if u not in in_queue]
        todo: list[str] = []
        skipped = 0
        for url in first + queue:
            if not self.writer.should_fetch(url, now_unix=now, refetch_after_secs=refetch):
                skipped += url in in_queue
                continue
            todo.append(url)
        uncertain_set = set(uncertain_all)
        return ResumePlan(tuple(todo), skipped, sum(1 for u in todo if u in uncertain_set))

    def run(self, urls: Iterable[str], **hooks: Any) -> CrawlSummary:
        """Crawl `urls` (canonical, in queue order) to the end or until `should_stop()`; blocking.

        Hooks: `should_stop()`, `on_start(url)` when a URL's first request is about to go out (its
        intent is durable), `on_robots_check(url)` when robots.txt is fetched for it first,
        `on_visit(visit)` when its page line is, `on_retry(retry)` when a retry line is,
        `on_progress(progress)` after each visit.
        """
        return asyncio.run(self.run_async(urls, **hooks))

    async def run_async(self, urls: Iterable[str], **hooks: Any) -> CrawlSummary:
        """`run` inside a running event loop."""
        self._failure = None
        urls = list(urls)
        resume = self.plan(urls)
        frontier = Frontier(sort_query=self.config.fetch.sort_query)
        policy = FollowPolicy(self.config.follow) if self.config.follow.enabled else None
        counts = RunCounts(skipped=resume.skipped, uncertain=resume.uncertain)
        if policy is not None:
            for url in urls:
                policy.note_seed(url)
        for url in resume.todo:
            try:
                counts.planned += frontier.add(url)
            except InvalidURL as exc:
                self._fail(exc)
        recorder = Recorder(self.config, self.writer, self._clock, policy=policy, db=None)
        summary = await self._crawl(frontier, recorder, counts, db=None, **hooks)
        not_started = tuple(str(t.url) for t in frontier.drain())
        return dataclasses.replace(
            summary, outcomes={**summary.outcomes, "not_started": len(not_started)}, not_started=not_started,
            interrupted=summary.interrupted or bool(not_started),
        )  # fmt: skip

    # -- a queue file through the disk frontier (seaspider fetch) ----------------------------------

    def run_queue(self, queue: Path, **hooks: Any) -> CrawlSummary:
        """Crawl the queue file `queue` through the store's disk frontier; blocking.

        Hooks as for `run`, plus `on_bad_line(BadLine)` for each unusable line (as it is read) and
        `on_note(str)` for English notes (a rebuilt frontier, a finished load).
        """
        return asyncio.run(self.run_queue_async(queue, **hooks))

    async def run_queue_async(self, queue: Path, *, label: str | None = None, on_bad_line: Hook = None, on_note: Hook = None,
                              _after_batch: Hook = None, _ready_after_load: bool = False, **hooks: Any) -> CrawlSummary:  # fmt: skip
        """`run_queue` inside a running event loop.

        Test-only: `_after_batch(n)` runs in the loader thread after its n-th batch is stored;
        `_ready_after_load=True` holds the crawl back until the whole queue is loaded (fault
        injection for the negative control of "the first request does not wait for the load").
        """
        from seaspider.crawl.frontier_db import DiskSeen, FrontierDB
        from seaspider.crawl.loader import QueueLoader
        from seaspider.crawl.sitemap_step import SitemapStep

        loop = asyncio.get_running_loop()
        self._failure = None  # before the loader starts: it may report one at once
        db = await asyncio.to_thread(FrontierDB.open, self.writer.path)
        try:
            frontier = Frontier(sort_query=self.config.fetch.sort_query, source=db, capacity=window_for(self.config.fetch.concurrency))
            frontier.set_loading(True)
            sitemaps = SitemapStep(self.config, self.writer, db, frontier, now_unix=self._clock.time)
            policy = FollowPolicy(self.config.follow, seen=DiskSeen(db)) if self.config.follow.enabled else None
            counts = RunCounts()
            should_stop = hooks.get("should_stop") or (lambda: False)
            threadsafe = loop.call_soon_threadsafe

            def loaded(batch: Any) -> None:
                counts.planned += batch.new
                frontier.note_loaded(batch.hosts)
                sitemaps.poke()  # new queue origins may wait for their robots.txt's sitemaps

            batches = [0]

            def on_batch(batch: Any) -> None:
                threadsafe(loaded, batch)
                batches[0] += 1
                if _after_batch is not None:
                    _after_batch(batches[0])

            def bad(line: BadLine) -> None:
                counts.bad_lines += 1
                if on_bad_line is not None:
                    on_bad_line(line)

            def bad_from_loader(line: BadLine) -> None:  # on the loader's thread
                threadsafe(bad, line)

            loader = QueueLoader(
                db, queue, label=label or str(queue), sort_query=self.config.fetch.sort_query, track_dirs=policy is not None,
                on_batch=on_batch, on_bad=bad_from_loader,
                should_stop=lambda: self._failure is not None or should_stop(),
            )  # fmt: skip
            run_no: list[int] = []

            def ready(uncertain: int, queued: int, skipped: int, rebuilt: bool) -> None:
                counts.uncertain, counts.planned, counts.skipped = uncertain, counts.planned + queued, skipped
                if rebuilt and on_note is not None:
                    on_note(f"{db.path} did not fit the journal, so it was rebuilt from the journal and the queue.")
                frontier.set_ready()

            def finished(report: LoadReport) -> None:
                counts.skipped += report.held_done
                counts.duplicates += report.duplicates
                if on_note is not None and report.lines >= 100_000:
                    on_note(f"{queue}: loaded {report.lines} lines ({report.new} new URLs).")

            def load() -> None:
                try:
                    catch = db.catch_up()
                    refetch = self.config.resume.refetch_after_secs
                    start = db.start_run(refetch_before_unix=None if refetch is None else self._clock.time() - refetch)
                    run_no.append(start.run)
                    prior = loader.prior()
                    skipped = db.done_from(prior.id) if prior is not None else 0
                    if not _ready_after_load:
                        threadsafe(ready, catch.uncertain, start.queued, skipped, catch.rebuilt)
                    try:
                        report = loader.load()
                    except OSError as exc:
                        raise UsageError(f"{label or queue}: the queue file cannot be read ({exc.strerror or exc}).") from exc
                    if _ready_after_load:
                        threadsafe(ready, catch.uncertain, start.queued, skipped, catch.rebuilt)
                    threadsafe(finished, report)
                except BaseException as exc:  # noqa: BLE001 - handed to the run, which raises it
                    threadsafe(self._fail, exc)
                    threadsafe(frontier.set_ready)
                finally:
                    threadsafe(frontier.set_loading, False)
                    threadsafe(sitemaps.loader_finished)

            thread = threading.Thread(target=load, name="seaspider-loader", daemon=True)
            thread.start()
            recorder = Recorder(self.config, self.writer, self._clock, policy=policy, db=db, run=lambda: run_no[0] if run_no else 0)
            try:
                summary = await self._crawl(frontier, recorder, counts, db=db, sitemaps=sitemaps, **hooks)
            finally:
                await asyncio.to_thread(thread.join)
            if self._failure is not None:
                raise self._failure
            not_started = await asyncio.to_thread(db.count_queued)
            hosts = await asyncio.to_thread(db.hosts_finished, run_no[0]) if run_no else 0
        finally:
            await asyncio.to_thread(db.close)
        return dataclasses.replace(
            summary, outcomes={**summary.outcomes, "not_started": not_started}, hosts=hosts,
            interrupted=summary.interrupted or bool(not_started),
        )  # fmt: skip

    # -- a frontier shared with other processes (seaspider/cluster/) ------------------------------

    async def run_shared_async(self, frontier: CrawlFrontier, store: FrontierStore, *, seen: SeenSet | None = None,
                               booking: SharedBooking | None = None, robots_share: RobotsShare | None = None,
                               **hooks: Any) -> CrawlSummary:  # fmt: skip
        """Crawl `frontier`, whose URLs `store` settles once their lines are durable (a cluster's).

        The caller built both and loads URLs into them; `seen` is the follow policy's seen set,
        `booking` and `robots_share` go to the fetcher (the cluster's per-IP booking and robots.txt
        cache). Hooks as for `run`. The summary's `hosts` are the hosts this process served.
        """
        self._failure = None
        policy = FollowPolicy(self.config.follow, seen=seen) if self.config.follow.enabled and seen is not None else None
        counts = RunCounts(uncertain=len(self.writer.uncertain_urls))
        recorder = Recorder(self.config, self.writer, self._clock, policy=policy, db=store)
        summary = await self._crawl(frontier, recorder, counts, db=store, booking=booking, robots_share=robots_share, **hooks)
        return dataclasses.replace(summary, hosts=getattr(frontier, "hosts_served", 0))

    # -- the run ------------------------------------------------------------------------------

    async def _crawl(
        self,
        frontier: Frontier | CrawlFrontier,
        recorder: Recorder,
        counts: RunCounts,
        *,
        db: FrontierStore | None,
        booking: SharedBooking | None = None,
        robots_share: RobotsShare | None = None,
        sitemaps: SitemapStep | None = None,
        should_stop: Callable[[], bool] = lambda: False,
        on_progress: Callable[[Progress], None] | None = None,
        on_visit: Callable[[Visit], None] | None = None,
        on_start: Callable[[str], None] | None = None,
        on_robots_check: Callable[[str], None] | None = None,
        on_retry: Callable[[Retry], None] | None = None,
    ) -> CrawlSummary:
        """Dispatch `frontier` politely, journal every outcome, follow links, read sitemaps; the summary (hosts from memory)."""
        from seaspider.crawl.scheduler import run_crawl
        from seaspider.net.fetch import Fetcher

        started = self._clock.monotonic()
        journal = self._journal_thread = JournalThread(recorder.batches())
        own_fetcher = self.fetcher is None
        fetcher = self.fetcher or Fetcher(self.config, clock=self._clock, state=self.writer, on_robots=self.on_robots,
                                          booking=booking, robots_share=robots_share)  # fmt: skip
        pending: set[asyncio.Future[Journaled]] = set()
        sent: dict[int, bool] = {}  # id(task) -> the request was conditional
        # Page lines are written behind the crawl, up to this many at once; then visits wait.
        max_pending = max(64, 4 * self.config.fetch.concurrency)
        politeness = self.config.politeness
        follow = self.config.follow.enabled

        def stop_now() -> bool:
            return self._failure is not None or should_stop()

        async def record_intent(task: Task) -> Mapping[str, str] | None:
            # Awaited before the URL's first request: a crash after this leaves it `uncertain`.
            conditional: Mapping[str, str] | None = await asyncio.wrap_future(journal.submit(Priority.INTENT, task))
            sent[id(task)] = bool(conditional)
            if on_start is not None:
                on_start(str(task.url))
            return conditional

        def account(done: Journaled) -> None:
            task = done.task
            if done.retry is not None:
                counts.retries += 1
                frontier.retry(dataclasses.replace(task, attempts=done.retry.attempt), due_unix=done.retry.not_before_unix)
                if on_retry is not None:
                    on_retry(done.retry)
                return
            v = done.visit
            assert v is not None
            counts.visited += 1
            counts.outcomes[str(v.outcome)] = counts.outcomes.get(str(v.outcome), 0) + 1
            if db is None:
                counts.hosts.add(host_of(v.url))
            if v.outcome is Outcome.FETCHED:
                counts.bytes += len(v.body)
            elif v.outcome is Outcome.ERROR:
                counts.errors += 1
            counts.links += done.links_line
            counts.skipped += done.skipped_resume
            if db is None:
                assert isinstance(frontier, Frontier)
                for f in done.followed:
                    counts.followed += frontier.add(f.url, depth=f.depth, parent=f.parent, priority=f.priority)
            else:
                counts.followed += len(done.added)
                frontier.note_added(done.added)
                counts.listed += len(done.listed)
                counts.sitemap_urls += done.listed_pages
                frontier.note_added(done.listed)
            frontier.finish(task)
            if on_visit is not None:
                on_visit(v)
            if on_progress is not None:
                total = counts.planned + counts.followed + counts.listed + (sitemaps.files if sitemaps is not None else 0)
                hosts = len(counts.hosts) if db is None else getattr(frontier, "hosts_served", 0)
                on_progress(Progress(counts.visited, total, counts.errors, hosts, self._clock.monotonic() - started, counts.bytes))

        def settled(future: asyncio.Future[Journaled]) -> None:
            pending.discard(future)
            exc = future.exception()
            if exc is not None:
                self._fail(exc)  # a store failure stops the run; re-raised below
            else:
                account(future.result())

        async def visit_done(task: Task, visit: Visit) -> None:
            now = self._clock.time()
            if visit.status in RETRY_STATUSES and self._slow_down:
                # Politeness towards a struggling server: its delay doubles, and decays after successes.
                fetcher.politeness.slow_down(task.host, max_delay_s=politeness.max_crawl_delay_secs)
            elif visit.status is not None:
                fetcher.politeness.recover(task.host)
            decision = decide_retry(visit, attempts=task.attempts, retries=self.config.fetch.retries,
                                    max_delay_s=politeness.max_crawl_delay_secs, now_unix=now)  # fmt: skip
            job: PageJob | RetryJob
            if decision.action is RetryAction.RETRY:
                hop_ip = visit.chain[-1].ip if visit.chain else None
                retry = Retry(str(task.url), task.attempts + 1, decision.reason or "", visit.status, hop_ip, decision.retry_after_s,
                              decision.backoff_s, now + decision.wait_s, task.depth, task.parent)  # fmt: skip
                job = RetryJob(task, retry)
            else:
                if decision.action is RetryAction.DEFER:
                    visit = dataclasses.replace(visit, outcome=Outcome.DEFERRED, reason=decision.reason, body=b"", sha256=None, truncated=False)
                listing = None
                if sitemaps is not None:
                    visit, listing = await sitemaps.read(task, visit)  # a sitemap is read before its page line
                job = PageJob(task, visit, sent.pop(id(task), False), listing)
            sent.pop(id(task), None)
            future = asyncio.wrap_future(journal.submit(Priority.RECORD, job))
            pending.add(future)
            future.add_done_callback(settled)
            if follow or isinstance(job, RetryJob) or job.listing is not None:
                # Follow mode: the links must reach the frontier before it can look empty; a retry
                # must be back in it likewise, or the run could end without it; a sitemap's finds too.
                await asyncio.wait([future])
            elif len(pending) > max_pending:
                await asyncio.wait(list(pending), return_when=asyncio.FIRST_COMPLETED)

        discovery: asyncio.Future[None] | None = None
        if sitemaps is not None and sitemaps.discovering:
            discovery = asyncio.ensure_future(sitemaps.discover(fetcher, should_stop=stop_now))
            discovery.add_done_callback(
                lambda f: self._fail(f.exception()) if not f.cancelled() and f.exception() else None  # type: ignore[arg-type]
            )
        # A fetcher lent by the caller journals its robots lines through this run while it lasts.
        with fetcher.robots_lines_to(self.on_robots):
            try:
                await run_crawl(fetcher, frontier, concurrency=self.config.fetch.concurrency, on_intent=record_intent,
                                on_visit=visit_done, should_stop=stop_now, on_robots_check=on_robots_check,
                                clock=self._clock)  # fmt: skip
            finally:
                if discovery is not None:
                    # Done already unless the run stopped early: then the robots.txt requests in flight
                    # end as usual and the origins still waiting are left to the next run.
                    sitemaps.stop()  # type: ignore[union-attr]
                    await asyncio.gather(discovery, return_exceptions=True)
                if own_fetcher:
                    await fetcher.aclose()
                # Every submitted store call (robots lines included) finishes before we report.
                if pending:
                    await asyncio.wait(list(pending))
                await asyncio.to_thread(journal.close)
                self._journal_thread = None
        if self._failure is not None:
            raise self._failure
        return CrawlSummary(
            planned=counts.planned + counts.followed + counts.listed + (sitemaps.files if sitemaps is not None else 0),
            outcomes=dict(counts.outcomes),
            bytes=counts.bytes,
            wall_s=self._clock.monotonic() - started,
            hosts=len(counts.hosts),
            skipped_resume=counts.skipped,
            uncertain=counts.uncertain,
            followed=counts.followed,
            links_lines=counts.links,
            interrupted=should_stop(),
            not_started=(),
            store=str(Path(self.config.store)),
            retries=counts.retries,
            bad_lines=counts.bad_lines,
            duplicates=counts.duplicates,
            sitemaps=sitemaps.read_count if sitemaps is not None else 0,
            sitemap_urls=counts.sitemap_urls,
        )
