"""The store: bodies in zstd segments, the fsynced `pages.jsonl` journal, `links.jsonl`, indexes.

`StoreWriter` (one per store, under an exclusive lock) records intents, visits, robots fetches
and links, in the crash-safe order: body frame written and fsynced, then the journal line
written and fsynced, then the derived index. `StoreReader` answers from the index without
blocking the writer. Knows nothing about HTTP, robots rules or politeness policy.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import sqlite3
import tempfile
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from seaspider.clock import Clock, SystemClock
from seaspider.errors import StoreError
from seaspider.store.journal import JournalAppender, complete_end, cut_torn_tail, encode_line, iter_lines, read_line_at
from seaspider.store.segments import Location, SegmentReader, SegmentWriter, fsync_dir, segment_numbers, segment_path
from seaspider.store.index import ALL, Index, IndexCorrupt, host_of, raise_if_corrupt, remove_index_files
from seaspider.web.records import KEPT_HEADERS, Hop, Outcome, RobotsFetch, RobotsSource, Visit

DEFAULT_SEGMENT_MAX_BYTES = 256 * 1024 * 1024
DEFAULT_ZSTD_LEVEL = 9
JOURNAL = "pages.jsonl"
LINKS = "links.jsonl"
SEG_DIR = "seg"
INDEX = "index.sqlite"
STATE = "state.sqlite"
WRITER_LOCK = ".writer.lock"
# A reader that finds a live writer's index further behind than this builds its own instead of
# reading the difference from the journal on every question.
_MAX_TAIL_BYTES = 256 * 1024
_PAGE_BATCH = 1000  # URLs read from the index at a time by latest_pages: bounded memory, few queries

Hook = Callable[[str], None]


@dataclass(frozen=True, slots=True)
class Intent:
    """A page's first request about to go out: what `record_intents` journals."""

    url: str
    depth: int = 0
    parent: str | None = None


# ----- small file helpers ---------------------------------------------------------------------------


def _create_dir(path: Path) -> None:
    if not path.is_dir():
        path.mkdir(parents=True, exist_ok=True)
        fsync_dir(path.parent)


def _create_file(path: Path) -> None:
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        os.fsync(fd)
        os.close(fd)
        fsync_dir(path.parent)


def _lock_holder(fd: int) -> str:
    try:
        holder = json.loads(os.pread(fd, 4096, 0) or b"{}")
        return f"pid {int(holder['pid'])}"
    except (ValueError, KeyError, TypeError):
        return "another process"


