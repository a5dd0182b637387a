"""Sitemap parse speed and peak memory of seaspider.web.sitemaps against ultimate-sitemap-parser, on the same bytes.

Run: .venv/bin/python benchmarks/bench_sitemaps.py [--full]
Needs the bench extra (`pip install ultimate-sitemap-parser`) for the baseline column.

The input is one deterministic 50 MB sitemaps.org urlset (just under the protocol's 50 MiB bound):
50,000 URLs, each with lastmod, changefreq, priority and hreflang alternates, which is what makes
real sitemaps large. Every parse runs in a fresh child process, so each peak RSS is its own; the
growth is the peak over that of a child that only imports the parser and loads the same bytes. ultimate-sitemap-parser is given the text
(`usp.tree.sitemap_from_str`, whose web client refuses to fetch anything); its time includes the
UTF-8 decode it needs. Ours is given the bytes and also canonicalises every URL and checks its origin.
Ours is also given the same sitemap gzip-compressed (.xml.gz), inflated by the bounded inflater
bodies share (seaspider/web/inflate.py). Last, the 50,000 URLs are queued in a fresh disk frontier
the way a crawl queues a sitemap's finds (one FrontierDB.queue_listed call, in the journal thread,
before the sitemap's page line): how long that holds the frontier's write lock.
Quick: one round each; --full: best of three.
"""

from __future__ import annotations

import argparse
import gzip
import json
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale  # noqa: E402

URLS = 50_000
LANGS = ("de", "fr", "es", "it", "nl")
HOST = "https://shop.example"


def make_sitemap(urls: int = URLS) -> bytes:
    """~50 MB: each <url> about 1 KB, as hreflang alternates make them."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
    ]
    for i in range(urls):
        path = f"/catalogue/section-{i % 97}/product-{i:07d}-with-a-long-descriptive-slug-for-searches"
        alternates = "".join(
            f'  <xhtml:link rel="alternate" hreflang="{lang}" href="{HOST}/{lang}{path}"/>\n' for lang in LANGS
        )
        out.append(
            f"<url>\n  <loc>{HOST}{path}</loc>\n  <lastmod>2026-{1 + i % 12:02d}-{1 + i % 28:02d}T10:{i % 60:02d}:00+00:00</lastmod>\n"
            f"  <changefreq>weekly</changefreq>\n  <priority>0.{i % 10}</priority>\n{alternates}</url>\n"
        )
    out.append("</urlset>\n")
    return "".join(out).encode()


def _rss_kb() -> int:
    """This process's peak RSS so far, in KiB: VmHWM, which starts afresh at exec (ru_maxrss keeps the
    parent's peak across fork and exec, so it would report this benchmark's own 50 MB input instead)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def child(lib: str, path: str, parse: bool) -> None:
    """One parse (or, for the memory baseline, only the imports and the load) in this process.

    Prints {"seconds", "urls", "rss_peak_kb"}.
    """
    if lib in ("ours", "ours-gz"):
        from seaspider.web.sitemaps import parse_sitemap

        def run(data: bytes) -> int:
            return len(parse_sitemap(data, url=f"{HOST}/sitemap.xml").entries)
    else:
        from usp.tree import sitemap_from_str

        def run(data: bytes) -> int:
            return sum(1 for _ in sitemap_from_str(data.decode("utf-8")).all_pages())

    data = Path(path).read_bytes()
    started = time.perf_counter()
    count = run(data) if parse else 0
    seconds = time.perf_counter() - started
    print(json.dumps({"seconds": seconds, "urls": count, "rss_peak_kb": _rss_kb()}))


def _child(lib: str, path: Path, parse: bool) -> dict[str, float] | None:
    command = [sys.executable, __file__, "--child", lib, str(path), *([] if parse else ["--load-only"])]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"  {lib}: failed: {done.stderr.strip()[-300:]}", file=sys.stderr)
        return None
    got: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return got


def measure(lib: str, path: Path, rounds: int) -> dict[str, float] | None:
    """Best time of `rounds` parses; memory is the parse's peak RSS over a load-only child's peak."""
    baseline = _child(lib, path, parse=False)
    if baseline is None:
        return None
    best: dict[str, float] | None = None
    for _ in range(rounds):
        got = _child(lib, path, parse=True)
        if got is None:
            return None
        if best is None or got["seconds"] < best["seconds"]:
            best = got
    assert best is not None
    best["baseline_kb"] = baseline["rss_peak_kb"]
    best["growth_kb"] = max(0.0, best["rss_peak_kb"] - baseline["rss_peak_kb"])
    return best


