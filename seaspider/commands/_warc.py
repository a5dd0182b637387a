"""Pieces `export-warc` and `fetch --warc` share: the warcinfo's config summary, the summary JSON,
the live progress line and the follower that exports a crawl's journal lines while it runs."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, TextIO

from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.crawl.progress import REDRAW_INTERVAL_S
from seaspider.store.warc_export import WarcExport
from seaspider.store.warc_files import WarcFiles

__all__ = ["CrawlFollower", "ExportProgress", "config_summary", "summary"]


def config_summary(config: Config) -> list[tuple[str, str]]:
    """What the crawl was set to do, as warcinfo fields (no paths, no personal data)."""
    return [
        ("robot-token", config.robot.token),
        ("robot-contact", config.robot.contact_url),
        ("politeness-ip-interval-ms", str(config.politeness.ip_interval_ms)),
        ("politeness-max-crawl-delay-secs", f"{config.politeness.max_crawl_delay_secs:g}"),
        ("robots-ttl-secs", str(config.robots.ttl_secs)),
        ("fetch-max-body-bytes", str(config.fetch.max_body_bytes)),
        ("fetch-max-redirects", str(config.fetch.max_redirects)),
        ("fetch-concurrency", str(config.fetch.concurrency)),
        ("follow", f"depth {config.follow.max_depth}, at most {config.follow.max_pages} pages" if config.follow.enabled else "off"),
        ("keep-encoded-bodies", "true" if config.storage.keep_encoded_bodies else "false"),
    ]


def summary(export: WarcExport, files: list[Path], *, wall_s: float) -> dict[str, Any]:
    """The JSON summary of an export (schemas/export-warc-summary.schema.json)."""
    counts = export.counts
    records = export.files.records
    return {
        "store": str(export.store),
        "files": [str(p) for p in files],
        "bytes": sum(p.stat().st_size for p in files),
        "records": {kind: records.get(kind, 0) for kind in ("warcinfo", "request", "response", "revisit", "metadata")},
        "pages": counts.pages,
        "robots": counts.robots,
        "out_of_scope": counts.out_of_scope,
        "rebuilt_heads": counts.rebuilt_heads,
        "damaged": counts.damaged,
        "corrupt_lines": counts.corrupt_lines,
        "wall_s": round(wall_s, 3),
    }


class ExportProgress:
    """A live stderr line on a terminal: how far through the journal, records and files so far."""

    def __init__(self, stream: TextIO, files: WarcFiles, *, total_bytes: int, start: int = 0, clock: Clock | None = None,
                 tty: bool | None = None) -> None:
        self._stream = stream
        self._files = files
        self._total = max(1, total_bytes - start)
        self._start = start
        self._clock = clock or SystemClock()
        self._tty = stream.isatty() if tty is None else tty
        self._last = float("-inf")
        self._drawn = 0

    def update(self, pos: int) -> None:
        if not self._tty:
            return
        now = self._clock.monotonic()
        if now - self._last < REDRAW_INTERVAL_S:
            return
        self._last = now
        records = sum(self._files.records.values())
        done = len(self._files.done) + 1
        text = f"export-warc: {100 * (pos - self._start) / self._total:5.1f}% of the journal  {records} records  {done} file{'s' if done > 1 else ''}"
        self._stream.write("\r" + text + " " * max(0, self._drawn - len(text)))
        self._stream.flush()
        self._drawn = len(text)

    def finish(self) -> None:
        if self._tty and self._drawn:
            self._stream.write("\r" + " " * self._drawn + "\r")
            self._stream.flush()
            self._drawn = 0


class CrawlFollower:
    """Exports a running crawl's journal lines as they become durable (`fetch --warc`).

    A thread wakes on `poke()` (after each visit is journaled) and exports the complete lines
    between where it stopped and the journal's end, so the WARC grows while the crawl runs and
    its records come in journal order. `finish()` exports the rest and closes the files.
    """

    def __init__(self, export: WarcExport, *, start: int) -> None:
        self._export = export
        self._pos = start
        self._wake = threading.Event()
        self._stop = False
        self.error: BaseException | None = None
        self._thread = threading.Thread(target=self._work, name="seaspider-warc", daemon=True)
        self._thread.start()

    @property
    def records(self) -> dict[str, int]:
        """Records written so far, by WARC-Type."""
        return dict(self._export.files.records)

    def poke(self, *_args: object) -> None:
        self._wake.set()

    def _catch_up(self) -> None:
        end = (self._export.store / "pages.jsonl").stat().st_size
        self._pos = self._export.run(self._pos, end)

    def _work(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            try:
                self._catch_up()
            except BaseException as exc:  # noqa: BLE001 - reported by finish() on the main thread
                self.error = exc
                return
            if self._stop:
                return

    def _join(self) -> None:
        self._stop = True
        self._wake.set()
        self._thread.join()

    def abort(self) -> None:
        """Stop without finishing: the files of this output are removed."""
        self._join()
        self._export.files.abort()
        self._export.close()

    def finish(self) -> list[Path]:
        """Export what is left, close the files and return them; re-raises a failure of the thread."""
        self._join()
        try:
            if self.error is not None:
                raise self.error
            self._catch_up()
            return self._export.files.close()
        except BaseException:
            self._export.files.abort()
            raise
        finally:
            self._export.close()
