"""How the store names the failures an operator must hear about: a full disk, a vanished store.

Turns an OSError or SQLite error into one English sentence; must not retry, repair or hide one.
"""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

__all__ = ["disk_full_message", "failure_message", "is_disk_full", "vanished_message"]

# SQLite reports some failures of a full disk as an I/O error (growing its shared-memory file, for
# one); with less free space than this the disk counts as full whatever the error says.
_NEARLY_FULL_BYTES = 64 * 1024


def is_disk_full(exc: BaseException, path: Path) -> bool:
    """Whether `exc` (an OSError or a SQLite error) came from the disk holding `path` being full."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    if isinstance(exc, sqlite3.Error):
        if getattr(exc, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "disk is full" in str(exc):
            return True
        if isinstance(exc, sqlite3.OperationalError):
            return _free_bytes(path) < _NEARLY_FULL_BYTES
    return False


def _free_bytes(path: Path) -> int:
    try:
        st = os.statvfs(path)
    except OSError:
        return _NEARLY_FULL_BYTES  # cannot tell: do not call it full
    return st.f_bavail * st.f_frsize


def disk_full_message(path: Path, what: str) -> str:
    """The one sentence for a full disk: what could not be done, that nothing is lost, what to do."""
    return (f"could not {what}: the disk holding {path} is full (No space left on device); "
            "nothing recorded so far is lost; free space and run again.")


def vanished_message(path: Path, how: str) -> str:
    """The one sentence for a store deleted or replaced under its writer."""
    return (f"the store {path} was {how} while this run was writing to it, so what it recorded since then "
            "is gone with the old directory; stopping. Find out what removed it, then run again.")


def failure_message(exc: BaseException, path: Path, what: str) -> str:
    """The sentence for a disk or SQLite failure while doing `what` (e.g. "record the visit of …")."""
    if is_disk_full(exc, path):
        return disk_full_message(path, what)
    if isinstance(exc, OSError):
        return f"{path}: could not {what} ({exc.strerror or exc}); the store keeps every record made before it."
    return f"{path}: the store index failed ({exc}); close the store and open it again, which rebuilds what is missing."
