"""What the store's reader and writer both answer from the index and the files: lines, bodies, robots, stats.

Also opens the shared index and brings it up to date. Must not write a journal or a segment.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from seaspider.errors import StoreError
from seaspider.store.files import INDEX, JOURNAL, LINKS, SEG_DIR
from seaspider.store.index import ALL, Index, IndexCorrupt, raise_if_corrupt, remove_index_files
from seaspider.store.journal import read_line_at
from seaspider.store.segments import DamagedFrame, Location, SegmentReader, segment_numbers, segment_path
from seaspider.web.records import Hop, Outcome, RobotsFetch, RobotsSource
from seaspider.web.urls import host_of

__all__ = ["StoreView", "bring_up_to_date", "open_index"]


def open_index(store: Path) -> Index:
    """The store's index, recreated empty when its file is unusable."""
    path = store / INDEX
    try:
        return Index(path, journal=store / JOURNAL, links=store / LINKS)
    except IndexCorrupt:
        remove_index_files(path)
        try:
            return Index(path, journal=store / JOURNAL, links=store / LINKS)
        except IndexCorrupt as exc:
            raise StoreError(f"{path}: cannot create the store index ({exc}).") from exc


def bring_up_to_date(index: Index) -> None:
    """Catch up on lines the index has not read, or rebuild it when it no longer fits the journal.

    IndexCorrupt (after deleting the damaged file) when the caller should open a new one.
    """
    try:
        if not index.fits():
            index.reset()
        index.catch_up()
    except sqlite3.DatabaseError as exc:
        try:
            raise_if_corrupt(exc)
        except IndexCorrupt:
            path = index.path
            index.close()
            remove_index_files(path)
            raise
        raise


