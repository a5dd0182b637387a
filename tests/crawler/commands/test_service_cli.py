"""`seaspider ask` and `seaspider serve` on the command line: output, exit codes, the lock first."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from service_support import RunningServer, check, gated_server, short_dir, write_serve_config

from seaspider.lock import acquire


def cli(*args: str, stdin: str = "", timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "seaspider.cli", *args], input=stdin, capture_output=True, text=True, timeout=timeout)


@pytest.fixture
def server() -> Iterator[RunningServer]:
    with gated_server() as srv:
        yield srv


@pytest.mark.slow
def test_ask_prints_the_answer_then_the_json_reply(server: RunningServer) -> None:
    out = cli("ask", str(server.socket), "1", stdin="Is the queue empty?\n")
    assert out.returncode == 0, out.stderr
    answer, reply_line = out.stdout.splitlines()
    reply = json.loads(reply_line)
    check("reply", reply)
    assert answer == reply["answer"] == "I am idle and the queue is empty. I have not run any job yet."


def test_ask_from_and_urgent_reach_the_server(server: RunningServer) -> None:
    out = cli("ask", "--from", "whale", str(server.socket), "2", "urgent", stdin="Fetch https://a.example/.")
    assert out.returncode == 0 and out.stdout.startswith("I have queued 1 page for fetching (whale-2-0)")
    (line,) = server.jobs("queued")
    assert line["priority"] == "urgent" and line["asked_by"] == "whale"


def test_ask_an_unknown_caller_gets_the_refusal_with_status_0(server: RunningServer) -> None:
    out = cli("ask", "--from", "fish", str(server.socket), "3", stdin="Is the queue empty?")
    assert out.returncode == 0
    assert out.stdout.splitlines()[0] == "I did not act on this request because fish is not among the callers I answer (octopus, crab, whale, shark)."


@pytest.mark.slow
def test_ask_socket_missing_refused_silent_and_no_prompt(tmp_path: Path) -> None:
    missing = cli("ask", str(tmp_path / "none.sock"), "1", stdin="Is the queue empty?")
    assert missing.returncode == 3 and "no socket there; is the server running" in missing.stderr
    dead = tmp_path / "dead.sock"
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(str(dead))
    s.close()
    refused = cli("ask", str(dead), "1", stdin="Is the queue empty?")
    assert refused.returncode == 4 and "connection was refused" in refused.stderr
    silent_path = tmp_path / "silent.sock"
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.bind(str(silent_path))
    silent.listen(1)
    try:
        quiet = cli("ask", "--timeout", "0.5", str(silent_path), "1", stdin="Is the queue empty?")
        assert quiet.returncode == 6 and "no answer within 0.5 s" in quiet.stderr
    finally:
        silent.close()
    empty = cli("ask", str(tmp_path / "none.sock"), "1", stdin="  \n")
    assert empty.returncode == 2 and "no prompt on stdin" in empty.stderr
    for out in (missing, refused, quiet, empty):
        assert out.stdout == "" and "Traceback" not in out.stderr


def test_serve_takes_the_lock_before_anything_else(tmp_path: Path) -> None:
    base = short_dir()
    try:
        lock_path = base / "seaspider.lock"
        config = base / "config.json"
        config.write_text(json.dumps({
            "store": str(base / "store"), "robot": {"contact_url": "https://example.invalid/movabot"},
            "service": {"lock": str(lock_path)},
        }))
        with acquire(lock_path, "fetch queue.txt"):
            out = cli("serve", str(config), "/nonexistent/vocab.json", str(base / "run" / "s.sock"))
        assert out.returncode == 5 and f"pid {os.getpid()}, fetch queue.txt since" in out.stderr
        assert not (base / "run").exists() and not (base / "store").exists()  # nothing touched
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)


def test_serve_help_explains_stop_and_the_journals() -> None:
    out = cli("serve", "--help")
    assert out.returncode == 0
    for words in ("STOP", "jobs.jsonl", "requests.jsonl", "ledger.jsonl", "--angel", "0700"):
        assert words in out.stdout


@pytest.mark.slow
def test_serve_answers_ask_and_stops_cleanly_on_sigterm() -> None:
    import signal

    base = short_dir()
    try:
        config = write_serve_config(base)
        sock = base / "run" / "s.sock"
        vocab = Path(__file__).resolve().parents[3] / "vocab" / "deputy.example.json"
        proc = subprocess.Popen([sys.executable, "-m", "seaspider.cli", "serve", str(config), str(vocab), str(sock)],
                                stderr=subprocess.PIPE, text=True)
        assert proc.stderr is not None
        assert proc.stderr.readline().startswith(f"Sea Spider is listening on {sock}")
        out = cli("ask", str(sock), "1", stdin="How many pages have you stored?")
        assert out.returncode == 0 and out.stdout.splitlines()[0] == "I have not stored any pages yet."
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0 and "Sea Spider stopped." in proc.stderr.read()
        assert not sock.exists() and os.stat(sock.parent).st_mode & 0o777 == 0o700
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)


@pytest.mark.slow
def test_serve_refuses_a_bad_vocabulary_with_status_2() -> None:
    base = short_dir()
    try:
        config = write_serve_config(base)
        vocab = base / "vocab.json"
        vocab.write_text('{"name": "x", "handler": "x", "capabilities": [], "surprise": 1}')
        out = cli("serve", str(config), str(vocab), str(base / "run" / "s.sock"))
        assert out.returncode == 2 and str(vocab) in out.stderr and "Traceback" not in out.stderr
        assert not (base / "run" / "s.sock").exists()
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)
