"""`seaspider get STORE URL|sha256:HEX`: write a stored body to stdout, byte for byte."""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

HELP = "write the latest stored body of a URL (or sha256:HEX) to stdout"
DESCRIPTION = """Write the latest stored body of URL to stdout, exactly as it was decoded and
stored (no headers, no re-encoding). A key of the form sha256:HEX names a body by
its hash instead. Reading never blocks a crawl that is writing to the store.

A body the server sent with a Content-Encoding Sea Spider cannot decode is stored
as sent; for such a URL, get says so on stderr (the bytes are still encoded).

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

    kept = None
    with StoreReader(Path(args.store)) as reader:
        try:
            body = reader.body(args.key)
        except DamagedFrame as exc:
            raise StoreError(f"{str(exc).rstrip('.')}; `seaspider store check {args.store} --repair` marks it, "
                             "and the next fetch stores it again.") from exc
        if body is not None and not args.key.startswith("sha256:"):
            line = reader.latest(args.key) or {}
            # The page line of this very body says whether it was decoded (an older body has no say).
            if line.get("sha256") == hashlib.sha256(body).hexdigest():
                kept = line.get("encoding_kept")
    if body is None:
        raise StoreError(f"no stored body for {args.key} in {args.store}; `seaspider stats {args.store}` lists what is there.")
    if kept:
        sys.stderr.write(
            f"seaspider: note: the body of {args.key} is stored as the server sent it, still encoded with "
            f"Content-Encoding {kept}, which Sea Spider cannot decode.\n"
        )
    sys.stdout.buffer.write(body)
    sys.stdout.buffer.flush()
    return 0
