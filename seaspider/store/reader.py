"""`StoreReader`: reads a store while a writer may be appending to it, and never blocks that writer.

Must not write anything the writer owns, except the shared index when no writer is alive.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from seaspider.errors import StoreError
from seaspider.lock import try_lock
from seaspider.store.files import INDEX, JOURNAL, LINKS, WRITER_LOCK, complete_end_of, inode, is_store
from seaspider.store.index import Index, IndexCorrupt, remove_index_files
from seaspider.store.journal import iter_lines
from seaspider.store.segments import Location
from seaspider.store.view import StoreView, bring_up_to_date, open_index

__all__ = ["StoreReader"]

# A reader that finds a live writer's index further behind than this builds its own instead of
# reading the difference from the journal on every question.
_MAX_TAIL_BYTES = 256 * 1024
_PAGE_BATCH = 1000  # URLs read from the index at a time by latest_pages: bounded memory, few queries


class StoreReader(StoreView):
    """Reads a store while a writer may be appending to it; never blocks the writer.

    Answers come from the index as the writer last committed it, plus any complete journal
    lines past that (a line in flight); a half-written line is never read. `stats` counts what
    the index holds, so it may lag a live writer by the record in flight. One reader per thread.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not is_store(self.path):
            raise StoreError(f"{self.path} is not a Sea Spider store (it has no {JOURNAL}); `seaspider fetch` creates one.")
        self._private_dir: str | None = None
        self._index = self._usable_index()
        try:
            self._setup_view()
        except OSError as exc:
            self._index.close()
            self._drop_private()
            raise StoreError(f"cannot read the store {self.path} ({exc.strerror or exc}).") from exc
        self._tail_end = -1
        self._tail_pages: dict[str, int] = {}
        self._tail_bodies: dict[str, tuple[Location, int]] = {}
        self._tail_robots: dict[str, int] = {}
        self._tail_links: dict[str, int] = {}
        self._tail_links_end = -1

    def _usable_index(self) -> Index:
        try:
            index = self._shared_index()
        except (OSError, sqlite3.Error, IndexCorrupt, StoreError):
            index = None  # e.g. a store we may read but not write: answer from a private index
        if index is not None:
            self._index_ino = inode(self.path / INDEX)
            return index
        private_dir = tempfile.mkdtemp(prefix="seaspider-index-")
        try:
            private = Index(Path(private_dir) / INDEX, journal=self.path / JOURNAL, links=self.path / LINKS)
            private.catch_up()
        except BaseException:
            shutil.rmtree(private_dir, ignore_errors=True)
            raise
        self._private_dir = private_dir
        self._index_ino = None
        return private

    def _shared_index(self) -> Index | None:
        """The store's own index brought up to date, or None when only a private one can be right."""
        index = open_index(self.path)
        try:
            if index.fits() and index.end("journal") == complete_end_of(self.path / JOURNAL) and index.end("links") == complete_end_of(self.path / LINKS):
                return index
        except IndexCorrupt:
            index.close()
            remove_index_files(self.path / INDEX)
            index = open_index(self.path)
        # Behind or stale. With no writer alive we may fix the shared index in place; with one
        # alive, its index is current (it commits after every record) but for a line in flight,
        # which the tail covers; anything else gets a private index, leaving the writer's alone.
        lock = try_lock(self.path / WRITER_LOCK, "reader updating the index", mode=0o644, sync=False)
        if lock is not None:
            with lock:
                try:
                    bring_up_to_date(index)
                except IndexCorrupt:
                    index = open_index(self.path)
                    bring_up_to_date(index)
                return index
        journal_end = complete_end_of(self.path / JOURNAL)
        behind = journal_end - index.end("journal")
        fresh = index.end("journal") == 0 and journal_end > 0  # not the writer's index at all
        if index.fits() and behind <= _MAX_TAIL_BYTES and not fresh:
            return index
        index.close()
        return None

    def _refresh_tail(self) -> None:
        """Note complete lines the index has not taken in yet (the writer's line in flight)."""
        if self._private_dir is None and inode(self.path / INDEX) != self._index_ino:
            # A writer rebuilt the index as a new file since we opened it: follow it.
            self._index.close()
            self._index = self._usable_index()
            self._tail_end = self._tail_links_end = -1
        if self._private_dir is not None:
            self._index.catch_up()  # our own index: keep it current rather than re-read a growing tail
        self._index.reload()
        jend = complete_end_of(self.path / JOURNAL)
        start = self._index.end("journal")
        if jend != self._tail_end:
            self._tail_pages.clear()
            self._tail_bodies.clear()
            self._tail_robots.clear()
            if jend > start:
                for off, raw in iter_lines(self.path / JOURNAL, start, jend):
                    try:
                        line = json.loads(raw)
                    except ValueError:
                        continue
                    kind = line.get("kind")
                    if kind == "page":
                        self._tail_pages[line["url"]] = off
                    elif kind == "robots":
                        self._tail_robots[line["origin"]] = off
                    if kind in ("page", "robots") and line.get("seg") is not None and line.get("sha256"):
                        loc = Location(seg=line["seg"], off=line["off"], length=line["len"])
                        self._tail_bodies[line["sha256"]] = (loc, line["body_bytes"])
            self._tail_end = jend
        lend = complete_end_of(self.path / LINKS)
        if lend != self._tail_links_end:
            self._tail_links.clear()
            if lend > self._index.end("links"):
                for off, raw in iter_lines(self.path / LINKS, self._index.end("links"), lend):
                    try:
                        self._tail_links[json.loads(raw)["url"]] = off
                    except (ValueError, KeyError):
                        continue
            self._tail_links_end = lend

    def _row(self, url: str) -> dict[str, Any] | None:
        self._refresh_tail()
        row = self._index.url_row(url)
        off = self._tail_pages.get(url)
        if off is not None:
            line = self._journal_line(off)
            row = dict(row or {"links_off": None, "uncertain": 0, "fetched_off": None, "body_sha": None})
            row.update(page_off=off, outcome=line["outcome"], fetched_unix=line["fetched_unix"])
            if line.get("seg") is not None:
                row["body_sha"] = line["sha256"]
            if line["outcome"] == "fetched":
                row["fetched_off"] = off
        if url in self._tail_links:
            row = dict(row or {"page_off": None, "body_sha": None, "fetched_off": None, "uncertain": 0})
            row["links_off"] = self._tail_links[url]
        return row

    def _body_location(self, sha: str) -> tuple[Location, int] | None:
        self._refresh_tail()
        return self._tail_bodies.get(sha) or self._index.body(sha)  # the tail is newer than the index

    def _robots_off(self, origin: str) -> int | None:
        self._refresh_tail()
        return self._tail_robots.get(origin, self._index.robots_off(origin))

    def stats(self, host: str | None = None) -> dict[str, Any]:
        self._refresh_tail()
        return super().stats(host)

    def page_rows(self) -> Iterator[tuple[str, str, str, float | None, str | None]]:
        """(url, host, latest outcome, fetched_unix, body sha) of every URL with a page line, in URL order,
        as the index holds them (like `stats`); read in pages, so memory does not grow with the store."""
        after = ""
        while rows := self._index.page_rows_after(after, limit=_PAGE_BATCH):
            yield from rows
            after = rows[-1][0]

    def latest_pages(self, *, host: str | None = None, url_prefix: str = "") -> Iterator[dict[str, Any]]:
        """The latest page line of every URL whose latest visit fetched (or confirmed, 304) a stored
        body, in URL order, optionally only of `host` or of URLs starting with `url_prefix`.

        Streams: URLs come from the index _PAGE_BATCH at a time, so memory does not grow with the store.
        A URL first seen in the line in flight (not yet in the index) is left for the next reader.
        """
        key = None if host is None else host.strip().lower().rstrip(".")
        after = ""
        while True:
            self._refresh_tail()
            urls = self._index.page_urls_after(after, prefix=url_prefix, host=key, limit=_PAGE_BATCH)
            for url in urls:
                line = self.latest(url)  # the newest line, the tail included
                if line is not None and line["outcome"] in ("fetched", "not_modified") and line.get("sha256"):
                    yield line
            if len(urls) < _PAGE_BATCH:
                return
            after = urls[-1]

    def _drop_private(self) -> None:
        if self._private_dir is not None:
            shutil.rmtree(self._private_dir, ignore_errors=True)
            self._private_dir = None

    def close(self) -> None:
        self._close_view()
        self._index.close()
        self._drop_private()

    def __enter__(self) -> StoreReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
