"""Per-IP request times: the politeness memory between runs, crashes included.

Keeps when each IP's last request ended (`state.sqlite`) and the requests booked but not yet
ended (write-ahead, `bookings.slots`), so a restart after SIGKILL still rests every IP. Knows IPs
and Unix times only; must not decide who may send a request (that is web/politeness.py).
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Mapping
from pathlib import Path

from seaspider.store.bookings import BookingSlots
from seaspider.store.files import open_sqlite
from seaspider.store.index import remove_index_files
from seaspider.store.journal import iter_lines
from seaspider.store.segments import fsync_dir

__all__ = ["IpState", "ends_from_journal"]

# Ends are written at most this late after they are noted: one transaction per burst, a handful
# per second however fast the crawl goes (a journal commit in between takes them sooner).
_GATHER_S = 0.2

_SCHEMA = "CREATE TABLE IF NOT EXISTS ip_end (ip TEXT PRIMARY KEY, end_unix REAL NOT NULL) WITHOUT ROWID;"


class IpState:
    """End times per IP (`state.sqlite`) and open bookings (`bookings.slots`); safe to use from several threads.

    `book` is durable when it returns (one fdatasync, shared by bookings made at the same moment).
    `save` is written within moments by a background thread (committed, not fsynced: it survives a
    killed process at once, a power cut from the next fsync on); an end only shortens a rest its
    booking already covers, so an end lost to a crash errs on the polite side. A booking a previous
    run left open (it was killed with the request in flight) becomes an end at its `until`.
    """

    def __init__(self, path: Path, bookings: Path) -> None:
        self._path = path
        self._lock = threading.Lock()  # guards the dictionaries below
        self._commit_lock = threading.Lock()  # one transaction at a time on the connection
        self._dirty: dict[str, float] = {}
        self.unreadable: str | None = None  # why state.sqlite was replaced, when it was
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
        self._open: dict[str, float] = {}  # IP -> start of its booking in flight (this run's)
        self._sync_mode = "NORMAL"  # as _connect leaves it
        self._wake = threading.Event()
        self._closing = False
        self._settle = threading.Event()  # set only at close, to cut the gathering short
        self._flusher: threading.Thread | None = None
        self._slots = BookingSlots(bookings)
        try:
            # A booking with no end after its start: that request never reported one (the run was
            # killed); it ended by its `until` at the latest. Recorded as such, its slot is free again.
            for ip, start, until in self._slots.found:
                if self._ends.get(ip, float("-inf")) < start:
                    self.save(ip, until)
            self._write(durable=True)
        except BaseException:
            self._slots.close()
            self._db.close()
            raise

    def _connect(self) -> sqlite3.Connection:
        # Backed by the journal (chain IPs and times): a lost commit is rebuilt from it, like the index.
        return open_sqlite(self._path, schema=_SCHEMA, probe="ip_end")

    def load(self) -> dict[str, float]:
        """IP -> the Unix time its last request ended (for a request killed in flight: by when it must have)."""
        with self._lock:
            return dict(self._ends)

    def save(self, ip: str, end_unix: float) -> None:
        """Note when a request to `ip` ended (written within moments by a background thread)."""
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
            if not self._closing:
                # Gather the ends of the next few milliseconds into one transaction (the crawl ends
                # requests in bursts); a journal commit in between takes them anyway.
                self._settle.wait(_GATHER_S)
            self._wake.clear()
            if self._closing:
                return
            try:
                self.flush()
            except (OSError, sqlite3.Error):
                pass  # the ends stay dirty; the next foreground write (a commit, close) reports it

    def seed(self, ends: Mapping[str, float]) -> None:
        """Take end times recovered from elsewhere (the journal, after the file was unreadable)."""
        for ip, end_unix in ends.items():
            self.save(ip, end_unix)

    def book(self, ip: str, start_unix: float, until_unix: float) -> None:
        """Record a request to `ip` about to go out, which ends by `until_unix`; durable on return."""
        ticket = self._slots.write(ip, start_unix, until_unix)
        with self._lock:
            self._open[ip] = start_unix
        self._slots.sync(ticket)

    def flush(self) -> None:
        """Write the end times noted since the last write (not fsynced: the bookings cover a crash)."""
        self._write(durable=False)

    def _write(self, *, durable: bool) -> None:
        with self._commit_lock:
            with self._lock:
                dirty, self._dirty = self._dirty, {}
            if not dirty:
                return
            try:
                mode = "FULL" if durable else "NORMAL"
                if mode != self._sync_mode:  # FULL makes a commit fsync the WAL; NORMAL leaves it to a checkpoint
                    self._db.execute(f"PRAGMA synchronous={mode}")
                    self._sync_mode = mode
                self._db.execute("BEGIN")
                self._db.executemany(
                    "INSERT INTO ip_end VALUES (?, ?) ON CONFLICT (ip) DO UPDATE SET end_unix = max(end_unix, excluded.end_unix)",
                    list(dirty.items()),
                )
                self._db.execute("COMMIT")
            except BaseException:
                if self._db.in_transaction:
                    try:
                        self._db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass  # the connection is closed or broken; the first error is the one to report
                with self._lock:
                    for ip, end_unix in dirty.items():  # not written: kept for the next try
                        self._dirty[ip] = max(end_unix, self._dirty.get(ip, end_unix))
                raise
        # Only now (the end is in the file) may a booking's slot take another booking.
        for ip, end_unix in dirty.items():
            with self._lock:
                if self._open.get(ip, float("inf")) <= end_unix:
                    del self._open[ip]
            self._slots.release(ip, end_unix)

    def close(self) -> None:
        """Write what is pending and close; the files are closed even when the write fails."""
        with self._lock:
            self._closing = True
            flusher = self._flusher
        self._settle.set()
        self._wake.set()
        if flusher is not None:
            flusher.join()
        try:
            self.flush()
        finally:
            self._slots.close()
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
