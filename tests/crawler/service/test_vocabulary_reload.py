"""A serving Sea Spider reloads its vocabulary (SIGHUP in `serve`): later prompts use it, `status` names it,
and a vocabulary that does not load leaves the old one in use. Real socket, real model, real files."""

from __future__ import annotations

import hashlib
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from service_support import GatedRunner, RunningServer, check, make_config, short_dir, write_serve_config

from seaspider.english_reader import deputy_for, vocab_from_text
from seaspider.service.vocabulary import Vocabulary
from wire.transport import request

REPO = Path(__file__).resolve().parents[3]
VOCAB = REPO / "vocab" / "deputy.example.json"
QUESTION = "Did you nab https://a.example/?"


def taught_vocab() -> str:
    """Sea Spider's vocabulary with "nab" taught to the page question ("Did you nab A?")."""
    raw = json.loads(VOCAB.read_text(encoding="utf-8"))
    next(c for c in raw["capabilities"] if c["name"] == "page")["predicates"].append("nab")
    return json.dumps(raw, indent=2) + "\n"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def build(text: str, source: str) -> Any:
    return deputy_for(vocab_from_text(text, source=source), allow_private=True)


def test_a_reload_takes_the_new_vocabulary_and_a_broken_one_keeps_the_old() -> None:
    base = short_dir()
    path = base / "vocab.json"
    path.write_bytes(VOCAB.read_bytes())
    now = [1000.0]
    vocabulary = Vocabulary(path, build, clock=lambda: now[0])
    runner = GatedRunner()
    srv = RunningServer(make_config(base), lambda: runner, base=base, reader=vocabulary.reader, vocabulary=vocabulary)
    try:
        refused = srv.ask(QUESTION)
        assert refused["report"]["failure"]["kind"] == "unsupported_verb"
        assert [line["prompt"] for line in srv.lines("review.jsonl")] == [QUESTION]
        status = srv.ask("What is the status?")
        check("reply", status)
        assert status["report"]["results"][0]["vocabulary"] == {
            "file": str(path), "sha256": sha(VOCAB.read_text()), "loaded_unix": 1000.0, "loads": 1, "reload_error": None,
        }
        assert status["answer"] == "I am idle and the queue is empty. I have not run any job yet."

        path.write_text(taught_vocab())
        now[0] = 2000.0
        assert srv.server.reload_vocabulary() is True
        taught = srv.ask(QUESTION)
        assert taught["report"]["plan"]["operation"] == "page" and taught["report"]["failure"] is None
        assert srv.ask("Don't nab https://a.example/.")["report"]["failure"]["kind"] == "negation"  # negative control
        status = srv.ask("What is the status?")["report"]["results"][0]["vocabulary"]
        assert (status["sha256"], status["loads"], status["loaded_unix"]) == (sha(taught_vocab()), 2, 2000.0)
        assert srv.ask("Are you busy?")["answer"].endswith(
            "I read prompts with vocab.json as reloaded at 1970-01-01 00:33 UTC."
        )

        path.write_text('{"name": "broken"')
        now[0] = 3000.0
        assert srv.server.reload_vocabulary() is False
        status = srv.ask("What is the status?")
        vocab = status["report"]["results"][0]["vocabulary"]
        assert vocab["sha256"] == sha(taught_vocab()) and vocab["loads"] == 2
        assert vocab["reload_error"]["unix"] == 3000.0 and "vocab.json: not valid JSON" in vocab["reload_error"]["reason"]
        assert status["answer"].endswith(
            "The vocabulary file vocab.json did not load at 1970-01-01 00:50 UTC, so I still read prompts with the one "
            "loaded at 1970-01-01 00:33 UTC."
        )
        assert srv.ask(QUESTION)["report"]["plan"]["operation"] == "page"  # the old vocabulary still reads
    finally:
        runner.step(100)
        srv.close()


def test_a_server_without_a_vocabulary_file_does_not_reload() -> None:  # negative control
    base = short_dir()
    runner = GatedRunner()
    srv = RunningServer(make_config(base), lambda: runner, base=base)
    try:
        assert srv.server.reload_vocabulary() is False
        assert "vocabulary" not in srv.ask("What is the status?")["report"]["results"][0]
    finally:
        srv.close()


class Lines:
    """A child's stderr read line by line from its raw descriptor (no buffer hides a line from select)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.pending = b""
        self.seen: list[str] = []

    def wait_for(self, words: str, timeout_s: float = 60) -> str:
        """The next line holding `words`; waits with select up to a deadline, never sleeps."""
        deadline = time.monotonic() + timeout_s
        while True:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode("utf-8", "replace")
                self.seen.append(line)
                if words in line:
                    return line
            ready, _, _ = select.select([self.fd], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(self.fd, 65536) if ready else b""
            if not chunk:  # the deadline passed, or the child closed stderr
                raise AssertionError(f"no line with {words!r} on stderr: {self.seen}")
            self.pending += chunk


@pytest.mark.slow
def test_serve_reloads_its_vocabulary_on_sighup() -> None:
    base = short_dir()
    try:
        config = write_serve_config(base)
        vocab = base / "vocab.json"
        vocab.write_bytes(VOCAB.read_bytes())
        sock = base / "run" / "s.sock"
        proc = subprocess.Popen([sys.executable, "-m", "seaspider.cli", "serve", str(config), str(vocab), str(sock)],
                                stderr=subprocess.PIPE)
        assert proc.stderr is not None
        stderr = Lines(proc.stderr.fileno())
        try:
            stderr.wait_for("Sea Spider is listening")

            def ask(prompt: str, rid: str) -> dict[str, Any]:
                reply: dict[str, Any] = request(sock, {"id": rid, "prompt": prompt}, timeout_s=30)
                return reply

            assert ask(QUESTION, "1")["report"]["failure"]["kind"] == "unsupported_verb"
            before = ask("What is the status?", "2")["report"]["results"][0]["vocabulary"]
            assert (before["file"], before["sha256"], before["loads"]) == (str(vocab), sha(VOCAB.read_text()), 1)

            vocab.write_text(taught_vocab())
            proc.send_signal(signal.SIGHUP)
            assert "seaspider: reloaded the vocabulary" in stderr.wait_for("reloaded the vocabulary")
            assert ask(QUESTION, "3")["report"]["plan"]["operation"] == "page"
            after = ask("What is the status?", "4")["report"]["results"][0]["vocabulary"]
            assert (after["sha256"], after["loads"], after["reload_error"]) == (sha(taught_vocab()), 2, None)
            assert after["loaded_unix"] >= before["loaded_unix"]

            vocab.write_text('{"name": "x", "handler": "x", "capabilities": [], "surprise": 1}')
            proc.send_signal(signal.SIGHUP)
            line = stderr.wait_for("did not load")
            assert "so I kept the one loaded before" in line and "surprise" in line
            kept = ask("What is the status?", "5")["report"]["results"][0]["vocabulary"]
            assert kept["sha256"] == sha(taught_vocab()) and "surprise" in kept["reload_error"]["reason"]
            assert ask(QUESTION, "6")["report"]["plan"]["operation"] == "page"
        finally:
            proc.send_signal(signal.SIGTERM)
            assert proc.wait(30) == 0
            proc.stderr.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
        assert not os.path.exists(base)
