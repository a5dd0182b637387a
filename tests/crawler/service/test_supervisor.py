"""seaspider/service/supervisor.py: backoff, one angel per socket, restarts after a crash, clean stop on STOP."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from service_support import make_config, short_dir

from wire.transport import TransportError, request
from seaspider.service.supervisor import Supervisor, Backoff, hold_angel_lock
from seaspider.errors import LockHeld
from seaspider.store.journal import read_jsonl
from seaspider.demo.localweb import LocalWeb


def test_backoff_doubles_to_the_cap_and_resets_after_good_running() -> None:
    b = Backoff()
    delays = []
    previous = None
    for _ in range(9):
        previous = b.next_delay(previous, ran_s=1.0)
        delays.append(previous)
    assert delays == [5, 10, 20, 40, 80, 160, 300, 300, 300]
    assert b.next_delay(300, ran_s=299.9) == 300
    assert b.next_delay(300, ran_s=300.0) == 5  # 300 s of good running resets it


def test_only_one_angel_per_socket_directory(tmp_path: Path) -> None:
    lock = hold_angel_lock(tmp_path)
    try:
        with pytest.raises(LockHeld, match=rf"an angel already watches this socket \(pid {os.getpid()};"):
            hold_angel_lock(tmp_path)
    finally:
        lock.release()
    hold_angel_lock(tmp_path).release()  # released: the next angel may start


def wait_until(cond: Callable[[], bool], timeout_s: float = 60.0) -> None:
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        threading.Event().wait(0.05)


def test_angel_restarts_a_crashing_child_until_stop(tmp_path: Path) -> None:
    run = tmp_path / "run"
    counter = tmp_path / "starts"
    # A "server" that records its start and crashes at once.
    child = [sys.executable, "-c", f"open({str(counter)!r}, 'a').write('x'); raise SystemExit(3)"]
    angel = Supervisor(child, socket_dir=run, backoff=Backoff(initial_s=0.05, max_s=0.2, reset_after_s=300))
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(angel.run()))
    thread.start()
    wait_until(lambda: counter.exists() and len(counter.read_text()) >= 3)
    (run / "STOP").touch()
    thread.join(10)
    assert result == [0] and angel.starts >= 3


def test_angel_stops_when_the_server_ends_cleanly(tmp_path: Path) -> None:
    angel = Supervisor([sys.executable, "-c", "pass"], socket_dir=tmp_path / "run", backoff=Backoff(initial_s=0.05))
    assert angel.run() == 0 and angel.starts == 1


def test_angel_passes_sigterm_on_and_stops(tmp_path: Path) -> None:
    child = [sys.executable, "-c", "import signal, sys, time\nsignal.signal(signal.SIGTERM, lambda *a: sys.exit(0))\ntime.sleep(60)"]
    angel = Supervisor(child, socket_dir=tmp_path / "run", backoff=Backoff(initial_s=0.05))
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(angel.run()))
    thread.start()
    wait_until(lambda: angel._child is not None)
    angel.request_stop(signal.SIGTERM)
    thread.join(10)
    assert result == [0] and angel.starts == 1


def test_angel_passes_sighup_on_and_keeps_watching(tmp_path: Path) -> None:
    # `serve --angel`: SIGHUP (reload the vocabulary) is the server's; the angel only passes it on.
    ready, hup = tmp_path / "ready", tmp_path / "hup"
    child = [sys.executable, "-c", (
        "import signal, sys, time\n"
        f"signal.signal(signal.SIGHUP, lambda *a: open({str(hup)!r}, 'w').close())\n"
        "signal.signal(signal.SIGTERM, lambda *a: sys.exit(0))\n"
        f"open({str(ready)!r}, 'w').close()\n"
        "while True: time.sleep(60)"
    )]
    angel = Supervisor(child, socket_dir=tmp_path / "run", backoff=Backoff(initial_s=0.05))
    assert angel.pass_on(signal.SIGHUP) is False  # negative control: no server runs yet
    result: list[int] = []
    thread = threading.Thread(target=lambda: result.append(angel.run()))
    thread.start()
    wait_until(ready.exists)
    assert angel.pass_on(signal.SIGHUP) is True
    wait_until(hup.exists)
    assert thread.is_alive() and angel.starts == 1  # the same server, still watched
    angel.request_stop(signal.SIGTERM)
    thread.join(10)
    assert result == [0] and angel.starts == 1


def server_pid(lock: Path) -> int | None:
    try:
        return int(json.loads(lock.read_text())["pid"])
    except (OSError, ValueError, KeyError):
        return None


def answers(sock: Path) -> bool:
    try:
        request(sock, {"id": f"probe{time.monotonic_ns()}", "prompt": "Is the queue empty?"}, timeout_s=10)
        return True
    except TransportError:
        return False


@pytest.mark.slow
def test_angel_restarts_a_killed_server_which_marks_the_job_interrupted() -> None:
    base = short_dir()
    with LocalWeb(hosts=1, pages=6, ip_base="127.24") as web:
        config = make_config(base, web.resolve_map())
        (base / "config.json").write_text(json.dumps({
            "store": str(config.store), "robot": {"contact_url": "https://example.invalid/movabot"},
            "network": {"allow_private_addresses": True, "resolve": web.resolve_map()},
            "service": {"lock": str(config.service.lock)},
        }))
        sock = base / "run" / "s.sock"
        vocab = Path(__file__).resolve().parents[3] / "vocab" / "deputy.example.json"
        argv = [sys.executable, "-m", "seaspider.cli", "serve", str(base / "config.json"), str(vocab), str(sock)]
        angel = Supervisor(argv, socket_dir=sock.parent, backoff=Backoff(initial_s=0.2, max_s=1, reset_after_s=300))
        result: list[int] = []
        thread = threading.Thread(target=lambda: result.append(angel.run()))
        thread.start()
        try:
            wait_until(lambda: answers(sock))
            first = server_pid(config.service.lock)
            urls = ", ".join(web.url(0, f"/p/{n}") for n in range(1, 7))
            request(sock, {"id": "1", "prompt": f"Fetch {urls}."}, timeout_s=10)
            wait_until(lambda: any(line["event"] == "url" for line in read_jsonl(sock.parent / "jobs.jsonl")))
            assert first is not None
            os.kill(first, signal.SIGKILL)  # a crash in the middle of the job
            wait_until(lambda: server_pid(config.service.lock) not in (None, first) and answers(sock))
            assert angel.starts == 2
            events = [(line["event"], line["job"]) for line in read_jsonl(sock.parent / "jobs.jsonl")]
            assert ("interrupted", "octopus-1-0") in events and ("finished", "octopus-1-0") not in events
            reply = request(sock, {"id": "2", "prompt": "Is the queue empty?"}, timeout_s=10)
            # Not replayed after the restart; told as the last job, interrupted.
            assert reply["answer"].startswith("I am idle and the queue is empty. The last job, octopus-1-0, ")
            assert "interrupted" in reply["answer"] and reply["report"]["results"][0]["last"]["interrupted"]
            (sock.parent / "STOP").touch()
            thread.join(30)
            assert result == [0] and angel.starts == 2
        finally:
            angel.request_stop()
            thread.join(30)
            subprocess.run(["rm", "-rf", str(base)], check=False)
