"""Time per English answer of seaspider.service.answers, against a bare f-string baseline measured in the same run.

Run: .venv/bin/python benchmarks/bench_answers.py [--full]
For each report shape it prints the median microseconds per answer and the ratio to a hand-written
f-string that prints a similar sentence without any agreement (the floor of what templating costs), and
the same answers with realize's caches cleared before every call (what the caches save). The goal is
well under 1 ms per answer.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale  # noqa: E402
from realize import numbers, verbs  # noqa: E402
from seaspider.service.answers import answer  # noqa: E402

A, B = "https://a.example/", "https://b.example/x"
T = 1793778720.0

REPORTS: dict[str, dict[str, Any]] = {
    "fetch": {"operation": "fetch", "queued": True, "job": "octopus-7-0", "urls": [A, B], "ahead": 1},
    "robots": {
        "operation": "robots", "target": A, "agent": "MovaBot", "robots_url": A + "robots.txt",
        "state": "unreachable", "status": 503, "rule": None, "group": None, "line": None,
        "fetched_unix": T, "retry_unix": T + 3600, "reason": None,
    },
    "stats": {
        "operation": "stats", "host": "a.test", "stored": 3,
        "failed": {"disallowed": 1, "error": 2, "deferred": 1}, "bodies": 3, "bytes": 417,
    },
    "page": {
        "operation": "page", "url": A, "state": "fetched", "fetched_unix": T, "status": 200,
        "content_type": "text/html", "body_bytes": 2_400_000, "truncated": False, "title": "Mova",
        "links": 12, "outcome": "fetched", "reason": None, "rule": None, "final_url": A,
    },
    "status": {
        "operation": "status", "state": "idle", "current": None, "waiting": 0,
        "last": {"job": "octopus-6-0", "urls_total": 3, "fetched": 2, "failed": 1, "finished_unix": T, "interrupted": False},
    },
    "refusal": {"operation": None, "refused": True, "kind": "unknown_caller", "reason": "fish is not among the callers I answer"},
}  # fmt: skip


def baseline(report: dict[str, Any]) -> str:
    """A similar sentence by bare f-string: no agreement, no lists, no checks."""
    op = report.get("operation")
    if op == "fetch":
        return f"I have queued {len(report['urls'])} pages for fetching ({report['job']}): {' and '.join(report['urls'])}. {report['ahead']} jobs are ahead of it."
    if op == "robots":
        return f"No, not for now: {report['robots_url']} is unreachable (HTTP {report['status']}), so I will not fetch before {report['retry_unix']}."
    if op == "stats":
        f = report["failed"]
        return f"I have stored {report['stored']} pages from {report['host']}. I could not fetch {sum(f.values())} more pages: robots.txt disallowed {f['disallowed']}, {f['error']} failed with errors and {f['deferred']} were deferred."
    if op == "page":
        return f"I fetched {report['url']} at {report['fetched_unix']}: HTTP {report['status']}, {report['content_type']}, {report['body_bytes']} bytes. Its title is “{report['title']}”. It links to {report['links']} pages."
    if op == "status":
        last = report["last"]
        return f"I am idle and the queue is empty. The last job, {last['job']}, fetched {last['fetched']} pages and could not fetch {last['failed']}."
    return f"I did not act on this request because {report['reason']}."


def uncached(report: dict[str, Any]) -> str:
    numbers.plural.cache_clear()
    numbers.article.cache_clear()
    verbs._forms.cache_clear()
    return answer(report)


def median_us(fn: Callable[[dict[str, Any]], str], report: dict[str, Any], calls: int, rounds: int) -> float:
    samples = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn(report)
        samples.append((time.perf_counter() - start) / calls * 1e6)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale(parser, "more calls per round (steadier figures)")
    args = parser.parse_args(argv)
    calls, rounds = (20_000, 9) if args.full else (20, 1) if args.smoke else (2_000, 5)
    print(f"{'shape':8} {'answer µs':>10} {'f-string µs':>12} {'ratio':>7} {'uncached µs':>12} {'uncached/cached':>16}")
    for shape, report in REPORTS.items():
        ours = median_us(answer, report, calls, rounds)
        floor = median_us(baseline, report, calls, rounds)
        cold = median_us(uncached, report, max(calls // 20, 50), rounds)
        print(f"{shape:8} {ours:10.1f} {floor:12.2f} {ours / floor:7.1f} {cold:12.1f} {cold / ours:16.1f}")
    print("example:", answer(REPORTS["stats"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
