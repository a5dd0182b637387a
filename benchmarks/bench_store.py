"""Store throughput and answer latency, against baselines measured in the same run.

Run: .venv/bin/python benchmarks/bench_store.py [--full] [--dir DIR]

1. Writes: records/s through StoreWriter (intent + page line, each fsynced, body in a fsynced
   segment, index committed) for distinct ~20 KB HTML bodies at zstd levels 3 and 9, with the
   compression ratio; the baseline is a bare loop that appends the raw body and a JSON line to
   two files with an fsync each (no compression, no index). A batched row writes the same
   records BATCH at a time through `record_intents` + `record_visits` (group commit, as the
   crawl's journal thread does when records queue up).
2. Answers: `get` (one body by URL) and `stats` on stores of 10k and 100k page records (1M with
   --full), from a fresh StoreReader as the CLI does it, against a naive full journal scan; the
   time to rebuild the index from the journal; and the whole `seaspider get`/`stats` commands.
The big stores are made by appending page lines to a small real store (bodies shared), which is
exactly what a long crawl leaves behind; the index is then rebuilt from scratch.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale, html_body  # noqa: E402

from seaspider.store.reader import StoreReader  # noqa: E402
from seaspider.store.writer import Intent, StoreWriter  # noqa: E402
from seaspider.web.records import Hop, Outcome, RobotsSource, RobotsVerdict, Visit  # noqa: E402


def make_visit(url: str, body: bytes, t: float) -> Visit:
    return Visit(
        url=url, final_url=url, outcome=Outcome.FETCHED, status=200,
        chain=(Hop(url=url, status=200, ip="192.0.2.1"),),
        headers={"content-type": "text/html; charset=utf-8", "etag": '"abc"', "date": "Mon, 02 Nov 2026 10:00:00 GMT"},
        content_type="text/html", body=body, truncated=False, sha256=hashlib.sha256(body).hexdigest(),
        robots=RobotsVerdict(url=url.rsplit("/", 1)[0] + "/robots.txt", source=RobotsSource.CACHE, status=200,
                             allowed=True, group="*"),
        ms=2100, fetched_unix=t, user_agent="MovaBot/0.1.0 (+https://example.invalid/movabot)",
    )  # fmt: skip


def _baseline_writes(d: Path, bodies: list[bytes]) -> float:
    """Records/s of the two fsynced appends the design cannot avoid, with nothing else."""
    d.mkdir()
    t0 = time.perf_counter()
    with open(d / "seg", "ab") as seg, open(d / "journal", "ab") as journal:
        for i, body in enumerate(bodies):
            seg.write(body)
            seg.flush()
            os.fdatasync(seg.fileno())
            journal.write((json.dumps({"url": f"https://h{i % 50}.test/{i}", "len": len(body)}) + "\n").encode())
            journal.flush()
            os.fdatasync(journal.fileno())
    return len(bodies) / (time.perf_counter() - t0)


def _store_writes(store: Path, bodies: list[bytes], level: int) -> tuple[float, dict[str, object]]:
    """Records/s through StoreWriter (intent + page line per record), and the store's stats."""
    t0 = time.perf_counter()
    with StoreWriter.open(store, zstd_level=level) as w:
        for i, body in enumerate(bodies):
            url = f"https://h{i % 50}.test/{i}"
            w.record_intent(url)
            w.record_visit(make_visit(url, body, 1.79e9 + i))
            w.save_ip_end("192.0.2.1", 1.79e9 + i)
        stats = w.stats()
    return len(bodies) / (time.perf_counter() - t0), stats


BATCH = 16  # records per group commit in the batched row


def _store_writes_batched(store: Path, bodies: list[bytes], level: int) -> float:
    """Records/s through StoreWriter's group commit: BATCH intents with one fsync, then BATCH visits."""
    t0 = time.perf_counter()
    with StoreWriter.open(store, zstd_level=level) as w:
        for start in range(0, len(bodies), BATCH):
            urls = [f"https://h{i % 50}.test/{i}" for i in range(start, min(start + BATCH, len(bodies)))]
            w.record_intents([Intent(url) for url in urls])
            w.record_visits([(make_visit(url, bodies[start + k], 1.79e9 + start + k), None) for k, url in enumerate(urls)])
            w.save_ip_end("192.0.2.1", 1.79e9 + start)
    return len(bodies) / (time.perf_counter() - t0)


