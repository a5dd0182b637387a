"""seaspider/crawl/job.py journal thread: what queues up during a write becomes one group commit, intents first."""

from __future__ import annotations

import threading
from concurrent.futures import Future, wait
from pathlib import Path
from typing import Any

import pytest
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.config import build_config
from seaspider.crawl.frontier import Task
from seaspider.crawl.records import PageJob, Recorder
from seaspider.crawl.journal_thread import MAX_BATCH
from seaspider.crawl.journal_thread import JournalThread as _JournalThread
from seaspider.crawl.journal_thread import Priority as _Priority
from seaspider.crawl.follow import FollowPolicy
from seaspider.store.writer import StoreWriter
from seaspider.web.urls import parse_url


class _Gate:
    """Batch functions that log their calls; the first call blocks until released."""

    def __init__(self) -> None:
        self.calls: list[tuple[int, list[Any]]] = []
        self.started = threading.Event()
        self.release = threading.Event()
        self.futures: dict[Any, Future[Any]] = {}
        self.done_during_batch: list[Any] = []

    def batch(self, priority: int) -> Any:
        def run(payloads: list[Any]) -> list[Any]:
            self.calls.append((priority, payloads))
            if len(self.calls) == 1:
                self.started.set()
                assert self.release.wait(10)
            # Nothing of this batch may be reported before it returns (i.e. before its fsync).
            self.done_during_batch += [p for p in payloads if p in self.futures and self.futures[p].done()]
            if "boom" in payloads:
                raise OSError(28, "No space left on device")
            return [f"{p}!" for p in payloads]

        return run

    def thread(self, cls: type[_JournalThread] = _JournalThread) -> _JournalThread:
        return cls({p: self.batch(p) for p in (_Priority.INTENT, _Priority.ROBOTS, _Priority.RECORD)})


def _hold_first(gate: _Gate, thread: _JournalThread) -> Future[Any]:
    first = thread.submit(_Priority.RECORD, "first")
    assert gate.started.wait(10)
    return first


def test_jobs_queued_during_a_write_are_one_batch_and_intents_go_first() -> None:
    gate = _Gate()
    thread = gate.thread()
    first = _hold_first(gate, thread)
    for name in ("p1", "p2", "p3"):
        gate.futures[name] = thread.submit(_Priority.RECORD, name)
    gate.futures["i1"] = thread.submit(_Priority.INTENT, "i1")
    gate.futures["i2"] = thread.submit(_Priority.INTENT, "i2")
    assert not any(f.done() for f in gate.futures.values())
    gate.release.set()
    wait(list(gate.futures.values()), timeout=10)
    thread.close()
    assert first.result() == "first!"
    assert gate.calls == [(_Priority.RECORD, ["first"]), (_Priority.INTENT, ["i1", "i2"]), (_Priority.RECORD, ["p1", "p2", "p3"])]
    assert {k: f.result() for k, f in gate.futures.items()} == {k: f"{k}!" for k in gate.futures}
    assert thread.commits == {_Priority.RECORD: 2, _Priority.INTENT: 1}
    assert gate.done_during_batch == []


class _EarlyAck(_JournalThread):
    """Broken on purpose: reports each job done before its batch is written."""

    def _run(self, priority: int, chunk: list[tuple[Any, Future[Any]]]) -> None:
        for payload, future in chunk:
            future.set_result(payload)
        self._batches[priority]([payload for payload, _future in chunk])


def test_a_thread_that_acknowledges_before_the_write_is_caught() -> None:  # negative control
    gate = _Gate()
    thread = gate.thread(_EarlyAck)
    _hold_first(gate, thread)
    gate.futures["p1"] = thread.submit(_Priority.RECORD, "p1")
    gate.release.set()
    wait([gate.futures["p1"]], timeout=10)
    thread.close()
    assert gate.done_during_batch == ["p1"]


def test_a_failed_batch_fails_every_job_in_it_and_the_thread_goes_on() -> None:
    gate = _Gate()
    thread = gate.thread()
    _hold_first(gate, thread)
    bad = [thread.submit(_Priority.RECORD, name) for name in ("p1", "boom")]
    gate.release.set()
    wait(bad, timeout=10)
    later = thread.submit(_Priority.RECORD, "p2")
    assert later.result(timeout=10) == "p2!"
    thread.close()
    for future in bad:
        with pytest.raises(OSError, match="No space left"):
            future.result()


def test_a_long_queue_is_cut_into_batches_of_at_most_max_batch() -> None:
    gate = _Gate()
    thread = gate.thread()
    _hold_first(gate, thread)
    futures = [thread.submit(_Priority.RECORD, i) for i in range(MAX_BATCH + 44)]
    gate.release.set()
    thread.close()  # runs everything submitted before it
    assert all(f.done() for f in futures)
    assert [len(payloads) for _p, payloads in gate.calls] == [1, MAX_BATCH, 44]
    assert [p for _prio, payloads in gate.calls[1:] for p in payloads] == list(range(MAX_BATCH + 44))


def _batch_outcomes(tmp_path: Path, name: str, groups: list[list[str]]) -> list[tuple[str, tuple[str, ...], int, bool]]:
    """Record pages a, b, c (each linking to the others) in the given groups; what each batch decided."""
    raw = {"store": str(tmp_path / name), "robot": {"contact_url": "https://example.invalid/movabot"},
           "follow": {"enabled": True, "max_depth": 3}, "service": {"lock": str(tmp_path / f"{name}.lock")}}
    config = build_config(raw, base_dir=tmp_path, source="config.json")
    urls = {p: f"https://a.test/{p}" for p in "abc"}
    out = []
    with StoreWriter.open(tmp_path / name, clock=FakeClock()) as w:
        recorder = Recorder(config, w, FakeClock(), policy=FollowPolicy(config.follow), db=None)
        for group in groups:
            jobs = []
            for p in group:
                body = "".join(f'<a href="{u}">{q}</a>' for q, u in urls.items() if q != p).encode()
                task = Task(parse_url(urls[p]), 0, None)
                jobs.append(PageJob(task, visit(urls[p], b"<html><body>" + body + b"</body></html>"), False))
            for done in recorder.record(jobs):
                assert done.visit is not None
                out.append((done.visit.url, tuple(f.url for f in done.followed), done.skipped_resume, done.links_line))
    return out


def test_follow_decisions_in_one_batch_match_one_visit_at_a_time(tmp_path: Path) -> None:
    one_by_one = _batch_outcomes(tmp_path, "single", [["a"], ["b"], ["c"]])
    batched = _batch_outcomes(tmp_path, "batch", [["a", "b", "c"]])
    assert batched == one_by_one
    # a's links to b and c were chosen before b and c were recorded: kept (the frontier has them)
    assert one_by_one[0] == ("https://a.test/a", ("https://a.test/b", "https://a.test/c"), 0, True)
