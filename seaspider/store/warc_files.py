"""WARC/1.1 files on disk: records gzipped one member each, rolled over at a size, fsynced, renamed.

`WarcFiles` writes OUT.warc.gz, then OUT-00001.warc.gz, OUT-00002.warc.gz ... once a file
reaches `max_file_bytes` (1 GB by default, as the IIPC WARC guidelines advise), each file opened
by its own `warcinfo` record. Files are written as `NAME.part` and renamed when complete, so a
name ending in .warc.gz is always a whole archive. warcio serialises the records; the digests
are computed here over the exact bytes, so a captured head is written byte for byte.
Knows WARC framing, not journals or HTTP semantics.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import uuid
import zlib
from collections.abc import Sequence
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, BinaryIO

from warcio.recordloader import ArcWarcRecord
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from seaspider.errors import UsageError
from seaspider.store.segments import fsync_dir
from seaspider.store.warc_records import warc_date, warc_fields

__all__ = ["DEFAULT_GZIP_LEVEL", "DEFAULT_MAX_FILE_BYTES", "WARC_SUFFIX", "WarcFiles", "check_out_path", "sha1_digest"]

WARC_SUFFIX = ".warc.gz"
DEFAULT_MAX_FILE_BYTES = 1_000_000_000  # IIPC guidelines: about 1 GB per WARC file
# zlib's default: on HTML it keeps within a few per cent of level 9 at two to three times its speed.
DEFAULT_GZIP_LEVEL = 6
WARC_VERSION = "WARC/1.1"
MAX_PENDING_BYTES = 32 * 1024 * 1024  # records waiting for their gzip member: bounds the export's memory
GZIP_THREADS = max(1, min(4, os.cpu_count() or 1))  # more threads than cores only adds switching


def sha1_digest(*parts: bytes) -> str:
    """`sha1:BASE32` over the parts in order: the labelled digest wget, Heritrix and warcio write."""
    h = hashlib.sha1()
    for part in parts:
        h.update(part)
    return "sha1:" + base64.b32encode(h.digest()).decode("ascii")


def check_out_path(out: Path) -> None:
    """UsageError unless `out` names a new .warc.gz in an existing directory, with no roll-over file either."""
    if not out.name.endswith(WARC_SUFFIX) or out.name == WARC_SUFFIX:
        raise UsageError(f"{out}: the output name must end in {WARC_SUFFIX} (records are gzipped one by one).")
    if not out.parent.is_dir():
        raise UsageError(f"{out.parent} is not a directory; create it first or choose another output path.")
    stem = out.name[: -len(WARC_SUFFIX)]
    taken = [p for p in (out, out.with_name(out.name + ".part")) if p.exists()]
    taken += sorted(p for p in out.parent.glob(f"{_glob_escape(stem)}-[0-9][0-9][0-9][0-9][0-9]{WARC_SUFFIX}*"))
    if taken:
        raise UsageError(f"{taken[0]} already exists; choose a new output name or move the old archive away.")


def _glob_escape(text: str) -> str:
    """`text` with glob's special characters taken literally."""
    return re.sub(r"([*?\[])", r"[\1]", text)


def _member(data: bytes, level: int) -> bytes:
    """One gzip member holding `data` (wbits 31: the gzip container)."""
    compressor = zlib.compressobj(level, zlib.DEFLATED, 31)
    return compressor.compress(data) + compressor.flush()


class _GzipMembers:
    """A file sink that ends one gzip member at every `flush()` (warcio flushes once per record).

    gzip is most of an export's time, and zlib lets go of the GIL while it compresses: members
    are compressed on worker threads and written in order. At most MAX_PENDING_BYTES wait.
    """

    def __init__(self, file: BinaryIO, level: int, pool: ThreadPoolExecutor) -> None:
        self._file = file
        self._level = level
        self._pool = pool
        self._parts: list[bytes] = []
        self._pending: deque[tuple[Future[bytes], int]] = deque()
        self.pending_bytes = 0  # uncompressed bytes not yet written: more than they will take

    def write(self, data: bytes) -> None:
        self._parts.append(bytes(data))

    def flush(self) -> None:
        data = b"".join(self._parts)
        self._parts = []
        self._pending.append((self._pool.submit(_member, data, self._level), len(data)))
        self.pending_bytes += len(data)
        while self._pending and (self.pending_bytes > MAX_PENDING_BYTES or self._pending[0][0].done()):
            self._write_oldest()

    def _write_oldest(self) -> None:
        future, size = self._pending.popleft()
        self.pending_bytes -= size
        self._file.write(future.result())

    def drain(self) -> None:
        """Write every member still being compressed."""
        while self._pending:
            self._write_oldest()


class _Parts:
    """A read-only stream over byte strings in order, so a head and a body are not copied together."""

    def __init__(self, parts: Sequence[bytes]) -> None:
        self._parts = [memoryview(p) for p in parts if p]

    def read(self, size: int = -1) -> bytes:
        if not self._parts:
            return b""
        part = self._parts[0]
        take = len(part) if size < 0 else min(size, len(part))
        out = bytes(part[:take])
        if take == len(part):
            self._parts.pop(0)
        else:
            self._parts[0] = part[take:]
        return out


class _RawHead(StatusAndHeaders):  # type: ignore[misc]
    """An HTTP head warcio writes as given: its own serialisation would change spacing and case."""

    def __init__(self, raw: bytes) -> None:
        super().__init__("", [], protocol="")
        self.headers_buff = raw

    def compute_headers_buffer(self, header_filter: Any = None) -> None:
        return None

    def __bool__(self) -> bool:  # warcio tests a head for truth before writing it; ours has no parsed fields
        return True


