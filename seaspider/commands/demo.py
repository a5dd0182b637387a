"""`seaspider demo`: a local demo of the pipeline on the built-in local web (no internet needed)."""

from __future__ import annotations

import argparse

from seaspider.errors import UsageError

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "run a local demo on the built-in local web (no internet needed)"
DESCRIPTION = """Start the built-in local web (a few sites on loopback addresses), then, in a
temporary directory with its own configuration, store, socket and lock:

1. run `seaspider fetch` on a queue of the local sites' pages (one of them disallowed by
   robots.txt), politely, with a line per URL and the JSON summary;
2. serve Sea Spider on a private socket and hold an English conversation with it: a fetch request, "Is the queue empty?", a robots.txt
question for an allowed and a disallowed page, "How many pages have you stored?", "What did
you get from …?" and a refused prompt.

Messages and the conversation go to stderr; stdout gets the fetch summary as one JSON line, then
each exchange as one JSON line ({"prompt", "answer", "report"}). Everything is stopped and
removed at the end; it takes well under a minute.

example:
  seaspider demo
  seaspider demo 2>/dev/null | head -1     # just the first exchange as JSON"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hosts", type=int, default=3, help="how many local sites to serve (default 3, at least 2)")


def run(args: argparse.Namespace) -> int:
    from seaspider.demo.conversation import run_demo

    if not 2 <= args.hosts <= 100:
        raise UsageError(f"--hosts {args.hosts} must be between 2 and 100")
    return run_demo(hosts=args.hosts, ip_base="127.40")
