"""The disk frontier at scale: peak memory, time to the first request and CPU per URL against queue size.

`seaspider fetch` runs on queues of 10^4, 10^5 and 10^6 URLs (10 per host) whose hosts are IP
literals in 10.0.0.0/8: the address policy refuses each at once, so every URL is decided (an
`error` page line) without a lookup or a connection, and the measure is the crawler's own cost.
Each run is stopped (SIGTERM, a gentle stop) once its queue is loaded and enough URLs after that
are decided. Measured from outside, in the same run:

- peak RSS of the crawler process (wait4 rusage of that child alone);
- time from the process start to the first intent line in the journal (its first request);
- resident memory when the whole queue is in the frontier (the queue's own cost);
- CPU per decided URL after the queue is loaded (the slope of /proc CPU time over page lines);
- the same for the in-memory frontier of earlier releases (`Crawl.run` over the parsed queue),
  the baseline, at the sizes it can hold.

    .venv/bin/python benchmarks/bench_frontier.py            # 10^4, 10^5 and 10^6 (a few minutes)
    .venv/bin/python benchmarks/bench_frontier.py --sizes 10000 100000
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchkit import SMOKE_HELP

ROOT = Path(__file__).resolve().parent.parent
URLS_PER_HOST = 10
AFTER_LOAD = 20_000  # URLs decided after the load finished before the run is stopped: the CPU slope's base
POLL_S = 0.01
GOAL_RSS_MB = 150.0
GOAL_FIRST_S = 2.0

CHILD_FETCH = [sys.executable, "-c", "import sys; from seaspider.cli import main; sys.exit(main())", "fetch"]
# The baseline: the in-memory frontier, as `seaspider fetch` crawled before the disk frontier.
CHILD_MEMORY = r"""
import signal, sys, threading
from pathlib import Path
from seaspider.config import load_config
from seaspider.crawl.job import Crawl
from seaspider.crawl.queuefile import parse_queue
from seaspider.store.writer import StoreWriter
config = load_config(sys.argv[1])
stop = threading.Event()
signal.signal(signal.SIGTERM, lambda *_: stop.set())
queue = parse_queue(Path(sys.argv[2]).read_bytes())
with StoreWriter.open(config.store) as writer:
    Crawl(config, writer).run(queue.urls, should_stop=stop.is_set)
"""


@dataclass(frozen=True, slots=True)
class Result:
    frontier: str  # "disk" or "memory"
    size: int
    max_rss_mb: float
    first_request_s: float | None
    load_s: float | None  # until the whole queue was in the frontier (disk) or parsed (memory: first request)
    loaded_rss_mb: float | None  # resident memory when the load finished: the queue's own cost
    cpu_ms_per_url: float | None  # after the load
    decided: int
    exit_code: int


def write_queue(path: Path, size: int) -> None:
    with open(path, "w") as out:
        for i in range(size):
            h = i // URLS_PER_HOST
            out.write(f"http://10.{(h >> 16) & 255}.{(h >> 8) & 255}.{h & 255}/p/{i % URLS_PER_HOST}\n")


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _cpu_s(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class _Journal:
    """Counts intent and page lines of a growing journal without reading it twice."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.off = 0
        self.intents = 0
        self.pages = 0

    def poll(self) -> None:
        try:
            with open(self.path, "rb") as f:
                f.seek(self.off)
                data = f.read()
        except FileNotFoundError:
            return
        end = data.rfind(b"\n") + 1
        chunk = data[:end]
        self.off += end
        self.intents += chunk.count(b'"kind":"intent"')
        self.pages += chunk.count(b'"kind":"page"')


def _loaded(store: Path, size: int) -> bool:
    """The disk frontier holds the whole queue file (its source row reached the end)."""
    path = store / "frontier.sqlite"
    if not path.exists():
        return False
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
        try:
            row = db.execute("SELECT offset, size FROM sources").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return False
    return row is not None and row[1] is not None and row[0] == row[1]


