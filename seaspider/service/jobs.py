"""The job queue and the one worker thread that owns the crawler; `jobs.jsonl` records every job event.

Order: urgent jobs first, then by arrival; at most `MAX_WAITING` wait. One job runs at a time and is
never interrupted by a prompt; a stop lets the URL in flight finish and records the rest as not started.
Knows nothing about sockets or English: the runner that does the work is injected.
"""

from __future__ import annotations

import enum
import heapq
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from seaspider.clock import Clock, SystemClock
from seaspider.service.ledger import open_journal
from seaspider.store.journal import read_jsonl
from seaspider.service.reports import LastJob

__all__ = [
    "Job",
    "JobKind",
    "JobQueue",
    "JobResult",
    "JobRunner",
    "MAX_KEPT_RESULTS",
    "MAX_WAITING",
    "Priority",
    "Submitted",
    "UrlDone",
    "Worker",
    "interrupted_jobs",
    "last_finished",
]

MAX_WAITING = 64  # the spec's bound on the waiting queue: a full queue is an answer, not a hang
MAX_KEPT_RESULTS = 256  # finished jobs whose results can still be awaited (robots checks)


class Priority(enum.StrEnum):
    URGENT = "urgent"
    NORMAL = "normal"


class JobKind(enum.StrEnum):
    FETCH = "fetch"
    ROBOTS = "robots"


@dataclass(frozen=True, slots=True)
class Job:
    """One unit of work for the worker: fetch some URLs, or check the robots.txt of one URL."""

    id: str
    kind: JobKind
    urls: tuple[str, ...]
    asked_by: str
    priority: Priority
    seq: int
    queued_unix: float


@dataclass(frozen=True, slots=True)
class UrlDone:
    """One URL of a job has an outcome (`fetched`, `not_modified`, `disallowed`, `deferred`, `error`)."""

    url: str
    outcome: str
    status: int | None = None


@dataclass(frozen=True, slots=True)
class JobResult:
    """What a runner reports when a job ends. `verdict` is the robots answer of a robots job."""

    fetched: int = 0
    failed: int = 0
    not_started: tuple[str, ...] = ()
    interrupted: bool = False
    verdict: Any = None
    error: str | None = None  # why the whole job failed, in English


@dataclass(frozen=True, slots=True)
class Submitted:
    """The answer to a submission: queued with the jobs ahead of it, or refused because the queue is full."""

    queued: bool
    job: Job | None
    ahead: int
    limit: int


class JobRunner(Protocol):
    """Does the work of one job in the worker thread. Created in that thread; closed there."""

    def run(
        self,
        job: Job,
        *,
        should_stop: Callable[[], bool],
        on_now: Callable[[str], None],
        on_url: Callable[[UrlDone], None],
    ) -> JobResult: ...

    def close(self) -> None: ...


@dataclass
class JobQueue:
    """Waiting jobs: urgent first, then by arrival. Pure: no threads, no I/O."""

    limit: int = MAX_WAITING
    _heap: list[tuple[int, int, Job]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self._heap)

    @staticmethod
    def _key(job: Job) -> tuple[int, int]:
        return (0 if job.priority is Priority.URGENT else 1, job.seq)

    def push(self, job: Job) -> int | None:
        """Add `job`; returns how many waiting jobs are ahead of it, or None when the queue is full."""
        if len(self._heap) >= self.limit:
            return None
        key = self._key(job)
        ahead = sum(1 for entry in self._heap if entry[:2] < key)
        heapq.heappush(self._heap, (*key, job))
        return ahead

    def pop(self) -> Job | None:
        """The next job to run, or None."""
        return heapq.heappop(self._heap)[2] if self._heap else None

    def drain(self) -> list[Job]:
        """Remove and return every waiting job in run order."""
        jobs = [entry[2] for entry in sorted(self._heap)]
        self._heap.clear()
        return jobs


def interrupted_jobs(lines: list[dict[str, Any]]) -> list[str]:
    """Jobs a journal left queued or started but never finished or interrupted. Pure."""
    open_jobs: dict[str, None] = {}
    for line in lines:
        job = line.get("job")
        if not isinstance(job, str):
            continue
        if line.get("event") in ("queued", "started"):
            open_jobs[job] = None
        elif line.get("event") in ("finished", "interrupted"):
            open_jobs.pop(job, None)
    return list(open_jobs)


