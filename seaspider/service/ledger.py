"""The service's journals: `open_journal` for each, and the request ledger (each (caller, request id)
with the reply recorded for it, in `ledger.jsonl`).

Memory stays flat however long the service runs: an SQLite index beside the journal maps each id
to the offset of its line, and a repeated id reads its reply from disk. Knows nothing about sockets
or crawling.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.errors import ServiceError
from seaspider.store.files import open_sqlite
from seaspider.store.index import remove_index_files
from seaspider.store.journal import JournalAppender, iter_lines, read_line_at

__all__ = ["INDEX_SUFFIX", "Ledger", "LedgerEntry", "open_journal"]

INDEX_SUFFIX = ".index.sqlite"  # ledger.jsonl -> ledger.jsonl.index.sqlite, derived and rebuilt at will
_COMMIT_EVERY_LINES = 10_000  # while catching up: big transactions, a bounded WAL

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ids (caller TEXT NOT NULL, id TEXT NOT NULL, off INTEGER NOT NULL,
                                PRIMARY KEY (caller, id)) WITHOUT ROWID;
"""


def open_journal(path: Path, *, name: str, check: Callable[[dict[str, Any]], None] | None = None) -> JournalAppender:
    """One of the service's fsynced journals (`requests.jsonl`, `jobs.jsonl`, the ledger): private to the owner."""
    try:
        return JournalAppender(path, name=name, create=True, mode=0o600, check=check)
    except OSError as exc:
        raise ServiceError(f"{path}: cannot open the journal ({exc.strerror}).") from exc


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A recorded request: the prompt's sha256 and the reply it got."""

    caller: str
    request_id: str
    prompt_sha256: str
    reply: dict[str, Any]


def _entry(raw: bytes) -> LedgerEntry | None:
    """The entry one ledger line records; None for a line of another shape (not ours to interpret)."""
    try:
        line = json.loads(raw)
        return LedgerEntry(str(line["caller"]), str(line["id"]), str(line["prompt_sha256"]), dict(line["reply"]))
    except (KeyError, TypeError, ValueError):
        return None


class _IdIndex:
    """(caller, id) -> offset of its latest line in the ledger; knows how far into the ledger it has read."""

    def __init__(self, path: Path, ledger: Path) -> None:
        self._path = path
        self._ledger = ledger
        try:
            self._db = self._connect()
        except sqlite3.DatabaseError:
            remove_index_files(path)  # derived: a damaged index is simply built again
            self._db = self._connect()
        self._lock = threading.Lock()

    def _connect(self) -> sqlite3.Connection:
        # Derived from the fsynced ledger: a commit lost to a power cut is read again from it.
        return open_sqlite(self._path, schema=_SCHEMA, probe="ids")

    def _meta(self) -> dict[str, str]:
        return dict(self._db.execute("SELECT key, value FROM meta").fetchall())

    def catch_up(self) -> None:
        """Take in the ledger lines past what the index has read; start over when the ledger is another file."""
        st = os.stat(self._ledger)
        meta = self._meta()
        identity = f"{st.st_dev}:{st.st_ino}"
        end = int(meta.get("end", "0"))
        if meta.get("identity") != identity or end > st.st_size or not self._ends_a_line(end):
            self._db.execute("DELETE FROM ids")
            end = 0
        n = 0
        self._db.execute("BEGIN")
        for off, raw in iter_lines(self._ledger, end):
            entry = _entry(raw)
            if entry is not None:
                self._db.execute("INSERT OR REPLACE INTO ids VALUES (?, ?, ?)", (entry.caller, entry.request_id, off))
            end = off + len(raw)
            n += 1
            if n % _COMMIT_EVERY_LINES == 0:
                self._set_mark(identity, end)
                self._db.execute("COMMIT")
                self._db.execute("BEGIN")
        self._set_mark(identity, end)
        self._db.execute("COMMIT")
        self._identity = identity

    def _ends_a_line(self, end: int) -> bool:
        if end == 0:
            return True
        with open(self._ledger, "rb") as fh:
            fh.seek(end - 1)
            return fh.read(1) == b"\n"

    def _set_mark(self, identity: str, end: int) -> None:
        self._db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)", [("identity", identity), ("end", str(end))])

    def add(self, caller: str, request_id: str, off: int) -> None:
        with self._lock:
            self._db.execute("INSERT OR REPLACE INTO ids VALUES (?, ?, ?)", (caller, request_id, off))

    def mark(self, end: int) -> None:
        """Every ledger line before `end` is indexed: the next open reads on from there."""
        with self._lock:
            self._set_mark(self._identity, end)

    def offset(self, caller: str, request_id: str) -> int | None:
        with self._lock:
            row = self._db.execute("SELECT off FROM ids WHERE caller = ? AND id = ?", (caller, request_id)).fetchone()
        return None if row is None else int(row[0])

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM ids").fetchone()[0])

    def close(self) -> None:
        self._db.close()


