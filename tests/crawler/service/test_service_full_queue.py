"""A full job queue: every kind of question still gets its answer, recorded in the ledger like any other."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator

import pytest
from service_support import GatedRunner, RunningServer, check, make_config, short_dir

from seaspider.service.jobs import MAX_WAITING, JobKind, Priority

QUESTIONS = {
    "robots": "Are we allowed to fetch https://b.example/x?",
    "robots-host": "Can you read c.example?",
    "fetch": "Fetch https://a.example/one-too-many.",
    "stats": "How many pages have you stored?",
    "page": "What did you get from https://a.example/1?",
    "status": "Is the queue empty?",
}
def wait_until(cond: Callable[[], bool], timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        threading.Event().wait(0.02)


QUEUE_FULL = f"the queue is full ({MAX_WAITING} jobs are waiting)"


@pytest.fixture
def full() -> Iterator[tuple[RunningServer, GatedRunner]]:
    runner = GatedRunner()
    base = short_dir()
    srv = RunningServer(make_config(base), lambda: runner, base=base)
    srv.ask("Fetch https://a.example/running.", "running")
    runner.started.wait(5)
    worker = srv.server.worker
    for i in range(MAX_WAITING):  # straight to the worker: 64 jobs waiting behind the running one
        assert worker.submit(f"filler-{i}", JobKind.FETCH, (f"https://a.example/{i}",), asked_by="octopus", priority=Priority.NORMAL).queued
    assert not worker.submit("one-more", JobKind.FETCH, ("https://a.example/x",), asked_by="octopus", priority=Priority.NORMAL).queued
    yield srv, runner
    runner.step(10_000)
    srv.close()


@pytest.mark.slow
def test_every_question_is_answered_and_recorded_while_the_queue_is_full(full: tuple[RunningServer, GatedRunner]) -> None:
    srv, _runner = full
    for kind, prompt in QUESTIONS.items():
        reply = srv.ask(prompt, f"q-{kind}")
        check("reply", reply)
        assert "internal error" not in reply["answer"], (kind, reply["answer"])
        result = reply["report"]["results"][0]
        if kind.startswith("robots"):
            assert result["kind"] == "queue_full" and QUEUE_FULL in result["reason"], (kind, result)
            assert QUEUE_FULL in reply["answer"], (kind, reply["answer"])
        elif kind == "fetch":
            assert result["queued"] is False and result["reason"] == "full", (kind, result)
        recorded = [line for line in srv.lines("ledger.jsonl") if line["id"] == f"q-{kind}"]
        assert len(recorded) == 1 and recorded[0]["reply"] == reply, kind
        again = srv.ask(prompt, f"q-{kind}")  # a repeat gets the recorded reply, not a fresh one
        assert again["report"].get("replayed") is True and again["answer"] == reply["answer"], kind


@pytest.mark.slow
def test_with_room_in_the_queue_the_robots_question_is_queued(full: tuple[RunningServer, GatedRunner]) -> None:  # negative control
    srv, runner = full
    runner.step(1)  # the running job ends and the next one starts: one place frees up
    wait_until(lambda: srv.server.worker.status()["waiting"] < MAX_WAITING)
    reply = srv.ask(QUESTIONS["robots"], "q-room")
    assert reply["report"]["results"][0]["state"] == "queued"
