"""The server: full queue, urgent order, STOP mid-job, restart, other uids, bad frames, 200 concurrent clients."""

from __future__ import annotations

import json
import re
import os
import socket
import statistics
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from service_support import GatedRunner, RunningServer, check, make_config, short_dir

from wire.transport import MAX_FRAME_BYTES, TransportError, request
from seaspider.errors import ServiceError
from seaspider.service.runner import CrawlJobRunner
from seaspider.service.jobs import MAX_WAITING
from seaspider.demo.localweb import LocalWeb
from seaspider.service.server import Server


def wait_until(cond: Callable[[], bool], timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        threading.Event().wait(0.02)


@pytest.fixture
def gated() -> Iterator[tuple[RunningServer, GatedRunner]]:
    runner = GatedRunner()
    base = short_dir()
    srv = RunningServer(make_config(base), lambda: runner, base=base)
    yield srv, runner
    runner.step(10_000)
    srv.close()


@pytest.mark.slow
def test_full_queue_is_a_clear_answer(gated: tuple[RunningServer, GatedRunner]) -> None:
    srv, runner = gated
    srv.ask("Fetch https://a.example/running.", "0")
    runner.started.wait(5)
    for i in range(1, MAX_WAITING + 1):
        assert srv.ask(f"Fetch https://a.example/{i}.", str(i))["report"]["results"][0]["queued"]
    full = srv.ask("Fetch https://a.example/one-too-many.", "999")
    check("reply", full)
    assert full["answer"] == "I could not queue this request because the queue is full (64 jobs are waiting)."
    assert full["report"]["results"][0] == {
        "operation": "fetch", "queued": False, "reason": "full", "limit": 64, "urls": ["https://a.example/one-too-many"]}
    assert "octopus-999-0" not in [line["job"] for line in srv.jobs("queued")]
    status = srv.ask("Is the queue empty?")
    assert status["answer"].startswith("I am working on octopus-0-0: 0 of 1 page is done, now https://a.example/running. 64 jobs are waiting.")


def test_urgent_jobs_go_first_and_never_interrupt_the_running_one(gated: tuple[RunningServer, GatedRunner]) -> None:
    srv, runner = gated
    srv.ask("Fetch https://a.example/1.", "1")
    runner.started.wait(5)
    assert srv.ask("Fetch https://a.example/2.", "2")["answer"].endswith("1 job is ahead of it.")
    assert srv.ask("Fetch https://a.example/3.", "3")["answer"].endswith("2 jobs are ahead of it.")
    assert srv.ask("Fetch https://a.example/4.", "4", priority="urgent")["answer"].endswith("1 job is ahead of it.")
    runner.step(4)
    wait_until(lambda: srv.server.worker.is_idle())
    assert runner.order == ["octopus-1-0", "octopus-4-0", "octopus-2-0", "octopus-3-0"]
    queued = {line["job"]: line for line in srv.jobs("queued")}
    assert queued["octopus-4-0"]["priority"] == "urgent" and queued["octopus-4-0"]["asked_by"] == "octopus"
    for line in srv.lines("jobs.jsonl"):
        check("jobs-line", line)


def test_robots_question_while_busy_is_queued_not_awaited(gated: tuple[RunningServer, GatedRunner]) -> None:
    srv, runner = gated
    srv.ask("Fetch https://a.example/1.", "1")
    runner.started.wait(5)
    started = time.monotonic()
    reply = srv.ask("Can you read https://b.example/x?", "2")
    assert time.monotonic() - started < 5  # not the 15 s wait: the worker is busy
    assert reply["answer"] == "I have queued a robots.txt check for https://b.example/x; ask me again in a moment."
    assert reply["report"]["results"][0]["state"] == "queued"


def test_bad_frames_get_a_clear_refusal(gated: tuple[RunningServer, GatedRunner]) -> None:
    srv, _ = gated

    def raw(data: bytes) -> dict[str, Any]:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(str(srv.socket))
        s.sendall(data)
        line = s.makefile("rb").readline()
        s.close()
        reply: dict[str, Any] = json.loads(line)
        check("reply", reply)
        return reply

    long = raw(json.dumps({"id": "1", "prompt": "x" * MAX_FRAME_BYTES}).encode() + b"\n")
    assert long["answer"] == f"I did not act on this request because the request is longer than {MAX_FRAME_BYTES} bytes."
    assert long["report"]["failure"]["kind"] == "frame_too_long"
    bad = raw(b"{oops\n")
    assert bad["report"]["failure"]["kind"] == "malformed_frame"
    envelope = raw(json.dumps({"id": "1", "prompt": "Is the queue empty?", "priority": "now"}).encode() + b"\n")
    assert envelope["report"]["failure"]["kind"] == "bad_request" and "priority" in envelope["answer"]
    missing = raw(b'{"prompt": "Is the queue empty?"}\n')
    assert missing["report"]["failure"]["kind"] == "bad_request" and "'id' is a required property" in missing["answer"]
    assert srv.lines("jobs.jsonl") == [] and srv.lines("ledger.jsonl") == []
    assert [line["admitted"] for line in srv.lines("requests.jsonl")] == [False, False]  # the readable envelopes


OTHER_UID_ASK = textwrap.dedent(
    """
    import json, os, socket, sys
    os.setgid(65534); os.setuid(65534)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(20)
    s.connect(sys.argv[1])
    try:
        s.sendall(json.dumps({"id": "x1", "prompt": "Fetch https://a.example/."}).encode() + b"\\n")
    except BrokenPipeError:
        pass  # the server may refuse (and close) before the request is even sent
    sys.stdout.write(s.makefile("rb").readline().decode())
    """
)


def other_uid_asks(check_peers: bool) -> tuple[dict[str, Any], RunningServer, GatedRunner]:
    runner = GatedRunner()
    base = short_dir()
    srv = RunningServer(make_config(base), lambda: runner, base=base, check_peers=check_peers)
    # Loosen the directory after the server checked it, so the peer check is the last line of defence.
    os.chmod(srv.dir, 0o711)
    os.chmod(srv.socket, 0o666)
    out = subprocess.run([sys.executable, "-I", "-c", OTHER_UID_ASK, str(srv.socket)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), srv, runner


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a client under another uid")
def test_another_uid_is_refused_and_logged() -> None:
    reply, srv, runner = other_uid_asks(check_peers=True)
    try:
        assert reply["report"]["failure"]["kind"] == "peer_refused" and "uid 65534" in reply["answer"]
        (line,) = srv.lines("requests.jsonl")
        check("requests-line", line)
        assert line["uid"] == 65534 and not line["admitted"] and "not the socket's owner" in line["refused_because"]
        assert srv.lines("jobs.jsonl") == [] and runner.order == []
    finally:
        runner.step(10)
        srv.close()


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a client under another uid")
def test_negative_control_without_the_peer_check_another_uid_queues_a_job() -> None:
    reply, srv, runner = other_uid_asks(check_peers=False)
    try:
        assert reply["report"]["results"][0]["queued"] and srv.jobs("queued")
    finally:
        runner.step(10)
        srv.close()


def test_server_refuses_an_unsafe_directory_and_an_existing_stop(tmp_path: Path) -> None:
    base = short_dir()
    try:
        (base / "open").mkdir(mode=0o755)
        os.chmod(base / "open", 0o755)
        with pytest.raises(ServiceError, match="permissions 0755"):
            Server(make_config(base), deputy=object(), socket_path=base / "open" / "s.sock", runner_factory=GatedRunner)
        (base / "run").mkdir(mode=0o700)
        (base / "run" / "STOP").touch()
        with pytest.raises(ServiceError, match="STOP exists, so I did not start"):
            Server(make_config(base), deputy=object(), socket_path=base / "run" / "s.sock", runner_factory=GatedRunner)
        assert not (base / "run" / "s.sock").exists() and not (base / "run" / "jobs.jsonl").exists()
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)


# -- with the real crawl on the local web ----------------------------------------------------------


@pytest.fixture
def web() -> Iterator[LocalWeb]:
    # One IP for all hosts: every request waits 2 s for the previous one, so a job takes a while.
    with LocalWeb(hosts=3, pages=4, hosts_per_ip=3, ip_base="127.23") as w:
        yield w


def crawl_server(web: LocalWeb) -> RunningServer:
    base = short_dir()
    config = make_config(base, web.resolve_map())
    return RunningServer(config, lambda: CrawlJobRunner(config), base=base)


@pytest.mark.slow
def test_stop_mid_job_finishes_the_url_in_flight_and_records_the_rest(web: LocalWeb) -> None:
    srv = crawl_server(web)
    try:
        urls = [web.url(0, f"/p/{n}") for n in (1, 2, 3, 4)]
        srv.ask("Fetch " + ", ".join(urls) + ".", "1")
        wait_until(lambda: len(srv.jobs("url")) >= 1)
        (srv.dir / "STOP").touch()
        srv.thread.join(30)
        assert not srv.thread.is_alive() and not srv.socket.exists()
        (finished,) = srv.jobs("finished")
        done = [line["url"] for line in srv.jobs("url")]
        assert finished["interrupted"] and finished["not_started"] and len(done) < 4
        assert sorted(done + finished["not_started"]) == sorted(urls)
        pages = [rec.path for rec in web.log if rec.path.startswith("/p/")]
        assert len(pages) == len(done)  # nothing was fetched after the stop beyond the URL in flight
        assert web.spacing_violations(2.0) == []
    finally:
        srv.close()


@pytest.mark.slow
def test_200_concurrent_clients_ask_status_while_a_crawl_runs(web: LocalWeb) -> None:
    srv = crawl_server(web)
    try:
        srv.ask("Fetch " + ", ".join(web.url(h, f"/p/{n}") for h in (0, 1) for n in (1, 2)) + ".", "crawl")
        srv.ask("What is the status of the current run?", "warm")  # the first parse of this prompt
        latencies: list[float] = []
        answers: list[str] = []
        lock = threading.Lock()
        go = threading.Event()

        def client(i: int) -> None:
            go.wait()
            started = time.monotonic()
            reply = request(srv.socket, {"id": f"c{i}", "prompt": "What is the status of the current run?"}, timeout_s=60)
            elapsed = time.monotonic() - started
            with lock:
                latencies.append(elapsed)
                answers.append(reply["answer"])

        threads = [threading.Thread(target=client, args=(i,)) for i in range(200)]
        for t in threads:
            t.start()
        go.set()
        for t in threads:
            t.join(120)
        assert len(answers) == 200 and all(a.startswith("I am working on octopus-crawl-0") for a in answers)
        latencies.sort()
        p50, p99 = statistics.median(latencies), latencies[int(0.99 * len(latencies)) - 1]
        print(f"\n200 concurrent status questions during a crawl: median {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms")
        assert srv.server.worker.status()["state"] == "working"  # the crawl really was running
    finally:
        srv.close()


def test_answers_reuse_store_readers_and_leak_no_descriptors() -> None:
    base = short_dir()
    config = make_config(base)
    srv = RunningServer(config, lambda: CrawlJobRunner(config), base=base)  # the writer creates the store
    try:
        def open_fds() -> int:
            return len(os.listdir("/proc/self/fd"))

        for i in range(20):
            srv.ask("How many pages have you stored?", f"w{i}")
        before = open_fds()
        for i in range(300):
            assert srv.ask(f"What did you get from https://a.example/{i % 7}?", f"q{i}")["answer"].startswith("I have not fetched")
        assert open_fds() - before < 10  # each connection borrows a pooled reader; none is left open
    finally:
        srv.close()


def test_stop_lets_the_answer_in_progress_finish(gated: tuple[RunningServer, GatedRunner]) -> None:
    srv, runner = gated
    replies: list[dict[str, Any]] = []
    # The worker is idle, so this robots question waits for its check (the gated runner holds it).
    asker = threading.Thread(target=lambda: replies.append(srv.ask("Can you read https://b.example/x?", "1")))
    asker.start()
    runner.started.wait(5)
    (srv.dir / "STOP").touch()
    wait_until(lambda: not srv.socket.exists() or srv.server._stop.is_set())
    with pytest.raises(TransportError, match=re.escape(str(srv.socket))):
        request(srv.socket, {"id": "2", "prompt": "Is the queue empty?"}, timeout_s=2)  # no new requests
    runner.step(1)  # the check ends; the answer in progress is sent
    asker.join(20)
    srv.thread.join(20)
    assert len(replies) == 1 and "robots.txt" in replies[0]["answer"]
    assert not srv.thread.is_alive()