def bench_writes(base: Path, n: int, rounds: int = 3) -> None:
    bodies = [html_body(i) for i in range(n)]
    raw_total = sum(map(len, bodies))
    # fsync times vary with whatever else the disk is doing: interleave the measurements over
    # several rounds and report medians, so the ratios compare like with like.
    rates: dict[str, list[float]] = {"baseline": [], "3": [], "9": [], "9 batched": []}
    stats: dict[str, dict[str, object]] = {}
    for r in range(rounds):
        rates["baseline"].append(_baseline_writes(base / f"baseline{r}", bodies))
        for level in (3, 9):
            rate, stats[str(level)] = _store_writes(base / f"w{level}-{r}", bodies, level)
            rates[str(level)].append(rate)
        rates["9 batched"].append(_store_writes_batched(base / f"w9b-{r}", bodies, 9))
    baseline = statistics.median(rates["baseline"])
    print(f"writes: {n} distinct HTML bodies of {raw_total // n} B, median of {rounds} interleaved rounds")
    print(f"  baseline (raw body append + JSON line, 2 fdatasyncs, no compression, no index): {baseline:,.0f} records/s")
    for level in (3, 9):
        rate = statistics.median(rates[str(level)])
        s = stats[str(level)]
        print(f"  zstd level {level}: {rate:,.0f} records/s (intent + page line + body, 3 fdatasyncs, index) = "
              f"{rate / baseline:.2f}x baseline; compression ratio {s['compression_ratio']:.2f} "
              f"({s['bytes_raw']:,} -> {s['bytes_compressed']:,} B)")
    batched = statistics.median(rates["9 batched"])
    print(f"  zstd level 9, {BATCH} records per group commit: {batched:,.0f} records/s (3 fdatasyncs per batch) = "
          f"{batched / baseline:.2f}x baseline, {batched / statistics.median(rates['9']):.2f}x one record at a time")


def fill_store(store: Path, n: int, distinct: int = 200) -> None:
    """A store of `n` page records over 1,000 hosts: `distinct` real bodies, the rest journal lines sharing them."""
    bodies = [html_body(i, size=2000) for i in range(distinct)]
    with StoreWriter.open(store, zstd_level=3) as w:
        templates = [w.record_visit(make_visit(f"https://h{i % 1000}.test/p{i}", bodies[i], 1.79e9 + i)) for i in range(distinct)]
    outcomes = ("fetched",) * 8 + ("error", "disallowed")
    with open(store / "pages.jsonl", "ab") as f:
        buf = []
        for i in range(distinct, n):
            line = dict(templates[i % distinct])
            url = f"https://h{i % 1000}.test/p{i}"
            line["url"] = line["final_url"] = url
            line["chain"] = [{"url": url, "status": 200, "ip": "192.0.2.1"}]
            line["fetched_unix"] = 1.79e9 + i
            outcome = outcomes[i % 10]
            if outcome != "fetched":
                line.update(outcome=outcome, seg=None, off=None, len=None, body_bytes=0, sha256=None,
                            status=None if outcome == "disallowed" else 503)
            buf.append(json.dumps(line, separators=(",", ":")) + "\n")
            if len(buf) >= 10_000:
                f.write("".join(buf).encode())
                buf.clear()
        f.write("".join(buf).encode())
        f.flush()
        os.fsync(f.fileno())
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)


def naive_get(store: Path, url: str) -> bytes | None:
    """Scan the whole journal for the URL's latest page line, then read its body."""
    latest = None
    with open(store / "pages.jsonl", "rb") as f:
        for raw in f:
            if url.encode() in raw:
                line = json.loads(raw)
                if line.get("kind") == "page" and line["url"] == url:
                    latest = line
    if latest is None or latest["seg"] is None:
        return None
    import zstandard

    with open(store / "seg" / f"{latest['seg']:06d}.seg", "rb") as f:
        f.seek(latest["off"])
        return zstandard.ZstdDecompressor().decompress(f.read(latest["len"]))


