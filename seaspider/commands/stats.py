"""`seaspider stats STORE [STORE ...] [--host HOST]`: counts of the journal and segments as one JSON object."""

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

Several stores (the nodes of a cluster each write their own) are read as one:
lines, bytes and segments are summed; urls, pages (by latest outcome), hosts
and bodies count distinct URLs, hosts and bodies across the stores;
fetched_in_several counts URLs with page lines in more than one store; each
store's own counts are under "stores".

examples:
  seaspider stats store/
  seaspider stats store/ --host a.example
  seaspider stats store/ | python3 -m json.tool
  seaspider stats node1/store node2/store node3/store"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("store", metavar="STORE", nargs="+", help="the store directory (the `store` of the configuration); several are read as one")
    parser.add_argument("--host", metavar="HOST", help="count only the lines and bodies of this host (e.g. a.example)")


def run(args: argparse.Namespace) -> int:
    from seaspider.output import emit_json
    from seaspider.store.reader import StoreReader

    if len(args.store) > 1:
        from seaspider.cluster.stores import merged_stats

        emit_json(merged_stats([Path(p) for p in args.store], args.host))
        return 0
    with StoreReader(Path(args.store[0])) as reader:
        emit_json(reader.stats(args.host))
    return 0
