"""The names of a store's files and the small helpers that create them durably and tell their identity.

Owns paths and fsyncs of directory entries; must not read or interpret what the files hold.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from seaspider.store.journal import complete_end
from seaspider.store.segments import fsync_dir

__all__ = [
    "BOOKINGS",
    "INDEX",
    "JOURNAL",
    "LINKS",
    "SEG_DIR",
    "STATE",
    "StoreIdentity",
    "WRITER_LOCK",
    "complete_end_of",
    "create_dir",
    "create_file",
    "inode",
    "is_store",
    "open_sqlite",
]

JOURNAL = "pages.jsonl"
LINKS = "links.jsonl"
SEG_DIR = "seg"
INDEX = "index.sqlite"
STATE = "state.sqlite"
BOOKINGS = "bookings.slots"
WRITER_LOCK = ".writer.lock"


def create_dir(path: Path) -> None:
    """Create `path` (and its parents) if missing, with its name durable in the parent directory."""
    if not path.is_dir():
        path.mkdir(parents=True, exist_ok=True)
        fsync_dir(path.parent)


def create_file(path: Path) -> None:
    """Create an empty file if missing, fsynced, with its name durable in the directory."""
    if not path.exists():
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
        os.fsync(fd)
        os.close(fd)
        fsync_dir(path.parent)


def is_store(path: Path) -> bool:
    """True when `path` holds a store (it has a journal)."""
    return (path / JOURNAL).is_file()


def inode(path: Path) -> int | None:
    """The inode number of `path`, or None when it does not exist."""
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


@dataclass(frozen=True, slots=True)
class StoreIdentity:
    """Which directory and journal a writer opened (device and inode), to notice them deleted or replaced."""

    directory: tuple[int, int]
    journal: tuple[int, int]

    @classmethod
    def of(cls, store: Path) -> StoreIdentity:
        """The identity of `store` now; FileNotFoundError when it or its journal is gone."""
        d, j = os.stat(store), os.stat(store / JOURNAL)
        return cls((d.st_dev, d.st_ino), (j.st_dev, j.st_ino))

    def lost(self, store: Path) -> str | None:
        """None while `store` is still this one; else how it went ("deleted" or "replaced")."""
        try:
            now = StoreIdentity.of(store)
        except FileNotFoundError:
            return "deleted"
        return None if now == self else "replaced"


def open_sqlite(path: Path, *, schema: str, probe: str) -> sqlite3.Connection:
    """A WAL-mode SQLite file for state derived from (or backed by) an fsynced journal.

    synchronous=NORMAL: a commit lost to a power cut is read again from the journal it derives from.
    `probe` is a table read once, so a damaged file fails here (sqlite3.DatabaseError), not later.
    """
    db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.executescript(schema)
        db.execute(f"SELECT count(*) FROM {probe}").fetchone()  # noqa: S608 - a fixed table name of ours
    except BaseException:
        db.close()
        raise
    return db
