"""`seaspider work CONFIG --cluster URL [--node NAME] [--wait]`: join a cluster's crawl without a queue."""

from __future__ import annotations

import argparse

from seaspider.commands._common import config_and_lock

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "join a cluster's shared frontier and fetch from it (no queue of its own)"
DESCRIPTION = """Join the crawl whose shared frontier is on Redis or Valkey at URL, and fetch
from it politely as MovaBot until the cluster's frontier is empty; with --wait,
keep waiting for new work (another node's `seaspider fetch CONFIG QUEUE
--cluster URL`) until SIGTERM or Ctrl-C.

A node claims hosts (a lease it renews with every request), fetches each
host's URLs in the queue's order, and writes what it fetched into its own store
(the configuration's `store`: one store per node). A URL leaves the shared queue
only once its page line is durable in that store. Every request is booked on the
server's clock, so no IP gets two requests at once or less than
politeness.ip_interval_ms between the end of one request and the start of the
next, whichever nodes made them; robots.txt is fetched once per origin for the
whole cluster. A node that dies loses only its leases: after cluster.lease_ms
another node takes its hosts and fetches the URL that was in flight again.

Every node needs the same configuration (its own store and service.lock on a
shared machine) and the same cluster.name; `seaspider stats STORE STORE ...`
reads the nodes' stores as one.

If the server cannot be reached or has lost the crawl's state (restarted
empty), the node stops booking, says so in one sentence and exits 1; what it
recorded stays in its store. stdout gets one JSON summary (as for fetch) with a
"cluster" object.

examples:
  seaspider work config.json --cluster redis://10.0.0.5:6379/0
  seaspider work config.json --cluster redis://10.0.0.5:6379/0 --node crawler-2 --wait"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from seaspider.commands._cluster import add_cluster_arguments

    parser.add_argument("config", metavar="CONFIG", help="the configuration file (JSON)")
    add_cluster_arguments(parser, required=True)
    parser.add_argument("--wait", action="store_true", help="keep waiting for new work until SIGTERM (exit 0)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log one line per URL on stderr")


def run(args: argparse.Namespace) -> int:
    from seaspider.commands._cluster import run_node_command

    config, lock = config_and_lock(args.config, "work")
    return run_node_command(args, config, lock, queue=None, wait=args.wait)
