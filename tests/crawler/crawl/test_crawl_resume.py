"""Resume after SIGKILL: the second run completes the queue; only uncertain URLs are fetched twice."""

from __future__ import annotations

import json
import signal
import subprocess
import time
from collections import Counter
from pathlib import Path

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
    # Negative control: the same check without the uncertain exemption sees the refetches,
    # so it would notice a resume that fetched pages again.
    if any(n > 1 for p, n in Counter(log).items() if p in uncertain_paths):
        assert _fetched_twice(log, set()) != set()
