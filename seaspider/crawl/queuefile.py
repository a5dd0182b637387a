"""Reads a QUEUE file into canonical URLs: JSON object lines, TSV lines or plain lines.

Pure: takes the file's bytes, returns the URLs in file order with the bad lines beside them.
A bad line never stops the run; it is reported with its number and skipped.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass

from seaspider.errors import InvalidURL
from seaspider.web.urls import canonicalize

MAX_REASON_CHARS = 300  # a reason names the line, not a whole pasted document


KINDS = ("page", "sitemap")  # a JSON line's "kind": a page to fetch, or a sitemap to read for pages


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One URL to fetch, canonical, with the line it came from (1-based) and its kind."""

    url: str
    line: int
    kind: str = "page"


@dataclass(frozen=True, slots=True)
class BadLine:
    """A line that could not be used, and why, in one English sentence."""

    line: int
    reason: str

    def to_json(self) -> dict[str, object]:
        return {"line": self.line, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Queue:
    """The usable URLs of a queue file in file order, each once, plus what was left out."""

    entries: tuple[QueueEntry, ...]
    bad: tuple[BadLine, ...]
    duplicates: int  # lines whose URL (after canonicalisation) came earlier in the file
    blank_or_comment: int

    @property
    def urls(self) -> tuple[str, ...]:
        """The pages to fetch, in file order."""
        return tuple(e.url for e in self.entries if e.kind == "page")

    @property
    def sitemaps(self) -> tuple[str, ...]:
        """The sitemaps to read (JSON lines with "kind": "sitemap"), in file order."""
        return tuple(e.url for e in self.entries if e.kind == "sitemap")


def _first_field(text: str, lineno: int) -> tuple[str, str]:
    """The URL text and kind of one non-blank, non-comment line; ValueError with the reason if none."""
    if text.startswith("{"):
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {lineno} starts with '{{' but is not a JSON object ({exc.msg})") from exc
        if not isinstance(obj, dict):
            raise ValueError(f"line {lineno} is JSON but not an object")
        url = obj.get("url")
        if not isinstance(url, str) or not url.strip():
            raise ValueError(f'line {lineno} is a JSON object without a "url" string')
        kind = obj.get("kind", "page")
        if kind not in KINDS:
            raise ValueError(f'line {lineno} has "kind" {json.dumps(kind)[:40]}, but only "page" and "sitemap" are known')
        return url.strip(), kind
    # TSV: the first tab-separated field; a plain line: its first whitespace-separated word.
    field = text.split("\t", 1)[0].strip()
    return (field.split(None, 1)[0] if field else ""), "page"


def parse_queue(data: bytes, *, sort_query: bool = False, source: str = "QUEUE") -> Queue:
    """Parse a queue file's bytes: canonical URLs in file order, each once; bad lines reported."""
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8) :]
    entries: list[QueueEntry] = []
    bad: list[BadLine] = []
    seen: set[str] = set()
    duplicates = 0
    blank = 0
    for lineno, raw in enumerate(data.splitlines(), start=1):
        try:
            text = raw.decode("utf-8").strip()
        except UnicodeDecodeError:
            bad.append(BadLine(lineno, f"{source}: line {lineno} is not valid UTF-8, so it was skipped."))
            continue
        if not text or text.startswith("#"):
            blank += 1
            continue
        try:
            field, kind = _first_field(text, lineno)
            if not field:
                raise ValueError(f"line {lineno} has an empty first field")
            url = canonicalize(field, sort_query=sort_query)
        except ValueError as exc:
            bad.append(BadLine(lineno, f"{source}: {exc}, so it was skipped."[:MAX_REASON_CHARS]))
            continue
        except InvalidURL as exc:
            reason = str(exc).rstrip(".")
            bad.append(BadLine(lineno, f"{source}: line {lineno}: {reason}; the line was skipped."[:MAX_REASON_CHARS]))
            continue
        if url in seen:
            duplicates += 1
            continue
        seen.add(url)
        entries.append(QueueEntry(url, lineno, kind))
    return Queue(tuple(entries), tuple(bad), duplicates, blank)
