"""SIGKILL a 100,000-URL crawl of the local web a few times; check that nothing is lost or fetched twice.

1,000 hosts on 1,000 loopback IPs, 100 pages each (100,000 URLs; the politeness bound is about
200 s). `seaspider fetch` is killed with SIGKILL at the given moments (the first lands while the
queue is still loading) and restarted at once; the last run goes to the end. Then, from the server's
own request log and the store:

- nothing lost: every queued URL's latest page line is `fetched`;
- nothing fetched twice without an `uncertain` line for it in the journal;
- the frontier agrees with the journal (every URL's state is the one its journal lines give);
- per run: peak RSS and wall time; overall: spacing violations (< 2 s end to start per IP), which
  across a kill depend on the write-ahead booking of issue 12 and are reported, not asserted.

With `--follow` the queue holds only each host's home page and follow mode discovers the 100,000
pages through the disk seen set (the follow crawl at scale); the same checks apply to what it finds.

    .venv/bin/python benchmarks/stress_frontier_kill.py                  # kills at 1, 30 and 90 s
    .venv/bin/python benchmarks/stress_frontier_kill.py --follow         # the same, discovered by follow mode
    .venv/bin/python benchmarks/stress_frontier_kill.py --kills 1 20 --hosts 200 --pages 50
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_crawl import GAP_S, LocalWebProcess, Workload  # noqa: E402

from seaspider.crawl.frontier_db import FrontierDB, journal_states  # noqa: E402
from seaspider.demo.localweb import spacing_violations  # noqa: E402

CLI = [sys.executable, "-c", "import sys; from seaspider.cli import main; sys.exit(main())", "fetch"]


def _run(config: Path, queue: Path, kill_after_s: float | None) -> tuple[int | None, float, float]:
    """One `seaspider fetch`: (exit code or None when killed, wall seconds, peak RSS MB)."""
    started = time.monotonic()
    proc = subprocess.Popen([*CLI, str(config), str(queue)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    if kill_after_s is not None:
        while time.monotonic() - started < kill_after_s:
            pid, _status, _usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                raise SystemExit(f"the run ended before the kill at {kill_after_s} s")
            time.sleep(0.05)
        proc.send_signal(signal.SIGKILL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    code = None if kill_after_s is not None else os.waitstatus_to_exitcode(status)
    return code, time.monotonic() - started, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hosts", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=100)
    parser.add_argument("--kills", type=float, nargs="*", default=[1.0, 30.0, 90.0], help="seconds into each killed run")
    parser.add_argument("--follow", action="store_true", help="queue the home pages only; follow mode finds the rest")
    parser.add_argument("--full", action="store_true", help="accepted for run_all.py")
    args = parser.parse_args(argv)
    w = Workload(args.hosts, args.pages, 0.0)
    with tempfile.TemporaryDirectory(prefix="stress-frontier-") as tmp_dir:
        tmp = Path(tmp_dir)
        web = LocalWebProcess(w, "127.88", tmp / "log.jsonl")
        try:
            urls = web.urls(w.pages)
            homes = [f"http://{h}:{web.port}/" for h in web.hosts]
            queue = tmp / "queue.txt"
            queue.write_text("".join(u + "\n" for u in (homes if args.follow else urls)))
            if args.follow:
                urls = homes + urls  # what follow mode must find and fetch, each once
            follow = {"enabled": True, "max_depth": 1, "max_pages": 10_000_000, "max_per_directory": 10_000} if args.follow else {}
            config = tmp / "config.json"
            config.write_text(json.dumps({
                "store": str(tmp / "store"), "robot": {"contact_url": "https://example.invalid/movabot"},
                "fetch": {"concurrency": 256}, "network": {"allow_private_addresses": True, "resolve": web.resolve},
                "follow": follow, "service": {"lock": str(tmp / "seaspider.lock")},
            }))  # fmt: skip
            runs = [_run(config, queue, after) for after in args.kills]
            runs.append(_run(config, queue, None))
        finally:
            log = web.stop()
        store = tmp / "store"
        lines = [json.loads(x) for x in (store / "pages.jsonl").read_text().splitlines() if x.strip()]
        db = FrontierDB.open(store)
        try:
            frontier = db.states()
        finally:
            db.close()
        expected = journal_states(store / "pages.jsonl")
    latest = {x["url"]: x["outcome"] for x in lines if x["kind"] == "page"}
    lost = [u for u in urls if latest.get(u) != "fetched"]
    uncertain = {x["url"] for x in lines if x["kind"] == "uncertain"}
    port = web.port
    asked = Counter(f"http://{r.host}:{port}{r.path}" for r in log if r.path != "/robots.txt")
    twice = [u for u, n in asked.items() if n > 1 and u not in uncertain]
    refetched = sum(1 for u, n in asked.items() if n > 1)
    disagree = [u for u in set(frontier) | set(expected) if frontier.get(u) != expected.get(u)]
    violations = spacing_violations(log, GAP_S)
    for i, (code, wall, rss) in enumerate(runs, 1):
        how = "killed" if code is None else f"exit {code}"
        print(f"run {i}: {how} after {wall:6.1f} s, peak RSS {rss:6.1f} MB")
    print(f"URLs {len(urls):,}; requests {len(log):,}; uncertain lines {len(uncertain)}; URLs asked twice {refetched} "
          f"(all uncertain: {not twice})")  # fmt: skip
    print(f"lost {len(lost)}; fetched twice without an uncertain line {len(twice)}; frontier/journal disagreements {len(disagree)}")
    print(f"spacing violations (< {GAP_S:g} s end to start per IP, across the kills): {len(violations)}")
    ok = not lost and not twice and not disagree and runs[-1][0] == 0
    print("stress: " + ("PASSED" if ok else "FAILED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