def last_finished(lines: list[dict[str, Any]]) -> LastJob | None:
    """The last fetch job that finished, or that a restart found interrupted after it started. Pure."""
    totals: dict[str, int] = {}
    kinds: dict[str, str] = {}
    started: set[str] = set()
    good: dict[str, int] = {}
    bad: dict[str, int] = {}
    for line in lines:
        job = line.get("job")
        if not isinstance(job, str):
            continue
        event = line.get("event")
        if event == "queued":
            totals[job] = len(line.get("urls") or [])
            kinds[job] = str(line.get("kind", "fetch"))
        elif event == "started":
            started.add(job)
        elif event == "url":
            target = good if line.get("outcome") in ("fetched", "not_modified") else bad
            target[job] = target.get(job, 0) + 1
    for line in reversed(lines):
        job = line.get("job")
        if not isinstance(job, str) or kinds.get(job, "fetch") != "fetch":
            continue
        if line.get("event") == "finished":
            return LastJob(
                job=job,
                urls_total=totals.get(job, int(line.get("fetched", 0)) + int(line.get("failed", 0))),
                fetched=int(line.get("fetched", 0)),
                failed=int(line.get("failed", 0)),
                finished_unix=float(line.get("unix", 0.0)),
                interrupted=bool(line.get("interrupted", False)),
            )
        if line.get("event") == "interrupted" and job in started:
            return LastJob(job=job, urls_total=totals.get(job, 0), fetched=good.get(job, 0), failed=bad.get(job, 0),
                           finished_unix=float(line.get("unix", 0.0)), interrupted=True)
    return None


