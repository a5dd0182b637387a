"""Streams a QUEUE file into the shared queue in batches, in a thread of its own.

Every node may load the same file: a URL the cluster has seen is not queued again, and each
batch is one atomic script, so within a host the file's order holds whoever loads first. The
crawl starts on the first batch. Knows nothing about fetching or leases.
"""

from __future__ import annotations

import codecs
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from seaspider.cluster.queue import Loaded, SharedQueue
from seaspider.crawl.queuefile import BadLine, QueueEntry, parse_line

__all__ = ["BATCH_LINES", "LoadReport", "SharedLoader"]

# Lines per script call: one round trip per thousand URLs, and a script that runs a few
# milliseconds, so the server is never held long by a load while nodes book requests.
BATCH_LINES = 1000


@dataclass(frozen=True, slots=True)
class LoadReport:
    """What one load of a queue file did to the shared queue."""

    lines: int
    new: int  # URLs queued
    held: int  # URLs the cluster had seen already (earlier in the file, or loaded by another node)
    bad: int
    blank: int
    complete: bool  # read to its end (False when stopped)


class SharedLoader:
    """Loads one queue file into a `SharedQueue`, reporting each batch and each bad line as it goes."""

    def __init__(self, queue: SharedQueue, path: Path, *, label: str, node: str, sort_query: bool, track_dirs: bool,
                 on_batch: Callable[[Loaded], None], on_bad: Callable[[BadLine], None],
                 should_stop: Callable[[], bool]) -> None:  # fmt: skip
        self._queue = queue
        self._path = Path(path)
        self._label = label
        self._node = node
        self._sort_query = sort_query
        self._track_dirs = track_dirs
        self._on_batch = on_batch
        self._on_bad = on_bad
        self._should_stop = should_stop

    def load(self) -> LoadReport:
        """Read the whole file into the shared queue; blocking (call it in the loader thread)."""
        lines = new = held = bad = blank = 0
        batch: list[QueueEntry] = []
        complete = True

        def commit() -> None:
            nonlocal new, held
            loaded = self._queue.load(batch, track_dirs=self._track_dirs, node=self._node)
            new, held = new + loaded.new, held + loaded.held
            batch.clear()
            self._on_batch(loaded)

        with open(self._path, "rb") as stream:
            for number, piece in enumerate(stream):
                if number == 0 and piece.startswith(codecs.BOM_UTF8):
                    piece = piece[len(codecs.BOM_UTF8) :]
                for raw in piece.splitlines() or [b""]:  # "\r" and "\r\n" end lines too, as in parse_queue
                    lines += 1
                    parsed = parse_line(raw, lines, sort_query=self._sort_query, source=self._label)
                    if parsed is None:
                        blank += 1
                    elif isinstance(parsed, BadLine):
                        bad += 1
                        self._on_bad(parsed)
                    else:
                        batch.append(parsed)
                if len(batch) >= BATCH_LINES:
                    commit()
                    if self._should_stop():
                        complete = False
                        break
        if batch:
            commit()
        return LoadReport(lines, new, held, bad, blank, complete)