def naive_stats(store: Path) -> dict[str, int]:
    """Parse every journal line and count (what the seed's reader does: O(journal))."""
    kinds: Counter[str] = Counter()
    latest: dict[str, str] = {}
    with open(store / "pages.jsonl", "rb") as f:
        for raw in f:
            line = json.loads(raw)
            kinds[line["kind"]] += 1
            if line["kind"] == "page":
                latest[line["url"]] = line["outcome"]
    return {"pages": kinds["page"], "urls": len(latest), **Counter(latest.values())}


def median_s(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def bench_answers(base: Path, n: int, smoke: bool = False) -> None:
    store = base / f"s{n}"
    t0 = time.perf_counter()
    fill_store(store, n)
    fill_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    StoreReader(store).close()  # no index yet: this rebuilds it from the journal
    rebuild_s = time.perf_counter() - t0
    journal_mb = (store / "pages.jsonl").stat().st_size / 1e6
    urls = [f"https://h{i % 1000}.test/p{i}" for i in random.Random(1).sample(range(n), 20) if i % 10 < 8]

    def get_one() -> None:
        with StoreReader(store) as r:
            assert r.body(random.choice(urls)) is not None

    def stats_one() -> None:
        with StoreReader(store) as r:
            assert r.stats()["lines"]["page"] == n

    get_s = median_s(get_one, 1 if smoke else 20)
    stats_s = median_s(stats_one, 1 if smoke else 10)
    scan_get_s = median_s(lambda: naive_get(store, urls[0]), 1 if smoke or n > 100_000 else 3)
    scan_stats_s = median_s(lambda: naive_stats(store), 1 if smoke or n > 100_000 else 3)
    cli_rounds = 1 if smoke else 5
    cli = [sys.executable, "-m", "seaspider.cli"]
    cli_get_s = median_s(lambda: subprocess.run([*cli, "get", str(store), urls[1]], capture_output=True, check=True), cli_rounds)
    cli_stats_s = median_s(lambda: subprocess.run([*cli, "stats", str(store)], capture_output=True, check=True), cli_rounds)
    cli_help_s = median_s(lambda: subprocess.run([*cli, "--version"], capture_output=True, check=True), cli_rounds)
    print(f"{n:>9,} page records ({journal_mb:,.0f} MB journal; made in {fill_s:.1f} s): index rebuild {rebuild_s:.2f} s")
    print(f"  get   {get_s * 1e3:8.2f} ms   naive scan {scan_get_s * 1e3:9.1f} ms   = {scan_get_s / get_s:8.0f}x faster")
    print(f"  stats {stats_s * 1e3:8.2f} ms   naive scan {scan_stats_s * 1e3:9.1f} ms   = {scan_stats_s / stats_s:8.0f}x faster")
    print(f"  whole commands: seaspider get {cli_get_s * 1e3:.0f} ms, stats {cli_stats_s * 1e3:.0f} ms "
          f"(interpreter start-up alone, seaspider --version: {cli_help_s * 1e3:.0f} ms)")
    shutil.rmtree(store)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "also 1,000,000 records (several minutes)")
    parser.add_argument("--dir", help="where to build the stores (default: a temporary directory)")
    parser.add_argument("--writes", type=int, default=200, help="records per write measurement (default 300)")
    parser.add_argument("--writes-only", action="store_true", help="only the write measurements")
    args = parser.parse_args()
    base = Path(tempfile.mkdtemp(prefix="seaspider-bench-", dir=args.dir))
    try:
        bench_writes(base, 10 if args.smoke else args.writes, rounds=1 if args.smoke else 3)
        sizes = (1_000,) if args.smoke else (10_000, 100_000, *((1_000_000,) if args.full else ()))
        for n in () if args.writes_only else sizes:
            bench_answers(base, n, args.smoke)
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
