"""The derived index of a store (`index.sqlite`): latest line per URL, body per sha256, counters.

Everything here can be rebuilt from `pages.jsonl` and `links.jsonl`; the index records how far
it has read each file (offset, identity and a digest of the last line read), so a replaced,
cut or foreign journal is noticed and the index rebuilt. Never needed for correctness.

A little over the house's ~450 lines: the schema, the catch-up and the queries share one
connection and one lock; what a journal line means to the index is `index_records.py`.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.errors import StoreError
from seaspider.store.index_records import Body, journal_record, links_record, via_sitemap
from seaspider.store.journal import file_id, iter_lines, line_digest, read_line_at
from seaspider.store.segments import Location
from seaspider.web.urls import host_of

__all__ = [
    "ALL",
    "INDEX_VERSION",
    "Index",
    "IndexCorrupt",
    "Mark",
    "raise_if_corrupt",
    "remove_index_files",
]

INDEX_VERSION = "2"  # 2: urls.damaged, damaged lines, the newest copy of a body wins
ALL = "*"  # the counters' host for the whole store: no host name contains "*"
_COMMIT_EVERY_LINES = 20_000  # during a rebuild: big transactions, bounded WAL
_MAX_CACHED_BODIES = 100_000  # body locations remembered to skip a statement per deduplicated line (~15 MB)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS urls (
    url TEXT PRIMARY KEY,
    host TEXT NOT NULL,
    page_off INTEGER,       -- latest page line
    outcome TEXT,           -- its outcome
    fetched_unix REAL,
    body_sha TEXT,          -- the latest stored body of this URL
    fetched_off INTEGER,    -- latest page line with outcome fetched (for conditional requests)
    links_off INTEGER,      -- latest links.jsonl line
    uncertain INTEGER NOT NULL DEFAULT 0, -- an uncertain line came after the latest page line
    damaged INTEGER NOT NULL DEFAULT 0    -- a damaged line came after it: its stored body is unusable
);
CREATE TABLE IF NOT EXISTS bodies (
    sha TEXT PRIMARY KEY, seg INTEGER NOT NULL, off INTEGER NOT NULL, len INTEGER NOT NULL, raw INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS host_bodies (host TEXT NOT NULL, sha TEXT NOT NULL, PRIMARY KEY (host, sha)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS counts (host TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (host, key)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS robots (origin TEXT PRIMARY KEY, off INTEGER NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pending (url TEXT PRIMARY KEY, off INTEGER NOT NULL) WITHOUT ROWID;
"""
_TABLES = ("meta", "urls", "bodies", "host_bodies", "counts", "robots", "pending")



class IndexCorrupt(Exception):
    """The index file cannot be used; the caller deletes and rebuilds it."""


def raise_if_corrupt(exc: sqlite3.DatabaseError) -> None:
    """Raise IndexCorrupt for a damaged file; a busy, read-only or full database is not damage."""
    # OperationalError is SQLite saying "not now" or "not here" (locked, read-only, disk full):
    # deleting the index for that would throw away a good file, perhaps under a live writer.
    if not isinstance(exc, sqlite3.OperationalError):
        raise IndexCorrupt(str(exc)) from exc


@dataclass(frozen=True, slots=True)
class Mark:
    """How far the index has read one file: identity, end offset, and the last line read."""

    dev: int
    ino: int
    end: int
    last_off: int
    last_digest: str


def remove_index_files(path: Path) -> None:
    """Delete an index and its SQLite side files."""
    for suffix in ("", "-wal", "-shm", "-journal"):
        try:
            os.unlink(f"{path}{suffix}")
        except FileNotFoundError:
            pass


