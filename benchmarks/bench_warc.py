"""The WARC export: its speed against plain zstd decompression of the same segments, and its memory.

Run: .venv/bin/python benchmarks/bench_warc.py [--full] [--dir DIR]

1. Speed: a store of distinct ~20 KB HTML pages (2,000; 10,000 with --full), each hop's head
   captured as the fetcher does, is exported with `WarcExport` at gzip levels 6 (the default) and 1.
   The baseline is the least any export must do: `zstd -d` of the same segment files (every body
   and head frame decompressed, nothing written), measured in the same run; the ratio says how many
   times longer the whole export takes (reading the journal, both digests, warcio framing, gzip).
2. Memory: `seaspider export-warc` on stores of 10,000 and 100,000 pages (distinct 2 KB bodies,
   captured heads, so every page is a full response and the revisit table grows with the store),
   each in its own process; peak RSS from the kernel (wait4). Flat means the 100,000-page export
   peaks no higher than the 10,000-page one, give or take allocator noise.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale, html_body  # noqa: E402

from seaspider.store.warc_export import WarcExport, warcinfo_fields  # noqa: E402
from seaspider.store.warc_files import WarcFiles  # noqa: E402
from seaspider.store.writer import StoreWriter  # noqa: E402
from seaspider.web.capture import BodyEnd, Capture  # noqa: E402
from seaspider.web.records import Hop, Outcome, RobotsSource, RobotsVerdict, Visit  # noqa: E402

BATCH = 250  # visits per group commit while building (the crawl writes up to 256); divides the snapshot sizes


def captured_visit(n: int, body: bytes, t: float) -> Visit:
    """A page visit whose hop carries heads like the ones a real server and our fetcher exchange."""
    host, path = f"h{n % 50}.test", f"/p/{n}"
    url = f"https://{host}{path}"
    request = (f"GET {path} HTTP/1.1\r\nhost: {host}\r\nuser-agent: MovaBot/0.1.0 (+https://example.invalid/movabot)\r\n"
               "accept: */*\r\naccept-encoding: gzip, deflate, br\r\nconnection: close\r\n\r\n").encode()
    response = (f"HTTP/1.1 200 OK\r\nDate: Mon, 02 Nov 2026 10:00:00 GMT\r\nServer: nginx/1.24.0\r\n"
                f"Content-Type: text/html; charset=utf-8\r\nContent-Length: {len(body)}\r\nLast-Modified: Sun, 01 Nov 2026 08:00:00 GMT\r\n"
                f'ETag: "{n:x}-{len(body):x}"\r\nCache-Control: max-age=600\r\nVary: Accept-Encoding\r\n\r\n').encode()
    capture = Capture(t - 0.2, request, response, BodyEnd.COMPLETE)
    return Visit(
        url=url, final_url=url, outcome=Outcome.FETCHED, status=200, chain=(Hop(url, 200, "192.0.2.1", capture),),
        headers={"content-type": "text/html; charset=utf-8", "content-length": str(len(body))},
        content_type="text/html", body=body, truncated=False, sha256=hashlib.sha256(body).hexdigest(),
        robots=RobotsVerdict(url=f"https://{host}/robots.txt", source=RobotsSource.CACHE, status=200, allowed=True, group="*"),
        ms=200, fetched_unix=t, user_agent="MovaBot/0.1.0 (+https://example.invalid/movabot)",
    )  # fmt: skip


def build(store: Path, n: int, size: int, *, level: int, snapshot_at: dict[int, Path] | None = None) -> float:
    """Write `n` captured pages into a new store; copy it aside at the counts in `snapshot_at`. Seconds taken."""
    t0 = time.perf_counter()
    with StoreWriter.open(store, zstd_level=level) as writer:
        for start in range(0, n, BATCH):
            batch = [captured_visit(i, html_body(i, size), 1_790_000_000.0 + i) for i in range(start, min(n, start + BATCH))]
            writer.record_visits([(v, None) for v in batch])
            done = start + len(batch)
            if snapshot_at and done in snapshot_at:
                shutil.copytree(store, snapshot_at[done], ignore=shutil.ignore_patterns(".writer.lock"))
    return time.perf_counter() - t0


def zstd_baseline(store: Path) -> float:
    """Seconds for `zstd -d` of every segment file to /dev/null (the floor of reading the store)."""
    segs = sorted(str(p) for p in (store / "seg").glob("*.seg"))
    t0 = time.perf_counter()
    subprocess.run(["zstd", "-d", "-q", "-c", *segs], stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def export_once(store: Path, out: Path, level: int) -> tuple[float, int]:
    """(seconds, bytes written) of one export of the whole store."""
    files = WarcFiles(out, warcinfo=warcinfo_fields(user_agent="MovaBot/bench"), now_unix=time.time(), gzip_level=level)
    job = WarcExport(store, files)
    t0 = time.perf_counter()
    job.run(0, (store / "pages.jsonl").stat().st_size)
    paths = files.close()
    took = time.perf_counter() - t0
    job.close()
    size = sum(p.stat().st_size for p in paths)
    for p in paths:
        p.unlink()
    return took, size


def speed(work: Path, n: int, rounds: int) -> None:
    store = work / "speed"
    build_s = build(store, n, 20_000, level=9)
    raw_mb = n * 20_000 / 1e6
    base, six, one = [], [], []
    size = {}
    for _ in range(rounds):  # interleaved, so a neighbour's burst hits every column alike
        base.append(zstd_baseline(store))
        took, size[6] = export_once(store, work / "a.warc.gz", 6)
        six.append(took)
        took, size[1] = export_once(store, work / "b.warc.gz", 1)
        one.append(took)
    b, s6, s1 = statistics.median(base), statistics.median(six), statistics.median(one)
    seg_mb = sum(p.stat().st_size for p in (store / "seg").glob("*.seg")) / 1e6
    print(f"speed: {n:,} distinct {20_000:,} B pages ({raw_mb:,.0f} MB decoded; store made in {build_s:.1f} s), median of {rounds} rounds")
    print(f"  baseline zstd -d of the segments: {b:6.2f} s  {raw_mb / b:7.0f} MB/s")
    print(f"  export-warc, gzip level 6:        {s6:6.2f} s  {raw_mb / s6:7.0f} MB/s  {n / s6:8,.0f} pages/s  = {s6 / b:5.1f}x the baseline"
          f"  ({size[6] / 1e6:.1f} MB of WARC; the segments hold {seg_mb:.1f} MB)")
    print(f"  export-warc, gzip level 1:        {s1:6.2f} s  {raw_mb / s1:7.0f} MB/s  {n / s1:8,.0f} pages/s  = {s1 / b:5.1f}x the baseline"
          f"  ({size[1] / 1e6:.1f} MB of WARC)")


def peak_rss_mb(store: Path, out: Path) -> tuple[float, float]:
    """(peak RSS in MB, seconds) of `seaspider export-warc STORE OUT` in its own process."""
    code = "import sys; from seaspider.cli import main; sys.exit(main())"
    t0 = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-c", code, "export-warc", str(store), str(out)], stdout=subprocess.DEVNULL)
    _pid, status, usage = os.wait4(proc.pid, 0)
    took = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"export-warc failed with status {proc.returncode}")
    for p in out.parent.glob(out.name.replace(".warc.gz", "*.warc.gz")):
        p.unlink()
    return usage.ru_maxrss / 1024, took


def memory(work: Path, sizes: tuple[int, ...]) -> None:
    big = work / f"mem{sizes[-1]}"
    snapshots = {n: work / f"mem{n}" for n in sizes[:-1]}
    build_s = build(big, sizes[-1], 2_000, level=3, snapshot_at=snapshots)
    print(f"memory: stores of {', '.join(f'{n:,}' for n in sizes)} distinct 2 KB pages with captured heads (made in {build_s:.0f} s)")
    peaks = []
    for n in sizes:
        peak, took = peak_rss_mb(work / f"mem{n}", work / "m.warc.gz")
        peaks.append(peak)
        print(f"  {n:>8,} pages: peak RSS {peak:6.1f} MB, {took:5.1f} s ({n / took:,.0f} pages/s)")
    print(f"  peak RSS at {sizes[-1]:,} / at {sizes[0]:,} pages = {peaks[-1] / peaks[0]:.2f} (1.00 is flat)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "10,000 pages for speed, 5 rounds")
    parser.add_argument("--dir", help="work directory (default: a temporary one, removed afterwards)")
    args = parser.parse_args()
    if shutil.which("zstd") is None:
        raise SystemExit("bench_warc needs the zstd command for its baseline (apt-get install zstd).")
    work = Path(args.dir) if args.dir else Path(tempfile.mkdtemp(prefix="bench-warc-"))
    work.mkdir(parents=True, exist_ok=True)
    try:
        speed(work, 10_000 if args.full else 20 if args.smoke else 2_000, 5 if args.full else 1 if args.smoke else 3)
        memory(work, (BATCH, 2 * BATCH) if args.smoke else (10_000, 100_000))
    finally:
        if not args.dir:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