def run_one(frontier: str, size: int, tmp: Path) -> Result:
    queue = tmp / f"queue-{size}.txt"
    if not queue.exists():
        write_queue(queue, size)
    store = tmp / f"store-{frontier}-{size}"
    config = tmp / f"config-{frontier}-{size}.json"
    config.write_text(json.dumps({
        "store": str(store), "robot": {"contact_url": "https://example.invalid/movabot"},
        "service": {"lock": str(tmp / "seaspider.lock")},
    }))  # fmt: skip
    command = [*CHILD_FETCH, str(config), str(queue)] if frontier == "disk" else [sys.executable, "-c", CHILD_MEMORY, str(config), str(queue)]
    journal = _Journal(store / "pages.jsonl")
    started = time.monotonic()
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    first: float | None = None
    loaded_at: tuple[float, float, int] | None = None  # (seconds, CPU seconds, pages) when the load finished
    loaded_rss: float | None = None
    last: tuple[float, int] = (0.0, 0)
    waited = None
    while waited is None:
        time.sleep(POLL_S)
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)  # not poll(): it would reap the rusage
        if pid:
            waited = (status, usage)
            break
        journal.poll()
        try:
            cpu = _cpu_s(proc.pid)
        except (FileNotFoundError, ProcessLookupError, IndexError):
            break
        now = time.monotonic() - started
        if first is None and journal.intents:
            first = now
        done_loading = _loaded(store, size) if frontier == "disk" else first is not None
        if loaded_at is None and done_loading:
            loaded_at = (now, cpu, journal.pages)
            try:
                loaded_rss = _rss_mb(proc.pid)
            except (FileNotFoundError, ProcessLookupError):
                loaded_rss = None
        if loaded_at is not None:
            last = (cpu, journal.pages)
            if journal.pages - loaded_at[2] >= AFTER_LOAD:
                proc.send_signal(signal.SIGTERM)
                break
    if waited is None:
        _pid, status, usage = os.wait4(proc.pid, 0)
    else:
        status, usage = waited
    proc.returncode = os.waitstatus_to_exitcode(status)
    journal.poll()
    slope = None
    if loaded_at is not None and last[1] > loaded_at[2]:
        slope = 1000 * (last[0] - loaded_at[1]) / (last[1] - loaded_at[2])
    return Result(frontier, size, usage.ru_maxrss / 1024, first, loaded_at[0] if loaded_at else None, loaded_rss, slope,
                  journal.pages, os.waitstatus_to_exitcode(status))  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--memory-max", type=int, default=100_000, help="largest size the in-memory baseline runs at (it needs ~3 KB per URL)")
    parser.add_argument("--full", action="store_true", help="accepted for run_all.py; the sizes are the same")
    parser.add_argument("--smoke", action="store_true", help=SMOKE_HELP + " (one queue of 2,000 URLs)")
    args = parser.parse_args(argv)
    if args.smoke:
        args.sizes = [2_000]
    results: list[Result] = []
    with tempfile.TemporaryDirectory(prefix="bench-frontier-") as tmp:
        for size in args.sizes:
            for frontier in ("memory", "disk"):
                if frontier == "memory" and size > args.memory_max:
                    continue
                result = run_one(frontier, size, Path(tmp))
                results.append(result)
                print(f"{frontier:6} {size:>9,} done: {result.decided:,} decided, peak {result.max_rss_mb:.0f} MB", file=sys.stderr)
    print(f"{'frontier':8} {'queue':>10} {'peak MB':>8} {'MB loaded':>9} {'first req s':>11} {'loaded s':>9} {'CPU ms/URL':>10} {'decided':>9}")
    for r in results:
        first = f"{r.first_request_s:.2f}" if r.first_request_s is not None else "-"
        load = f"{r.load_s:.2f}" if r.load_s is not None else "-"
        at_load = f"{r.loaded_rss_mb:.1f}" if r.loaded_rss_mb is not None else "-"
        cpu = f"{r.cpu_ms_per_url:.3f}" if r.cpu_ms_per_url is not None else "-"
        print(f"{r.frontier:8} {r.size:>10,} {r.max_rss_mb:>8.1f} {at_load:>9} {first:>11} {load:>9} {cpu:>10} {r.decided:>9,}")
    print("(peak MB also grows with the URLs decided, through the store's own index cache, up to its 64 MB; "
          "MB loaded is the resident memory when the whole queue was in the frontier)")
    print()
    disk = {r.size: r for r in results if r.frontier == "disk"}
    memory = {r.size: r for r in results if r.frontier == "memory"}
    for size, r in sorted(disk.items()):
        base = memory.get(size)
        if base is not None:
            print(f"{size:>10,} URLs: disk/memory peak RSS x{r.max_rss_mb / base.max_rss_mb:.2f}, "
                  f"first request x{(r.first_request_s or 0) / (base.first_request_s or 1):.2f}")  # fmt: skip
    if disk:
        small, big = disk[min(disk)], disk[max(disk)]
        print(f"disk frontier, {big.size:,} vs {small.size:,} URLs: peak RSS x{big.max_rss_mb / small.max_rss_mb:.2f}, "
              f"first request x{(big.first_request_s or 0) / (small.first_request_s or 1):.2f}, "
              f"CPU per URL x{(big.cpu_ms_per_url or 0) / (small.cpu_ms_per_url or 1):.2f}")  # fmt: skip
        worst_rss = max(r.max_rss_mb for r in disk.values())
        worst_first = max(r.first_request_s or float("inf") for r in disk.values())
        print(f"goal: peak RSS under {GOAL_RSS_MB:g} MB at every size: {'met' if worst_rss < GOAL_RSS_MB else 'NOT met'} ({worst_rss:.0f} MB)")
        print(f"goal: first request under {GOAL_FIRST_S:g} s at every size: {'met' if worst_first < GOAL_FIRST_S else 'NOT met'} ({worst_first:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
