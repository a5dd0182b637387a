"""The service's fsynced JSONL journals and the request ledger (each request id with its recorded reply).

Knows nothing about sockets or crawling: it appends checked JSON lines durably and reads them back.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.errors import ServiceError
from seaspider.store.segments import fsync_dir


def _cut_torn_tail(fd: int, path: Path) -> None:
    # A crash in the middle of a write leaves a last line without its newline: cut it, so the
    # next line starts clean. Only whole lines were ever acknowledged.
    size = os.fstat(fd).st_size
    if size == 0:
        return
    if os.pread(fd, 1, size - 1) == b"\n":
        return
    pos = size
    step = 4096
    while pos > 0:
        start = max(0, pos - step)
        chunk = os.pread(fd, pos - start, start)
        nl = chunk.rfind(b"\n")
        if nl >= 0:
            os.ftruncate(fd, start + nl + 1)
            os.fsync(fd)
            return
        pos = start
    os.ftruncate(fd, 0)
    os.fsync(fd)


class JsonlJournal:
    """An append-only JSONL file: every `append` returns after its line is on disk (fsync).

    Concurrent appends share fsyncs (group commit): a thread whose line was already covered by
    another thread's fsync returns without a second one, so many clients do not queue on the disk.
    """

    def __init__(self, path: Path, *, check: Callable[[dict[str, Any]], None] | None = None) -> None:
        self.path = path
        self._check = check
        created = not path.exists()
        try:
            self._fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_CLOEXEC, 0o600)
        except OSError as exc:
            raise ServiceError(f"{path}: cannot open the journal ({exc.strerror}).") from exc
        _cut_torn_tail(self._fd, path)
        if created:
            fsync_dir(path.parent)
        self._write_lock = threading.Lock()
        self._sync_lock = threading.Lock()
        self._written = 0
        self._synced = 0

    def append(self, record: dict[str, Any]) -> None:
        """Write one line and return once it is fsynced."""
        if self._check is not None:
            self._check(record)
        data = (json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")
        with self._write_lock:
            view = memoryview(data)
            while view:
                n = os.write(self._fd, view)
                view = view[n:]
            self._written += 1
            mine = self._written
        with self._sync_lock:
            if self._synced >= mine:
                return  # another thread's fsync already covered this line
            with self._write_lock:
                target = self._written
            os.fsync(self._fd)
            self._synced = target

    def close(self) -> None:
        with self._write_lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The whole lines of a JSONL file as dicts; a torn or foreign last line is skipped."""
    try:
        with open(path, "rb") as fh:
            for raw in fh:
                if not raw.endswith(b"\n"):
                    return  # torn tail: never acknowledged
                try:
                    obj = json.loads(raw)
                except (UnicodeDecodeError, json.JSONDecodeError):
                    continue
                if isinstance(obj, dict):
                    yield obj
    except FileNotFoundError:
        return


@dataclass(frozen=True, slots=True)
class LedgerEntry:
    """A recorded request: the prompt's sha256 and the reply it got."""

    caller: str
    request_id: str
    prompt_sha256: str
    reply: dict[str, Any]


class Ledger:
    """Each (caller, request id) with its recorded reply; a repeated id gets the recorded reply back.

    `claim(caller, id)` serialises requests that share an id, so two concurrent copies of one
    request never both act: the second waits and then finds the first one's reply.
    """

    def __init__(self, path: Path, *, clock_time: Callable[[], float], check: Callable[[dict[str, Any]], None] | None = None) -> None:
        self._time = clock_time
        self._entries: dict[tuple[str, str], LedgerEntry] = {}
        for line in read_jsonl(path):
            try:
                entry = LedgerEntry(str(line["caller"]), str(line["id"]), str(line["prompt_sha256"]), dict(line["reply"]))
            except (KeyError, TypeError, ValueError):
                continue  # a line of another shape is not ours to interpret
            self._entries[(entry.caller, entry.request_id)] = entry
        self._journal = JsonlJournal(path, check=check)
        self._locks: dict[tuple[str, str], tuple[threading.Lock, int]] = {}
        self._guard = threading.Lock()

    def __len__(self) -> int:
        return len(self._entries)

    def lookup(self, caller: str, request_id: str) -> LedgerEntry | None:
        """The recorded entry for this caller's id, if any."""
        return self._entries.get((caller, request_id))

    def record(self, caller: str, request_id: str, prompt_sha256: str, reply: dict[str, Any]) -> None:
        """Journal the reply (fsynced) before it is sent, then remember it."""
        self._journal.append(
            {
                "kind": "reply",
                "id": request_id,
                "caller": caller,
                "prompt_sha256": prompt_sha256,
                "recorded_unix": self._time(),
                "reply": reply,
            }
        )
        self._entries[(caller, request_id)] = LedgerEntry(caller, request_id, prompt_sha256, reply)

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
        self._journal.close()
