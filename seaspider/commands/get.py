"""`seaspider get STORE URL|sha256:HEX`: write a stored body to stdout, byte for byte."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "write the latest stored body of a URL (or sha256:HEX) to stdout"
DESCRIPTION = """Write the latest stored body of URL to stdout, exactly as it was decoded and
stored (no headers, no re-encoding). A key of the form sha256:HEX names a body by
its hash instead. Reading never blocks a crawl that is writing to the store.

examples:
  seaspider get store/ https://a.example/ > page.html
  seaspider get store/ sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
  seaspider stats store/        what the store holds

If the store has no body for the key, it says so on stderr and exits with status 1."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("store", metavar="STORE", help="the store directory (the `store` of the configuration)")
    parser.add_argument("key", metavar="URL|sha256:HEX", help="a URL as it was queued, or sha256: and the body's hex digest")


def run(args: argparse.Namespace) -> int:
    from seaspider.errors import StoreError
    from seaspider.store.reader import StoreReader
    from seaspider.store.segments import DamagedFrame

    with StoreReader(Path(args.store)) as reader:
        try:
            body = reader.body(args.key)
        except DamagedFrame as exc:
            raise StoreError(f"{str(exc).rstrip('.')}; `seaspider store check {args.store} --repair` marks it, "
                             "and the next fetch stores it again.") from exc
    if body is None:
        raise StoreError(f"no stored body for {args.key} in {args.store}; `seaspider stats {args.store}` lists what is there.")
    sys.stdout.buffer.write(body)
    sys.stdout.buffer.flush()
    return 0
