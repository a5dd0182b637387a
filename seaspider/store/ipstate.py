"""Per-IP request times in `state.sqlite`: the politeness memory between runs, crashes included.

Keeps when each IP's last request ended, and the requests booked but not yet ended (write-ahead),
so a restart after SIGKILL still rests every IP. Knows IPs and Unix times only; must not decide who
may send a request (that is web/politeness.py).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from pathlib import Path

from seaspider.store.index import remove_index_files
from seaspider.store.journal import iter_lines
from seaspider.store.segments import fsync_dir

_SCHEMA = """
CREATE TABLE IF NOT EXISTS ip_end (ip TEXT PRIMARY KEY, end_unix REAL NOT NULL) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS ip_open (ip TEXT PRIMARY KEY, start_unix REAL NOT NULL, until_unix REAL NOT NULL) WITHOUT ROWID;
"""


class IpState:
    """End times per IP, and open bookings, in `state.sqlite`; safe to use from several threads.

    `book` is durable when it returns (its commit is fsynced; bookings made at the same moment share
    one fsync). `save` is written within moments by a background thread (committed, not fsynced:
    it survives a killed process at once and a power cut from the next fsync on); an end only
    shortens a rest its booking already covers, so an end lost to a crash errs on the polite side.
    """

    def __init__(self, path: Path) -> None:
        self._path = path
        self._lock = threading.Lock()  # guards the dictionaries below
        self._commit_lock = threading.Lock()  # one transaction at a time on the connection
        self._dirty: dict[str, float] = {}
        self._booked: dict[str, tuple[float, float]] = {}  # bookings not yet committed
        self._seq = 0  # bookings made
        self._durable_seq = 0  # bookings committed
        self.unreadable: str | None = None  # why the file was replaced, when it was
        created = not path.exists()
        try:
            self._db = self._connect()
        except sqlite3.DatabaseError as exc:
            if isinstance(exc, sqlite3.OperationalError) and not _is_damage(exc):
                raise  # busy, read-only or full: not damage, and not ours to delete
            # Unreadable politeness state: replaced, and the caller rebuilds it from the journal.
            self.unreadable = str(exc)
            remove_index_files(path)
            created = True
            self._db = self._connect()
        if created:
            fsync_dir(path.parent)  # unlike the index, this state is not a cache: keep its name
        self._ends: dict[str, float] = dict(self._db.execute("SELECT ip, end_unix FROM ip_end").fetchall())
        self._open: dict[str, tuple[float, float]] = {
            ip: (start, until) for ip, start, until in self._db.execute("SELECT ip, start_unix, until_unix FROM ip_open").fetchall()
        }
        self._wake = threading.Event()
        self._closing = False
        self._flusher: threading.Thread | None = None

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(_SCHEMA)
            db.execute("SELECT count(*) FROM ip_end").fetchone()
            db.execute("SELECT count(*) FROM ip_open").fetchone()
        except BaseException:
            db.close()
            raise
        return db

    def load(self) -> dict[str, float]:
        """IP -> the Unix time its last request ended; a booked request with no end counts as ending at its `until`."""
        with self._lock:
            ends = dict(self._ends)
            for ip, (start, until) in self._open.items():
                # Requests to one IP never overlap: an end at or after the booking's start is that
                # request's end (or a later one's); before it, the booked request never reported one.
                if ends.get(ip, float("-inf")) < start:
                    ends[ip] = max(ends.get(ip, float("-inf")), until)
            return ends

    def save(self, ip: str, end_unix: float) -> None:
        """Note when a request to `ip` ended (in memory; written with the next `book` or `flush`)."""
        with self._lock:
            # Never move an end time back: a late report of an earlier request must not shorten a rest.
            if end_unix > self._ends.get(ip, float("-inf")):
                self._ends[ip] = end_unix
                self._dirty[ip] = end_unix
            if self._flusher is None and not self._closing:
                self._flusher = threading.Thread(target=self._flush_soon, name="seaspider-ip-state", daemon=True)
                self._flusher.start()
        self._wake.set()

    def _flush_soon(self) -> None:
        """The background writer of end times: wakes on each `save`, writes what is dirty, sleeps again."""
        while True:
            self._wake.wait()
            self._wake.clear()
            if self._closing:
                return
            try:
                self.flush()
            except (OSError, sqlite3.Error):
                pass  # the ends stay dirty; the next foreground write (a booking, a commit, close) reports it

    def seed(self, ends: Mapping[str, float]) -> None:
        """Take end times recovered from elsewhere (the journal, after the file was unreadable)."""
        for ip, end_unix in ends.items():
            self.save(ip, end_unix)

    def book(self, ip: str, start_unix: float, until_unix: float) -> None:
        """Record a request to `ip` about to go out, which ends by `until_unix`; durable on return."""
        with self._lock:
            self._booked[ip] = (start_unix, until_unix)
            self._open[ip] = (start_unix, until_unix)
            self._seq += 1
            mine = self._seq
        with self._commit_lock:
            if self._durable_seq >= mine:
                return  # another thread's commit already covered this booking
            with self._lock:
                target = self._seq
            self._write(durable=True)
            self._durable_seq = target

    def flush(self) -> None:
        """Write the end times noted since the last write (not fsynced: a crash keeps the bookings)."""
        with self._commit_lock:
            self._write(durable=False)

    def _write(self, *, durable: bool) -> None:
        with self._lock:
            dirty, self._dirty = self._dirty, {}
            booked, self._booked = self._booked, {}
        if not dirty and not booked:
            return
        try:
            # FULL makes this commit fsync the WAL; NORMAL leaves that to the next checkpoint.
            self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
            self._db.execute("BEGIN")
            self._db.executemany(
                "INSERT INTO ip_open VALUES (?, ?, ?) ON CONFLICT (ip) DO UPDATE SET start_unix = excluded.start_unix, until_unix = excluded.until_unix",
                [(ip, start, until) for ip, (start, until) in booked.items()],
            )
            self._db.executemany(
                "INSERT INTO ip_end VALUES (?, ?) ON CONFLICT (ip) DO UPDATE SET end_unix = max(end_unix, excluded.end_unix)",
                list(dirty.items()),
            )
            # An end at or after a booking's start closes that booking.
            self._db.executemany("DELETE FROM ip_open WHERE ip = ? AND start_unix <= ?", list(dirty.items()))
            self._db.execute("COMMIT")
        except BaseException:
            if self._db.in_transaction:
                try:
                    self._db.execute("ROLLBACK")
                except sqlite3.Error:
                    pass  # the connection is closed or broken; the first error is the one to report
            with self._lock:
                # Not written: keep them for the next try (a booking the caller then never sends is harmless).
                for ip, end_unix in dirty.items():
                    self._dirty[ip] = max(end_unix, self._dirty.get(ip, end_unix))
                for ip, times in booked.items():
                    self._booked.setdefault(ip, times)
            raise
        with self._lock:
            for ip, end_unix in dirty.items():
                start = self._open.get(ip, (float("inf"), 0.0))[0]
                if start <= end_unix:
                    del self._open[ip]

    def close(self) -> None:
        """Write what is pending and close; the connection is closed even when the write fails."""
        with self._lock:
            self._closing = True
            flusher = self._flusher
        self._wake.set()
        if flusher is not None:
            flusher.join()
        try:
            self.flush()
        finally:
            self._db.close()


def _is_damage(exc: sqlite3.OperationalError) -> bool:
    # "file is not a database" comes as DatabaseError; some damage (a cut WAL, a bad header)
    # comes as OperationalError with SQLITE_CORRUPT or SQLITE_NOTADB.
    code = getattr(exc, "sqlite_errorcode", None)
    return code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)


def ends_from_journal(journal: Path) -> dict[str, float]:
    """IP -> the latest end any journal line proves, to rebuild an unreadable `state.sqlite`.

    A page or robots line is written after its last request ended, at `fetched_unix`: every IP of
    its chain (and a robots line's `ip`) had ended by then, so that time never shortens a rest.
    """
    ends: dict[str, float] = {}
    for _off, raw in iter_lines(journal):
        if b'"ip"' not in raw:
            continue  # intents, uncertain and damaged lines name no IP
        try:
            line = json.loads(raw)
            when = float(line["fetched_unix"])
            ips = {hop.get("ip") for hop in line.get("chain") or ()} | {line.get("ip")}
        except (ValueError, KeyError, TypeError, AttributeError):
            continue  # a damaged line proves nothing
        for ip in ips:
            if isinstance(ip, str) and when > ends.get(ip, float("-inf")):
                ends[ip] = when
    return ends
