"""The one thread that makes store calls for a crawl: intents first, otherwise in order, in group commits.

Store calls fsync; on the event loop they would stall every request. Knows nothing about what it
journals: each kind of job has a batch function (payloads in, one result per payload out).
"""

from __future__ import annotations

import itertools
import queue
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from typing import Any

__all__ = ["MAX_BATCH", "Batch", "JournalThread", "Priority"]


class Priority:
    """The order in which the journal thread takes jobs: lower first."""

    INTENT = 0  # gates a request: a slot is waiting on it
    ROBOTS = 1
    RECORD = 2  # page and links lines: nothing waits on them unless follow mode needs the links
    CLOSE = 3


# A group commit holds at most this many records of one kind, so the first of them is not kept
# waiting behind an unbounded write.
MAX_BATCH = 256

Batch = Callable[[list[Any]], list[Any]]  # payloads -> one result per payload, in order


class JournalThread:
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
        self._queue.put((Priority.CLOSE, next(self._seq), None, None))
        self._thread.join()
