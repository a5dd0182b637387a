"""Append-only JSONL files (the store's `pages.jsonl` and `links.jsonl`, the service's journals):
fsynced appends, torn-tail repair, reads.

Knows lines and byte offsets, not what the lines mean. A line is complete only once its final
newline is written, so readers that stop at the last newline never see half a line.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.errors import StoreError
from seaspider.store.segments import fsync_dir

__all__ = [
    "FileId",
    "JournalAppender",
    "complete_end",
    "cut_torn_tail",
    "encode_line",
    "file_id",
    "iter_lines",
    "line_digest",
    "read_jsonl",
    "read_line_at",
]

_CHUNK = 1 << 20


def encode_line(obj: dict[str, Any]) -> bytes:
    """One JSON object as one line: compact, UTF-8, newline-terminated."""
    return (json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def line_digest(line: bytes) -> str:
    """The fingerprint an index keeps of the last line it read, to notice a replaced journal."""
    return hashlib.sha256(line).hexdigest()


@dataclass(frozen=True, slots=True)
class FileId:
    """Identity and size of a journal file as seen now."""

    dev: int
    ino: int
    size: int


def file_id(path: Path) -> FileId | None:
    """The identity of `path`, or None when it does not exist."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    return FileId(dev=st.st_dev, ino=st.st_ino, size=st.st_size)


def _parses(line: bytes) -> bool:
    try:
        return isinstance(json.loads(line), dict)
    except ValueError:
        return False


def complete_end(fd: int, size: int) -> int:
    """The offset just past the last newline before `size` (0 when there is none)."""
    pos = size
    while pos > 0:
        start = max(0, pos - _CHUNK)
        chunk = os.pread(fd, pos - start, start)
        nl = chunk.rfind(b"\n")
        if nl >= 0:
            return start + nl + 1
        pos = start
    return 0


def _last_line_start(fd: int, end: int) -> int:
    """Where the line that ends at `end` (just past its newline) begins."""
    return complete_end(fd, end - 1) if end > 0 else 0


def cut_torn_tail(path: Path) -> int:
    """Cut a torn last line (no newline, or not a JSON object) and fsync; returns the bytes cut.

    Only the tail is touched: appends are whole lines, so a crash can damage the last one only.
    """
    fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    try:
        size = os.fstat(fd).st_size
        end = complete_end(fd, size)
        # A power loss can also leave a newline-terminated line of zeros or garbage at the end.
        while end > 0:
            start = _last_line_start(fd, end)
            if _parses(os.pread(fd, end - start, start)):
                break
            end = start
        if end < size:
            os.ftruncate(fd, end)
            os.fsync(fd)
        return size - end
    finally:
        os.close(fd)


class JournalAppender:
    """The one fsynced JSONL appender: every append returns after its line is on disk (fsync).

    Used for the store's `pages.jsonl` and `links.jsonl` and for the service's journals. Safe to
    share between threads: concurrent appends share fsyncs (group commit), so a thread whose line
    another thread's fsync already covered returns without a second one. A failed write is taken
    back, so a part-written line never sits in the middle of later ones.

    `create` opens the file creating it when missing (with `mode`, its name made durable) and cuts
    a torn tail first; the store cuts its own tails before opening, with hook points. `check`
    validates each record `append_record` takes. `split_writes` and `hook` are fault injection for
    the crash tests: a line written in two calls with a hook point between them, and hook points
    after the write and after the fsync.
    """

    def __init__(
        self,
        path: Path,
        *,
        name: str = "journal",
        create: bool = False,
        mode: int = 0o644,
        check: Callable[[dict[str, Any]], None] | None = None,
        split_writes: bool = False,
        hook: Callable[[str], None] | None = None,
    ) -> None:
        self.path = path
        self._name = name
        self._check = check
        created = create and not path.exists()
        flags = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC | (os.O_CREAT if create else 0)
        self._fd = os.open(path, flags, mode)
        try:
            if created:
                fsync_dir(path.parent)
            elif create:
                cut_torn_tail(path)
            self.size = os.fstat(self._fd).st_size
        except BaseException:
            os.close(self._fd)
            raise
        self._split_writes = split_writes
        self._hook = hook
        self._write_lock = threading.Lock()  # one write at a time; guards `size`
        self._sync_lock = threading.Lock()  # one fsync at a time
        self._synced = self.size  # bytes known to be on disk

    def append(self, line: bytes, *, sync: bool = True) -> int:
        """Append one encoded line (or several joined); returns its offset. Durable on return unless `sync` is False."""
        with self._write_lock:
            off = self.size
            try:
                if self._split_writes and len(line) > 1:
                    half = len(line) // 2
                    _write(self._fd, line[:half])
                    self._point("half-written")
                    _write(self._fd, line[half:])
                else:
                    _write(self._fd, line)
            except OSError:
                # A part-written line (disk full) must not stay in the middle of later lines.
                try:
                    os.ftruncate(self._fd, off)
                except OSError:
                    pass  # the next open cuts it as a torn tail
                raise
            self.size = off + len(line)
        self._point("written")
        if sync:
            self._sync_to(off + len(line))
        return off

    def append_many(self, lines: list[bytes]) -> list[int]:
        """Append encoded lines in one write and one fsync (group commit); returns their offsets."""
        if not lines:
            return []
        first = self.append(b"".join(lines))
        offs = []
        off = first
        for line in lines:
            offs.append(off)
            off += len(line)
        return offs

    def append_record(self, record: dict[str, Any]) -> int:
        """Check, encode and append one record; returns its offset once it is on disk."""
        if self._check is not None:
            self._check(record)
        return self.append(encode_line(record))

    def _sync_to(self, end: int) -> None:
        with self._sync_lock:
            if self._synced >= end:
                return  # another thread's fsync already covered this line
            with self._write_lock:
                target = self.size
            os.fdatasync(self._fd)
            self._synced = target
            self._point("fsynced")

    def sync(self) -> None:
        """Make every appended line durable."""
        self._sync_to(self.size)

    def _point(self, what: str) -> None:
        if self._hook is not None:
            self._hook(f"{self._name}-{what}")

    def close(self) -> None:
        with self._write_lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1


def _write(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def read_line_at(fd: int, off: int) -> bytes:
    """The complete line starting at `off` (newline included); StoreError if there is none."""
    buf = b""
    pos = off
    while True:
        chunk = os.pread(fd, 4096 if not buf else max(len(buf), 4096), pos)
        if not chunk:
            raise StoreError(f"no complete journal line at byte {off}.")
        nl = chunk.find(b"\n")
        if nl >= 0:
            return buf + chunk[: nl + 1]
        buf += chunk
        pos += len(chunk)


def iter_lines(path: Path, start: int = 0, end: int | None = None) -> Iterator[tuple[int, bytes]]:
    """(offset, line) for every complete line from `start`, stopping at `end` or the last newline."""
    with open(path, "rb", buffering=0) as f:
        size = os.fstat(f.fileno()).st_size if end is None else end
        pos = start
        f.seek(start)
        rest = b""
        while pos + len(rest) < size:
            chunk = f.read(min(_CHUNK, size - pos - len(rest)))
            if not chunk:
                break
            data = rest + chunk
            begin = 0
            while True:
                nl = data.find(b"\n", begin)
                if nl < 0:
                    break
                yield pos + begin, data[begin : nl + 1]
                begin = nl + 1
            pos += begin
            rest = data[begin:]


def read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    """The whole lines of a JSONL file as dicts; a torn last line or a line that is not an object is skipped."""
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