class _ExactWriter(WARCWriter):
    """warcio's writer, told not to recompute digests: they are set over the exact bytes we write."""

    def ensure_digest(self, record: Any, block: bool = True, payload: bool = True) -> None:
        return None


class WarcFiles:
    """Rolling WARC output. Call `begin_group()` before the records that must share a file."""

    def __init__(
        self,
        out: Path,
        *,
        warcinfo: Sequence[tuple[str, str]],
        now_unix: float,
        max_file_bytes: int = DEFAULT_MAX_FILE_BYTES,
        gzip_level: int = DEFAULT_GZIP_LEVEL,
    ) -> None:
        if not 1 <= gzip_level <= 9:
            raise ValueError(f"gzip_level must be 1 to 9, not {gzip_level}")
        if max_file_bytes < 1:
            raise ValueError(f"max_file_bytes must be at least 1, not {max_file_bytes}")
        self._out = out
        self._stem = out.name[: -len(WARC_SUFFIX)]
        self._warcinfo = tuple(warcinfo)
        self._now_unix = now_unix
        self._max_file_bytes = max_file_bytes
        self._level = gzip_level
        self._pool = ThreadPoolExecutor(max_workers=GZIP_THREADS, thread_name_prefix="seaspider-gzip")
        self._file: BinaryIO | None = None
        self._sink: _GzipMembers | None = None
        self._writer: _ExactWriter | None = None
        self._warcinfo_id = ""
        self.done: list[Path] = []  # complete files, renamed to their final names
        self.records: dict[str, int] = {}
        self.bytes_written = 0  # of closed files

    def name(self, k: int) -> Path:
        """The k-th file (0-based): OUT.warc.gz, then OUT-00001.warc.gz, ..."""
        return self._out if k == 0 else self._out.with_name(f"{self._stem}-{k:05d}{WARC_SUFFIX}")

    def begin_group(self) -> None:
        """Start a new file first if the current one has reached the size limit."""
        if self._file is not None and self._sink is not None and self._file.tell() + self._sink.pending_bytes >= self._max_file_bytes:
            self._sink.drain()  # near the limit: know the real size before deciding
            if self._file.tell() >= self._max_file_bytes:
                self._finish_file()
        if self._file is None:
            self._open_file()

    def _open_file(self) -> None:
        final = self.name(len(self.done))
        self._file = open(final.with_name(final.name + ".part"), "xb")  # noqa: SIM115 - closed in _finish_file
        self._sink = _GzipMembers(self._file, self._level, self._pool)
        self._writer = _ExactWriter(self._sink, gzip=False, warc_version=WARC_VERSION)
        self._warcinfo_id = f"<urn:uuid:{uuid.uuid4()}>"
        block = warc_fields(self._warcinfo)
        self._emit("warcinfo", [("WARC-Record-ID", self._warcinfo_id), ("WARC-Date", warc_date(self._now_unix)),
                                ("WARC-Filename", final.name), ("WARC-Block-Digest", sha1_digest(block))],
                   (block,), "application/warc-fields")

    def write(self, rec_type: str, fields: Sequence[tuple[str, str]], parts: Sequence[bytes], content_type: str) -> None:
        """One record: WARC `fields` (digests included), then the block made of `parts`."""
        if self._file is None:
            self._open_file()
        self._emit(rec_type, [*fields, ("WARC-Warcinfo-ID", self._warcinfo_id)], parts, content_type)

    def _emit(self, rec_type: str, fields: Sequence[tuple[str, str]], parts: Sequence[bytes], content_type: str) -> None:
        assert self._writer is not None
        headers = StatusAndHeaders("", [("WARC-Type", rec_type), *fields], protocol=WARC_VERSION)
        length = sum(len(p) for p in parts)
        if rec_type == "revisit":
            # warcio writes only the HTTP head of a revisit (no payload): hand it the head as such.
            record = ArcWarcRecord("warc", rec_type, headers, _Parts(()), _RawHead(b"".join(parts)), content_type, length)
        else:
            record = ArcWarcRecord("warc", rec_type, headers, _Parts(parts), None, content_type, length)
        self._writer.write_record(record)
        self.records[rec_type] = self.records.get(rec_type, 0) + 1

    def _finish_file(self) -> None:
        assert self._file is not None and self._sink is not None
        final = self.name(len(self.done))
        self._sink.drain()
        self._file.flush()
        os.fsync(self._file.fileno())
        self.bytes_written += self._file.tell()
        self._file.close()
        self._file = None
        os.rename(final.with_name(final.name + ".part"), final)
        fsync_dir(final.parent)
        self.done.append(final)

    def close(self) -> list[Path]:
        """Finish the current file (a WARC with only its warcinfo if nothing was written); the files."""
        if self._file is None and not self.done:
            self._open_file()
        if self._file is not None:
            self._finish_file()
        self._pool.shutdown()
        return list(self.done)

    def abort(self) -> None:
        """Close and remove every file of this output: a failed export leaves no partial archive set."""
        self._pool.shutdown(cancel_futures=True)
        if self._file is not None:
            final = self.name(len(self.done))
            self._file.close()
            self._file = None
            final.with_name(final.name + ".part").unlink(missing_ok=True)
        for path in self.done:
            path.unlink(missing_ok=True)
        self.done.clear()
