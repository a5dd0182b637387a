"""Body segments: zstd frames (with content checksums) appended to `seg/NNNNNN.seg` files.

Owns the bytes of stored bodies and nothing else: it knows no journal, no index and no URLs.
A location is (segment number, offset, frame length); bytes past the last referenced frame
(a crash between the frame write and its journal line) are simply never read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import zstandard

from seaspider.errors import StoreError

__all__ = [
    "DamagedFrame",
    "Location",
    "SegmentReader",
    "SegmentWriter",
    "fsync_dir",
    "segment_numbers",
    "segment_path",
]

_SEG_NAME = re.compile(r"^(\d{6})\.seg$")


class DamagedFrame(StoreError):
    """A body frame the journal points at is missing, cut short, or fails its checksum or sha256.

    A kind of StoreError, so a reader that cannot go on says so; the crawl's path catches it and
    treats the body as never stored (fetched again), so one damaged frame stops nothing.
    """

    def __init__(self, message: str, *, loc: Location) -> None:
        super().__init__(message)
        self.loc = loc


@dataclass(frozen=True, slots=True)
class Location:
    """Where one body frame lies: `seg/<seg:06d>.seg`, bytes [off, off + length)."""

    seg: int
    off: int
    length: int


def segment_path(seg_dir: Path, seg: int) -> Path:
    """The file of segment number `seg`."""
    return seg_dir / f"{seg:06d}.seg"


def segment_numbers(seg_dir: Path) -> list[int]:
    """The numbers of the segments present, ascending."""
    try:
        names = os.listdir(seg_dir)
    except FileNotFoundError:
        return []
    return sorted(int(m.group(1)) for m in map(_SEG_NAME.match, names) if m)


def fsync_dir(path: Path) -> None:
    """Make a directory's entries (files created or renamed in it) durable."""
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


class SegmentWriter:
    """Appends frames to the newest segment, starting a new one once it reaches `max_bytes`.

    `append` writes without syncing; the caller calls `fsync` before journaling the location,
    so the order "frame durable, then journal line" stays visible in the store code.
    """

    def __init__(
        self,
        seg_dir: Path,
        *,
        max_bytes: int,
        level: int,
        split_writes: bool = False,
        hook: Callable[[str], None] | None = None,
    ) -> None:
        if max_bytes < 1:
            raise ValueError(f"segment max_bytes must be at least 1, not {max_bytes}")
        self._dir = seg_dir
        self._max_bytes = max_bytes
        self._compressor = zstandard.ZstdCompressor(level=level, write_checksum=True, write_content_size=True)
        # Test-only: write each frame in two calls, so a kill can leave a torn frame.
        self._split_writes = split_writes
        self._hook = hook
        numbers = segment_numbers(seg_dir)
        self._seg = numbers[-1] if numbers else 0
        self._fd: int | None = None
        self._size = 0
        if self._seg:
            self._open(self._seg, create=False)

    def _open(self, seg: int, *, create: bool) -> None:
        if self._fd is not None:
            os.close(self._fd)
        path = segment_path(self._dir, seg)
        flags = os.O_WRONLY | os.O_APPEND | os.O_CLOEXEC | (os.O_CREAT | os.O_EXCL if create else 0)
        self._fd = os.open(path, flags, 0o644)
        if create:
            fsync_dir(self._dir)  # the new file's name must survive a crash before its frames matter
        self._seg = seg
        self._size = os.fstat(self._fd).st_size

    def compress(self, body: bytes) -> bytes:
        """One zstd frame holding `body`, with its size and a content checksum."""
        return self._compressor.compress(body)

    def next_location(self, length: int) -> Location:
        """Where a frame of `length` bytes would go if appended now."""
        if self._fd is None or self._size >= self._max_bytes:
            return Location(seg=self._seg + 1, off=0, length=length)
        return Location(seg=self._seg, off=self._size, length=length)

    def append(self, frame: bytes) -> Location:
        """Append one frame (not yet durable: call `fsync`) and return where it lies."""
        if self._fd is None or self._size >= self._max_bytes:
            self._open(self._seg + 1, create=True)
        assert self._fd is not None
        off = self._size
        try:
            if self._split_writes and len(frame) > 1:
                half = len(frame) // 2
                _write_all(self._fd, frame[:half])
                if self._hook is not None:
                    self._hook("segment-half-written")
                _write_all(self._fd, frame[half:])
            else:
                _write_all(self._fd, frame)
        except OSError:
            try:
                os.ftruncate(self._fd, off)  # unreferenced bytes are harmless, but take them back
            except OSError:
                pass
            raise
        self._size = off + len(frame)
        return Location(seg=self._seg, off=off, length=len(frame))

    def fsync(self) -> None:
        """Make every appended frame durable."""
        if self._fd is not None:
            os.fdatasync(self._fd)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class SegmentReader:
    """Reads and checks frames by location; keeps segment files open between reads."""

    def __init__(self, seg_dir: Path) -> None:
        self._dir = seg_dir
        self._fds: dict[int, int] = {}
        self._decompressor = zstandard.ZstdDecompressor()

    def frame(self, loc: Location) -> bytes:
        """The compressed bytes of the frame at `loc`."""
        fd = self._fds.get(loc.seg)
        if fd is None:
            try:
                fd = os.open(segment_path(self._dir, loc.seg), os.O_RDONLY | os.O_CLOEXEC)
            except FileNotFoundError as exc:
                raise DamagedFrame(f"{segment_path(self._dir, loc.seg)} is missing, but the journal points into it.", loc=loc) from exc
            self._fds[loc.seg] = fd
        data = os.pread(fd, loc.length, loc.off)
        if len(data) != loc.length:
            raise DamagedFrame(
                f"{segment_path(self._dir, loc.seg)} ends before byte {loc.off + loc.length}, where the journal expects a body.", loc=loc
            )
        return data

    def body(self, loc: Location, *, raw_bytes: int) -> bytes:
        """The decoded body at `loc`; StoreError when the frame is damaged (zstd checks its checksum)."""
        data = self.frame(loc)
        try:
            return self._decompressor.decompress(data, max_output_size=max(raw_bytes, 1))
        except zstandard.ZstdError as exc:
            raise DamagedFrame(
                f"{segment_path(self._dir, loc.seg)}: the body frame at byte {loc.off} is damaged ({exc}).", loc=loc
            ) from exc

    def close(self) -> None:
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()
