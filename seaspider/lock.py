"""The one flock-plus-pid helper: exclusive locks held with `flock`, so a crash leaves no stale lease.

Used for the singleton lock, the store's writer lock and the supervisor's lock. Knows nothing
about what the holder does; it only records who holds the lock (pid, what, since when).
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from seaspider.errors import LockHeld, SeaSpiderError

__all__ = ["HeldLock", "Holder", "acquire", "read_holder", "try_lock"]

_MAX_RECORD_BYTES = 4096  # a holder record is one short JSON line; more is not ours


@dataclass
class HeldLock:
    """A held lock. Releasing it (or the process ending, however it ends) frees it."""

    path: Path
    _fd: int | None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    def __enter__(self) -> HeldLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lock, as its record says; None fields when the record does not say."""

    pid: int | None
    command: str | None
    started_unix: float | None

    def describe(self) -> str:
        """`pid 42, serve /x.sock since 2026-01-01 10:00 UTC`, or as much of it as is known."""
        if self.pid is None:
            return "holder unknown"
        who = f"pid {self.pid}"
        if self.command is not None:
            who += f", {self.command}"
        if self.started_unix is not None:
            who += " since " + time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(self.started_unix))
        return who


def _parse_holder(raw: bytes) -> Holder:
    try:
        record = json.loads(raw)
        pid = int(record["pid"])
    except (ValueError, KeyError, TypeError):
        return Holder(None, None, None)
    command = record.get("command")
    started = record.get("started_unix")
    return Holder(
        pid=pid,
        command=command if isinstance(command, str) else None,
        started_unix=float(started) if isinstance(started, (int, float)) else None,
    )


def read_holder(path: Path) -> Holder:
    """Who the record at `path` names as holder (`holder unknown` when unreadable)."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return Holder(None, None, None)
    try:
        return _parse_holder(os.pread(fd, _MAX_RECORD_BYTES, 0))
    finally:
        os.close(fd)


def try_lock(path: Path, command: str, *, mode: int = 0o600, sync: bool = True, _broken: bool = False) -> HeldLock | None:
    """Take the exclusive lock at `path` without waiting and record this process as holder; None when held.

    OSError when the file cannot be opened. `sync` makes the holder record durable (a lock taken
    for a moment need not be). `_broken` is fault injection for the negative controls: it skips
    the flock, so a test can show that its check turns red when locking does nothing.
    """
    fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, mode)
    if not _broken:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
    try:
        record = json.dumps({"pid": os.getpid(), "command": command, "started_unix": time.time()}) + "\n"
        os.ftruncate(fd, 0)
        os.pwrite(fd, record.encode(), 0)
        if sync:
            os.fsync(fd)
    except OSError:
        os.close(fd)
        raise
    return HeldLock(path=path, _fd=fd)


def acquire(path: Path, command: str, *, _broken: bool = False) -> HeldLock:
    """Take the singleton lock at `path` or raise `LockHeld` naming the holder (exit status 5)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        lock = try_lock(path, command, _broken=_broken)
    except OSError as exc:
        raise SeaSpiderError(f"cannot open the lock file {path} ({exc.strerror}); set service.lock to a writable absolute path.") from exc
    if lock is None:
        who = read_holder(path).describe()
        raise LockHeld(f"Sea Spider is already running ({who}; lock {path}). I did not start a second one.")
    return lock
