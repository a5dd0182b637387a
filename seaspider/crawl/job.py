"""The crawl job: resume, conditional refetch, polite dispatch, journaling, links and follow mode.

Used by `seaspider fetch` and by the service's worker thread alike:
`Crawl(config, writer).run(urls, should_stop=..., on_progress=...) -> CrawlSummary`.
Store calls fsync, so they run in one journal thread (intents first, otherwise in order), never on
the event loop; what queues up while it syncs is written as one group commit.
Knows nothing about the CLI, signals or terminals.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import queue
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.errors import InvalidURL
from seaspider.crawl.follow import Followed, FollowPolicy, host_of
from seaspider.crawl.frontier import Frontier, Task
from seaspider.web.links import extract_links
from seaspider.crawl.progress import Progress
from seaspider.crawl.sitemaps import SitemapStep
from seaspider.web.records import Outcome, RobotsFetch, Visit

if TYPE_CHECKING:
    from seaspider.net.fetch import Fetcher
    from seaspider.store.writer import Intent, StoreWriter

OUTCOME_KEYS = tuple(str(o) for o in Outcome) + ("not_started",)


@dataclass(frozen=True, slots=True)
class CrawlSummary:
    """What one crawl did. `not_started` lists URLs never dispatched (a stop request came first)."""

    planned: int  # URLs the run meant to fetch: queue after resume, uncertain ones, followed links
    outcomes: Mapping[str, int]  # fetched, disallowed, deferred, error, not_modified, not_started
    bytes: int  # decoded body bytes of fetched pages
    wall_s: float
    hosts: int  # distinct hosts visited
    skipped_resume: int  # URLs skipped because the store already has a good, fresh record
    uncertain: int  # URLs in flight at a crash, fetched again in this run
    followed: int  # links added by follow mode
    links_lines: int  # lines written to links.jsonl
    interrupted: bool
    not_started: tuple[str, ...]
    store: str
    sitemaps: int = 0  # sitemap files read (fetched, or from the store when the resume rule skipped them)
    sitemap_urls: int = 0  # page URLs sitemaps added to the frontier

    @property
    def visited(self) -> int:
        return sum(n for k, n in self.outcomes.items() if k != "not_started")

    @property
    def pages_per_s(self) -> float:
        return self.visited / self.wall_s if self.wall_s > 0 else 0.0

    def to_json(self, *, queue: str | None = None, bad_lines: int = 0, duplicates: int = 0) -> dict[str, Any]:
        """The summary object `seaspider fetch` prints (schemas/summary.schema.json)."""
        return {
            "queue": queue,
            "store": self.store,
            "planned": self.planned,
            "outcomes": {k: int(self.outcomes.get(k, 0)) for k in OUTCOME_KEYS},
            "bytes": self.bytes,
            "pages_per_s": round(self.pages_per_s, 3),
            "wall_s": round(self.wall_s, 3),
            "hosts": self.hosts,
            "skipped_resume": self.skipped_resume,
            "uncertain": self.uncertain,
            "bad_lines": bad_lines,
            "duplicates": duplicates,
            "followed": self.followed,
            "links_lines": self.links_lines,
            "sitemaps": self.sitemaps,
            "sitemap_urls": self.sitemap_urls,
            "interrupted": self.interrupted,
        }


@dataclass(frozen=True, slots=True)
class ResumePlan:
    """What the resume rule leaves to fetch, and the conditional headers of due refetches."""

    todo: tuple[str, ...]  # in dispatch-insertion order: uncertain URLs not in the queue, then the queue
    conditional: Mapping[str, Mapping[str, str]]  # If-None-Match / If-Modified-Since per URL due again
    skipped: int  # queue URLs whose stored record is good and fresh
    uncertain: int  # URLs left uncertain by a crash that are fetched again


@dataclass(frozen=True, slots=True)
class _Journaled:
    """What the journal thread did with one visit: the visit as recorded and the links to add."""

    visit: Visit
    followed: tuple[Followed, ...]
    skipped_resume: int
    links_line: bool


class _Priority:
    INTENT = 0  # gates a request: a slot is waiting on it
    ROBOTS = 1
    RECORD = 2  # page and links lines: nothing waits on them unless follow mode needs the links
    CLOSE = 3


# A group commit holds at most this many records of one kind, so the first of them is not kept
# waiting behind an unbounded write.
MAX_BATCH = 256

Batch = Callable[[list[Any]], list[Any]]  # payloads -> one result per payload, in order


class _JournalThread:
    """The one thread that makes store calls, intents first, otherwise in order, in group commits.

    Store calls fsync; on the event loop they would stall every request. Whatever queued up while
    the previous write synced is taken at once and handed, kind by kind, to that kind's batch
    function (one fsync for all of them); each future is resolved only after its batch returned,
    i.e. after its fsync. Intents go first because each one holds back a request whose politeness
    slot is already open; the page line of an earlier visit can wait a few milliseconds without
    harm (its intent is durable).
    """

    def __init__(self, batches: Mapping[int, Batch]) -> None:
        self._batches = batches
        self._queue: queue.PriorityQueue[tuple[int, int, Any, Future[Any] | None]] = queue.PriorityQueue()
        self._seq = itertools.count()
        self.commits: Counter[int] = Counter()  # group commits per priority, for tests and benchmarks
        self._thread = threading.Thread(target=self._work, name="seaspider-journal", daemon=True)
        self._thread.start()

    def submit(self, priority: int, payload: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self._queue.put((priority, next(self._seq), payload, future))
        return future

    def _take(self) -> tuple[dict[int, list[tuple[Any, Future[Any]]]], bool]:
        """Wait for one job, then take every job already queued: (jobs by priority, closing)."""
        jobs: dict[int, list[tuple[Any, Future[Any]]]] = {}
        closing = False
        item = self._queue.get()
        while True:
            priority, _seq, payload, future = item
            if future is None:
                closing = True
            elif future.set_running_or_notify_cancel():
                jobs.setdefault(priority, []).append((payload, future))
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                return jobs, closing

    def _work(self) -> None:
        while True:
            jobs, closing = self._take()
            for priority in sorted(jobs):
                todo = jobs[priority]
                for start in range(0, len(todo), MAX_BATCH):
                    self._run(priority, todo[start : start + MAX_BATCH])
            if closing:
                return

    def _run(self, priority: int, chunk: list[tuple[Any, Future[Any]]]) -> None:
        self.commits[priority] += 1
        try:
            results = self._batches[priority]([payload for payload, _future in chunk])
        except BaseException as exc:  # noqa: BLE001 - handed to whoever awaits the futures
            for _payload, future in chunk:
                future.set_exception(exc)
            return
        for (_payload, future), result in zip(chunk, results, strict=True):
            future.set_result(result)

    def close(self) -> None:
        """Run everything submitted so far, then stop the thread."""
        self._queue.put((_Priority.CLOSE, next(self._seq), None, None))
        self._thread.join()


class _ConditionalFetcher:
    """The fetcher, with If-None-Match / If-Modified-Since added for URLs due for a refetch."""

    def __init__(self, fetcher: Fetcher, conditional: Mapping[str, Mapping[str, str]]):
        self._fetcher = fetcher
        self._conditional = conditional

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fetcher, name)

    async def visit(self, url: str, *, depth: int = 0, parent: str | None = None, conditional: Mapping[str, str] | None = None) -> Visit:
        return await self._fetcher.visit(url, depth=depth, parent=parent, conditional=conditional or self._conditional.get(url))


class Crawl:
    """One crawl over a store writer: call `run` (blocking) or `run_async` (inside a loop).

    Without a fetcher it builds one per run (inside that run's event loop) that reads and saves
    politeness and robots state through the writer and journals robots fetches in order. A caller
    that keeps its own fetcher across runs (the service) sets `crawl.fetcher` to one built with
    `state=writer, on_robots=crawl.on_robots`, so robots lines go through the journal thread too.
    """

    def __init__(self, config: Config, writer: StoreWriter, fetcher: Fetcher | None = None, *, clock: Clock | None = None):
        self.config = config
        self.writer = writer
        self.fetcher = fetcher
        self._clock = clock or SystemClock()
        self._journal_thread: _JournalThread | None = None
        self._failure: BaseException | None = None
        self._failure_lock = threading.Lock()

    # -- the journal thread -------------------------------------------------------------------

    def _fail(self, exc: BaseException) -> None:
        with self._failure_lock:
            if self._failure is None:
                self._failure = exc

    def _journal_batches(self) -> dict[int, Batch]:
        """What the journal thread does with each kind of job, given all of that kind queued."""
        return {
            _Priority.INTENT: self._record_intents,
            _Priority.ROBOTS: lambda fetches: [self.writer.record_robots(f) for f in fetches],
            _Priority.RECORD: self._record_batch,
        }

    def _record_intents(self, intents: list[Intent]) -> list[None]:
        """In the journal thread: every queued intent with one fsync."""
        self.writer.record_intents(intents)
        return [None] * len(intents)

    def on_robots(self, fetch: RobotsFetch) -> None:
        """Journal a robots.txt fetch (called by the fetcher on the event loop; does not block)."""
        if self._journal_thread is None:
            self.writer.record_robots(fetch)
            return
        future = self._journal_thread.submit(_Priority.ROBOTS, fetch)
        future.add_done_callback(lambda f: self._fail(f.exception()) if f.exception() else None)  # type: ignore[arg-type]

    def _record_batch(self, jobs: list[tuple[Visit, bool, FollowPolicy | None]]) -> list[_Journaled]:
        """In the journal thread: page lines and links lines as one group commit, then follow decisions."""
        visits: list[Visit] = []
        pages: list[Any] = []
        for visit, sent_conditional, _policy in jobs:
            if visit.outcome is Outcome.NOT_MODIFIED or (sent_conditional and visit.status == 304):
                visit = self._not_modified(visit)
            page = None
            if visit.outcome is Outcome.FETCHED and visit.body:
                page = extract_links(
                    visit.body,
                    url=visit.final_url,
                    content_type=visit.content_type,
                    headers=visit.headers,
                    robot_token=self.config.robot.token,
                )
                if not page.scanned:
                    page = None
            visits.append(visit)
            pages.append(page)
        self.writer.record_visits([(v, p.to_json() if p is not None else None) for v, p in zip(visits, pages, strict=True)])
        # The resume rule for a followed link must see the store as the visits before it left it:
        # a link to a page recorded later in this batch counts as not yet recorded (the frontier
        # already holds that page, so it is not fetched twice).
        later: Counter[str] = Counter(v.url for v in visits)
        done = []
        for visit, page, (_visit, _sent, policy) in zip(visits, pages, jobs, strict=True):
            later[visit.url] -= 1
            followed: tuple[Followed, ...] = ()
            skipped = 0
            if page is not None and policy is not None:
                chosen = policy.select(page_url=visit.url, depth=visit.depth, links=page.links).followed
                now = self._clock.time()
                keep = []
                for f in chosen:
                    if later[f.url] > 0 or self.writer.should_fetch(f.url, now_unix=now, refetch_after_secs=self.config.resume.refetch_after_secs):
                        keep.append(f)
                    else:
                        skipped += 1
                followed = tuple(keep)
            done.append(_Journaled(visit, followed, skipped, page is not None))
        return done

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
        )

    # -- the run ------------------------------------------------------------------------------

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
        conditional: dict[str, dict[str, str]] = {}
        skipped = 0
        for url in first + queue:
            if not self.writer.should_fetch(url, now_unix=now, refetch_after_secs=refetch):
                skipped += url in in_queue
                continue
            todo.append(url)
            if refetch is not None:
                latest = self.writer.latest(url)
                if latest is not None and latest.get("outcome") in (Outcome.FETCHED, Outcome.NOT_MODIFIED):
                    headers = self.writer.conditional_headers(url)
                    if headers:
                        conditional[url] = dict(headers)
        uncertain_set = set(uncertain_all)
        uncertain = sum(1 for u in todo if u in uncertain_set)
        return ResumePlan(tuple(todo), conditional, skipped, uncertain)

    def run(
        self,
        urls: Iterable[str],
        *,
        should_stop: Callable[[], bool] = lambda: False,
        on_progress: Callable[[Progress], None] | None = None,
        on_visit: Callable[[Visit], None] | None = None,
        on_start: Callable[[str], None] | None = None,
        sitemaps: Iterable[str] = (),
    ) -> CrawlSummary:
        """Crawl `urls` (canonical, in queue order) to the end or until `should_stop()`; blocking.

        `sitemaps` are sitemap URLs to read (the queue's "kind": "sitemap" lines); with
        follow.sitemaps the sitemaps each queue origin's robots.txt names are read too.

        `on_start(url)` is called when a URL's first request is about to go out (its intent is
        durable), `on_visit(visit)` when its page line is, and `on_progress` after each visit.
        """
        return asyncio.run(
            self.run_async(urls, should_stop=should_stop, on_progress=on_progress, on_visit=on_visit, on_start=on_start, sitemaps=sitemaps)
        )

    async def run_async(
        self,
        urls: Iterable[str],
        *,
        should_stop: Callable[[], bool] = lambda: False,
        on_progress: Callable[[Progress], None] | None = None,
        on_visit: Callable[[Visit], None] | None = None,
        on_start: Callable[[str], None] | None = None,
        sitemaps: Iterable[str] = (),
    ) -> CrawlSummary:
        """`run` inside a running event loop."""
        from seaspider.net.fetch import Fetcher
        from seaspider.crawl.scheduler import run_crawl
        from seaspider.store.writer import Intent

        started = self._clock.monotonic()
        self._failure = None
        urls = list(urls)
        resume = self.plan(urls)
        todo, conditional, skipped_resume, uncertain = resume.todo, resume.conditional, resume.skipped, resume.uncertain
        frontier = Frontier(sort_query=self.config.fetch.sort_query)
        policy = FollowPolicy(self.config.follow) if self.config.follow.enabled else None
        for url in urls:
            if policy is not None:
                policy.note_seed(url)
        planned = 0
        for url in todo:
            try:
                planned += frontier.add(url)
            except InvalidURL as exc:
                self._fail(exc)
        outcomes: Counter[str] = Counter()
        hosts: set[str] = set()
        visited: set[str] = set()
        state = {"bytes": 0, "errors": 0, "followed": 0, "links": 0, "skipped": skipped_resume}

        journal = self._journal_thread = _JournalThread(self._journal_batches())
        own_fetcher = self.fetcher is None
        fetcher = self.fetcher or Fetcher(self.config, clock=self._clock, state=self.writer, on_robots=self.on_robots)
        visiting = _ConditionalFetcher(fetcher, conditional) if conditional else fetcher
        sitemap_urls = list(sitemaps)
        step = SitemapStep(self.config, self.writer, now_unix=self._clock.time) if self.config.follow.sitemaps or sitemap_urls else None
        pending: set[asyncio.Future[_Journaled]] = set()
        # Page lines are written behind the crawl, up to this many at once; then visits wait.
        max_pending = max(64, 4 * self.config.fetch.concurrency)

        def stop_now() -> bool:
            return self._failure is not None or should_stop()

        async def record_intent(task: Task) -> None:
            # Awaited before the URL's first request: a crash after this leaves it `uncertain`.
            await asyncio.wrap_future(journal.submit(_Priority.INTENT, Intent(task.url, task.depth, task.parent)))
            if on_start is not None:
                on_start(task.url)

        def account(done: _Journaled) -> None:
            v = done.visit
            visited.add(v.url)
            outcomes[str(v.outcome)] += 1
            hosts.add(host_of(v.url))
            if v.outcome is Outcome.FETCHED:
                state["bytes"] += len(v.body)
            elif v.outcome is Outcome.ERROR:
                state["errors"] += 1
            state["links"] += done.links_line
            state["skipped"] += done.skipped_resume
            for f in done.followed:
                if frontier.add(f.url, depth=f.depth, parent=f.parent):
                    state["followed"] += 1
            if on_visit is not None:
                on_visit(v)
            if on_progress is not None:
                total = planned + state["followed"] + (step.added if step is not None else 0)
                on_progress(Progress(len(visited), total, state["errors"], len(hosts), self._clock.monotonic() - started, state["bytes"]))

        def settled(future: asyncio.Future[_Journaled]) -> None:
            pending.discard(future)
            exc = future.exception()
            if exc is not None:
                self._fail(exc)  # a store failure stops the run; re-raised below
            else:
                account(future.result())

        async def visit_done(visit: Visit) -> None:
            if step is not None:
                visit = await step.on_visit(visit, frontier)  # a sitemap's URLs reach the frontier first
            sent = visit.url in conditional
            future = asyncio.wrap_future(journal.submit(_Priority.RECORD, (visit, sent, policy)))
            pending.add(future)
            future.add_done_callback(settled)
            if policy is not None:
                # Follow mode: the links must reach the frontier before it can look empty.
                await asyncio.wait([future])
            elif len(pending) > max_pending:
                await asyncio.wait(list(pending), return_when=asyncio.FIRST_COMPLETED)

        try:
            if step is not None:
                await step.start(fetcher, frontier, queue_urls=urls, sitemaps=sitemap_urls, should_stop=stop_now)
            await run_crawl(
                visiting,  # type: ignore[arg-type]
                frontier,
                concurrency=self.config.fetch.concurrency,
                on_intent=record_intent,
                on_visit=visit_done,
                should_stop=stop_now,
            )
        finally:
            if own_fetcher:
                await fetcher.aclose()
            # Every submitted store call (robots lines included) finishes before we report.
            if pending:
                await asyncio.wait(list(pending))
            await asyncio.to_thread(journal.close)
            self._journal_thread = None
        if self._failure is not None:
            raise self._failure
        not_started = []
        while (task := frontier.pop()) is not None:
            not_started.append(task.url)
        outcomes["not_started"] = len(not_started)
        return CrawlSummary(
            planned=planned + state["followed"] + (step.added if step is not None else 0),
            outcomes=dict(outcomes),
            bytes=state["bytes"],
            wall_s=self._clock.monotonic() - started,
            hosts=len(hosts),
            skipped_resume=state["skipped"],
            uncertain=uncertain,
            followed=state["followed"],
            links_lines=state["links"],
            interrupted=bool(not_started) or should_stop(),
            not_started=tuple(not_started),
            store=str(Path(self.config.store)),
            sitemaps=step.discovery.counts["read"] if step is not None else 0,
            sitemap_urls=step.pages if step is not None else 0,
        )
