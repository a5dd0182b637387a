"""`seaspider demo`: a local demo of the pipeline on the built-in local web (no internet needed)."""

from __future__ import annotations

import argparse

from seaspider.errors import UsageError

HELP = "run a local demo on the built-in local web (no internet needed)"
DESCRIPTION = """Start the built-in local web (a few sites on loopback addresses) and a serving Sea
Spider (in a temporary directory with its own store, socket and lock), then hold an English
conversation with it over its socket: a fetch request, "Is the queue empty?", a robots.txt
question for an allowed and a disallowed page, "How many pages have you stored?", "What did
you get from …?" and a refused prompt. The conversation goes to stderr; each exchange is
also one JSON line on stdout ({"prompt", "answer", "report"}). Everything is stopped and
removed at the end.

example:
  seaspider demo
  seaspider demo 2>/dev/null | head -1     # just the first exchange as JSON"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hosts", type=int, default=3, help="how many local sites to serve (default 3, at least 2)")


def run(args: argparse.Namespace) -> int:
    from seaspider.conversation import run_conversation

    if not 2 <= args.hosts <= 100:
        raise UsageError(f"--hosts {args.hosts} must be between 2 and 100")
    run_conversation(hosts=args.hosts, ip_base="127.40")
    return 0