def frontier_seconds(rounds: int, urls: int = URLS) -> float:
    """Best time of `rounds` to queue `urls` (50,000) listed pages in a fresh disk frontier (one transaction)."""
    from seaspider.crawl.frontier_db import FrontierDB, SourceState
    from seaspider.crawl.queuefile import QueueEntry
    from seaspider.crawl.sitemaps import Listing
    from seaspider.store.writer import StoreWriter

    pages = tuple(f"{HOST}/catalogue/product-{i:07d}" for i in range(urls))
    best = float("inf")
    for _ in range(rounds):
        with tempfile.TemporaryDirectory(prefix="bench-sitemaps-store-") as tmp:
            store = Path(tmp) / "store"
            with StoreWriter.open(store):
                pass
            db = FrontierDB.open(store)
            try:
                source_id, gen = db.begin_load("q.txt")
                db.load([QueueEntry(f"{HOST}/sitemap.xml", 1, 0, "sitemap")], source=SourceState(source_id, 0, 0, 0, 0, 0, 0, ""),
                        gen=gen, track_dirs=False)  # fmt: skip
                (sitemap,) = db.head_tasks("shop.example", 1)
                started = time.perf_counter()
                (listed,) = db.queue_listed([(sitemap, Listing((), pages, ()))], max_sitemaps=100)
                best = min(best, time.perf_counter() - started)
                assert listed.pages == urls
            finally:
                db.close()
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "best of three rounds")
    parser.add_argument("--child", nargs=2, metavar=("LIB", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--load-only", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        child(*args.child, parse=not args.load_only)
        return 0
    rounds = 3 if args.full else 1
    urls = 500 if args.smoke else URLS
    data = make_sitemap(urls)
    print(f"sitemap: {len(data):,} bytes ({len(data) / 2**20:.1f} MiB), {urls:,} URLs; best of {rounds}")
    packed = gzip.compress(data, compresslevel=6)
    with tempfile.TemporaryDirectory(prefix="bench-sitemaps-") as tmp:
        path = Path(tmp) / "sitemap.xml"
        path.write_bytes(data)
        gz_path = Path(tmp) / "sitemap.xml.gz"
        gz_path.write_bytes(packed)
        results = {lib: measure(lib, path, rounds) for lib in ("ours", "usp")}
        results["ours-gz"] = measure("ours-gz", gz_path, rounds)
    for lib, got in results.items():
        if got is None:
            print(f"{lib:7s}: not measured (ultimate-sitemap-parser not installed?)" if lib == "usp" else f"{lib}: failed")
            continue
        growth_mb = got["growth_kb"] / 1024
        print(
            f"{lib:7s}: {got['seconds']:.2f} s, {int(got['urls']):,} URLs, {len(data) / 2**20 / got['seconds']:.1f} MiB/s, "
            f"{got['urls'] / got['seconds']:,.0f} URLs/s, peak RSS {got['rss_peak_kb'] / 1024:.0f} MB "
            f"(+{growth_mb:.0f} MB over {got['baseline_kb'] / 1024:.0f} MB for imports and bytes alone)"
        )
    ours, theirs, packed_got = results["ours"], results["usp"], results["ours-gz"]
    if ours is None or packed_got is None:
        return 1
    print(f"gzip: {len(packed):,} bytes inflated and read in {packed_got['seconds']:.2f} s ({packed_got['seconds'] / ours['seconds']:.2f}x the plain read)")
    if int(packed_got["urls"]) != int(ours["urls"]):
        print(f"URL counts differ: plain {int(ours['urls'])}, gzip {int(packed_got['urls'])}", file=sys.stderr)
        return 1
    print(f"frontier: {urls:,} listed pages queued in {frontier_seconds(rounds, urls):.2f} s (one transaction of the journal thread)")
    if theirs is not None:
        print(
            f"speed ours/usp: {theirs['seconds'] / ours['seconds']:.2f}x; peak RSS usp/ours: {theirs['rss_peak_kb'] / ours['rss_peak_kb']:.2f}x; "
            f"memory while parsing: ours +{ours['growth_kb'] / 1024:.0f} MB, usp +{theirs['growth_kb'] / 1024:.0f} MB"
        )
        if int(ours["urls"]) != int(theirs["urls"]):
            print(f"URL counts differ: ours {int(ours['urls'])}, usp {int(theirs['urls'])}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
