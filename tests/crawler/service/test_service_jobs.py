"""seaspider/service/jobs.py and seaspider/service/ledger.py: queue order, the bound, the worker, stop, restart, journals."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from service_support import GatedRunner

from seaspider.clock import FakeClock
from seaspider.service.jobs import (
    MAX_WAITING,
    Job,
    JobKind,
    JobQueue,
    JobResult,
    Priority,
    UrlDone,
    Worker,
    interrupted_jobs,
    last_finished,
)
from seaspider.service.ledger import Ledger, open_journal
from seaspider.store.journal import read_jsonl
from seaspider.resources import load_schema


def job(seq: int, priority: Priority = Priority.NORMAL) -> Job:
    return Job(f"octopus-{seq}-0", JobKind.FETCH, (f"https://a.test/{seq}",), "octopus", priority, seq, 0.0)


# -- the queue (pure) -----------------------------------------------------------------------------


def test_urgent_first_then_arrival() -> None:
    q = JobQueue()
    for j in [job(1), job(2, Priority.URGENT), job(3), job(4, Priority.URGENT)]:
        q.push(j)
    assert [q.pop().seq for _ in range(4)] == [2, 4, 1, 3]  # type: ignore[union-attr]
    assert q.pop() is None


def test_push_reports_the_jobs_ahead() -> None:
    q = JobQueue()
    assert q.push(job(1)) == 0
    assert q.push(job(2)) == 1
    assert q.push(job(3, Priority.URGENT)) == 0  # jumps the normal jobs
    assert q.push(job(4, Priority.URGENT)) == 1


def test_queue_is_bounded() -> None:
    q = JobQueue(limit=MAX_WAITING)
    for i in range(MAX_WAITING):
        assert q.push(job(i + 1)) is not None
    assert q.push(job(99)) is None and len(q) == MAX_WAITING


def test_interrupted_jobs_are_the_open_ones() -> None:
    lines = [
        {"event": "queued", "job": "a"}, {"event": "queued", "job": "b"}, {"event": "queued", "job": "c"},
        {"event": "started", "job": "a"}, {"event": "finished", "job": "a"}, {"event": "started", "job": "b"},
        {"event": "queued", "job": "d"}, {"event": "interrupted", "job": "d"},
    ]
    assert interrupted_jobs(lines) == ["b", "c"]


# -- the worker with an injected runner ----------------------------------------------------------


def check_jobs_lines(path: Path) -> list[dict[str, Any]]:
    validator = jsonschema.Draft202012Validator(load_schema("jobs-line"))
    lines = list(read_jsonl(path))
    for line in lines:
        assert not list(validator.iter_errors(line)), line
    return lines


@pytest.fixture
def runner() -> GatedRunner:
    return GatedRunner()


@pytest.fixture
def worker(tmp_path: Path, runner: GatedRunner) -> Iterator[Worker]:
    w = Worker(tmp_path / "jobs.jsonl", lambda: runner, clock=FakeClock())
    w.start()
    yield w
    runner.step(1000)
    w.stop(timeout_s=5)
    w.close()


def wait_for(cond: Callable[[], bool], timeout_s: float = 5.0) -> None:
    done = threading.Event()
    for _ in range(int(timeout_s / 0.01)):
        if cond():
            return
        done.wait(0.01)
    raise AssertionError("condition not reached")


def submit(w: Worker, n: int, priority: Priority = Priority.NORMAL, urls: int = 1) -> Any:
    return w.submit(f"octopus-{n}-0", JobKind.FETCH, tuple(f"https://a.test/{n}/{i}" for i in range(urls)), asked_by="octopus", priority=priority)


def test_worker_runs_urgent_first_without_interrupting_the_running_job(worker: Worker, runner: GatedRunner) -> None:
    first = submit(worker, 1)
    assert first.queued and first.ahead == 0
    runner.started.wait(5)
    assert submit(worker, 2).ahead == 1  # the running job is ahead of it
    assert submit(worker, 3).ahead == 2
    assert submit(worker, 4, Priority.URGENT).ahead == 1  # only the running job
    runner.step(4)
    wait_for(lambda: worker.is_idle())
    assert runner.order == ["octopus-1-0", "octopus-4-0", "octopus-2-0", "octopus-3-0"]
    assert runner.thread == "seaspider-worker"


def test_full_queue_is_an_answer_not_a_hang(worker: Worker, runner: GatedRunner, tmp_path: Path) -> None:
    submit(worker, 0)
    runner.started.wait(5)
    for n in range(1, MAX_WAITING + 1):
        assert submit(worker, n).queued
    full = submit(worker, 999)
    assert not full.queued and full.limit == MAX_WAITING
    queued = [line["job"] for line in check_jobs_lines(tmp_path / "jobs.jsonl") if line["event"] == "queued"]
    assert "octopus-999-0" not in queued and len(queued) == MAX_WAITING + 1  # a refused job leaves no trace


def test_status_shows_the_current_job_and_the_last(worker: Worker, runner: GatedRunner) -> None:
    assert worker.status() == {"state": "idle", "current": None, "waiting": 0, "last": None}
    submit(worker, 7, urls=2)
    runner.started.wait(5)
    wait_for(lambda: worker.status()["current"]["now"] is not None)
    st = worker.status()
    assert st["state"] == "working" and st["current"] == {
        "job": "octopus-7-0", "urls_total": 2, "urls_done": 0, "now": "https://a.test/7/0", "asked_by": "octopus"}
    runner.step(2)
    wait_for(lambda: worker.is_idle())
    last = worker.status()["last"]
    assert last["job"] == "octopus-7-0" and last["fetched"] == 2 and last["failed"] == 0 and not last["interrupted"]


class QuietRunner(GatedRunner):
    """Names only the first URL, like a crawl whose next visit waits for its politeness slot."""

    def run(self, job: Job, *, should_stop: Callable[[], bool], on_now: Callable[[str], None], on_url: Callable[[UrlDone], None]) -> JobResult:
        self.started.set()
        on_now(job.urls[0])
        for url in job.urls:
            self.gate.acquire()
            on_url(UrlDone(url, "fetched", 200))
        return JobResult(fetched=len(job.urls))


def test_status_names_the_next_url_once_the_current_one_is_done(tmp_path: Path) -> None:
    runner = QuietRunner()
    w = Worker(tmp_path / "jobs.jsonl", lambda: runner, clock=FakeClock())
    w.start()
    try:
        submit(w, 8, urls=3)
        runner.started.wait(5)
        wait_for(lambda: (w.status()["current"] or {}).get("now") == "https://a.test/8/0")
        runner.step(1)
        wait_for(lambda: w.status()["current"]["urls_done"] == 1)
        assert w.status()["current"]["now"] == "https://a.test/8/1"  # not the finished /8/0
    finally:
        runner.step(10)
        w.stop(timeout_s=5)
        w.close()


def test_stop_finishes_the_url_in_flight_and_records_the_rest(tmp_path: Path, runner: GatedRunner) -> None:
    w = Worker(tmp_path / "jobs.jsonl", lambda: runner, clock=FakeClock())
    w.start()
    submit(w, 1, urls=3)
    submit(w, 2)
    runner.started.wait(5)
    stopper = threading.Thread(target=w.stop)
    stopper.start()
    wait_for(lambda: w.stopping)
    runner.step(1)  # the URL in flight ends; the worker then sees the stop
    stopper.join(5)
    w.close()
    assert runner.closed
    lines = check_jobs_lines(tmp_path / "jobs.jsonl")
    finished = [line for line in lines if line["event"] == "finished"]
    assert finished[0]["job"] == "octopus-1-0" and finished[0]["interrupted"]
    assert finished[0]["fetched"] == 1 and finished[0]["not_started"] == ["https://a.test/1/1", "https://a.test/1/2"]
    assert [line["job"] for line in lines if line["event"] == "interrupted"] == ["octopus-2-0"]
    assert [line["url"] for line in lines if line["event"] == "url"] == ["https://a.test/1/0"]


def test_restart_marks_open_jobs_interrupted_and_does_not_replay(tmp_path: Path) -> None:
    path = tmp_path / "jobs.jsonl"
    journal = open_journal(path, name="jobs")
    for event, name in [("queued", "octopus-1-0"), ("queued", "octopus-2-0"), ("started", "octopus-1-0")]:
        extra = {"kind": "fetch", "urls": ["https://a.test/"], "asked_by": "octopus", "priority": "normal", "seq": 1} if event == "queued" else {"kind": "fetch"}
        journal.append_record({"event": event, "job": name, "unix": 1.0, **extra})
    journal.close()
    with open(path, "ab") as fh:
        fh.write(b'{"event":"queued","job":"torn')  # a crash in the middle of a line
    fresh = GatedRunner()
    w = Worker(path, lambda: fresh, clock=FakeClock())
    assert w.interrupted_at_start == ("octopus-1-0", "octopus-2-0")
    w.start()
    w.stop(timeout_s=5)
    w.close()
    assert fresh.order == []  # nothing replayed
    lines = check_jobs_lines(path)
    assert [line["job"] for line in lines if line["event"] == "interrupted"] == ["octopus-1-0", "octopus-2-0"]
    # Negative control: a second restart finds nothing open.
    assert interrupted_jobs(lines) == []


def test_last_job_survives_a_restart(tmp_path: Path, runner: GatedRunner) -> None:
    w = Worker(tmp_path / "jobs.jsonl", lambda: runner, clock=FakeClock())
    w.start()
    submit(w, 5, urls=2)
    runner.step(2)
    wait_for(lambda: w.is_idle() and w.status()["last"] is not None)
    w.stop(timeout_s=5)
    w.close()
    again = Worker(tmp_path / "jobs.jsonl", GatedRunner, clock=FakeClock())
    assert again.status()["last"]["job"] == "octopus-5-0"
    assert last_finished(list(read_jsonl(tmp_path / "jobs.jsonl"))) is not None
    again.close()


def test_a_runner_that_cannot_start_fails_start(tmp_path: Path) -> None:
    def broken() -> GatedRunner:
        raise RuntimeError("store is locked")

    w = Worker(tmp_path / "jobs.jsonl", broken)
    with pytest.raises(RuntimeError, match="store is locked"):
        w.start()
    w.close()


def test_a_failing_job_does_not_kill_the_worker(tmp_path: Path) -> None:
    class Flaky(GatedRunner):
        def run(self, job: Job, **kw: Any) -> JobResult:
            if job.id == "octopus-1-0":
                raise ValueError("boom")
            return super().run(job, **kw)

    flaky = Flaky()
    w = Worker(tmp_path / "jobs.jsonl", lambda: flaky)
    w.start()
    submit(w, 1)
    submit(w, 2)
    flaky.step(1)
    wait_for(lambda: w.is_idle() and w.status()["last"] and w.status()["last"]["job"] == "octopus-2-0")
    w.stop(timeout_s=5)
    w.close()
    finished = [line for line in check_jobs_lines(tmp_path / "jobs.jsonl") if line["event"] == "finished"]
    assert "boom" in finished[0]["error"] and finished[1]["error"] is None


# -- journals and the ledger ----------------------------------------------------------------------


def test_concurrent_appends_are_all_whole_lines(tmp_path: Path) -> None:
    journal = open_journal(tmp_path / "j.jsonl", name="j")

    def many(t: int) -> None:
        for i in range(50):
            journal.append_record({"t": t, "i": i, "pad": "x" * 300})

    threads = [threading.Thread(target=many, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    journal.close()
    lines = list(read_jsonl(tmp_path / "j.jsonl"))
    assert sorted((d["t"], d["i"]) for d in lines) == [(t, i) for t in range(8) for i in range(50)]


def test_torn_tail_is_cut_when_reopened(tmp_path: Path) -> None:
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"a":1}\n{"a":2')
    open_journal(path, name="j").close()
    assert path.read_bytes() == b'{"a":1}\n'


def test_ledger_returns_the_recorded_reply_after_restart(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, clock_time=lambda: 5.0)
    ledger.record("octopus", "7", "ab" * 32, {"answer": "I have queued 1 page.", "report": {}})
    ledger.close()
    again = Ledger(path, clock_time=lambda: 6.0)
    entry = again.lookup("octopus", "7")
    assert entry is not None and entry.reply["answer"] == "I have queued 1 page." and entry.prompt_sha256 == "ab" * 32
    assert again.lookup("crab", "7") is None  # ids are per caller
    validator = jsonschema.Draft202012Validator(load_schema("ledger-line"))
    assert all(not list(validator.iter_errors(line)) for line in read_jsonl(path))
    again.close()


def test_ledger_claim_serialises_one_id(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "ledger.jsonl", clock_time=lambda: 0.0)
    inside = 0
    most = 0
    lock = threading.Lock()

    def one() -> None:
        nonlocal inside, most
        with ledger.claim("octopus", "1"):
            with lock:
                inside += 1
                most = max(most, inside)
            threading.Event().wait(0.005)
            with lock:
                inside -= 1

    threads = [threading.Thread(target=one) for _ in range(10)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert most == 1
    ledger.close()


def test_jobs_lines_are_json_objects(tmp_path: Path, worker: Worker, runner: GatedRunner) -> None:
    submit(worker, 1)
    runner.step(1)
    wait_for(lambda: worker.is_idle())
    raw = (tmp_path / "jobs.jsonl").read_text().splitlines()
    assert [json.loads(line)["event"] for line in raw] == ["queued", "started", "url", "finished"]
