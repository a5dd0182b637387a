"""Streams a queue file into the disk frontier in batches; runs in a thread of its own.

The crawl starts on the first batch while the rest is still being read, so the first request
does not wait for a big queue. A re-run reads only what the file gained since the last load
(its first bytes must be unchanged: their sha256 is kept); a file changed otherwise is read
again and only URLs the frontier does not hold are queued. Knows nothing about fetching.
"""

from __future__ import annotations

import codecs
import hashlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from seaspider.crawl.frontier_db import FrontierDB, Loaded, SourceState
from seaspider.crawl.queuefile import BadLine, QueueEntry, parse_line

__all__ = ["BATCH_LINES", "LoadReport", "QueueLoader"]

# Lines per transaction: the first batch reaches the frontier within milliseconds (the first
# request does not wait for more), and the journal thread, which shares the frontier's write
# lock, never waits more than one batch (a few ms) for the loader.
BATCH_LINES = 1000
_READ_BYTES = 1 << 20
_HASH_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What one load read, and what it did to the frontier."""

    lines: int  # lines read in this load (a re-run of an unchanged file reads none)
    new: int  # URLs queued
    duplicates: int  # lines repeating a URL read earlier in this load
    held_done: int  # lines whose URL the frontier already had as done
    held_queued: int  # lines whose URL the frontier already had, not yet done
    bad: int
    blank: int  # empty and comment lines
    resumed_at: int  # the byte the load started at (0: the whole file was read)
    complete: bool  # the file was read to its end (False when stopped)
    source_id: int | None


def _pieces(stream: BinaryIO, start: int) -> Iterator[tuple[bytes, int]]:
    """(raw piece with its newline, offset after it) from `start`; a last piece without one at the end."""
    pos = start
    rest = b""
    while chunk := stream.read(_READ_BYTES):
        data = rest + chunk
        begin = 0
        while (nl := data.find(b"\n", begin)) >= 0:
            yield data[begin : nl + 1], pos + nl + 1
            begin = nl + 1
        pos += begin
        rest = data[begin:]
    if rest:
        yield rest, pos + len(rest)


def _prefix_hash(stream: BinaryIO, size: int) -> hashlib._Hash:
    """sha256 of the first `size` bytes of `stream` (read from its start)."""
    hasher = hashlib.sha256()
    stream.seek(0)
    left = size
    while left > 0:
        chunk = stream.read(min(_HASH_BYTES, left))
        if not chunk:
            break
        hasher.update(chunk)
        left -= len(chunk)
    return hasher


class QueueLoader:
    """Loads one queue file into a `FrontierDB`, reporting each batch and each bad line as it goes."""

    def __init__(
        self,
        db: FrontierDB,
        path: Path,
        *,
        label: str,
        sort_query: bool,
        track_dirs: bool,
        on_batch: Callable[[Loaded], None],
        on_bad: Callable[[BadLine], None],
        should_stop: Callable[[], bool],
    ) -> None:
        self._db = db
        self._path = Path(path)
        self._key = str(self._path.resolve())
        self._label = label
        self._sort_query = sort_query
        self._track_dirs = track_dirs
        self._on_batch = on_batch
        self._on_bad = on_bad
        self._should_stop = should_stop

    def prior(self) -> SourceState | None:
        """What an earlier load of this file left in the frontier."""
        return self._db.source(self._key)

    def load(self) -> LoadReport:
        """Read what the frontier does not hold yet; blocking (call it in the loader thread)."""
        with open(self._path, "rb") as stream:
            st = os.fstat(stream.fileno())
            prior = self.prior()
            if prior is not None and prior.offset == st.st_size and (prior.dev, prior.ino, prior.size, prior.mtime_ns) == (
                st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns,
            ):  # fmt: skip
                return LoadReport(0, 0, 0, 0, 0, 0, 0, prior.offset, True, prior.id)  # read to its end before, unchanged since
            start, lines, hasher = 0, 0, hashlib.sha256()
            if prior is not None and 0 < prior.offset <= st.st_size:
                grown = _prefix_hash(stream, prior.offset)
                if grown.hexdigest() == prior.digest:  # the file only grew: read what was appended
                    start, lines, hasher = prior.offset, prior.lines, grown
            stream.seek(start)
            source_id, gen = self._db.begin_load(self._key)
            return self._stream(stream, st, source_id, gen, start, lines, hasher)

    def _stream(self, stream: BinaryIO, st: os.stat_result, source_id: int, gen: int, start: int, lines: int,
                hasher: hashlib._Hash) -> LoadReport:  # fmt: skip
        totals = {"new": 0, "duplicates": 0, "held_done": 0, "held_queued": 0, "bad": 0, "blank": 0}
        read = 0
        batch: list[QueueEntry] = []
        pending = 0  # lines since the last commit
        offset = start
        complete = True

        def commit() -> None:
            source = SourceState(source_id, st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, offset, lines, hasher.copy().hexdigest())
            loaded = self._db.load(batch, source=source, gen=gen, track_dirs=self._track_dirs)
            totals["new"] += loaded.new
            totals["duplicates"] += loaded.duplicates
            totals["held_done"] += loaded.held_done
            totals["held_queued"] += loaded.held_queued
            batch.clear()
            self._on_batch(loaded)

        for piece, end in _pieces(stream, start):
            if offset == 0 and piece.startswith(codecs.BOM_UTF8):
                hasher.update(piece)
                piece = piece[len(codecs.BOM_UTF8) :]
            else:
                hasher.update(piece)
            for raw in piece.splitlines() or [b""]:  # "\r" and "\r\n" end lines too, as in parse_queue
                lines += 1
                read += 1
                parsed = parse_line(raw, lines, sort_query=self._sort_query, source=self._label)
                if parsed is None:
                    totals["blank"] += 1
                elif isinstance(parsed, BadLine):
                    totals["bad"] += 1
                    self._on_bad(parsed)
                else:
                    batch.append(parsed)
            offset = end
            pending += 1
            if pending >= BATCH_LINES:
                commit()
                pending = 0
                if self._should_stop():
                    complete = False
                    break
        if pending or batch:
            commit()
        return LoadReport(read, totals["new"], totals["duplicates"], totals["held_done"], totals["held_queued"], totals["bad"],
                          totals["blank"], start, complete, source_id)  # fmt: skip
