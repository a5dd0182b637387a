"""`seaspider demo`: a local demo of the pipeline on the built-in local web (no internet needed)."""

from __future__ import annotations

import argparse

from seaspider.output import emit_json, say

HELP = "run a local demo on the built-in local web (no internet needed)"
DESCRIPTION = """Start the built-in local web (a few sites on loopback addresses), run as much of
the pipeline as exists against it, print what happened, and stop everything.

example:
  seaspider demo"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hosts", type=int, default=3, help="how many local sites to serve (default 3)")


def run(args: argparse.Namespace) -> int:
    from seaspider.localweb import LocalWeb

    with LocalWeb(hosts=args.hosts, pages=3, ip_base="127.40") as web:
        say(f"The local web serves {len(web.hosts)} sites on {len(web.ips)} loopback addresses, port {web.port}.")
        emit_json({"hosts": web.resolve_map(), "port": web.port})
    say("The local web has stopped.")
    return 0