class StoreView:
    """The questions both the reader and the writer answer from the index and the files."""

    path: Path
    _index: Index
    _segments: SegmentReader

    def _setup_view(self) -> None:
        self._jfd = os.open(self.path / JOURNAL, os.O_RDONLY | os.O_CLOEXEC)
        self._lfd: int | None = None
        self._segments = SegmentReader(self.path / SEG_DIR)

    def _close_view(self) -> None:
        # Once only: a descriptor number closed twice may close another file's by then.
        if self._jfd < 0:
            return
        self._segments.close()
        os.close(self._jfd)
        self._jfd = -1
        if self._lfd is not None:
            os.close(self._lfd)
            self._lfd = None

    def _journal_line(self, off: int) -> dict[str, Any]:
        loaded: dict[str, Any] = json.loads(read_line_at(self._jfd, off))
        return loaded

    def _links_line(self, off: int) -> dict[str, Any]:
        if self._lfd is None:
            self._lfd = os.open(self.path / LINKS, os.O_RDONLY | os.O_CLOEXEC)
        loaded: dict[str, Any] = json.loads(read_line_at(self._lfd, off))
        return loaded

    def _row(self, url: str) -> dict[str, Any] | None:
        return self._index.url_row(url)

    def _body_location(self, sha: str) -> tuple[Location, int] | None:
        return self._index.body(sha)

    def _robots_off(self, origin: str) -> int | None:
        return self._index.robots_off(origin)

    def latest(self, url: str) -> dict[str, Any] | None:
        """The latest page line for `url`, or None when it has none."""
        row = self._row(url)
        if row is None or row["page_off"] is None:
            return None
        return self._journal_line(row["page_off"])

    def _read_body(self, sha: str) -> bytes | None:
        found = self._body_location(sha)
        if found is None:
            return None
        loc, raw_bytes = found
        body = self._segments.body(loc, raw_bytes=raw_bytes)
        if hashlib.sha256(body).hexdigest() != sha:
            raise DamagedFrame(f"{segment_path(self.path / SEG_DIR, loc.seg)}: the body at byte {loc.off} does not match its sha256.", loc=loc)
        return body

    def _body_usable(self, sha: str) -> bool:
        """Whether the stored copy of this body may be relied on (the writer checks; a reader trusts)."""
        return True

    def _robots_damaged(self, line: dict[str, Any], exc: DamagedFrame) -> None:
        """A stored robots.txt body was found damaged; the writer records it, a reader only forgets it."""

    def body(self, key: str) -> bytes | None:
        """The stored body for a URL (its latest stored one) or for "sha256:HEX"; None when unknown."""
        if key.startswith("sha256:"):
            return self._read_body(key[len("sha256:") :].lower())
        row = self._row(key)
        if row is None or row["body_sha"] is None:
            return None
        return self._read_body(row["body_sha"])

    def links_of(self, url: str) -> list[dict[str, Any]] | None:
        """The links of the latest links line of `url`, or None when it has none."""
        row = self._row(url)
        if row is None or row["links_off"] is None:
            return None
        links: list[dict[str, Any]] = self._links_line(row["links_off"])["links"]
        return links

    def load_robots(self, origin: str) -> RobotsFetch | None:
        """The latest robots.txt fetch of `origin`, body included when it was stored; None when its body is damaged."""
        off = self._robots_off(origin)
        if off is None:
            return None
        line = self._journal_line(off)
        try:
            body = self._read_body(line["sha256"]) if line.get("seg") is not None and line.get("sha256") else None
        except DamagedFrame as exc:
            # A damaged or missing stored robots.txt is a cache miss, never a stop: it is fetched again.
            self._robots_damaged(line, exc)
            return None
        return RobotsFetch(
            url=line["url"],
            origin=line["origin"],
            status=line["status"],
            state=RobotsSource(line["state"]),
            body=body,
            fetched_unix=line["fetched_unix"],
            ip=line["ip"],
            chain=tuple(Hop(url=h["url"], status=h["status"], ip=h["ip"]) for h in line["chain"]),
            error=line["error"],
        )

    def conditional_headers(self, url: str) -> dict[str, str]:
        """If-None-Match / If-Modified-Since from the latest fetched record whose body is stored."""
        row = self._row(url)
        if row is None or row["fetched_off"] is None:
            return {}
        line = self._journal_line(row["fetched_off"])
        if line.get("seg") is None or not self._body_usable(line["sha256"]):
            return {}  # a 304 would leave us with no (intact) body to point at
        headers: dict[str, str] = {}
        if "etag" in line["headers"]:
            headers["If-None-Match"] = line["headers"]["etag"]
        if "last-modified" in line["headers"]:
            headers["If-Modified-Since"] = line["headers"]["last-modified"]
        return headers

    def stats(self, host: str | None = None) -> dict[str, Any]:
        """Counts of the journal and segments, for the whole store or one host (the `stats` JSON)."""
        key = ALL if host is None else host.strip().lower().rstrip(".")
        counts = self._index.counts(key)
        lines = {kind: counts.get(f"line:{kind}", 0) for kind in ("robots", "intent", "page", "uncertain", "retry")}
        raw, compressed = counts.get("raw_bytes", 0), counts.get("compressed_bytes", 0)
        numbers = segment_numbers(self.path / SEG_DIR)
        seg_bytes = 0
        for n in numbers:
            try:
                seg_bytes += os.stat(segment_path(self.path / SEG_DIR, n)).st_size
            except FileNotFoundError:
                pass
        pending = self._index.pending_intents()
        return {
            "store": str(self.path),
            "host": None if host is None else key,
            "lines": lines,
            "links_lines": counts.get("links_lines", 0),
            "urls": counts.get("urls", 0),
            "sitemap_urls": counts.get("sitemap_urls", 0),
            "pages": {str(o): counts.get(f"outcome:{o}", 0) for o in Outcome},
            "page_lines": {str(o): counts.get(f"page:{o}", 0) for o in Outcome},
            "hosts": counts.get("hosts", 0) if host is None else int(bool(counts)),
            "bodies": counts.get("bodies", 0),
            "bytes_raw": raw,
            "bytes_compressed": compressed,
            "compression_ratio": round(raw / compressed, 3) if compressed else None,
            "segments": len(numbers),
            "segment_bytes": seg_bytes,
            "uncertain": lines["uncertain"],
            "pending_intents": len(pending) if host is None else sum(1 for u in pending if host_of(u) == key),
            "corrupt_lines": counts.get("corrupt_lines", 0) + counts.get("corrupt_links_lines", 0),
        }
