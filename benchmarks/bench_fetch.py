"""Crawl the local web (served by a subprocess) and compare pages/s with the politeness bound.

The bound: every IP sees robots.txt plus P pages, each taking the latency L, separated by the
2 s rest, and all IPs run in parallel, so a crawl of H hosts cannot finish before
(P + 1) * L + P * 2 s. The server's own request log is checked for spacing violations.

    .venv/bin/python benchmarks/bench_fetch.py          # about half a minute
    .venv/bin/python benchmarks/bench_fetch.py --full   # also the whole 200-host crawl at concurrency 1
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from benchkit import add_scale
from seaspider.config import build_config
from seaspider.net.fetch import Fetcher
from seaspider.crawl.frontier import Frontier, Task
from seaspider.demo.localweb import read_log, spacing_violations
from seaspider.crawl.scheduler import run_crawl
from seaspider.web.records import Outcome, Visit

INTERVAL_S = 2.0


@dataclass(frozen=True)
class Result:
    name: str
    hosts: int
    pages: int
    latency_s: float
    concurrency: int
    wall_s: float
    cpu_s: float
    fetched: int
    violations: int

    @property
    def pages_per_s(self) -> float:
        return self.fetched / self.wall_s

    @property
    def bound_pages_per_s(self) -> float:
        requests = self.pages + 1  # robots.txt, then the pages
        per_ip_s = requests * self.latency_s + (requests - 1) * INTERVAL_S
        return self.hosts * self.pages / per_ip_s

    def line(self) -> str:
        return (
            f"{self.name:<34} {self.pages_per_s:8.1f} pages/s  bound {self.bound_pages_per_s:7.1f}  "
            f"ratio {self.pages_per_s / self.bound_pages_per_s:5.2f}  wall {self.wall_s:6.1f} s  "
            f"CPU/page {1000 * self.cpu_s / max(1, self.fetched):5.2f} ms  violations {self.violations}  "
            f"fetched {self.fetched}/{self.hosts * self.pages}"
        )


def crawl(name: str, *, hosts: int, pages: int, latency_ms: int, concurrency: int, ip_base: str) -> Result:
    with tempfile.TemporaryDirectory(prefix="bench-fetch-") as tmp:
        log = Path(tmp) / "log.jsonl"
        server = subprocess.Popen(
            [sys.executable, "-m", "seaspider.demo.localweb", "--hosts", str(hosts), "--pages", str(pages),
             "--latency-ms", str(latency_ms), "--ip-base", ip_base, "--log", str(log)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )
        try:
            assert server.stdout is not None
            hello = json.loads(server.stdout.readline())
            raw = {
                "store": str(Path(tmp) / "store"),
                "robot": {"contact_url": "https://example.invalid/movabot"},
                "fetch": {"concurrency": concurrency},
                "network": {"allow_private_addresses": True, "resolve": hello["resolve"]},
            }
            config = build_config(raw, base_dir=Path(tmp), source="bench")
            frontier = Frontier()
            for host in hello["hosts"]:
                for n in range(1, pages + 1):
                    frontier.add(f"http://{host}:{hello['port']}/p/{n}")
            visits: list[Visit] = []

            async def on_intent(task: Task) -> None:
                return None

            async def on_visit(task: Task, visit: Visit) -> None:
                visits.append(visit)

            async def main() -> None:
                fetcher = Fetcher(config)
                await run_crawl(fetcher, frontier, concurrency=concurrency, on_intent=on_intent, on_visit=on_visit)

            cpu0, wall0 = time.process_time(), time.monotonic()
            asyncio.run(main())
            wall, cpu = time.monotonic() - wall0, time.process_time() - cpu0
        finally:
            assert server.stdin is not None
            server.stdin.close()
            server.wait(timeout=60)
        violations = spacing_violations(list(read_log(str(log))), INTERVAL_S)
        for violation in violations[:5]:
            print(f"  spacing violation: {violation}", file=sys.stderr)
    fetched = sum(1 for v in visits if v.outcome is Outcome.FETCHED)
    return Result(name, hosts, pages, latency_ms / 1000, concurrency, wall, cpu, fetched, len(violations))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "run the concurrency-1 crawl on all 200 hosts (about 2.5 minutes)")
    args = parser.parse_args(argv)
    if args.smoke:  # every crawl once, on a few hosts: a 2 s rest each
        for conc, ip_base in ((8, "127.40"), (1, "127.41")):
            print(crawl(f"4 hosts x 1 @10ms, conc {conc}", hosts=4, pages=1, latency_ms=10, concurrency=conc, ip_base=ip_base).line())
        return 0
    wide = crawl("200 hosts x 5 @100ms, conc 256", hosts=200, pages=5, latency_ms=100, concurrency=256, ip_base="127.40")
    print(wide.line(), flush=True)
    seq_hosts = 200 if args.full else 20
    seq = crawl(f"{seq_hosts} hosts x 5 @100ms, conc 1", hosts=seq_hosts, pages=5, latency_ms=100, concurrency=1, ip_base="127.41")
    print(seq.line(), flush=True)
    many = crawl("1000 hosts x 3 @200ms, conc 256", hosts=1000, pages=3, latency_ms=200, concurrency=256, ip_base="127.42")
    print(many.line(), flush=True)
    # Sequential throughput does not grow with the number of hosts once a round-robin turn outlasts
    # the 2 s rest, so the slice's pages/s stands for the whole crawl at concurrency 1.
    note = "" if args.full else f" (concurrency 1 measured on {seq_hosts} hosts; its pages/s does not grow with more hosts)"
    print(f"speed-up of concurrency 256 over 1: {wide.pages_per_s / seq.pages_per_s:.1f}x{note}")
    goals = [("200x5 ratio >= 0.9", wide.pages_per_s / wide.bound_pages_per_s >= 0.9),
             ("1000x3 ratio >= 0.7", many.pages_per_s / many.bound_pages_per_s >= 0.7),
             ("no spacing violations", wide.violations == seq.violations == many.violations == 0)]
    print("goals: " + ", ".join(f"{name}: {'met' if ok else 'MISSED'}" for name, ok in goals))
    return 0


if __name__ == "__main__":
    sys.exit(main())
