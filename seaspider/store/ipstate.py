"""Per-IP end time of the last request, in `state.sqlite`: the politeness memory between runs.

Knows IPs and Unix times only; must not decide who may send a request (that is web/politeness.py).
"""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

from seaspider.store.index import remove_index_files
from seaspider.store.segments import fsync_dir


class IpState:
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