def _try_lock(path: Path, role: str) -> int | None:
    """Take the store's writer lock without waiting; the descriptor, or None when it is held."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.pwrite(fd, (json.dumps({"pid": os.getpid(), "role": role}) + "\n").encode(), 0)
    return fd


def _is_store(path: Path) -> bool:
    return (path / JOURNAL).is_file()


def _open_index(store: Path) -> Index:
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


def _bring_up_to_date(index: Index) -> None:
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


# ----- reading -----------------------------------------------------------------------------------------


class _StoreView:
    """The questions both the reader and the writer answer from the index and the files."""

    path: Path
    _index: Index
    _segments: SegmentReader

    def _setup_view(self) -> None:
        self._jfd = os.open(self.path / JOURNAL, os.O_RDONLY | os.O_CLOEXEC)
        self._lfd: int | None = None
        self._segments = SegmentReader(self.path / SEG_DIR)

    def _close_view(self) -> None:
        self._segments.close()
        os.close(self._jfd)
        if self._lfd is not None:
            os.close(self._lfd)

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
            raise StoreError(f"{segment_path(self.path / SEG_DIR, loc.seg)}: the body at byte {loc.off} does not match its sha256.")
        return body

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
        """The latest robots.txt fetch of `origin`, body included when it was stored."""
        off = self._robots_off(origin)
        if off is None:
            return None
        line = self._journal_line(off)
        body = self._read_body(line["sha256"]) if line.get("seg") is not None and line.get("sha256") else None
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
        if line.get("seg") is None:
            return {}  # a 304 would leave us with no body to point at
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
        lines = {kind: counts.get(f"line:{kind}", 0) for kind in ("robots", "intent", "page", "uncertain")}
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


class StoreReader(_StoreView):
    """Reads a store while a writer may be appending to it; never blocks the writer.

    Answers come from the index as the writer last committed it, plus any complete journal
    lines past that (a line in flight); a half-written line is never read. `stats` counts what
    the index holds, so it may lag a live writer by the record in flight. One reader per thread.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        if not _is_store(self.path):
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
            self._index_ino = _ino(self.path / INDEX)
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
        index = _open_index(self.path)
        try:
            if index.fits() and index.end("journal") == complete_end_of(self.path / JOURNAL) and index.end("links") == complete_end_of(self.path / LINKS):
                return index
        except IndexCorrupt:
            index.close()
            remove_index_files(self.path / INDEX)
            index = _open_index(self.path)
        # Behind or stale. With no writer alive we may fix the shared index in place; with one
        # alive, its index is current (it commits after every record) but for a line in flight,
        # which the tail covers; anything else gets a private index, leaving the writer's alone.
        fd = _try_lock(self.path / WRITER_LOCK, "reader updating the index")
        if fd is not None:
            try:
                try:
                    _bring_up_to_date(index)
                except IndexCorrupt:
                    index = _open_index(self.path)
                    _bring_up_to_date(index)
                return index
            finally:
                os.close(fd)
        journal_end = complete_end_of(self.path / JOURNAL)
        behind = journal_end - index.end("journal")
        fresh = index.end("journal") == 0 and journal_end > 0  # not the writer's index at all
        if index.fits() and behind <= _MAX_TAIL_BYTES and not fresh:
            return index
        index.close()
        return None

    def _refresh_tail(self) -> None:
        """Note complete lines the index has not taken in yet (the writer's line in flight)."""
        if self._private_dir is None and _ino(self.path / INDEX) != self._index_ino:
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
        return self._index.body(sha) or self._tail_bodies.get(sha)

    def _robots_off(self, origin: str) -> int | None:
        self._refresh_tail()
        return self._tail_robots.get(origin, self._index.robots_off(origin))

    def stats(self, host: str | None = None) -> dict[str, Any]:
        self._refresh_tail()
        return super().stats(host)

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


def _ino(path: Path) -> int | None:
    try:
        return os.stat(path).st_ino
    except FileNotFoundError:
        return None


def complete_end_of(path: Path) -> int:
    """The offset just past the last complete line of a JSONL file (0 when missing)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except FileNotFoundError:
        return 0
    try:
        return complete_end(fd, os.fstat(fd).st_size)
    finally:
        os.close(fd)


# ----- politeness state ----------------------------------------------------------------------------


class _IpState:
    """Per-IP end time of the last request, in `state.sqlite` (not derivable from the journal)."""

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()
        self._dirty: dict[str, float] = {}
        created = not path.exists()
        try:
            self._db = self._connect()
        except sqlite3.DatabaseError:
            # Unreadable politeness state cannot be repaired; start afresh rather than refuse to run.
            remove_index_files(path)
            self._db = self._connect()
        if created:
            fsync_dir(path.parent)  # unlike the index, this state cannot be rebuilt: keep its name
        self._ends: dict[str, float] = dict(self._db.execute("SELECT ip, end_unix FROM ip_end").fetchall())

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS ip_end (ip TEXT PRIMARY KEY, end_unix REAL NOT NULL) WITHOUT ROWID")
        db.execute("SELECT count(*) FROM ip_end").fetchone()
        return db

    def load(self) -> dict[str, float]:
        with self._lock:
            return dict(self._ends)

    def save(self, ip: str, end_unix: float) -> None:
        with self._lock:
            # Never move an end time back: a late report of an earlier request must not shorten a rest.
            if end_unix > self._ends.get(ip, float("-inf")):
                self._ends[ip] = end_unix
                self._dirty[ip] = end_unix

    def flush(self) -> None:
        with self._lock:
            dirty, self._dirty = self._dirty, {}
        if dirty:
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO ip_end VALUES (?, ?) ON CONFLICT (ip) DO UPDATE SET end_unix = max(end_unix, excluded.end_unix)",
                list(dirty.items()),
            )
            self._db.execute("COMMIT")

    def close(self) -> None:
        self.flush()
        self._db.close()


# ----- writing -----------------------------------------------------------------------------------------


def page_line(visit: Visit, *, loc: Location | None, sha256: str | None, body_bytes: int) -> dict[str, Any]:
    """The journal's `page` line for a visit whose body (if any) lies at `loc`."""
    line: dict[str, Any] = {
        "kind": "page",
        "url": visit.url,
        "final_url": visit.final_url,
        "outcome": str(visit.outcome),
        "status": visit.status,
        "chain": [hop.to_json() for hop in visit.chain],
        # Only the kept headers, in their declared order (the schema refuses any other).
        "headers": {name: visit.headers[name] for name in KEPT_HEADERS if name in visit.headers},
        "content_type": visit.content_type,
        "fetched_unix": visit.fetched_unix,
        "ms": visit.ms,
        "seg": loc.seg if loc else None,
        "off": loc.off if loc else None,
        "len": loc.length if loc else None,
        "body_bytes": body_bytes,
        "truncated": visit.truncated,
        "sha256": sha256,
        "robots": visit.robots.to_json() if visit.robots is not None else None,
        "depth": visit.depth,
        "parent": visit.parent,
        "user_agent": visit.user_agent,
        "reason": visit.reason,
    }
    if visit.extra:
        line["extra"] = dict(visit.extra)
    return line


