"""extract_store: pages one at a time from a PageSource into a writer, with the counts of what was skipped."""

from __future__ import annotations

import hashlib
import tracemalloc
from collections.abc import Iterator
from typing import Any

from seaspider.extract import stream
from seaspider.extract.page import Value
from seaspider.extract.rules import RuleSet, build_rules
from seaspider.extract.stream import extract_store
from seaspider.extract.writers import PageMeta

RULES = build_rules(
    {"rules": {
        "cards": {"url": "https://shop.test/list/*", "container": "li", "fields": {"t": ""}},
        "titles": {"url": ["https://shop.test/*", "https://other.test/*"], "fields": {"t": "title"}},
    }},
    source="r.json",
)  # fmt: skip


class Source:
    """Page lines and bodies made on demand, as StoreReader.latest_pages gives them."""

    def __init__(self, pages: list[tuple[str, bytes | None, dict[str, Any]]]) -> None:
        self._pages = pages
        self.bodies_read: list[str] = []

    def latest_pages(self, *, host: str | None = None, url_prefix: str = "") -> Iterator[dict[str, Any]]:
        for url, body, extra in self._pages:
            sha = hashlib.sha256(body or url.encode()).hexdigest()
            yield {"url": url, "final_url": url, "outcome": "fetched", "status": 200, "content_type": "text/html",
                   "headers": {}, "fetched_unix": 5.0, "sha256": sha, "_body": body, **extra}  # fmt: skip

    def body(self, key: str) -> bytes | None:
        for url, body, _ in self._pages:
            if "sha256:" + hashlib.sha256(body or url.encode()).hexdigest() == key:
                self.bodies_read.append(url)
                return body
        return None


class Collect:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, tuple[Value, ...]]] = []

    def write(self, rule_set: RuleSet, page: PageMeta, values: tuple[Value, ...]) -> None:
        self.rows.append((rule_set.name, page.url, values))


def test_public_names_are_pinned() -> None:
    assert stream.__all__ == ["PageSource", "Summary", "extract_store"]


def test_records_and_the_counts_of_what_was_skipped() -> None:
    source = Source([
        ("https://shop.test/list/1", b"<html><title>L</title><ul><li>a</li><li>b</li></ul></html>", {}),
        ("https://shop.test/about", b"<html><title>About</title></html>", {}),
        ("https://nobody.test/x", b"<html><title>X</title></html>", {}),
        ("https://shop.test/feed", b'{"not": "html"}', {"content_type": "application/json"}),
        ("https://shop.test/gone", b"<html><title>404</title></html>", {"status": 404}),
        ("https://other.test/lost", None, {}),
    ])  # fmt: skip
    out = Collect()
    summary = extract_store(source, RULES, out)
    assert out.rows == [
        ("cards", "https://shop.test/list/1", ("a",)),
        ("cards", "https://shop.test/list/1", ("b",)),
        ("titles", "https://shop.test/list/1", ("L",)),
        ("titles", "https://shop.test/about", ("About",)),
    ]
    assert (summary.pages, summary.matched, summary.unmatched, summary.not_html, summary.not_ok, summary.missing) == (6, 2, 1, 1, 1, 1)
    assert dict(summary.records) == {"cards": 2, "titles": 2}
    # A page no rule set applies to, and a failed one, are never read from the store.
    assert "https://nobody.test/x" not in source.bodies_read and "https://shop.test/gone" not in source.bodies_read


def _peak_bytes(pages: int) -> int:
    body = b"<html><title>T</title><ul>" + b"<li>item</li>" * 50 + b"</ul></html>"

    class Many(Source):
        def latest_pages(self, *, host: str | None = None, url_prefix: str = "") -> Iterator[dict[str, Any]]:
            for n in range(pages):
                yield {"url": f"https://shop.test/list/{n}", "final_url": f"https://shop.test/list/{n}", "outcome": "fetched",
                       "status": 200, "content_type": "text/html", "headers": {}, "fetched_unix": 5.0, "sha256": "s"}  # fmt: skip

        def body(self, key: str) -> bytes | None:
            return body

    class Count:
        n = 0

        def write(self, rule_set: RuleSet, page: PageMeta, values: tuple[Value, ...]) -> None:
            self.n += 1

    counter = Count()
    tracemalloc.start()
    try:
        extract_store(Many([]), RULES, counter)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert counter.n == pages * 51
    return peak


def test_memory_does_not_grow_with_the_number_of_pages() -> None:
    small, large = _peak_bytes(10), _peak_bytes(150)
    # Fifteen times the pages: the peak stays that of one page (allow noise, not growth).
    assert large < small * 1.5 + 64 * 1024
