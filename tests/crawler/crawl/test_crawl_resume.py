"""Resume after SIGKILL: the second run completes the queue; only uncertain URLs are fetched twice."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

import pytest
from crawlkit import CLI, journal, pages, run_cli, write_config, write_queue

from seaspider.demo.localweb import LocalWeb


def _fetched_twice(log_paths: list[tuple[str, str]], allowed: set[tuple[str, str]]) -> set[tuple[str, str]]:
    """(host, path) pairs the server saw more than once that are not in `allowed`."""
    counts = Counter(p for p in log_paths if p[1] != "/robots.txt")
    return {p for p, n in counts.items() if n > 1 and p not in allowed}


def test_resume_after_sigkill_completes_queue_without_refetching(tmp_path: Path) -> None:
    with LocalWeb(hosts=8, pages=3, ip_base="127.76", latency_s=0.4) as web:
        config = write_config(tmp_path, web)
        urls = [web.url(h, f"/p/{n}") for h in web.hosts for n in (1, 2, 3)]
        queue = write_queue(tmp_path, urls)
        store = tmp_path / "store"
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        # Kill it in the second round, while requests are in flight (intents without page lines).
        while time.monotonic() < deadline:
            lines = journal(store) if (store / "pages.jsonl").exists() else []
            intents = {line["url"] for line in lines if line["kind"] == "intent"}
            done = {line["url"] for line in lines if line["kind"] == "page"}
            if len(done) >= 8 and intents - done:
                break
            time.sleep(0.005)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        first_run_pages = {line["url"] for line in pages(store)}
        assert 8 <= len(first_run_pages) < len(urls)

        second = run_cli("fetch", str(config), str(queue))
        log = [(r.host, r.path) for r in web.log]
    assert second.returncode == 0, second.stderr
    summary = json.loads(second.stdout)
    lines = journal(store)
    uncertain = {line["url"] for line in lines if line["kind"] == "uncertain"}
    assert uncertain, "the kill was meant to land while a request was in flight"
    assert summary["uncertain"] == len(uncertain)
    assert summary["skipped_resume"] == len(first_run_pages)
    # The queue is complete: every URL's latest record is a fetched page.
    latest = {line["url"]: line["outcome"] for line in pages(store)}
    assert latest == {url: "fetched" for url in urls}
    # From the server's log: nothing fetched twice except the uncertain URLs.
    uncertain_paths = {(u.split("//")[1].split(":")[0], "/" + u.split("/", 3)[3]) for u in uncertain}
    assert _fetched_twice(log, uncertain_paths) == set()
    assert _frontier_agrees(store)  # after the crash and the second run, the frontier says what the journal says
    # Negative control: the same check without the uncertain exemption sees the refetches,
    # so it would notice a resume that fetched pages again.
    if any(n > 1 for p, n in Counter(log).items() if p in uncertain_paths):
        assert _fetched_twice(log, set()) != set()


def _frontier_agrees(store: Path) -> bool:
    from seaspider.crawl.frontier_db import FrontierDB, journal_states

    db = FrontierDB.open(store)
    try:
        return db.states() == journal_states(store / "pages.jsonl")
    finally:
        db.close()


def _loaded_part(store: Path) -> tuple[int, int] | None:
    """(bytes of the queue in the frontier, the queue's size), read beside the running writer."""
    import sqlite3

    path = store / "frontier.sqlite"
    if not path.exists():
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=0.1)
        try:
            row = db.execute("SELECT offset, size FROM sources").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None
    return None if row is None or row[1] is None else (int(row[0]), int(row[1]))


@pytest.mark.slow
def test_sigkill_while_the_queue_loads_loses_nothing_and_the_frontier_agrees(tmp_path: Path) -> None:
    # 40,000 repeats of one URL between ten real ones: slow to read (every line is canonicalised),
    # quick to crawl, so the kill lands while the loader is in the middle of the file.
    with LocalWeb(hosts=5, pages=2, ip_base="127.79") as web:
        config = write_config(tmp_path, web)
        head = [web.url(h, "/p/1") for h in web.hosts]
        tail = [web.url(h, "/p/2") for h in web.hosts]
        queue = write_queue(tmp_path, head + [head[0]] * 40_000 + tail)
        store = tmp_path / "store"
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        part = None
        while time.monotonic() < deadline:
            part = _loaded_part(store)
            if part is not None and 0 < part[0] < part[1]:
                break
            time.sleep(0.002)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
        assert part is not None and 0 < part[0] < part[1], "the kill was meant to land during the load"
        second = run_cli("fetch", str(config), str(queue))
        log = [(r.host, r.path) for r in web.log]
    assert second.returncode == 0, second.stderr
    summary = json.loads(second.stdout)
    latest = {line["url"]: line["outcome"] for line in pages(store)}
    assert latest == {url: "fetched" for url in head + tail}  # nothing lost
    uncertain = {line["url"] for line in journal(store) if line["kind"] == "uncertain"}
    uncertain_paths = {(u.split("//")[1].split(":")[0], "/" + u.split("/", 3)[3]) for u in uncertain}
    assert _fetched_twice(log, uncertain_paths) == set()  # nothing fetched twice without an uncertain line
    assert summary["duplicates"] > 0 and summary["bad_lines"] == 0
    assert _frontier_agrees(store)
