"""Reads a QUEUE file into canonical URLs: JSON object lines, TSV lines or plain lines.

Pure: `parse_line` takes one line's bytes (the loader streams a file through it), `parse_queue`
a whole file's; both return URLs in file order with the bad lines beside them. A bad line never
stops the run; it is reported with its number and skipped.
"""

from __future__ import annotations

import codecs
import json
from dataclasses import dataclass

from seaspider.errors import InvalidURL
from seaspider.web.urls import canonicalize

__all__ = ["BadLine", "KINDS", "MAX_REASON_CHARS", "MIN_PRIORITY", "Queue", "QueueEntry", "parse_line", "parse_queue"]

MAX_REASON_CHARS = 300  # a reason names the line, not a whole pasted document
# "priority" bounds: room for any ranking a corpus builder uses, and far inside SQLite's integers.
MIN_PRIORITY, MAX_PRIORITY = -1_000_000, 1_000_000
KINDS = ("page", "sitemap")  # a JSON line's "kind": a page to fetch, or a sitemap to fetch and read for pages


@dataclass(frozen=True, slots=True)
class QueueEntry:
    """One URL to fetch, canonical, with the line it came from (1-based), its priority (higher first) and its kind."""

    url: str
    line: int
    priority: int = 0
    kind: str = "page"  # "sitemap": read for the pages it lists once fetched


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
        return tuple(e.url for e in self.entries)

    @property
    def sitemaps(self) -> tuple[str, ...]:
        """The URLs of lines with "kind": "sitemap", in file order."""
        return tuple(e.url for e in self.entries if e.kind == "sitemap")


def _first_field(text: str, lineno: int) -> tuple[str, int, str]:
    """The URL text, priority and kind of one non-blank, non-comment line; ValueError with the reason if none."""
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
        priority = obj.get("priority", 0)
        if isinstance(priority, bool) or not isinstance(priority, int) or not MIN_PRIORITY <= priority <= MAX_PRIORITY:
            raise ValueError(f'line {lineno} has "priority" {json.dumps(priority)[:40]}, but it must be an integer '
                             f"from {MIN_PRIORITY} to {MAX_PRIORITY}")  # fmt: skip
        kind = obj.get("kind", "page")
        if kind not in KINDS:
            raise ValueError(f'line {lineno} has "kind" {json.dumps(kind)[:40]}, but only "page" and "sitemap" are known')
        return url.strip(), priority, kind
    # TSV: the first tab-separated field; a plain line: its first whitespace-separated word.
    field = text.split("\t", 1)[0].strip()
    return (field.split(None, 1)[0] if field else ""), 0, "page"


def parse_line(raw: bytes, lineno: int, *, sort_query: bool = False, source: str = "QUEUE") -> QueueEntry | BadLine | None:
    """One line of a queue file (no line break): its entry, why it is bad, or None when blank or a comment."""
    try:
        text = raw.decode("utf-8").strip()
    except UnicodeDecodeError:
        return BadLine(lineno, f"{source}: line {lineno} is not valid UTF-8, so it was skipped.")
    if not text or text.startswith("#"):
        return None
    try:
        field, priority, kind = _first_field(text, lineno)
        if not field:
            raise ValueError(f"line {lineno} has an empty first field")
        url = canonicalize(field, sort_query=sort_query)
    except ValueError as exc:
        return BadLine(lineno, f"{source}: {exc}, so it was skipped."[:MAX_REASON_CHARS])
    except InvalidURL as exc:
        reason = str(exc).rstrip(".")
        return BadLine(lineno, f"{source}: line {lineno}: {reason}; the line was skipped."[:MAX_REASON_CHARS])
    return QueueEntry(url, lineno, priority, kind)


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
        parsed = parse_line(raw, lineno, sort_query=sort_query, source=source)
        if parsed is None:
            blank += 1
        elif isinstance(parsed, BadLine):
            bad.append(parsed)
        elif parsed.url in seen:
            duplicates += 1
        else:
            seen.add(parsed.url)
            entries.append(parsed)
    return Queue(tuple(entries), tuple(bad), duplicates, blank)
