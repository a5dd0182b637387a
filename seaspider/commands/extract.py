"""`seaspider extract STORE RULES.json`: records from stored pages by CSS selectors, as JSONL or CSV."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "describe", "run"]

if TYPE_CHECKING:
    from seaspider.extract.rules import Rules
    from seaspider.extract.stream import Summary

HELP = "records from stored pages by CSS selectors (JSONL or CSV)"
DESCRIPTION = """Turn the pages of a store into records, offline, without fetching anything again.
Rules are data: named rule sets, each with a URL pattern (which pages), an
optional container (one record per match; without it, one record per page) and
fields taken by CSS selectors (cssselect's CSS3 set), as text or @attribute.

Every record carries url, fetched_unix and the page's sha256 beside its fields.
Text is whitespace-folded and leaves out script and style; href, src, action,
formaction, cite and poster become absolute, canonical URLs (against <base> too).
Only the latest stored page of each URL is read, in URL order.

RULES.json (schema: schemas/extract-rules.schema.json):
  {"rules": {
     "cards": {"url": "https://shop.example/list/*", "container": "article.product",
               "fields": {"title": "h3 a@title", "price": ".price",
                          "link": {"selector": "h3 a", "attribute": "href"},
                          "tags": {"selector": ".tag", "all": true},
                          "pence": {"selector": ".price", "regex": "([0-9.]+)"}}},
     "details": {"url": ["https://shop.example/item/*"],
                 "fields": {"name": "h1", "text": ".description"}}}}
  url: * matches any characters; the whole canonical URL must match.
  a field: "CSS", "CSS@attribute", or {"selector", "attribute", "all", "regex"};
  an empty CSS is the container (or the page) itself; a regex keeps its first
  group (or the whole match) and drops values it does not match.

Output: JSONL (one object per line: rule, url, fetched_unix, sha256, then the
fields in rule order; a missing value is null, a list field a JSON list) or
RFC 4180 CSV (header row, CRLF, quoted where needed; a list joined with " | ").
A CSV holds one rule set: choose it with --rule when the file has several.
Records go to stdout, or to --out FILE (written whole or not at all); a
one-line English summary goes to stderr.

examples:
  seaspider extract store/ rules.json > records.jsonl
  seaspider extract store/ rules.json --rule cards --format csv --out cards.csv
  seaspider extract store/ --container article.product \\
      --fields "title=h3 a@title;price=.price;link=h3 a@href" --host shop.example
  seaspider extract store/ --fields "title=title;h1=h1" --url-prefix https://a.example/docs/"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("store", metavar="STORE", help="the store directory (the `store` of the configuration)")
    parser.add_argument("rules", metavar="RULES.json", nargs="?", help="the rules file (or give --fields instead)")
    parser.add_argument("--container", metavar="CSS", help="inline rules: one record per match of this selector")
    parser.add_argument("--fields", metavar="SPEC", help='inline rules: "name=CSS;name=CSS@attribute;…" (instead of RULES.json)')
    parser.add_argument("--rule", metavar="NAME", action="append", help="run only this rule set of RULES.json (repeatable)")
    parser.add_argument("--host", metavar="HOST", help="only pages of this host (e.g. shop.example)")
    parser.add_argument("--url-prefix", metavar="P", default="", help="only pages whose canonical URL starts with P")
    parser.add_argument("--format", choices=("jsonl", "csv"), default="jsonl", help="jsonl (default) or csv")
    parser.add_argument("--out", metavar="FILE", help="write the records to FILE instead of stdout")


def _rules(args: argparse.Namespace) -> Rules:
    """The rules of the command line, checked in full before the store is opened."""
    from seaspider.errors import UsageError
    from seaspider.extract.rules import inline_rules, load_rules

    if args.rules is not None and args.fields is not None:
        raise UsageError("give either RULES.json or --fields (inline rules), not both.")
    if args.fields is not None:
        if args.rule:
            raise UsageError("--rule picks a rule set of RULES.json; inline rules (--fields) have just one.")
        return inline_rules(args.container, args.fields)
    if args.container is not None:
        raise UsageError("--container needs --fields (inline rules); a rules file puts the container in each rule set.")
    if args.rules is None:
        raise UsageError("give a rules file (seaspider extract STORE RULES.json) or inline rules (--fields \"name=CSS;…\"); see seaspider extract --help.")
    rules = load_rules(args.rules).only(args.rule)
    if args.format == "csv" and len(rules.sets) != 1:
        raise UsageError(
            f"{rules.source} has {len(rules.sets)} rule sets ({', '.join(rules.names)}) and a CSV holds one table; "
            "pick one with --rule NAME, or use --format jsonl."
        )
    return rules


@contextlib.contextmanager
def _output(out: str | None) -> Iterator[TextIO]:
    """UTF-8 text to stdout; to a regular FILE through a temporary file renamed onto it only when the
    run succeeds; straight into anything else that already exists (a pipe, /dev/null, a terminal).
    """
    from seaspider.errors import UsageError

    if out is None:
        stream = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", newline="", write_through=False)
        try:
            yield stream
        finally:
            stream.flush()
            stream.detach()
        return
    # Through a symlink, the file it points at is replaced and the link kept.
    target = Path(os.path.realpath(out))
    if target.is_dir():
        raise UsageError(f"--out {out} is a directory; name a file to write the records to.")
    if target.exists() and not target.is_file():
        # A device or a pipe must never be renamed over (that would replace /dev/null with a file).
        try:
            device = open(target, "w", encoding="utf-8", newline="")  # noqa: SIM115 - closed just below
        except OSError as exc:
            raise UsageError(f"--out {out}: cannot write there ({exc.strerror or exc}).") from exc
        with device:
            yield device
        return
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot create a file in {target.parent} ({exc.strerror or exc}).") from exc
    try:
        with open(fd, "w", encoding="utf-8", newline="") as stream:
            yield stream
        os.chmod(temp, 0o666 & ~_umask())  # mkstemp makes 0600; a plain new file would be 0666 less the umask
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def describe(summary: Summary) -> str:
    """The English summary line, e.g. «extracted 12 records from 3 pages (5 pages read; 2 matched no rule set).»"""
    records = sum(summary.records.values())
    notes = [f"{_count(summary.pages, 'page')} read"]
    if summary.unmatched:
        notes.append(f"{summary.unmatched} matched no rule set")
    if summary.not_ok:
        notes.append(f"{summary.not_ok} not a 2xx answer")
    if summary.not_html:
        notes.append(f"{summary.not_html} not HTML")
    if summary.missing:
        notes.append(f"{summary.missing} with no stored body")
    if len(summary.records) > 1:
        notes.append(", ".join(f"{n} from {name}" for name, n in summary.records.items()))
    cuts = summary.cuts
    if cuts.pages_cut:
        notes.append(f"{_count(cuts.pages_cut, 'page')} parsed only in part (too many elements or bytes)")
    if cuts.records_dropped:
        notes.append(f"{cuts.records_dropped} container matches past the per-page limit dropped")
    if cuts.items_dropped:
        notes.append(f"{cuts.items_dropped} list items past the per-field limit dropped")
    if cuts.values_cut:
        notes.append(f"{_count(cuts.values_cut, 'value')} cut at the length limit")
    return f"extracted {_count(records, 'record')} from {_count(summary.matched, 'page')} ({'; '.join(notes)})."


def run(args: argparse.Namespace) -> int:
    try:
        import cssselect  # noqa: F401  (an extra: say how to get it rather than fail with a traceback)
    except ImportError:
        from seaspider.errors import SeaSpiderError

        raise SeaSpiderError("seaspider extract needs the cssselect library: pip install 'seaspider[extract]'.") from None
    from seaspider.extract.stream import extract_store
    from seaspider.extract.writers import CsvWriter, Format, JsonlWriter
    from seaspider.output import say
    from seaspider.store.reader import StoreReader

    rules = _rules(args)
    with _output(args.out) as stream, StoreReader(Path(args.store)) as reader:
        writer = CsvWriter(stream, rules.sets[0]) if args.format == Format.CSV else JsonlWriter(stream)
        summary = extract_store(reader, rules, writer, host=args.host, url_prefix=args.url_prefix)
    say(describe(summary))
    return 0
