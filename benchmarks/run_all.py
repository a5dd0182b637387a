"""Run every benchmark in turn and keep their reports together.

    .venv/bin/pip install -q -e '.[test,bench]'      # Protego and Scrapy, measured beside us
    .venv/bin/python benchmarks/run_all.py           # a few minutes
    .venv/bin/python benchmarks/run_all.py --full    # the big sizes (much longer)
    .venv/bin/python benchmarks/run_all.py --smoke   # tiny sizes: does each still run? (figures mean nothing)
    .venv/bin/python benchmarks/run_all.py robots store   # only some

Each benchmark measures its own baseline in the same run and prints ratios against it, because
the machines here are shared and absolute times mean little. This script only runs them and
writes their output to stdout (and to --out FILE when given).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ORDER = ("robots", "urls", "links", "sitemaps", "answers", "deputy", "store", "warc", "fetch", "crawl", "frontier", "service",
         "extract", "ledger", "mcp", "cluster")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("only", nargs="*", metavar="NAME", help=f"benchmarks to run (default all: {', '.join(ORDER)})")
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument("--full", action="store_true", help="pass --full to every benchmark")
    scale.add_argument("--smoke", action="store_true", help="pass --smoke to every benchmark: tiny sizes, each runs in seconds")
    parser.add_argument("--out", help="also write the combined report to this file")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.only) - set(ORDER))
    if unknown:
        parser.error(f"unknown benchmark {', '.join(unknown)}; choose from {', '.join(ORDER)}")
    names = args.only or list(ORDER)
    report: list[str] = []
    failed: list[str] = []
    for name in names:
        mode = "full" if args.full else "smoke" if args.smoke else "quick"
        command = [sys.executable, str(HERE / f"bench_{name}.py"), *([f"--{mode}"] if mode != "quick" else [])]
        header = f"==== bench_{name} ({mode}) ===="
        print(header, flush=True)
        started = time.monotonic()
        result = subprocess.run(command, capture_output=True, text=True)
        took = time.monotonic() - started
        print(result.stdout, end="", flush=True)
        if result.returncode != 0:
            failed.append(name)
            print(result.stderr[-2000:], file=sys.stderr)
        footer = f"---- bench_{name}: exit {result.returncode} in {took:.0f} s"
        print(footer, flush=True)
        report += [header, result.stdout, footer]
    if args.out:
        Path(args.out).write_text("\n".join(report))
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