class Ledger:
    """Each (caller, request id) with its recorded reply; a repeated id gets the recorded reply back.

    `claim(caller, id)` serialises requests that share an id, so two concurrent copies of one
    request never both act: the second waits and then finds the first one's reply.
    """

    def __init__(self, path: Path, *, clock_time: Callable[[], float], check: Callable[[dict[str, Any]], None] | None = None) -> None:
        self._time = clock_time
        self._journal = open_journal(path, name="ledger", check=check)
        try:
            self._fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
            self._index = _IdIndex(path.with_name(path.name + INDEX_SUFFIX), path)
            self._index.catch_up()
        except (OSError, sqlite3.Error) as exc:
            self._journal.close()
            raise ServiceError(f"{path}: cannot index the ledger ({exc}).") from exc
        self._locks: dict[tuple[str, str], tuple[threading.Lock, int]] = {}
        self._guard = threading.Lock()
        self._flight = threading.Lock()
        self._in_flight = 0  # records appended (or being appended) and not yet indexed

    def __len__(self) -> int:
        return self._index.count()

    def lookup(self, caller: str, request_id: str) -> LedgerEntry | None:
        """The recorded entry for this caller's id, if any (read from the ledger file)."""
        off = self._index.offset(caller, request_id)
        if off is None:
            return None
        return _entry(read_line_at(self._fd, off))

    def record(self, caller: str, request_id: str, prompt_sha256: str, reply: dict[str, Any]) -> None:
        """Journal the reply (fsynced) before it is sent, then index where it lies."""
        line = {
            "kind": "reply",
            "id": request_id,
            "caller": caller,
            "prompt_sha256": prompt_sha256,
            "recorded_unix": self._time(),
            "reply": reply,
        }
        with self._flight:
            self._in_flight += 1
        try:
            off = self._journal.append_record(line)
            self._index.add(caller, request_id, off)
        finally:
            with self._flight:
                self._in_flight -= 1
                if self._in_flight == 0:
                    # No append is under way: every line below the journal's end is indexed. (Under a
                    # steady stream the mark waits; the next open then reads a little more again.)
                    self._index.mark(self._journal.size)

    @contextmanager
    def claim(self, caller: str, request_id: str) -> Iterator[None]:
        """Hold the id while one request with it is answered."""
        key = (caller, request_id)
        with self._guard:
            lock, users = self._locks.get(key, (threading.Lock(), 0))
            self._locks[key] = (lock, users + 1)
        lock.acquire()
        try:
            yield
        finally:
            lock.release()
            with self._guard:
                lock, users = self._locks[key]
                if users <= 1:
                    del self._locks[key]
                else:
                    self._locks[key] = (lock, users - 1)

    def close(self) -> None:
        """Idempotent: a second close must not close a descriptor number another file has taken since."""
        if self._fd < 0:
            return
        self._index.close()
        os.close(self._fd)
        self._fd = -1
        self._journal.close()
