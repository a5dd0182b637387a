"""The singleton lock: one Sea Spider per lock file, held with `flock` so a crash leaves no stale lease.

Knows nothing about what the holder does; it only records who holds the lock.
"""

from __future__ import annotations

import fcntl
import json
import os
import time
from dataclasses import dataclass
from pathlib import Path

from seaspider.errors import LockHeld, SeaSpiderError


@dataclass
class SingletonLock:
    """A held lock. Closing it (or the process ending, however it ends) releases it."""

    path: Path
    _fd: int | None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the flock
            self._fd = None

    def __enter__(self) -> SingletonLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def _describe_holder(raw: str, path: Path) -> str:
    try:
        holder = json.loads(raw)
        since = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(float(holder["started_unix"])))
        who = f"pid {int(holder['pid'])}, {holder['command']} since {since}"
    except (ValueError, KeyError, TypeError):
        who = "holder unknown"
    return f"Sea Spider is already running ({who}; lock {path}). I did not start a second one."


def acquire(path: Path, command: str) -> SingletonLock:
    """Take the exclusive lock at `path` or raise `LockHeld` naming the holder (exit status 5)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
    except OSError as exc:
        raise SeaSpiderError(f"cannot open the lock file {path} ({exc.strerror}); set service.lock to a writable absolute path.") from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raw = os.pread(fd, 4096, 0).decode("utf-8", "replace")
        os.close(fd)
        raise LockHeld(_describe_holder(raw, path)) from None
    record = json.dumps({"pid": os.getpid(), "command": command, "started_unix": time.time()}) + "\n"
    os.ftruncate(fd, 0)
    os.pwrite(fd, record.encode(), 0)
    os.fsync(fd)
    return SingletonLock(path=path, _fd=fd)
