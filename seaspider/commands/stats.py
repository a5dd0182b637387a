"""`seaspider stats STORE [--host HOST]`: counts of the journal and segments as one JSON object."""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "counts of the journal and segments (JSON)"
DESCRIPTION = """Print one JSON object describing a store: journal lines by kind (robots, intent,
page, uncertain), URLs and their latest outcome (pages), page lines by outcome,
hosts, distinct bodies, bytes raw and compressed, the compression ratio,
segments, uncertain fetches and intents still pending. Answers come from the
store's index, so they are quick on large stores and never block a running crawl.

examples:
  seaspider stats store/
  seaspider stats store/ --host a.example
  seaspider stats store/ | python3 -m json.tool"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("store", metavar="STORE", help="the store directory (the `store` of the configuration)")
    parser.add_argument("--host", metavar="HOST", help="count only the lines and bodies of this host (e.g. a.example)")


def run(args: argparse.Namespace) -> int:
    from seaspider.output import emit_json
    from seaspider.store.reader import StoreReader

    with StoreReader(Path(args.store)) as reader:
        emit_json(reader.stats(args.host))
    return 0