class Index:
    """One connection to `index.sqlite`. Writes happen in the caller's transactions (`commit`)."""

    def __init__(self, path: Path, *, journal: Path, links: Path) -> None:
        self.path = path
        self._journal = journal
        self._links = links
        try:
            self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30.0)
            self._db.execute("PRAGMA journal_mode=WAL")
            # The index is derived: losing the last commits to a power cut only means catching up.
            self._db.execute("PRAGMA synchronous=NORMAL")
            # URL keys arrive in no order: a bigger page cache saves a read per lookup on big stores.
            self._db.execute("PRAGMA cache_size=-65536")
            self._db.executescript(_SCHEMA)
            version = self._meta().get("version")
            if version is None:
                self._db.execute("INSERT OR REPLACE INTO meta VALUES ('version', ?)", (INDEX_VERSION,))
            elif version != INDEX_VERSION:
                raise IndexCorrupt(f"index version {version}, expected {INDEX_VERSION}")
        except sqlite3.DatabaseError as exc:
            raise_if_corrupt(exc)
            raise
        self._in_tx = False
        self._last_raw: dict[str, tuple[Path, int, bytes]] = {}
        self._delta: Counter[tuple[str, str]] = Counter()
        self._hosts: set[str] = set()
        self._body_at: dict[str, tuple[int, int]] = {}  # sha -> where the bodies table has it (a cache)
        self._pending: dict[str, int] | None = None
        self._jfd: int | None = None
        self._lfd: int | None = None
        self._marks: dict[str, Mark | None] = {"journal": self._mark("journal"), "links": self._mark("links")}

    # ----- freshness ---------------------------------------------------------------------------

    def _meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def _mark(self, name: str) -> Mark | None:
        meta = self._meta()
        if f"{name}.ino" not in meta:
            return None
        return Mark(
            dev=int(meta[f"{name}.dev"]),
            ino=int(meta[f"{name}.ino"]),
            end=int(meta[f"{name}.end"]),
            last_off=int(meta[f"{name}.last_off"]),
            last_digest=meta[f"{name}.last_digest"],
        )

    def _mark_fits(self, mark: Mark | None, path: Path) -> bool:
        now = file_id(path)
        if now is None:
            return mark is None or mark.end == 0
        if mark is None:
            return True  # nothing read yet: everything is still to read
        if (mark.dev, mark.ino) != (now.dev, now.ino) or mark.end > now.size:
            return False
        if mark.end == 0:
            return True
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
        try:
            line = read_line_at(fd, mark.last_off)
        except StoreError:
            return False
        finally:
            os.close(fd)
        return mark.last_off + len(line) == mark.end and line_digest(line) == mark.last_digest

    def fits(self) -> bool:
        """True when what the index has read is still a prefix of the journal and links files."""
        try:
            return self._mark_fits(self._marks["journal"], self._journal) and self._mark_fits(self._marks["links"], self._links)
        except sqlite3.DatabaseError as exc:
            raise_if_corrupt(exc)
            raise

    def end(self, name: str) -> int:
        """How many bytes of `journal` or `links` the index has read."""
        if name in self._last_raw:
            _, off, raw = self._last_raw[name]
            return off + len(raw)
        mark = self._marks[name]
        return mark.end if mark else 0

    # ----- writing -------------------------------------------------------------------------------

    def _begin(self) -> None:
        if not self._in_tx:
            self._db.execute("BEGIN")
            self._in_tx = True

    def commit(self) -> None:
        """Write the pending counters and marks, and commit."""
        if not self._in_tx:
            return
        self._settle_marks()
        if self._delta:
            self._db.executemany(
                "INSERT INTO counts VALUES (?, ?, ?) ON CONFLICT (host, key) DO UPDATE SET n = n + excluded.n",
                [(host, key, n) for (host, key), n in self._delta.items() if n],
            )
            self._delta.clear()
        rows = []
        for name, mark in self._marks.items():
            if mark is not None:
                rows += [
                    (f"{name}.dev", str(mark.dev)),
                    (f"{name}.ino", str(mark.ino)),
                    (f"{name}.end", str(mark.end)),
                    (f"{name}.last_off", str(mark.last_off)),
                    (f"{name}.last_digest", mark.last_digest),
                ]
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", rows)
        self._db.execute("COMMIT")
        self._in_tx = False
        if len(self._hosts) > 100_000:
            self._hosts.clear()  # a cache only; safe to drop once its hosts are committed

    def reload(self) -> None:
        """Re-read how far the index has got (another process may have committed since)."""
        if not self._in_tx:
            self._marks = {"journal": self._mark("journal"), "links": self._mark("links")}
            self._pending = None
            self._body_at.clear()

    def _count(self, host: str, key: str, n: int = 1) -> None:
        self._delta[(host, key)] += n
        self._delta[(ALL, key)] += n

    def _see_host(self, host: str) -> None:
        # Every host seen since the last commit is in the cache, so the committed counts table
        # answers for the rest.
        if host in self._hosts:
            return
        self._hosts.add(host)
        known = self._db.execute("SELECT 1 FROM counts WHERE host = ? LIMIT 1", (host,)).fetchone()
        if known is None:
            self._delta[(ALL, "hosts")] += 1

    def _note_body(self, host: str, body: Body | None) -> None:
        if body is None:
            return
        sha, seg, off, length, raw = body
        cur = self._db.execute("INSERT OR IGNORE INTO bodies VALUES (?, ?, ?, ?, ?)", (sha, seg, off, length, raw))
        if cur.rowcount == 1:
            for key, n in (("bodies", 1), ("raw_bytes", raw), ("compressed_bytes", length)):
                self._delta[(ALL, key)] += n
        elif self._body_at.get(sha) != (seg, off):
            # The writer stores a body again only when its copy was found damaged: the newest copy wins.
            # (Deduplicated lines point where the last one did: the cache spares them the statement.)
            self._db.execute("UPDATE bodies SET seg = ?, off = ?, len = ? WHERE sha = ? AND (seg != ? OR off != ?)",
                             (seg, off, length, sha, seg, off))
        if len(self._body_at) >= _MAX_CACHED_BODIES:
            self._body_at.clear()
        self._body_at[sha] = (seg, off)
        cur = self._db.execute("INSERT OR IGNORE INTO host_bodies VALUES (?, ?)", (host, sha))
        if cur.rowcount == 1:
            for key, n in (("bodies", 1), ("raw_bytes", raw), ("compressed_bytes", length)):
                self._delta[(host, key)] += n

    def _advance(self, name: str, path: Path, off: int, raw: bytes) -> None:
        # The digest of the last line is taken once, at commit: a rebuild reads millions of lines.
        self._last_raw[name] = (path, off, raw)

    def _settle_marks(self) -> None:
        for name, (path, off, raw) in self._last_raw.items():
            mark = self._marks[name]
            if mark is None:
                fid = file_id(path)
                if fid is None:  # deleted under us since the line was read: the writer says so
                    raise FileNotFoundError(errno.ENOENT, "the file was deleted", str(path))
                dev, ino = fid.dev, fid.ino
            else:
                dev, ino = mark.dev, mark.ino
            self._marks[name] = Mark(dev=dev, ino=ino, end=off + len(raw), last_off=off, last_digest=line_digest(raw))
        self._last_raw.clear()

    def pending_intents(self) -> dict[str, int]:
        """URL -> offset of each intent line with no later page or uncertain line."""
        if self._pending is None:
            self._pending = dict(self._db.execute("SELECT url, off FROM pending").fetchall())
        return self._pending

    def apply_journal(self, off: int, raw: bytes, parsed: dict[str, Any] | None = None) -> None:
        """Take one complete `pages.jsonl` line (starting at byte `off`) into the index.

        A writer passes the line it has just encoded as `parsed`, saving the decode.
        """
        self._begin()
        rec = journal_record(raw, parsed)
        if rec is None:
            # Bad input loses nothing: a damaged line in the middle is skipped and counted.
            self._delta[(ALL, "corrupt_lines")] += 1
            self._advance("journal", self._journal, off, raw)
            return
        kind, key, host, outcome, fetched_unix, body = rec
        if kind == "damaged":
            self._apply_damaged(key, outcome, body)
            self._advance("journal", self._journal, off, raw)
            return
        self._see_host(host)
        self._count(host, f"line:{kind}")
        pending = self.pending_intents()
        if kind == "page":
            self._apply_page(off, key, host, outcome, fetched_unix, body, via_sitemap=via_sitemap(raw, parsed))
            if key in pending:
                del pending[key]
                self._db.execute("DELETE FROM pending WHERE url = ?", (key,))
        elif kind == "intent":
            pending[key] = off
            self._db.execute("INSERT OR REPLACE INTO pending VALUES (?, ?)", (key, off))
        elif kind == "retry":
            # A retry line closes its intent: the request ended and the URL is tried again later.
            if key in pending:
                del pending[key]
                self._db.execute("DELETE FROM pending WHERE url = ?", (key,))
        elif kind == "uncertain":
            if key in pending:
                del pending[key]
                self._db.execute("DELETE FROM pending WHERE url = ?", (key,))
            # Upsert: whether a links line came first is not known after a rebuild (another file).
            self._db.execute(
                "INSERT INTO urls (url, host, uncertain) VALUES (?, ?, 1) ON CONFLICT (url) DO UPDATE SET uncertain = 1",
                (key, host),
            )
        else:
            self._note_body(host, body)
            self._db.execute("INSERT OR REPLACE INTO robots VALUES (?, ?)", (key, off))
        self._advance("journal", self._journal, off, raw)

    def _apply_damaged(self, key: str, what: str | None, body: Body | None) -> None:
        """A body found unusable: the URL is fetched again, and a robots.txt is no longer cached."""
        self._delta[(ALL, "line:damaged")] += 1
        if what == "robots_body":
            self._db.execute("DELETE FROM robots WHERE origin = ?", (key,))
        elif what == "page_body" and body is not None:
            self._db.execute("UPDATE urls SET damaged = 1 WHERE url = ? AND body_sha = ?", (key, body[0]))

    def _apply_page(self, off: int, url: str, host: str, outcome: str | None, fetched_unix: float | None, body: Body | None,
                    *, via_sitemap: bool = False) -> None:
        self._count(host, f"page:{outcome}")
        row = self._db.execute("SELECT outcome, body_sha, fetched_off, links_off FROM urls WHERE url = ?", (url,)).fetchone()
        if row is None or row[0] is None:
            self._count(host, "urls")
            if via_sitemap:
                self._count(host, "sitemap_urls")  # URLs first recorded as listed by a sitemap
            old_body, old_fetched, links_off = (None, None, None) if row is None else row[1:]
        else:
            self._count(host, f"outcome:{row[0]}", -1)
            old_body, old_fetched, links_off = row[1:]
        self._count(host, f"outcome:{outcome}")
        self._note_body(host, body)
        self._db.execute(
            "INSERT OR REPLACE INTO urls VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0)",
            (
                url,
                host,
                off,
                outcome,
                fetched_unix,
                body[0] if body is not None else old_body,
                off if outcome == "fetched" else old_fetched,
                links_off,
            ),
        )

    def apply_links(self, off: int, raw: bytes) -> None:
        """Take one complete `links.jsonl` line into the index."""
        self._begin()
        url = links_record(raw)
        if url is None:
            self._delta[(ALL, "corrupt_links_lines")] += 1
            self._advance("links", self._links, off, raw)
            return
        host = host_of(url)
        self._see_host(host)
        self._count(host, "links_lines")
        cur = self._db.execute("UPDATE urls SET links_off = ? WHERE url = ?", (off, url))
        if cur.rowcount == 0:
            self._db.execute("INSERT INTO urls (url, host, links_off) VALUES (?, ?, ?)", (url, host, off))
        self._advance("links", self._links, off, raw)

    def catch_up(self, *, journal_end: int | None = None, links_end: int | None = None) -> int:
        """Read every complete line past the marks (up to the given ends) and commit; returns lines read."""
        n = 0
        for name, path, stop, apply in (
            ("journal", self._journal, journal_end, self.apply_journal),
            ("links", self._links, links_end, self.apply_links),
        ):
            if not path.exists():
                continue
            for off, raw in iter_lines(path, self.end(name), stop):
                apply(off, raw)
                n += 1
                if n % _COMMIT_EVERY_LINES == 0:
                    self.commit()
        self.commit()
        return n

    def reset(self) -> None:
        """Empty every table, as before the first line."""
        self._db.execute("BEGIN")
        for table in _TABLES:
            self._db.execute(f"DELETE FROM {table}")  # noqa: S608 - fixed table names
        self._db.execute("INSERT INTO meta VALUES ('version', ?)", (INDEX_VERSION,))
        self._db.execute("COMMIT")
        self._delta.clear()
        self._hosts.clear()
        self._body_at.clear()
        self._pending = None
        self._marks = {"journal": None, "links": None}
        self._last_raw.clear()

    # ----- reading -------------------------------------------------------------------------------

    def url_row(self, url: str) -> dict[str, Any] | None:
        """The index row of `url`, or None."""
        row = self._db.execute(
            "SELECT page_off, outcome, fetched_unix, body_sha, fetched_off, links_off, uncertain, damaged FROM urls WHERE url = ?",
            (url,),
        ).fetchone()
        if row is None:
            return None
        keys = ("page_off", "outcome", "fetched_unix", "body_sha", "fetched_off", "links_off", "uncertain", "damaged")
        return dict(zip(keys, row, strict=True))

    def page_urls_after(self, after: str, *, prefix: str, host: str | None, limit: int) -> list[str]:
        """Up to `limit` URLs past `after` in URL order, starting with `prefix` (and of `host`), whose
        latest page line fetched (or confirmed, 304) a stored body. Key-set paging: no cursor stays open."""
        sql = "SELECT url FROM urls WHERE url > ? AND url >= ? AND body_sha IS NOT NULL AND outcome IN ('fetched', 'not_modified')"
        args: list[object] = [after, prefix]
        if host is not None:
            sql += " AND host = ?"
            args.append(host)
        rows = self._db.execute(sql + " ORDER BY url LIMIT ?", [*args, limit]).fetchall()
        return [url for (url,) in rows if url.startswith(prefix)]

    def page_rows_after(self, after: str, *, limit: int) -> list[tuple[str, str, str, float | None, str | None]]:
        """Up to `limit` (url, host, latest outcome, its fetched_unix, latest body sha) of URLs with a page line,
        past `after` in URL order: several stores are read as one from these (seaspider/cluster/stores.py)."""
        return self._db.execute(
            "SELECT url, host, outcome, fetched_unix, body_sha FROM urls WHERE url > ? AND page_off IS NOT NULL ORDER BY url LIMIT ?",
            (after, limit),
        ).fetchall()

    def body(self, sha: str) -> tuple[Location, int] | None:
        """Where the body with this sha256 lies and its decoded size."""
        row = self._db.execute("SELECT seg, off, len, raw FROM bodies WHERE sha = ?", (sha,)).fetchone()
        if row is None:
            return None
        return Location(seg=row[0], off=row[1], length=row[2]), row[3]

    def urls_with_bodies(self, shas: set[str]) -> dict[str, list[str]]:
        """sha256 -> the URLs whose latest stored body it is, for the given bodies (one pass over the URLs)."""
        found: dict[str, list[str]] = {}
        if shas:
            for url, sha in self._db.execute("SELECT url, body_sha FROM urls WHERE body_sha IS NOT NULL ORDER BY url"):
                if sha in shas:
                    found.setdefault(sha, []).append(url)
        return found

    def robots_off(self, origin: str) -> int | None:
        """Offset of the latest robots line of `origin`."""
        row = self._db.execute("SELECT off FROM robots WHERE origin = ?", (origin,)).fetchone()
        return None if row is None else int(row[0])

    def counts(self, host: str = ALL) -> dict[str, int]:
        """The counters of one host (or of the whole store)."""
        return dict(self._db.execute("SELECT key, n FROM counts WHERE host = ?", (host,)).fetchall())

    def close(self) -> None:
        try:
            if self._in_tx:
                self.commit()
        finally:
            self._db.close()
