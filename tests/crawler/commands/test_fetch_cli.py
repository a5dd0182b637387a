"""`seaspider fetch CONFIG QUEUE` end to end in a child process: summary, bad lines, lock, signals."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from pathlib import Path

import jsonschema
import pytest
from crawlkit import CLI, journal, pages, run_cli, write_config, write_queue

from seaspider.demo.localweb import LocalWeb
from seaspider.lock import acquire
from seaspider.resources import load_schema
from seaspider.store.writer import StoreWriter


def _summary(stdout: str) -> dict:  # type: ignore[type-arg]
    lines = stdout.splitlines()
    assert len(lines) == 1, f"stdout must hold exactly one JSON line, got {stdout!r}"
    summary = json.loads(lines[0])
    jsonschema.Draft202012Validator(load_schema("summary")).validate(summary)
    return summary


@pytest.mark.slow
def test_fetch_prints_one_summary_and_reports_bad_lines(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=1, ip_base="127.71") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [
            "# my queue",
            web.url(0, "/p/1"),
            "ftp://h1.test/file",
            "",
            json.dumps({"url": web.url(1, "/p/1")}),
            web.url(0, "/p/1#again") + "\tduplicate",
            "{broken json",
            web.url(1, "/private/x"),
        ])  # fmt: skip
        done = run_cli("fetch", str(config), str(queue), "--verbose")
    assert done.returncode == 0, done.stderr
    summary = _summary(done.stdout)
    assert summary["outcomes"] == {"fetched": 2, "disallowed": 1, "deferred": 0, "error": 0, "not_modified": 0, "not_started": 0}
    assert summary["bad_lines"] == 2 and summary["duplicates"] == 1
    assert summary["hosts"] == 2 and summary["planned"] == 3 and summary["bytes"] > 0
    assert summary["store"] == str(tmp_path / "store") and summary["queue"] == str(queue)
    assert summary["interrupted"] is False
    assert f"{queue}: line 3:" in done.stderr and f"{queue}: line 7 " in done.stderr
    # --verbose: one log line per URL.
    assert sum(line.startswith(("fetched ", "disallowed ")) for line in done.stderr.splitlines()) == 3


@pytest.mark.slow
def test_without_verbose_stderr_has_only_the_bad_lines(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=1, pages=1, ip_base="127.72") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/p/1"), "not a url"])
        done = run_cli("fetch", str(config), str(queue))
    assert done.returncode == 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"{queue}: line 2:" in lines[0]
    assert _summary(done.stdout)["outcomes"]["fetched"] == 1


def test_help_explains_formats_signals_and_has_examples() -> None:
    done = run_cli("fetch", "--help")
    assert done.returncode == 0
    for words in ("QUEUE", "JSON object", "TSV", "#", "SIGTERM", "not_started", "examples:", "seaspider fetch config.json urls.txt", "--verbose"):
        assert words in done.stdout


def test_lock_is_taken_before_the_store_is_opened(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.73") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/p/1")])
        with acquire(tmp_path / "seaspider.lock", "serve /tmp/test.sock"):
            done = run_cli("fetch", str(config), str(queue))
        assert web.log == []
    assert done.returncode == 5
    assert "already running" in done.stderr
    assert not (tmp_path / "store").exists()
    assert done.stdout == ""


def test_unreadable_queue_is_bad_input_and_touches_nothing(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.74") as web:
        config = write_config(tmp_path, web)
        done = run_cli("fetch", str(config), str(tmp_path / "missing.txt"))
    assert done.returncode == 2
    assert "missing.txt: the queue file cannot be read" in done.stderr
    assert not (tmp_path / "store").exists()


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_finishes_in_flight_prints_summary_and_exits_1(tmp_path: Path, signum: signal.Signals) -> None:
    with LocalWeb(hosts=2, pages=5, ip_base="127.75", latency_s=0.3) as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(h, f"/p/{n}") for h in web.hosts for n in range(1, 6)])
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        store = tmp_path / "store"
        deadline = time.monotonic() + 60
        # Signal while a request is in flight: an intent without its page line yet.
        while time.monotonic() < deadline:
            lines = journal(store) if (store / "pages.jsonl").exists() else []
            intents = {line["url"] for line in lines if line["kind"] == "intent"}
            done_urls = {line["url"] for line in lines if line["kind"] == "page"}
            if intents - done_urls:
                break
            time.sleep(0.01)
        child.send_signal(signum)
        out, err = child.communicate(timeout=60)
    assert child.returncode == 1, err
    summary = _summary(out)
    assert summary["interrupted"] is True
    assert summary["outcomes"]["not_started"] > 0
    assert summary["outcomes"]["fetched"] + summary["outcomes"]["not_started"] == 10
    assert signum.name in err and "Traceback" not in err
    # Nothing half-written: every intent has its page line, so nothing is uncertain next time.
    assert {line["url"] for line in journal(store) if line["kind"] == "intent"} == {line["url"] for line in pages(store)}
    with StoreWriter.open(store) as writer:
        assert tuple(writer.uncertain_urls) == ()


@pytest.mark.slow
def test_live_progress_line_on_a_terminal_and_json_alone_on_stdout(tmp_path: Path) -> None:
    import os
    import pty

    with LocalWeb(hosts=3, pages=1, ip_base="127.78") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(h, "/p/1") for h in web.hosts])
        master, slave = pty.openpty()
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=slave, text=True)
        os.close(slave)
        out, _ = child.communicate(timeout=60)
        seen = b""
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the child closed the terminal
                break
            if not chunk:
                break
            seen += chunk
        os.close(master)
    assert child.returncode == 0
    text = seen.decode()
    assert "\r" in text and "/3 pages" in text and "ETA" in text and " host" in text
    assert text.endswith("\r")  # the line is blanked before the shell prompt comes back
    assert _summary(out)["outcomes"]["fetched"] == 3


@pytest.mark.slow
def test_a_rerun_resumes_from_the_frontier_and_fetches_only_appended_lines(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=3, ip_base="127.80") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/p/1"), web.url(1, "/p/1")])
        first = run_cli("fetch", str(config), str(queue))
        web.clear_log()
        with open(queue, "a") as out:
            out.write(json.dumps({"url": web.url(1, "/p/2"), "priority": 3}) + "\n")
        second = run_cli("fetch", str(config), str(queue))
        asked = [(r.host, r.path) for r in web.log]
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert asked == [("h2.test", "/p/2")]
    summary = _summary(second.stdout)
    assert summary["planned"] == 1 and summary["skipped_resume"] == 2 and summary["outcomes"]["fetched"] == 1
    assert summary["retries"] == 0
    assert (tmp_path / "store" / "frontier.sqlite").exists()


def test_help_explains_priority_the_frontier_and_retries() -> None:
    done = run_cli("fetch", "--help")
    for words in ('"priority"', "frontier.sqlite", "fetch.retries", "Retry-After", "rebuilt"):
        assert words in done.stdout
