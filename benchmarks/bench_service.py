"""Answer latency of `seaspider serve` for status, stats and page questions while a crawl runs.

Setup: a store of 100,000 page records (1,000,000 with --full), the local web in this process, and
`seaspider serve` in a subprocess crawling a queued job of local-web pages the whole time. Each
question kind is asked sequentially over the real socket with fresh request ids (each answer is
journaled in requests.jsonl and the ledger with fsync), after one warm-up ask per prompt text (the
first parse after start is excluded, as the goal says). Printed: median and p99 per kind, the ratio to
a bare socket round trip measured in the same run (an echo server on the same transport), the
latency when every prompt is new text (a parse each time), and 200 clients asking at once.
Goal (issue 9): p99 under 50 ms.

    .venv/bin/python benchmarks/bench_service.py [--full] [--asks N]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchkit import add_scale, pct, stop_server, wait_for_socket  # noqa: E402

from bench_store import fill_store  # noqa: E402  (the store benchmark's fast 100k-record store)

from wire.transport import request  # noqa: E402
from seaspider.demo.localweb import LocalWeb  # noqa: E402
from seaspider.store.reader import StoreReader  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
ECHO = """
import sys
from pathlib import Path
from wire.transport import UnixServer
s = UnixServer(Path(sys.argv[1]), lambda req, peer: {"answer": "echo", "report": req},
               bad_frame_reply=lambda k, m: {"error": k}, on_peer_refused=lambda p, r: {"error": r})
print("ready", flush=True)
s.serve_forever()
"""


def timed_asks(sock: Path, prompts: list[str], prefix: str) -> list[float]:
    out = []
    for i, prompt in enumerate(prompts):
        started = time.perf_counter()
        reply = request(sock, {"id": f"{prefix}{i}", "prompt": prompt}, timeout_s=60)
        out.append(time.perf_counter() - started)
        assert "answer" in reply, reply
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "a store of 1,000,000 page records instead of 100,000")
    parser.add_argument("--asks", type=int, default=300, help="questions per kind (default 300)")
    args = parser.parse_args()
    records = 1_000_000 if args.full else 1_000 if args.smoke else 100_000
    base = Path(tempfile.mkdtemp(prefix="ssb-", dir="/tmp"))
    try:
        run(base, records, 5 if args.smoke else args.asks, hosts=8 if args.smoke else 60, clients=10 if args.smoke else 200)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def run(base: Path, records: int, asks: int, *, hosts: int = 60, clients: int = 200) -> None:
    store = base / "store"
    t = time.perf_counter()
    fill_store(store, records)
    StoreReader(store).close()  # build the index now, not during the measurement
    print(f"store: {records:,} page records, made and indexed in {time.perf_counter() - t:.1f} s")

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    echo_sock = base / "echo" / "e.sock"
    echo = subprocess.Popen([sys.executable, "-c", ECHO, str(echo_sock)], stdout=subprocess.PIPE, env=env)
    assert echo.stdout is not None and echo.stdout.readline().strip() == b"ready"
    timed_asks(echo_sock, ["warm"] * min(20, asks), "w")
    baseline = timed_asks(echo_sock, ["Is the queue empty?"] * asks, "e")
    echo.terminate()
    echo.wait()
    base_p50, base_p99 = statistics.median(baseline), pct(baseline, 0.99)
    print(f"baseline: bare socket round trip (echo server, same transport): median {base_p50 * 1e3:.2f} ms, p99 {base_p99 * 1e3:.2f} ms")

    with LocalWeb(hosts=hosts, pages=5, hosts_per_ip=1, ip_base="127.31", latency_s=0.05) as web:
        config = base / "config.json"
        config.write_text(json.dumps({
            "store": str(store), "robot": {"contact_url": "https://example.invalid/movabot"},
            "network": {"allow_private_addresses": True, "resolve": web.resolve_map()},
            "fetch": {"concurrency": 64}, "service": {"lock": str(base / "seaspider.lock")},
        }))
        sock = base / "run" / "s.sock"
        t = time.perf_counter()
        server = subprocess.Popen(
            [sys.executable, "-m", "seaspider.cli", "serve", str(config), str(ROOT / "vocab" / "deputy.example.json"), str(sock)],
            env=env, stderr=subprocess.DEVNULL,
        )
        try:
            wait_for_socket(sock, server)
            print(f"server: listening after {time.perf_counter() - t:.1f} s (model load included)")
            # A crawl that keeps the worker busy during the measurement: 60 IPs x 5 pages at 2 s spacing.
            urls = [web.url(h, f"/p/{n}") for n in range(1, 6) for h in range(hosts)]
            for j in range(0, len(urls), 16):
                request(sock, {"id": f"crawl{j}", "prompt": "Fetch " + ", ".join(urls[j:j + 16]) + "."}, timeout_s=60)
            page_url = "https://h5.test/p5"
            kinds = {
                "status": "What is the status of the current run?",
                "stats": "How many pages have you stored?",
                "stats (host)": "How many pages have you stored from h7.test?",
                "page": f"What did you get from {page_url}?",
            }
            def ident(kind: str) -> str:
                return "".join(c if c.isalnum() else "-" for c in kind)

            for kind, prompt in kinds.items():
                request(sock, {"id": f"warm-{ident(kind)}", "prompt": prompt}, timeout_s=60)  # first parse excluded
            print(f"\n{'question':<14} {'median ms':>10} {'p99 ms':>8} {'median / bare socket':>21} {'p99 < 50 ms':>12}")
            busy = []
            for kind, prompt in kinds.items():
                lat = timed_asks(sock, [prompt] * asks, f"{ident(kind)}-")
                p50, p99 = statistics.median(lat), pct(lat, 0.99)
                busy.append(request(sock, {"id": f"s-{ident(kind)}", "prompt": kinds["status"]}, timeout_s=60)["report"]["results"][0]["state"])
                print(f"{kind:<14} {p50 * 1e3:>10.2f} {p99 * 1e3:>8.2f} {p50 / base_p50:>20.1f}x {'yes' if p99 < 0.05 else 'NO':>12}")
            fresh = [f"What did you get from https://h{i % 1000}.test/p{i}?" for i in range(1000, 1000 + min(asks, 200))]
            lat = timed_asks(sock, fresh, "fresh-")
            print(f"{'page, new text':<14} {statistics.median(lat) * 1e3:>10.2f} {pct(lat, 0.99) * 1e3:>8.2f} {statistics.median(lat) / base_p50:>20.1f}x   (a parse per question)")
            print(f"\nthe worker was {'working' if all(s == 'working' for s in busy) else 'not always working (' + ', '.join(busy) + ')'} during the measurement")

            latencies: list[float] = []
            lock = threading.Lock()
            go = threading.Event()

            def client(i: int) -> None:
                go.wait()
                started = time.perf_counter()
                request(sock, {"id": f"c{i}", "prompt": kinds["status"]}, timeout_s=60)
                with lock:
                    latencies.append(time.perf_counter() - started)

            threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
            for th in threads:
                th.start()
            go.set()
            for th in threads:
                th.join()
            print(f"{clients} clients at once asking status: all {len(latencies)} answered; median {statistics.median(latencies) * 1e3:.1f} ms, "
                  f"p99 {pct(latencies, 0.99) * 1e3:.1f} ms (from the moment all were released)")
        finally:
            stop_server(sock, server)


if __name__ == "__main__":
    main()
