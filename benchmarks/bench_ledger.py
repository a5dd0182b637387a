"""The service's memory over many requests: RSS of `seaspider serve` while it answers N requests.

Setup: `seaspider serve` in a subprocess (empty store, idle worker), 8 clients asking status
questions with fresh request ids over the real socket; every answer is journaled in
requests.jsonl and the ledger (fsync each). The server's RSS (VmRSS from /proc) is sampled every
N/10 requests. Baseline: the RSS after the first tenth (warm: model loaded, caches full), measured
in the same run; printed is each sample's ratio to it and the growth per 1,000 requests over the
second half. Flat means a ratio near 1.00 and a growth near 0 (the old in-memory ledger grew by
about 2.2 KiB per request). Then 1,000 repeated ids are asked: their replies come from disk.
Goal (issue 22 item 9): flat RSS over 100,000 requests.

    .venv/bin/python benchmarks/bench_ledger.py            # 20,000 requests
    .venv/bin/python benchmarks/bench_ledger.py --full     # 100,000 requests
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchkit import add_scale, child_env, rss_kib, serving  # noqa: E402

from wire.transport import request  # noqa: E402

CLIENTS = 8  # concurrent askers: enough to share fsyncs, few enough for two cores
PROMPT = "Is the queue empty?"


def ask_many(sock: Path, start: int, count: int, prefix: str = "r") -> float:
    """Ask `count` fresh ids from CLIENTS threads; returns the wall time."""
    ids = iter(range(start, start + count))
    lock = threading.Lock()

    def client() -> None:
        while True:
            with lock:
                i = next(ids, None)
            if i is None:
                return
            reply = request(sock, {"id": f"{prefix}{i}", "prompt": PROMPT}, timeout_s=120)
            assert "answer" in reply, reply

    began = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(CLIENTS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "100,000 requests instead of 20,000")
    parser.add_argument("--requests", type=int, default=None, help="how many requests (overrides --full)")
    args = parser.parse_args()
    total = args.requests or (100_000 if args.full else 50 if args.smoke else 20_000)
    warm = 20 if args.smoke else 200  # --smoke: every step once on a few requests; the figures mean nothing
    step = total // 10
    base = Path(tempfile.mkdtemp(prefix="ssl-", dir="/tmp"))
    try:
        with serving(base, child_env()) as (sock, server):
            ask_many(sock, 0, warm, prefix="warm")  # first parse, first journal pages
            print(f"{total:,} requests, {CLIENTS} clients, status question, fresh ids; RSS of the server after each {step:,}")
            print(f"{'requests':>10} {'RSS MiB':>9} {'ratio to first sample':>22} {'requests/s':>11}")
            samples: list[tuple[int, int]] = []
            done = 0
            while done < total:
                took = ask_many(sock, done, step)
                done += step
                kib = rss_kib(server.pid)
                samples.append((done, kib))
                print(f"{done:>10,} {kib / 1024:>9.1f} {kib / samples[0][1]:>22.3f} {step / took:>11.0f}", flush=True)
            half = samples[len(samples) // 2 - 1:]
            growth = (half[-1][1] - half[0][1]) / ((half[-1][0] - half[0][0]) / 1000)
            print(f"growth over the second half: {growth:+.2f} KiB per 1,000 requests "
                  f"(the in-memory ledger: about +2,200 KiB per 1,000); ledger.jsonl is {(sock.parent / 'ledger.jsonl').stat().st_size / 2**20:.0f} MiB on disk")
            lat_repeat = []
            for i in range(0, total, max(1, total // 1000)):
                began = time.perf_counter()
                reply = request(sock, {"id": f"r{i}", "prompt": PROMPT}, timeout_s=60)
                lat_repeat.append(time.perf_counter() - began)
                assert reply["report"].get("replayed") is True, reply
            lat_fresh = []
            for i in range(len(lat_repeat)):
                began = time.perf_counter()
                request(sock, {"id": f"fresh{i}", "prompt": PROMPT}, timeout_s=60)
                lat_fresh.append(time.perf_counter() - began)
            print(f"repeated ids (reply read from disk): median {statistics.median(lat_repeat) * 1e3:.2f} ms over {len(lat_repeat)}; "
                  f"fresh ids (answered and journaled): median {statistics.median(lat_fresh) * 1e3:.2f} ms "
                  f"(ratio {statistics.median(lat_repeat) / statistics.median(lat_fresh):.2f})")
    finally:
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