class StoreWriter(_StoreView):
    """The one writer of a store (exclusive lock on `.writer.lock`).

    Every `record_*` call is durable when it returns. Calls are serialised by an internal lock,
    so they may come from a worker thread; `save_ip_end` and `load_ip_ends` never wait for disk.
    """

    def __init__(self, path: Path, *, segment_max_bytes: int, zstd_level: int, clock: Clock, hook: Hook | None,
                 split_writes: bool, journal_before_segment: bool, lock_fd: int) -> None:
        self.path = path
        self._clock = clock
        self._hook = hook
        self._journal_before_segment = journal_before_segment
        self._lock_fd = lock_fd
        self._lock = threading.Lock()
        self._closed = False
        self._failed: str | None = None
        opened: list[Callable[[], None]] = []  # closed again if opening fails half-way
        try:
            for name in (JOURNAL, LINKS):
                if cut_torn_tail(path / name):
                    self._point("torn-tail-cut")
            self._seg_writer = SegmentWriter(path / SEG_DIR, max_bytes=segment_max_bytes, level=zstd_level,
                                             split_writes=split_writes, hook=hook)
            opened.append(self._seg_writer.close)
            self._journal = JournalAppender(path / JOURNAL, name="journal", split_writes=split_writes, hook=hook)
            opened.append(self._journal.close)
            self._links = JournalAppender(path / LINKS, name="links", split_writes=split_writes, hook=hook)
            opened.append(self._links.close)
            try:
                self._index = _open_index(path)
                try:
                    _bring_up_to_date(self._index)
                except IndexCorrupt:
                    self._index = _open_index(path)
                    _bring_up_to_date(self._index)
            except (sqlite3.Error, IndexCorrupt) as exc:
                raise StoreError(f"{path / INDEX}: cannot bring the store index up to date ({exc}).") from exc
            opened.append(self._index.close)
            self._point("index-ready")
            self._setup_view()
            opened.append(self._close_view)
            try:
                self._ip_state = _IpState(path / STATE)
            except sqlite3.Error as exc:
                raise StoreError(f"{path / STATE}: cannot open the politeness state ({exc}).") from exc
            opened.append(self._ip_state.close)
            self.uncertain_urls = self._settle_intents()
        except BaseException:
            for close in reversed(opened):
                close()
            raise

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        segment_max_bytes: int = DEFAULT_SEGMENT_MAX_BYTES,
        zstd_level: int = DEFAULT_ZSTD_LEVEL,
        clock: Clock | None = None,
        _hook: Hook | None = None,
        _split_writes: bool = False,
        _journal_before_segment: bool = False,
    ) -> StoreWriter:
        """Open (creating if missing) the store at `path` for writing; StoreError if another writer has it.

        The underscored arguments are fault injection for the crash tests: a hook called at named
        points, writes split in two, and the unsafe order that the crash test must catch.
        """
        path = Path(path)
        try:
            if path.exists() and not path.is_dir():
                raise StoreError(f"{path} is a file, not a store directory; choose another store path.")
            if path.is_dir() and any(path.iterdir()) and not _is_store(path):
                raise StoreError(f"{path} is not empty and is not a Sea Spider store (no {JOURNAL}); choose an empty or new directory.")
            _create_dir(path)
            lock_fd = _try_lock(path / WRITER_LOCK, "writer")
            if lock_fd is None:
                fd = os.open(path / WRITER_LOCK, os.O_RDONLY | os.O_CLOEXEC)
                holder = _lock_holder(fd)
                os.close(fd)
                raise StoreError(f"{path} is already open for writing by {holder}; only one writer may use a store at a time.")
            os.fsync(lock_fd)
            fsync_dir(path)
            try:
                _create_dir(path / SEG_DIR)
                _create_file(path / JOURNAL)
                _create_file(path / LINKS)
                return cls(path, segment_max_bytes=segment_max_bytes, zstd_level=zstd_level,
                           clock=clock or SystemClock(), hook=_hook, split_writes=_split_writes,
                           journal_before_segment=_journal_before_segment, lock_fd=lock_fd)
            except BaseException:
                os.close(lock_fd)
                raise
        except OSError as exc:
            raise StoreError(f"cannot open the store {path} for writing ({exc.strerror or exc}).") from exc

    def _point(self, name: str) -> None:
        if self._hook is not None:
            self._hook(name)

    def _settle_intents(self) -> tuple[str, ...]:
        """Record one `uncertain` line per intent that never got an outcome; returns their URLs."""
        pending = sorted(self._index.pending_intents().items(), key=lambda item: item[1])
        urls = []
        for url, off in pending:
            line = {
                "kind": "uncertain",
                "url": url,
                "intent_off": off,
                "recorded_unix": self._clock.time(),
                "reason": "the writer stopped after announcing this fetch and before recording its outcome; the request may have reached the server",
            }
            self._append(line)
            urls.append(url)
        return tuple(urls)

    def _append(self, line: dict[str, Any]) -> int:
        """Journal one line (fsynced), index it, persist the politeness state; returns its offset."""
        off = self._journal_lines([line])[0]
        self._commit()
        return off

    def _journal_lines(self, lines: Sequence[dict[str, Any]]) -> list[int]:
        """Journal lines in one write and ONE fsync, then take them into the index (not committed)."""
        raws = [encode_line(line) for line in lines]
        offs = self._journal.append_many(raws)
        for off, raw, line in zip(offs, raws, lines, strict=True):
            self._index.apply_journal(off, raw, line)
        return offs

    def _links_lines(self, items: Sequence[tuple[str, list[dict[str, Any]]]]) -> None:
        """Append `links.jsonl` lines in one write and ONE fsync, then index them (not committed)."""
        now = self._clock.time()
        raws = [
            encode_line({"url": url, "links": [{"url": str(link["url"]), "nofollow": bool(link["nofollow"])} for link in links],
                         "recorded_unix": now})
            for url, links in items
        ]
        for off, raw in zip(self._links.append_many(raws), raws, strict=True):
            self._index.apply_links(off, raw)

    def _commit(self) -> None:
        """Commit the index for every line taken in, and persist the politeness state."""
        self._index.commit()
        self._point("index-committed")
        self._ip_state.flush()

    def _store_body(self, body: bytes, sha: str) -> tuple[Location, int]:
        """Put `body` in a segment (once per sha256) and make it durable; returns where and its size."""
        found = self._index.body(sha)
        if found is not None:
            return found
        frame = self._seg_writer.compress(body)
        self._point("body-compressed")
        loc = self._seg_writer.append(frame)
        self._point("segment-written")
        self._seg_writer.fsync()
        # Crash safety: from here the frame is durable, and only now may a line point at it.
        self._point("segment-fsynced")
        return loc, len(body)

    def record_intent(self, url: str, *, depth: int = 0, parent: str | None = None) -> None:
        """Announce a page's first request (fsynced), so a crash during it is noticed next time."""
        self.record_intents([Intent(url, depth, parent)])

    def record_intents(self, intents: Sequence[Intent]) -> None:
        """Announce several first requests with ONE fsync; all are durable when this returns."""
        if not intents:
            return
        what = f"the intent to fetch {intents[0].url}" + (f" and {len(intents) - 1} more" if len(intents) > 1 else "")
        with self._writing(what):
            now = self._clock.time()
            self._journal_lines([{"kind": "intent", "url": i.url, "depth": i.depth, "parent": i.parent, "recorded_unix": now}
                                 for i in intents])
            self._commit()

    def record_visit(self, visit: Visit) -> dict[str, Any]:
        """Store the body (deduplicated by sha256), then journal the page line; returns the line."""
        return self.record_visits([(visit, None)])[0]

    def record_visits(self, items: Sequence[tuple[Visit, list[dict[str, Any]] | None]]) -> list[dict[str, Any]]:
        """Record visits and their links (None: no links line) as one group commit; returns the page lines.

        Every new body frame is appended and the segment fsynced ONCE, then every page line is
        written and the journal fsynced ONCE, then the links lines likewise, then one index commit.
        Nothing is durable before the fsyncs, so the caller may report none of it until this returns.
        """
        for visit, _links in items:
            if not isinstance(visit, Visit):
                raise TypeError(f"record_visits takes Visits, not {type(visit).__name__}")
        if not items:
            return []
        # Bad input loses nothing: every body is checked before anything is written.
        shas = [self._body_sha(visit) for visit, _links in items]
        what = f"the visit of {items[0][0].url}" + (f" and {len(items) - 1} more" if len(items) > 1 else "")
        with self._writing(what):
            if self._journal_before_segment:
                lines = [self._record_visit_unsafely(visit, sha) for (visit, _links), sha in zip(items, shas, strict=True)]
            else:
                lines = self._page_lines([visit for visit, _links in items], shas)
                self._journal_lines(lines)
            links = [(visit.url, found) for visit, found in items if found is not None]
            if links:
                self._links_lines(links)
            self._commit()
            return lines

    @staticmethod
    def _body_sha(visit: Visit) -> str | None:
        """The sha256 of a visit's body when it has one to store; ValueError when it contradicts the visit."""
        if not (visit.body or visit.outcome == Outcome.FETCHED):
            return None
        sha = hashlib.sha256(visit.body).hexdigest()
        if visit.sha256 is not None and visit.sha256 != sha:
            raise ValueError(f"visit of {visit.url}: sha256 {visit.sha256} does not match its body ({sha})")
        return sha

    def _page_lines(self, visits: Sequence[Visit], shas: Sequence[str | None]) -> list[dict[str, Any]]:
        """Put the new bodies in segments with ONE fsync (once per sha256), then build the page lines."""
        placed: dict[str, tuple[Location, int]] = {}  # bodies of this batch, before the index knows them
        wrote = False
        lines = []
        for visit, sha in zip(visits, shas, strict=True):
            loc: Location | None = None
            body_bytes = len(visit.body)
            if sha is not None:
                found = placed.get(sha) or self._index.body(sha)
                if found is None:
                    frame = self._seg_writer.compress(visit.body)
                    self._point("body-compressed")
                    found = self._seg_writer.append(frame), len(visit.body)
                    self._point("segment-written")
                    placed[sha] = found
                    wrote = True
                loc, body_bytes = found
            elif visit.sha256 is not None:
                # A 304 (not_modified) names the body it confirmed: point at where that body lies.
                found = placed.get(visit.sha256) or self._index.body(visit.sha256)
                if found is not None:
                    loc, body_bytes = found
            lines.append(page_line(visit, loc=loc, sha256=sha if sha is not None else visit.sha256, body_bytes=body_bytes))
        if wrote:
            self._seg_writer.fsync()
            # Crash safety: from here every frame is durable, and only now may a line point at one.
            self._point("segment-fsynced")
        return lines

    def _record_visit_unsafely(self, visit: Visit, sha: str | None) -> dict[str, Any]:
        """Negative control only: journal the line BEFORE writing its body (the crash test must fail)."""
        if sha is None:
            line = self._page_lines([visit], [None])[0]
            self._append(line)
            return line
        body = visit.body
        found = self._index.body(sha)
        if found is not None:
            line = page_line(visit, loc=found[0], sha256=sha, body_bytes=found[1])
            self._append(line)
            return line
        frame = self._seg_writer.compress(body)
        loc = self._seg_writer.next_location(len(frame))
        line = page_line(visit, loc=loc, sha256=sha, body_bytes=len(body))
        self._append(line)
        self._seg_writer.append(frame)
        self._point("segment-written")
        self._seg_writer.fsync()
        self._point("segment-fsynced")
        return line

    def record_robots(self, fetch: RobotsFetch) -> None:
        """Journal one robots.txt fetch; its body is stored first when the answer was 2xx."""
        with self._writing(f"the robots.txt fetch of {fetch.origin}"):
            loc: Location | None = None
            sha: str | None = None
            body_bytes = 0
            ok = fetch.status is not None and 200 <= fetch.status < 300
            if ok and fetch.body is not None:
                sha = hashlib.sha256(fetch.body).hexdigest()
                loc, body_bytes = self._store_body(fetch.body, sha)
            self._append(
                {
                    "kind": "robots",
                    "url": fetch.url,
                    "origin": fetch.origin,
                    "status": fetch.status,
                    "state": str(fetch.state),
                    "fetched_unix": fetch.fetched_unix,
                    "ip": fetch.ip,
                    "chain": [hop.to_json() for hop in fetch.chain],
                    "error": fetch.error,
                    "seg": loc.seg if loc else None,
                    "off": loc.off if loc else None,
                    "len": loc.length if loc else None,
                    "body_bytes": body_bytes,
                    "sha256": sha,
                }
            )

    def record_links(self, url: str, links: list[dict[str, Any]]) -> None:
        """Append one `links.jsonl` line for `url` (fsynced): [{url, nofollow}] in page order."""
        with self._writing(f"the links of {url}"):
            self._links_lines([(url, links)])
            self._commit()

    def should_fetch(self, url: str, *, now_unix: float, refetch_after_secs: int | None) -> bool:
        """The resume rule: fetch unless the latest page record is not an error (and not too old)."""
        with self._lock:
            row = self._index.url_row(url)
        if row is None or row["page_off"] is None or row["uncertain"]:
            return True
        if row["outcome"] == Outcome.ERROR:
            return True
        return refetch_after_secs is not None and now_unix - float(row["fetched_unix"]) > refetch_after_secs

    def latest(self, url: str) -> dict[str, Any] | None:
        with self._lock:
            return super().latest(url)

    def body(self, key: str) -> bytes | None:
        with self._lock:
            return super().body(key)

    def links_of(self, url: str) -> list[dict[str, Any]] | None:
        with self._lock:
            return super().links_of(url)

    def load_robots(self, origin: str) -> RobotsFetch | None:
        with self._lock:
            return super().load_robots(origin)

    def conditional_headers(self, url: str) -> dict[str, str]:
        with self._lock:
            return super().conditional_headers(url)

    def stats(self, host: str | None = None) -> dict[str, Any]:
        with self._lock:
            return super().stats(host)

    def load_ip_ends(self) -> dict[str, float]:
        """IP -> Unix time its last request ended, as saved by this and earlier runs."""
        return self._ip_state.load()

    def save_ip_end(self, ip: str, end_unix: float) -> None:
        """Note when a request to `ip` ended; written out with the next journal line and at close."""
        self._ip_state.save(ip, end_unix)

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the store {self.path} was closed; open it again to write.")
        if self._failed is not None:
            raise StoreError(self._failed)

    @contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """Serialise one record call and turn disk and index failures into StoreError."""
        with self._lock:
            self._check_open()
            try:
                yield
            except OSError as exc:
                raise StoreError(f"{self.path}: could not record {what} ({exc.strerror or exc}); the store keeps every record made before it.") from exc
            except sqlite3.Error as exc:
                # The journal line may be durable while the index missed it: stop writing through
                # this index; the next open catches it up from the journal.
                self._failed = f"{self.path}: the store index failed ({exc}); close the store and open it again, which rebuilds what is missing."
                raise StoreError(self._failed) from exc

    def close(self) -> None:
        """Persist the politeness state, close every file and release the writer lock."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            try:
                self._ip_state.close()
                self._index.close()
                self._seg_writer.close()
                self._journal.close()
                self._links.close()
                self._close_view()
            finally:
                os.close(self._lock_fd)  # releases the flock

    def __enter__(self) -> StoreWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
