"""The `seaspider` command line: parses arguments, runs one verb, maps errors to exit codes.

Each verb lives in `seaspider/commands/<verb>.py`; this module only dispatches.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from types import ModuleType

from seaspider import __version__
from seaspider.commands import VERBS
from seaspider.errors import SeaSpiderError

__all__ = ["DESCRIPTION", "EXIT_CODES", "build_parser", "main"]

EXIT_CODES = """exit status:
  0  done as asked (a refused English prompt printed as JSON counts as done)
  1  it ran and failed (network, store, service)
  2  bad usage, configuration or input
  5  another Sea Spider holds the singleton lock (service.lock)
  3, 4, 6  (ask only) no socket, connection refused, no answer in time"""

DESCRIPTION = """Sea Spider downloads queues of URLs politely as the robot MovaBot: it honours
robots.txt (RFC 9309), keeps at most one request per IP address every 2 seconds,
refuses private addresses, re-checks every redirect, and stores raw pages
zstd-compressed with a crash-safe journal. It also answers English prompts on a
private Unix socket (serve/ask).

start here:
  seaspider demo                 a local demo: no internet needed
  seaspider fetch CONFIG QUEUE   fetch a queue of URLs into the store
  seaspider COMMAND --help       what each command does, with examples

JSON results go to stdout; messages and progress go to stderr."""


def _module(verb: str) -> ModuleType:
    return importlib.import_module(f"seaspider.commands.{verb.replace('-', '_')}")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="seaspider",
        description=DESCRIPTION,
        epilog=EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"seaspider {__version__}")
    sub = parser.add_subparsers(dest="verb", metavar="COMMAND", title="commands")
    for verb in VERBS:
        module = _module(verb)
        child = sub.add_parser(
            verb,
            help=module.HELP,
            description=module.DESCRIPTION,
            epilog=EXIT_CODES,
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        module.add_arguments(child)
        child.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.verb is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        code: int = args._run(args)
        return code
    except SeaSpiderError as exc:
        sys.stderr.write(f"seaspider: {exc}\n")
        return exc.exit_code
    except KeyboardInterrupt:
        sys.stderr.write("seaspider: interrupted.\n")
        return 1
    except BrokenPipeError:
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
