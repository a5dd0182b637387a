"""`seaspider get [--text] STORE URL|sha256:HEX`: write a stored body, or its readable text, to stdout."""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path
from typing import Any

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "write the latest stored body of a URL (or sha256:HEX) to stdout; --text: its readable text"
DESCRIPTION = """Write the latest stored body of URL to stdout, exactly as it was decoded and
stored (no headers, no re-encoding). A key of the form sha256:HEX names a body by
its hash instead. Reading never blocks a crawl that is writing to the store.

A body the server sent with a Content-Encoding Sea Spider cannot decode is stored
as sent; for such a URL, get says so on stderr (the bytes are still encoded).

With --text, write the body's readable text instead, the same text the service's
`read` answer gives ("What does URL say?"): the title, headings, paragraphs, list
items and table cells in document order, links as [text](url), scripts, styles and
hidden elements left out, whitespace folded; a text type other than HTML as it was
decoded. The charset is the one the page declared, else the one its bytes show.
--start and --max-chars print one span of it, as the service pages through it.

examples:
  seaspider get store/ https://a.example/ > page.html
  seaspider get --text store/ https://a.example/ | less
  seaspider get --text --start 8000 --max-chars 8000 store/ https://a.example/
  seaspider get store/ sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
  seaspider stats store/        what the store holds
  seaspider get n1/store n2/store n3/store https://a.example/    the newest copy any node stored

If the store has no body for the key, or (--text) the body is not text, it says so on
stderr and exits with status 1."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--text", action="store_true", help="write the readable text of the page instead of its bytes")
    parser.add_argument("--start", type=int, default=None, metavar="N", help="with --text: the first character to write, 0-based (default 0)")
    parser.add_argument("--max-chars", type=int, default=None, metavar="N", help="with --text: write at most N characters (1 to 100000; default all)")
    parser.add_argument("store", metavar="STORE", nargs="+", help="the store directory; several (a cluster's nodes) are read as one")
    parser.add_argument("key", metavar="URL|sha256:HEX", help="a URL as it was queued, or sha256: and the body's hex digest")


def run(args: argparse.Namespace) -> int:
    from seaspider.errors import StoreError, UsageError
    from seaspider.store.reader import StoreReader
    from seaspider.store.segments import DamagedFrame

    if not args.text and (args.start is not None or args.max_chars is not None):
        raise UsageError("--start and --max-chars choose a span of the text; add --text, or leave them out for the raw body")
    if args.text and args.key.startswith("sha256:"):
        raise UsageError("--text needs the page's URL, not a sha256: key: its links are resolved against that URL")
    kept = None
    line = None
    stores = " ".join(args.store)
    store = Path(args.store[0])
    if len(args.store) > 1:
        from seaspider.cluster.stores import latest_body

        try:
            body, line, found = latest_body([Path(p) for p in args.store], args.key)
        except DamagedFrame as exc:
            raise StoreError(f"{str(exc).rstrip('.')}; `seaspider store check STORE --repair` marks it, and the next fetch stores it again.") from exc
        store = found or store
    else:
        body = None
    with StoreReader(store) as reader:
        try:
            if len(args.store) == 1:
                body = reader.body(args.key)
        except DamagedFrame as exc:
            raise StoreError(f"{str(exc).rstrip('.')}; `seaspider store check {store} --repair` marks it, "
                             "and the next fetch stores it again.") from exc
        if body is not None and not args.key.startswith("sha256:"):
            line = reader.latest(args.key) or {}
            # The page line of this very body says whether it was decoded (an older body has no say).
            if line.get("sha256") == hashlib.sha256(body).hexdigest():
                kept = line.get("encoding_kept")
    if body is None:
        raise StoreError(f"no stored body for {args.key} in {stores}; `seaspider stats {stores}` lists what is there.")
    if args.text:
        sys.stdout.write(_text(args, body, line or None))
        sys.stdout.flush()
        return 0
    if kept:
        sys.stderr.write(
            f"seaspider: note: the body of {args.key} is stored as the server sent it, still encoded with "
            f"Content-Encoding {kept}, which Sea Spider cannot decode.\n"
        )
    sys.stdout.buffer.write(body)
    sys.stdout.buffer.flush()
    return 0


def _text(args: argparse.Namespace, body: bytes, line: dict[str, Any] | None) -> str:
    """The readable text (or the asked span of it) with a final newline; StoreError when the body is not text."""
    from realize import size
    from seaspider.errors import StoreError, UsageError
    from seaspider.web.text import MAX_MAX_CHARS, TextKind, cut, declared_type, page_text

    content_type = declared_type(line.get("headers"), line.get("content_type")) if line is not None else None
    url = str((line or {}).get("final_url") or args.key)
    page = page_text(body, url=url, content_type=content_type)
    if page.kind is TextKind.NONE:
        kind = page.media_type or "not text"
        raise StoreError(f"{args.key} is {kind} ({size(len(body))}); it has no text. `seaspider get` without --text writes its bytes.")
    text = page.text
    if args.start is not None or args.max_chars is not None:
        start = 0 if args.start is None else args.start
        max_chars = MAX_MAX_CHARS if args.max_chars is None else args.max_chars
        try:
            text = cut(text, start=start, max_chars=max_chars).text
        except ValueError as exc:
            raise UsageError(f"--start/--max-chars: {exc}") from exc
    if not page.complete:
        sys.stderr.write("seaspider: the page is larger than one extraction reads; its text is cut short.\n")
    return text + "\n" if text else ""