class Worker:
    """Runs jobs one at a time in one thread that owns the runner (the crawler, store writer, timers).

    `submit` queues and returns at once; `status` reads the job state without waiting for work;
    `await_result` lets a caller wait (bounded) for a job it queued; `stop` finishes the URL in flight.
    """

    def __init__(
        self,
        journal_path: Path,
        runner_factory: Callable[[], JobRunner],
        *,
        clock: Clock | None = None,
        limit: int = MAX_WAITING,
        check: Callable[[dict[str, Any]], None] | None = None,
    ) -> None:
        self._clock = clock or SystemClock()
        self._factory = runner_factory
        lines = list(read_jsonl(journal_path))
        self._journal = open_journal(journal_path, name="jobs", check=check)
        # A restart never replays: what the last server left open is recorded as interrupted.
        self.interrupted_at_start = tuple(interrupted_jobs(lines))
        for job_id in self.interrupted_at_start:
            self._log("interrupted", job_id, reason="the server stopped before this job finished")
            lines.append({"event": "interrupted", "job": job_id, "unix": self._clock.time()})
        self._last = last_finished(lines)
        self._seq = max((int(line.get("seq", 0)) for line in lines if line.get("event") == "queued"), default=0)
        self._queue = JobQueue(limit=limit)
        self._cond = threading.Condition()
        self._current: Job | None = None
        self._done = 0
        self._now: str | None = None
        self._results: OrderedDict[str, JobResult] = OrderedDict()
        self._stopping = False
        self._thread: threading.Thread | None = None
        self._started = threading.Event()
        self._start_error: BaseException | None = None

    # -- journal --------------------------------------------------------------------------------

    def _log(self, event: str, job_id: str, **fields: Any) -> None:
        self._journal.append_record({"event": event, "job": job_id, "unix": self._clock.time(), **fields})

    # -- life cycle -----------------------------------------------------------------------------

    def start(self) -> None:
        """Start the worker thread; returns once its runner exists, re-raising a failure to create it."""
        self._thread = threading.Thread(target=self._main, name="seaspider-worker", daemon=True)
        self._thread.start()
        self._started.wait()
        if self._start_error is not None:
            self._thread.join()
            raise self._start_error

    def stop(self, *, timeout_s: float | None = None) -> None:
        """Let the URL in flight finish, record the rest as not started, and end the thread."""
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(timeout_s)

    def close(self) -> None:
        self._journal.close()

    @property
    def stopping(self) -> bool:
        return self._stopping

    # -- the caller's side ---------------------------------------------------------------------

    def next_job_id(self, caller: str, request_id: str, index: int = 0) -> str:
        """`octopus-7-0`: caller, request id, index of the job within the request."""
        return f"{caller}-{request_id}-{index}"

    def submit(self, job_id: str, kind: JobKind, urls: tuple[str, ...], *, asked_by: str, priority: Priority) -> Submitted:
        """Queue a job (journaled as `queued` before this returns) or say the queue is full."""
        with self._cond:
            if self._stopping or len(self._queue) >= self._queue.limit:
                return Submitted(queued=False, job=None, ahead=0, limit=self._queue.limit)
            self._seq += 1
            job = Job(job_id, kind, urls, asked_by, priority, self._seq, self._clock.time())
            # Journal first: a job the caller heard about is always on disk.
            self._log("queued", job.id, kind=str(kind), urls=list(urls), asked_by=asked_by, priority=str(priority), seq=job.seq)
            ahead = self._queue.push(job)
            assert ahead is not None  # the size was checked under the same lock
            ahead += 1 if self._current is not None else 0
            self._cond.notify_all()
            return Submitted(queued=True, job=job, ahead=ahead, limit=self._queue.limit)

    def is_idle(self) -> bool:
        """True when nothing runs and nothing waits."""
        with self._cond:
            return self._current is None and len(self._queue) == 0

    def status(self) -> dict[str, Any]:
        """The status report's state, current, waiting and last fields; never waits for work."""
        with self._cond:
            current = None
            if self._current is not None:
                job = self._current
                current = {"job": job.id, "urls_total": len(job.urls), "urls_done": self._done, "now": self._now, "asked_by": job.asked_by}
            return {
                "state": "working" if current is not None else "idle",
                "current": current,
                "waiting": len(self._queue),
                "last": dict(self._last) if self._last is not None else None,
            }

    def await_result(self, job_id: str, timeout_s: float) -> JobResult | None:
        """The result of `job_id` once it finished, waiting at most `timeout_s`; None if not in time."""
        # A real wait on a real clock: the injected clock stamps records, it does not pace threads.
        deadline = time.monotonic() + timeout_s
        with self._cond:
            while job_id not in self._results:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self._thread is None or not self._thread.is_alive():
                    return None
                self._cond.wait(remaining)
            return self._results[job_id]

    # -- the worker thread ----------------------------------------------------------------------

    def _main(self) -> None:
        try:
            runner = self._factory()
        except BaseException as exc:  # re-raised in start() on the caller's thread
            self._start_error = exc
            self._started.set()
            return
        self._started.set()
        try:
            while True:
                with self._cond:
                    while not self._stopping and len(self._queue) == 0:
                        self._cond.wait()
                    if self._stopping:
                        break
                    job = self._queue.pop()
                    assert job is not None
                    self._current, self._done, self._now = job, 0, None
                self._run_one(runner, job)
        finally:
            with self._cond:
                left = self._queue.drain()
            for job in left:
                self._log("interrupted", job.id, reason="the server stopped before this job started")
            runner.close()
            with self._cond:
                self._cond.notify_all()

    def _run_one(self, runner: JobRunner, job: Job) -> None:
        self._log("started", job.id, kind=str(job.kind))

        def on_now(url: str) -> None:
            with self._cond:
                self._now = url

        finished: set[str] = set()

        def on_url(done: UrlDone) -> None:
            self._log("url", job.id, url=done.url, outcome=done.outcome, status=done.status)
            with self._cond:
                self._done += 1
                finished.add(done.url)
                if self._now == done.url:
                    # The next URL may wait seconds for its politeness slot before its visit starts:
                    # name it from now on rather than the one just finished.
                    self._now = next((url for url in job.urls if url not in finished), None)

        try:
            result = runner.run(job, should_stop=lambda: self._stopping, on_now=on_now, on_url=on_url)
        except Exception as exc:  # noqa: BLE001 - a failing job must not kill the only worker
            result = JobResult(failed=len(job.urls) - self._done, error=f"the job failed ({exc.__class__.__name__}: {exc})")
        self._log(
            "finished",
            job.id,
            kind=str(job.kind),
            fetched=result.fetched,
            failed=result.failed,
            not_started=list(result.not_started),
            interrupted=result.interrupted,
            error=result.error,
        )
        with self._cond:
            if job.kind is JobKind.FETCH:
                self._last = LastJob(job=job.id, urls_total=len(job.urls), fetched=result.fetched, failed=result.failed,
                                     finished_unix=self._clock.time(), interrupted=result.interrupted)
            self._results[job.id] = result
            while len(self._results) > MAX_KEPT_RESULTS:
                self._results.popitem(last=False)
            self._current, self._now = None, None
            self._cond.notify_all()
