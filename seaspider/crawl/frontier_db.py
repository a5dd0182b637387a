"""The disk frontier, `STORE/frontier.sqlite`: every URL a crawl of this store queued, and its state.

Derived like the index: the journal stays the source of truth. The file records how far it has
applied the journal (its identity, an offset and a digest of the bytes before it); on open it
catches up on newer lines, and when it is missing, damaged or no longer fits the journal it is
rebuilt from the journal (the loader then reads the queue again). A URL becomes done here only
after its page line is durable. Knows nothing about HTTP, robots rules or politeness.

It lives in `crawl/`, not `store/`: it holds the crawl's own notions (priority, depth, queue files,
follow directories), and the store stays a journal with indexes that never decide what to fetch.
Three threads use it: the loader and the journal thread write through one connection (under a
lock), the event loop reads through its own (WAL: readers never wait for the writer). Every SQL
statement on the file is in this module (longer than most, on purpose): its schema and the
invariants the statements keep are read in one place.
"""

from __future__ import annotations

import enum
import hashlib
import json
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.crawl.follow import directory_of
from seaspider.crawl.frontier import Task
from seaspider.crawl.queuefile import QueueEntry
from seaspider.crawl.sitemaps import LISTED_PRIORITY, SITEMAP_PRIORITY, Listing, SitemapRef, Via
from seaspider.errors import StoreError
from seaspider.web.urls import host_of as _host
from seaspider.store.journal import file_id, iter_lines
from seaspider.web.urls import URL, origin_of

__all__ = [
    "FRONTIER", "CatchUp", "DiskSeen", "FrontierDB", "Listed", "Loaded", "RunStart", "SitemapRole", "SourceState", "State", "fingerprint",
    "journal_states", "line_change",
]

