"""`seaspider fetch CONFIG QUEUE`: fetch a queue politely into the store (not built yet)."""

from __future__ import annotations

import argparse

from seaspider.commands._common import config_and_lock
from seaspider.errors import UsageError

HELP = "fetch a queue of URLs into the store, print a JSON summary"
DESCRIPTION = "Fetch every URL of QUEUE politely as MovaBot and store the pages."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the configuration file (JSON)")
    parser.add_argument("queue", metavar="QUEUE", help="one URL per line")


def run(args: argparse.Namespace) -> int:
    _config, lock = config_and_lock(args.config, f"fetch {args.queue}")
    with lock:
        raise UsageError("seaspider fetch is not built yet; see the README for what works today.")
