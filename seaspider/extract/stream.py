"""Runs rule sets over a store: the latest page of every URL, one body at a time, into a writer.

The one edge of this wing: it reads through StoreReader (never the files) and writes through a
RecordWriter. A page is read, parsed, evaluated and dropped before the next, so memory does not
grow with the number of pages; a page no rule set applies to is not even read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, Protocol

from seaspider.extract.page import Cuts, evaluate, parse_page
from seaspider.extract.rules import Rules
from seaspider.extract.writers import PageMeta, RecordWriter

__all__ = ["PageSource", "Summary", "extract_store"]


class PageSource(Protocol):
    """What extraction needs of a store (StoreReader has it)."""

    def latest_pages(self, *, host: str | None = None, url_prefix: str = "") -> Iterator[dict[str, Any]]: ...

    def body(self, key: str) -> bytes | None: ...


@dataclass(slots=True)
class Summary:
    """What one run read and wrote, for the English line on stderr."""

    pages: int = 0  # latest pages with a stored body, after --host and --url-prefix
    unmatched: int = 0  # pages no rule set applies to
    not_html: int = 0  # pages a rule set applies to that are not HTML (or are empty)
    missing: int = 0  # pages whose body the store no longer has
    not_ok: int = 0  # pages a rule set applies to whose answer was not 2xx (a 404 page is no product)
    matched: int = 0  # pages at least one rule set ran on
    records: Counter[str] = field(default_factory=Counter)  # by rule set name
    cuts: Cuts = field(default_factory=Cuts)


def extract_store(reader: PageSource, rules: Rules, writer: RecordWriter, *, host: str | None = None, url_prefix: str = "") -> Summary:
    """Write the records of every rule set over every matching page, in URL order; returns the counts."""
    summary = Summary()
    for line in reader.latest_pages(host=host, url_prefix=url_prefix):
        summary.pages += 1
        url = line["url"]
        sets = [s for s in rules.sets if s.applies_to(url)]
        if not sets:
            summary.unmatched += 1
            continue
        status = line.get("status")
        if line["outcome"] == "fetched" and not (isinstance(status, int) and 200 <= status < 300):
            summary.not_ok += 1
            continue
        body = reader.body("sha256:" + line["sha256"])
        if body is None:
            summary.missing += 1
            continue
        headers = line.get("headers") or {}
        # Relative URLs resolve against where the body came from: the final URL after redirects.
        page = parse_page(body, url=line.get("final_url") or url, content_type=line.get("content_type"), content_type_header=headers.get("content-type"))
        del body
        if page is None:
            summary.not_html += 1
            continue
        summary.matched += 1
        meta = PageMeta(url=url, fetched_unix=line["fetched_unix"], sha256=line["sha256"])
        for rule_set in sets:
            for values in evaluate(page, rule_set):
                writer.write(rule_set, meta, values)
                summary.records[rule_set.name] += 1
        summary.cuts.add(page.cuts)
    return summary