FRONTIER = "frontier.sqlite"
VERSION = "1"
_TAIL_BYTES = 256  # the journal bytes before the mark that must still be there, unchanged
_COMMIT_EVERY_LINES = 20_000  # while catching up: big transactions, a bounded WAL
_CACHE_KIB = 8 * 1024  # per connection: the hot pages (the fingerprint index's upper levels, the queue index)
# Queue lines per loader transaction: a few ms of writing at 10^6 URLs, the longest the journal
# thread may wait; also the fingerprints per IN (...) query, far under SQLite's 32766 parameters.
_LOAD_CHUNK = 100
_SCAN_ROWS = 2000  # queue URLs read per transaction when looking for origins not yet asked for their sitemaps

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS urls (
    id INTEGER PRIMARY KEY,     -- arrival order: queue lines in file order, followed links in page order
    fp INTEGER NOT NULL,        -- 64-bit fingerprint of the canonical URL: the seen set's key
    url TEXT NOT NULL,
    host TEXT NOT NULL,
    priority INTEGER NOT NULL,
    depth INTEGER NOT NULL,
    parent INTEGER,             -- id of the page it was found on; NULL for queue lines
    state INTEGER NOT NULL,     -- State
    attempts INTEGER NOT NULL DEFAULT 0,
    not_before REAL,            -- a retry waits until this Unix time
    done_unix REAL,             -- when its latest outcome was recorded (for resume.refetch_after_secs)
    source INTEGER,             -- the queue file that added it
    gen INTEGER,                -- the load that last read it (a repeat within one load is a duplicate)
    run INTEGER                 -- the run that recorded its latest outcome
);
CREATE INDEX IF NOT EXISTS urls_fp ON urls (fp);
CREATE INDEX IF NOT EXISTS urls_queue ON urls (host, priority DESC, id) WHERE state = 0;
CREATE TABLE IF NOT EXISTS sources (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL UNIQUE, dev INTEGER, ino INTEGER, size INTEGER,
    mtime_ns INTEGER, offset INTEGER NOT NULL, lines INTEGER NOT NULL, digest TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS dirs (dir TEXT PRIMARY KEY, n INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS sitemaps (
    id INTEGER PRIMARY KEY,     -- urls.id of a sitemap file: read as a sitemap when it is fetched
    via TEXT NOT NULL,          -- robots, queue or sitemap (crawl/sitemaps.py Via)
    level INTEGER NOT NULL,     -- 0: named by a robots.txt or the queue; 1: listed by an index
    owner TEXT NOT NULL,        -- the origin whose follow.max_sitemaps budget it uses
    vouched TEXT NOT NULL,      -- JSON list of origins whose robots.txt named it
    named_by TEXT               -- the robots.txt that named it: a parent that is not a frontier URL
);
CREATE INDEX IF NOT EXISTS sitemaps_owner ON sitemaps (owner);
CREATE TABLE IF NOT EXISTS sitemap_origins (
    id INTEGER PRIMARY KEY,     -- first seen order
    origin TEXT NOT NULL UNIQUE,
    checked_unix REAL           -- when its robots.txt's Sitemap: lines were queued; NULL: still to do
);
"""


class State(enum.IntEnum):
    """A URL's state on disk."""

    QUEUED = 0
    IN_FLIGHT = 1  # its intent is durable, its outcome is not yet
    DONE = 2
    FAILED = 3  # its latest outcome is an error: the next run queues it again


def fingerprint(url: str) -> int:
    """The seen set's key: 8 bytes of BLAKE2b, as a signed 64-bit integer (SQLite's INTEGER)."""
    return int.from_bytes(hashlib.blake2b(url.encode("utf-8"), digest_size=8).digest(), "big", signed=True)


def line_change(line: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """What one journal line says about its URL's state: (url, column values), or None for other lines.

    A page line: done (failed for an error); an intent: in flight; an uncertain line or a damaged
    page body (`store check --repair`, or found on the crawl's path): queued again; a retry line:
    queued, with its attempts and the time before which it waits.
    """
    kind = line.get("kind")
    url = line.get("url")
    if kind == "damaged" and line.get("what") == "page_body" and isinstance(url, str):
        return url, {"state": int(State.QUEUED), "not_before": None}
    if kind not in ("page", "intent", "uncertain", "retry") or not isinstance(url, str):
        return None
    if kind == "page":
        state = State.FAILED if line["outcome"] == "error" else State.DONE
        return url, {"state": int(state), "done_unix": float(line["fetched_unix"]), "not_before": None}
    if kind == "intent":
        return url, {"state": int(State.IN_FLIGHT)}
    if kind == "uncertain":
        return url, {"state": int(State.QUEUED)}
    return url, {"state": int(State.QUEUED), "attempts": int(line["attempt"]), "not_before": float(line["not_before_unix"])}


def journal_states(journal: Path) -> dict[str, State]:
    """URL -> the state the journal gives it: what a frontier that agrees with the journal holds."""
    states: dict[str, State] = {}
    for _off, raw in iter_lines(journal):
        try:
            change = line_change(json.loads(raw))
        except (ValueError, KeyError, TypeError):
            continue
        if change is not None:
            states[change[0]] = State(change[1]["state"])
    return states


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What applying the journal did: lines read, URLs left uncertain by a crash (queued again)."""

    lines: int
    uncertain: int
    rebuilt: bool


@dataclass(frozen=True, slots=True)
class RunStart:
    """The frontier as a run starts."""

    run: int
    queued: int  # URLs queued now (earlier runs' leftovers and requeued ones included)
    requeued_failed: int  # errors of earlier runs, fetched again
    requeued_refetch: int  # done URLs due again under resume.refetch_after_secs


@dataclass(frozen=True, slots=True)
class SourceState:
    """How much of a queue file is in the frontier: its identity then, the bytes and lines read."""

    id: int
    dev: int
    ino: int
    size: int
    mtime_ns: int
    offset: int
    lines: int
    digest: str  # sha256 of the file's first `offset` bytes


@dataclass(frozen=True, slots=True)
class Loaded:
    """What one batch of queue lines did to the frontier."""

    new: int
    duplicates: int  # repeats of a URL read earlier in the same load
    held_done: int  # URLs the frontier already had as done (skipped by resume)
    held_queued: int  # URLs the frontier already had, not yet done
    hosts: tuple[tuple[str, int], ...]  # (host, highest priority) of the new URLs


@dataclass(frozen=True, slots=True)
class Listed:
    """What one sitemap's finds did to the frontier: the tasks to announce (child sitemaps, then pages,
    then pages queued again by their lastmod), how many pages that is, and the child sitemaps the budget left out."""

    tasks: tuple[Task, ...]
    pages: int
    over_budget: int


@dataclass(frozen=True, slots=True)
class SitemapRole:
    """What the frontier knows of a URL about sitemaps: the sitemap file it is (or None), and whether a sitemap listed it."""

    sitemap: SitemapRef | None
    listed: bool


class FrontierDB:
    """One frontier file: a write connection (loader, journal thread) and a read connection (the window)."""

    def __init__(self, path: Path, *, journal: Path, rebuilt: bool = False) -> None:
        self.path = path
        self._journal = journal
        self.rebuilt = rebuilt
        self._lock = threading.RLock()
        # The journal thread's writes go first: the loader waits while one is waiting, so a
        # request's record is never held behind a long load.
        self._urgent = 0
        self._urgent_lock = threading.Lock()
        self._calm = threading.Condition(self._lock)
        self._damaged = False  # a statement found the file damaged: it is removed at close, and rebuilt next time
        self._db = _connect(path)
        try:
            self._db.executescript(_SCHEMA)
            meta = self._meta()
            if meta.get("version") is None:
                self._db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (VERSION,))
            elif meta["version"] != VERSION:
                raise sqlite3.DatabaseError(f"frontier version {meta['version']}, expected {VERSION}")
            self._reader = _connect(path)
            # Set once any URL here is a sitemap file: until then a visit needs no sitemap lookup.
            self.has_sitemaps = self._db.execute("SELECT 1 FROM sitemaps LIMIT 1").fetchone() is not None
        except BaseException:
            self._db.close()
            raise
        self._jfd = os.open(journal, os.O_RDONLY | os.O_CLOEXEC)

    @classmethod
    def open(cls, store: Path) -> FrontierDB:
        """The store's frontier, created, or rebuilt empty when it is damaged or no longer fits the journal."""
        path, journal = Path(store) / FRONTIER, Path(store) / "pages.jsonl"
        existed = path.exists()
        try:
            db = cls(path, journal=journal)
            if db.fits():
                return db
            db.close()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise StoreError(f"{path}: the frontier is locked by another process ({exc}).") from exc
        except OSError as exc:
            raise StoreError(f"{path}: cannot open the frontier ({exc.strerror or exc}).") from exc
        try:
            _remove(path)
            return cls(path, journal=journal, rebuilt=existed)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"{path}: cannot create the frontier ({exc}); remove it, and it is rebuilt from the journal.") from exc

    # ----- transactions and the journal mark -------------------------------------------------------

    def _meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    @contextmanager
    def _tx(self, *, urgent: bool = True) -> Iterator[sqlite3.Connection]:
        """One write transaction; `urgent=False` (the loader) first waits until no urgent one is waiting."""
        if urgent:
            with self._urgent_lock:
                self._urgent += 1
        try:
            with self._calm, self._errors():
                if not urgent:
                    self._calm.wait_for(lambda: self._urgent == 0)
                self._db.execute("BEGIN IMMEDIATE")
                try:
                    yield self._db
                except BaseException:
                    if self._db.in_transaction:
                        self._db.execute("ROLLBACK")
                    raise
                self._db.execute("COMMIT")
        finally:
            if urgent:
                with self._urgent_lock:
                    self._urgent -= 1
                with self._calm:
                    self._calm.notify_all()

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """SQLite and disk failures as one English StoreError; a damaged file is rebuilt next time."""
        try:
            yield
        except sqlite3.Error as exc:
            if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
                self._damaged = True
            raise StoreError(f"{self.path}: the frontier failed ({exc}); run again, and what is wrong is rebuilt from the journal.") from exc
        except OSError as exc:
            raise StoreError(f"{self.path}: the frontier failed ({exc.strerror or exc}); the journal keeps every record made.") from exc

    def _journal_tail(self, end: int) -> str:
        start = max(0, end - _TAIL_BYTES)
        return hashlib.sha256(os.pread(self._jfd, end - start, start)).hexdigest()

    def _set_mark(self, db: sqlite3.Connection, end: int) -> None:
        st = os.fstat(self._jfd)
        rows = [("journal.dev", str(st.st_dev)), ("journal.ino", str(st.st_ino)), ("journal.end", str(end)),
                ("journal.tail", self._journal_tail(end))]  # fmt: skip
        db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows)

    def mark_end(self) -> int:
        """How far into the journal this frontier has applied."""
        return int(self._meta().get("journal.end", "0"))

    def fits(self) -> bool:
        """True when the journal this frontier applied is still a prefix of the store's journal."""
        meta = self._meta()
        if "journal.end" not in meta:
            return True  # nothing applied yet
        now = file_id(self._journal)
        end = int(meta["journal.end"])
        if now is None or (int(meta["journal.dev"]), int(meta["journal.ino"])) != (now.dev, now.ino) or end > now.size:
            return False
        return self._journal_tail(end) == meta["journal.tail"]

    # ----- catching up with the journal ------------------------------------------------------------

    def catch_up(self) -> CatchUp:
        """Apply every journal line past the mark: outcomes, intents, retries, uncertain URLs."""
        start = self.mark_end()
        end = os.fstat(self._jfd).st_size
        with self._lock, self._errors():
            return self._catch_up(start, end)

    def _catch_up(self, start: int, end: int) -> CatchUp:
        uncertain: set[str] = set()
        lines = 0
        last = start
        self._db.execute("BEGIN IMMEDIATE")
        try:
            for off, raw in iter_lines(self._journal, start, end):
                lines += 1
                last = off + len(raw)
                try:
                    line = json.loads(raw)
                    self._apply_line(line, uncertain)
                except (ValueError, KeyError, TypeError):
                    pass  # a damaged line: the index counts it; it decides nothing here
                if lines % _COMMIT_EVERY_LINES == 0:
                    self._set_mark(self._db, last)
                    self._db.execute("COMMIT")
                    self._db.execute("BEGIN IMMEDIATE")
            self._set_mark(self._db, last)  # a torn tail (none after the writer's open) is not applied
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                self._db.execute("ROLLBACK")
            raise
        return CatchUp(lines, len(uncertain), self.rebuilt)

    def _apply_line(self, line: dict[str, Any], uncertain: set[str]) -> None:
        change = line_change(line)
        if change is None:
            return
        url, values = change
        if line["kind"] == "uncertain":
            uncertain.add(url)
        elif line["kind"] == "page":
            uncertain.discard(url)
        found = self._find(url)
        if found is not None:
            assignments = ", ".join(f"{name} = ?" for name in values)
            self._db.execute(f"UPDATE urls SET {assignments} WHERE id = ?", (*values.values(), found))  # noqa: S608 - fixed names
            return
        parent = line.get("parent")
        parent_id = self._find(parent) if isinstance(parent, str) else None
        self._db.execute(
            "INSERT INTO urls (fp, url, host, priority, depth, parent, state, attempts, not_before, done_unix) "
            "VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
            (fingerprint(url), url, _host(url), int(line.get("depth") or 0), parent_id, values["state"],
             values.get("attempts", 0), values.get("not_before"), values.get("done_unix")),
        )  # fmt: skip

    def _find(self, url: str) -> int | None:
        row = self._db.execute("SELECT id FROM urls WHERE fp = ? AND url = ?", (fingerprint(url), url)).fetchone()
        return None if row is None else int(row[0])

    def start_run(self, *, refetch_before_unix: float | None) -> RunStart:
        """Number this run; queue again what was left in flight, failed, or is due for a refetch."""
        with self._tx() as db:
            run = int(self._meta().get("run", "0")) + 1
            db.execute("INSERT OR REPLACE INTO meta VALUES ('run', ?)", (str(run),))
            # In flight with no outcome after catching up: its intent got an uncertain line (or
            # never became durable); either way it is fetched again.
            db.execute("UPDATE urls SET state = 0 WHERE state = 1")
            failed = db.execute("UPDATE urls SET state = 0 WHERE state = 3").rowcount
            refetch = 0
            if refetch_before_unix is not None:
                refetch = db.execute("UPDATE urls SET state = 0 WHERE state = 2 AND done_unix < ?", (refetch_before_unix,)).rowcount
                # A robots.txt's Sitemap: lines are as old as its URLs' copies: asked for again likewise.
                db.execute("UPDATE sitemap_origins SET checked_unix = NULL WHERE checked_unix < ?", (refetch_before_unix,))
            queued = int(db.execute("SELECT count(*) FROM urls WHERE state = 0").fetchone()[0])
        return RunStart(run, queued, failed, refetch)

    # ----- the loader ------------------------------------------------------------------------------

    def source(self, path: str) -> SourceState | None:
        """What an earlier load of the queue file at `path` left, or None."""
        with self._lock, self._errors():
            row = self._db.execute(
                "SELECT id, dev, ino, size, mtime_ns, offset, lines, digest FROM sources WHERE path = ?", (path,)
            ).fetchone()
        return None if row is None else SourceState(*row)

    def begin_load(self, path: str) -> tuple[int, int]:
        """(source id, load number) for a load of the queue file at `path`."""
        with self._tx(urgent=False) as db:
            gen = int(self._meta().get("gen", "0")) + 1
            db.execute("INSERT OR REPLACE INTO meta VALUES ('gen', ?)", (str(gen),))
            db.execute("INSERT OR IGNORE INTO sources (path, offset, lines, digest) VALUES (?, 0, 0, '')", (path,))
            source_id = int(db.execute("SELECT id FROM sources WHERE path = ?", (path,)).fetchone()[0])
        return source_id, gen

    def load(self, entries: Sequence[QueueEntry], *, source: SourceState, gen: int, track_dirs: bool) -> Loaded:
        """Queue the new URLs of a batch of queue lines; the last transaction notes how far the file is read.

        A few short transactions rather than one: the journal thread, whose writes go first, never
        waits for more than one of them. A crash between them only makes the next run read lines
        whose URLs it already holds.
        """
        totals = [0, 0, 0, 0]
        hosts: dict[str, int] = {}
        for start in range(0, max(len(entries), 1), _LOAD_CHUNK):
            chunk = entries[start : start + _LOAD_CHUNK]
            last = start + _LOAD_CHUNK >= len(entries)
            with self._tx(urgent=False) as db:
                counts = self._load_chunk(db, chunk, source=source, gen=gen, track_dirs=track_dirs, hosts=hosts)
                if last:
                    db.execute(
                        "UPDATE sources SET dev = ?, ino = ?, size = ?, mtime_ns = ?, offset = ?, lines = ?, digest = ? WHERE id = ?",
                        (source.dev, source.ino, source.size, source.mtime_ns, source.offset, source.lines, source.digest, source.id),
                    )
            totals = [a + b for a, b in zip(totals, counts, strict=True)]
        return Loaded(totals[0], totals[1], totals[2], totals[3], tuple(hosts.items()))

    def _load_chunk(self, db: sqlite3.Connection, entries: Sequence[QueueEntry], *, source: SourceState, gen: int, track_dirs: bool,
                    hosts: dict[str, int]) -> tuple[int, int, int, int]:  # fmt: skip
        """(new, duplicates, held done, held queued) of one chunk, inside the caller's transaction."""
        duplicates = held_done = held_queued = 0
        fps = [fingerprint(e.url) for e in entries]
        # One query for the chunk's fingerprints, then one insert for its new URLs: each line costs
        # an index seek and an insert, at 10^4 URLs as at 10^7.
        known: dict[str, tuple[int, int, int | None]] = {}
        if fps:
            marks = ",".join("?" * len(fps))
            for row_id, url, state, row_gen in db.execute(f"SELECT id, url, state, gen FROM urls WHERE fp IN ({marks})", fps):  # noqa: S608
                known[url] = (row_id, state, row_gen)
        rows = []
        touched = []
        for entry, fp in zip(entries, fps, strict=True):
            held = known.get(entry.url)
            if held is None:
                host = _host(entry.url)
                rows.append((fp, entry.url, host, entry.priority, source.id, gen))
                known[entry.url] = (-1, int(State.QUEUED), gen)
                hosts[host] = max(hosts.get(host, entry.priority), entry.priority)
            elif held[2] == gen:
                duplicates += 1
            else:
                touched.append((gen, held[0]))
                known[entry.url] = (held[0], held[1], gen)
                if held[1] == State.DONE:
                    held_done += 1
                else:
                    held_queued += 1
        db.executemany("INSERT INTO urls (fp, url, host, priority, depth, state, source, gen) VALUES (?, ?, ?, ?, 0, 0, ?, ?)", rows)
        db.executemany("UPDATE urls SET gen = ? WHERE id = ?", touched)
        if track_dirs:
            for row in rows:
                _count_dir(db, row[1])
        requeued = 0
        named = [(e.url, SitemapRef.from_queue(e.url), e.priority) for e in entries if e.kind == "sitemap"]
        if named:
            # A queue line that names a sitemap: read as one when fetched. The budget is for what
            # robots.txt and indexes add; the queue's own sitemaps are what was asked for.
            for task in self._add_sitemaps(db, named, parent=None, max_sitemaps=None)[0]:
                requeued += 1  # held done, now to be read as a sitemap
                hosts[task.host] = max(hosts.get(task.host, task.priority), task.priority)
        return len(rows) + requeued, duplicates, held_done, held_queued

    def done_from(self, source_id: int) -> int:
        """URLs a queue file added that are done (what a re-run of it skips)."""
        with self._lock, self._errors():
            return int(self._db.execute("SELECT count(*) FROM urls WHERE source = ? AND state = 2", (source_id,)).fetchone()[0])

    # ----- the journal thread ----------------------------------------------------------------------

    def contains(self, url: str) -> bool:
        """True when `url` (canonical) was ever queued here: the seen set."""
        with self._lock, self._errors():
            return self._db.execute("SELECT 1 FROM urls WHERE fp = ? AND url = ?", (fingerprint(url), url)).fetchone() is not None

    def directory_count(self, directory: str) -> int:
        """Distinct URLs queued here in one host directory (the follow trap guard's count)."""
        with self._lock, self._errors():
            row = self._db.execute("SELECT n FROM dirs WHERE dir = ?", (directory,)).fetchone()
        return 0 if row is None else int(row[0])

    def settle(
        self,
        *,
        in_flight: Sequence[int] = (),
        finished: Sequence[tuple[int, bool, float]] = (),
        retried: Sequence[tuple[int, int, float]] = (),
        followed: Sequence[Sequence[tuple[str, int, Task, int]]] = (),
        run: int = 0,
    ) -> list[list[Task]]:
        """Record what durable journal lines say, queue followed links, advance the mark: one transaction.

        `in_flight`: ids whose intents are durable; `finished`: (id, failed, recorded Unix time);
        `retried`: (id, attempts, not before Unix time); `followed`: per page, its chosen links as
        (url, depth, the page's task, priority) in page order. Returns, per page, the new tasks.
        Called only by the thread that appends to the journal, after its fsync.
        """
        added: list[list[Task]] = []
        with self._tx() as db:
            end = os.fstat(self._jfd).st_size
            if in_flight:
                db.executemany("UPDATE urls SET state = 1 WHERE id = ? AND state = 0", [(i,) for i in in_flight])
            if finished:
                db.executemany(
                    "UPDATE urls SET state = ?, done_unix = ?, not_before = NULL, run = ? WHERE id = ?",
                    [(int(State.FAILED if failed else State.DONE), when, run, i) for i, failed, when in finished],
                )
            if retried:
                db.executemany("UPDATE urls SET state = 0, attempts = ?, not_before = ? WHERE id = ?",
                               [(attempts, when, i) for i, attempts, when in retried])  # fmt: skip
            for items in followed:
                added.append(self._add(db, items))
            self._set_mark(db, end)
        return added

    def _add(self, db: sqlite3.Connection, items: Sequence[tuple[str, int, Task, int]]) -> list[Task]:
        tasks = []
        for url, depth, parent, priority in items:
            fp = fingerprint(url)
            if db.execute("SELECT 1 FROM urls WHERE fp = ? AND url = ?", (fp, url)).fetchone() is not None:
                continue
            host = _host(url)
            cur = db.execute(
                "INSERT INTO urls (fp, url, host, priority, depth, parent, state) VALUES (?, ?, ?, ?, ?, ?, 0)",
                (fp, url, host, priority, depth, parent.seq),
            )
            _count_dir(db, url)
            tasks.append(Task(URL.from_canonical(url), depth, str(parent.url), priority, int(cur.lastrowid or 0)))
        return tasks

    # ----- sitemaps ----------------------------------------------------------------------------------

    def next_origins(self, limit: int) -> list[tuple[int, str]]:
        """Up to `limit` queue origins whose robots.txt Sitemap: lines are still to be queued, first seen first.

        Queue URLs the frontier got since the last call (any queue file, any run, a rebuild) are
        scanned for new origins first, a few thousand per transaction, so a big backlog never holds
        the journal thread back for long. A queue URL is one with no parent at depth 0 that is not a
        sitemap robots.txt or an index named (a queue's own "kind": "sitemap" line is one).
        """
        while True:
            with self._tx(urgent=False) as db:
                mark = int(self._meta().get("origins.scanned", "0"))
                rows = db.execute(
                    "SELECT u.id, u.url FROM urls u LEFT JOIN sitemaps s ON s.id = u.id WHERE u.id > ? AND u.parent IS NULL"
                    " AND u.depth = 0 AND (s.id IS NULL OR s.via = ?) ORDER BY u.id LIMIT ?",
                    (mark, str(Via.QUEUE), _SCAN_ROWS),
                ).fetchall()
                origins = dict.fromkeys(origin_of(url) for _id, url in rows)
                db.executemany("INSERT OR IGNORE INTO sitemap_origins (origin) VALUES (?)", [(o,) for o in origins])
                if rows:
                    db.execute("INSERT OR REPLACE INTO meta VALUES ('origins.scanned', ?)", (str(rows[-1][0]),))
                pending = db.execute("SELECT id, origin FROM sitemap_origins WHERE checked_unix IS NULL ORDER BY id LIMIT ?",
                                     (limit,)).fetchall()  # fmt: skip
            if len(rows) < _SCAN_ROWS or len(pending) >= limit:
                return [(int(i), str(o)) for i, o in pending]

    def queue_named(self, named: Sequence[tuple[int, Sequence[tuple[str, SitemapRef]]]], *, max_sitemaps: int,
                    now_unix: float) -> tuple[list[Task], int]:  # fmt: skip
        """Queue the sitemap files each origin's robots.txt names (origin id, files in file order) and
        mark those origins asked, in one transaction: a crash before it leaves them to ask again.

        Returns the tasks to announce and the files follow.max_sitemaps left out.
        """
        tasks: list[Task] = []
        over = 0
        with self._tx(urgent=False) as db:
            for origin_id, files in named:
                added, left_out = self._add_sitemaps(db, [(url, ref, SITEMAP_PRIORITY) for url, ref in files], parent=None,
                                                     max_sitemaps=max_sitemaps)  # fmt: skip
                tasks += added
                over += left_out
                db.execute("UPDATE sitemap_origins SET checked_unix = ? WHERE id = ?", (now_unix, origin_id))
        return tasks, over

    def queue_listed(self, listings: Sequence[tuple[Task, Listing]], *, max_sitemaps: int) -> list[Listed]:
        """Queue what sitemap files listed, one `Listed` per sitemap: one transaction.

        Called by the journal thread BEFORE the sitemaps' page lines are written (as followed links
        are): a crash in between leaves the sitemap not done, to be read again, and its finds
        already queued, so none is lost and none is queued twice.
        """
        out: list[Listed] = []
        with self._tx() as db:
            for sitemap, listing in listings:
                children, over = self._add_sitemaps(db, [(url, ref, LISTED_PRIORITY) for url, ref in listing.sitemaps],
                                                    parent=sitemap, max_sitemaps=max_sitemaps)  # fmt: skip
                pages = self._add(db, [(url, 0, sitemap, LISTED_PRIORITY) for url in listing.pages])
                due = self._requeue_done(db, listing.due)
                out.append(Listed((*children, *pages, *due), len(pages) + len(due), over))
        return out

    def sitemap_role(self, seq: int) -> SitemapRole:
        """Whether the URL with id `seq` is a sitemap file to read, and whether a sitemap listed it (the read connection)."""
        with self._errors():
            row = self._reader.execute(
                "SELECT s.via, s.level, s.owner, s.vouched, s.named_by, ps.id IS NOT NULL FROM urls u"
                " LEFT JOIN sitemaps s ON s.id = u.id LEFT JOIN sitemaps ps ON ps.id = u.parent WHERE u.id = ?",
                (seq,),
            ).fetchone()
        if row is None:
            return SitemapRole(None, False)
        via, level, owner, vouched, named_by, listed = row
        ref = None if via is None else SitemapRef(Via(via), int(level), owner, tuple(json.loads(vouched)), named_by)
        return SitemapRole(ref, bool(listed))

    def _add_sitemaps(self, db: sqlite3.Connection, items: Sequence[tuple[str, SitemapRef, int]], *, parent: Task | None,
                      max_sitemaps: int | None) -> tuple[list[Task], int]:  # fmt: skip
        """Make each (url, ref, priority) a sitemap file of this frontier; (tasks to announce, left out by the budget).

        A URL already a sitemap here is left alone (queued, in flight or read: never twice). One the
        frontier holds as a page becomes a sitemap too, queued again if it is done or failed, so it is read.
        """
        tasks: list[Task] = []
        over = 0
        for url, ref, priority in items:
            fp = fingerprint(url)
            row = db.execute("SELECT u.id, u.state, s.id FROM urls u LEFT JOIN sitemaps s ON s.id = u.id WHERE u.fp = ? AND u.url = ?",
                             (fp, url)).fetchone()  # fmt: skip
            if row is not None and row[2] is not None:
                continue
            if max_sitemaps is not None and ref.via is not Via.QUEUE:
                used = db.execute("SELECT count(*) FROM sitemaps WHERE owner = ? AND via != ?", (ref.owner, str(Via.QUEUE))).fetchone()[0]
                if used >= max_sitemaps:
                    over += 1
                    continue
            if row is None:
                host = _host(url)
                cur = db.execute("INSERT INTO urls (fp, url, host, priority, depth, parent, state) VALUES (?, ?, ?, ?, 0, ?, 0)",
                                 (fp, url, host, priority, None if parent is None else parent.seq))  # fmt: skip
                row_id = int(cur.lastrowid or 0)
                tasks.append(Task(URL.from_canonical(url), 0, ref.named_by if parent is None else str(parent.url), priority, row_id))
            else:
                row_id = int(row[0])
                if row[1] in (State.DONE, State.FAILED):
                    db.execute("UPDATE urls SET state = 0 WHERE id = ?", (row_id,))
                    tasks.append(self._task(db, row_id, named_by=ref.named_by))
            db.execute("INSERT INTO sitemaps (id, via, level, owner, vouched, named_by) VALUES (?, ?, ?, ?, ?, ?)",
                       (row_id, str(ref.via), ref.level, ref.owner, json.dumps(list(ref.vouched)), ref.named_by))  # fmt: skip
            self.has_sitemaps = True  # before the commit: no visit of it can come sooner
        return tasks, over

    def _requeue_done(self, db: sqlite3.Connection, urls: Sequence[str]) -> list[Task]:
        """Queue again the done URLs among `urls` (a sitemap's lastmod says our copy is older)."""
        tasks = []
        for url in urls:
            row = db.execute("SELECT id FROM urls WHERE fp = ? AND url = ? AND state = ?",
                             (fingerprint(url), url, int(State.DONE))).fetchone()  # fmt: skip
            if row is not None:
                db.execute("UPDATE urls SET state = 0 WHERE id = ?", (row[0],))
                tasks.append(self._task(db, int(row[0])))
        return tasks

    def _task(self, db: sqlite3.Connection, row_id: int, *, named_by: str | None = None) -> Task:
        """The task of one row, read through the write connection (inside its transaction)."""
        url, depth, parent, priority, attempts = db.execute(
            "SELECT u.url, u.depth, p.url, u.priority, u.attempts FROM urls u LEFT JOIN urls p ON p.id = u.parent WHERE u.id = ?",
            (row_id,),
        ).fetchone()
        return Task(URL.from_canonical(url), depth, parent if parent is not None else named_by, priority, row_id, attempts)

    # ----- the window (event loop: the read connection) --------------------------------------------

    def hosts_after(self, host: str | None, limit: int) -> list[str]:
        """Up to `limit` hosts with queued URLs after `host`, sorted; one index seek per host."""
        with self._errors():
            rows = self._hosts_after(host, limit)
        return [row[0] for row in rows]

    def _hosts_after(self, host: str | None, limit: int) -> list[Any]:
        return self._reader.execute(
            "WITH RECURSIVE h(host) AS ("
            " SELECT (SELECT host FROM urls WHERE state = 0 AND host > ? ORDER BY host LIMIT 1)"
            " UNION ALL"
            " SELECT (SELECT host FROM urls WHERE state = 0 AND host > h.host ORDER BY host LIMIT 1) FROM h WHERE h.host IS NOT NULL"
            ") SELECT host FROM h WHERE host IS NOT NULL LIMIT ?",
            ("" if host is None else host, limit),
        ).fetchall()

    def head_tasks(self, host: str, limit: int) -> list[Task]:
        """The first `limit` queued URLs of `host`: higher priority first, then arrival order."""
        with self._errors():
            # A sitemap robots.txt named has that robots.txt as its parent, which is no frontier URL.
            rows = self._reader.execute(
                "SELECT u.id, u.url, u.depth, COALESCE(p.url, s.named_by), u.priority, u.attempts, u.not_before FROM urls u"
                " LEFT JOIN urls p ON p.id = u.parent LEFT JOIN sitemaps s ON s.id = u.id"
                " WHERE u.host = ? AND u.state = 0 ORDER BY u.priority DESC, u.id LIMIT ?",
                (host, limit),
            ).fetchall()
        # Each row's text is canonical (this module stores nothing else): rebuilt, not parsed again.
        return [Task(URL.from_canonical(url), depth, parent, priority, seq, attempts, not_before)
                for seq, url, depth, parent, priority, attempts, not_before in rows]  # fmt: skip

    # ----- accounting ------------------------------------------------------------------------------

    def count_queued(self) -> int:
        with self._lock, self._errors():
            return int(self._db.execute("SELECT count(*) FROM urls WHERE state = 0").fetchone()[0])

    def hosts_finished(self, run: int) -> int:
        """Distinct hosts with an outcome recorded in run `run`."""
        with self._lock, self._errors():
            return int(self._db.execute("SELECT count(DISTINCT host) FROM urls WHERE run = ?", (run,)).fetchone()[0])

    def states(self) -> dict[str, State]:
        """URL -> state of every URL (for tests and the stress check; reads the whole table)."""
        with self._lock, self._errors():
            return {url: State(state) for url, state in self._db.execute("SELECT url, state FROM urls")}

    def close(self) -> None:
        with self._lock:
            if self._jfd < 0:
                return  # closed already: the descriptor number may belong to another file by now
            try:
                self._reader.close()
                self._db.close()
            finally:
                os.close(self._jfd)
                self._jfd = -1
                if self._damaged:
                    _remove(self.path)


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30.0)
    db.execute("PRAGMA journal_mode=WAL")
    # Derived from the journal: a commit lost to a power cut is caught up again from the mark.
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute(f"PRAGMA cache_size=-{_CACHE_KIB}")
    return db


def _remove(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.unlink(f"{path}{suffix}")
        except FileNotFoundError:
            pass


def _count_dir(db: sqlite3.Connection, url: str) -> None:
    db.execute("INSERT INTO dirs VALUES (?, 1) ON CONFLICT (dir) DO UPDATE SET n = n + 1", (directory_of(url),))


class DiskSeen:
    """The frontier's seen set for the follow policy, with the links decided but not yet stored on top.

    Used by the journal thread only: `add` notes a link the policy chose; `flush` forgets those
    notes once `FrontierDB.add_followed` has stored them (and counted their directories).
    """

    def __init__(self, db: FrontierDB) -> None:
        self._db = db
        self._urls: set[str] = set()
        self._dirs: dict[str, int] = {}

    def __contains__(self, url: str) -> bool:
        return url in self._urls or self._db.contains(url)

    def directory_count(self, directory: str) -> int:
        return self._db.directory_count(directory) + self._dirs.get(directory, 0)

    def add(self, url: str) -> None:
        if url not in self._urls:
            self._urls.add(url)
            directory = directory_of(url)
            self._dirs[directory] = self._dirs.get(directory, 0) + 1

    def flush(self) -> None:
        self._urls.clear()
        self._dirs.clear()
