"""`seaspider stats`: not built yet (see the open issues)."""

from __future__ import annotations

import argparse

from seaspider.errors import UsageError

HELP = "stats (not built yet)"
DESCRIPTION = "This command is not built yet."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("rest", nargs="*", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    raise UsageError("seaspider stats is not built yet; see the README for what works today.")
