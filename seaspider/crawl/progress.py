"""What a running crawl shows on stderr: a live line on a terminal, log lines with --verbose.

Formatting is pure (`format_progress`, `format_visit`); `ProgressLine` is the thin stderr edge.
Nothing here touches stdout, which carries only the JSON summary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TextIO

from seaspider.clock import Clock, SystemClock
from seaspider.web.records import Outcome, Retry, Visit

__all__ = ["Progress", "ProgressLine", "REDRAW_INTERVAL_S", "format_progress", "format_retry", "format_visit"]

REDRAW_INTERVAL_S = 0.2  # a terminal line redrawn faster than this only costs CPU


@dataclass(frozen=True, slots=True)
class Progress:
    """A crawl's counts at one moment."""

    done: int
    total: int
    errors: int  # outcome error so far
    hosts: int  # distinct hosts visited so far
    elapsed_s: float
    bytes: int = 0

    @property
    def rate(self) -> float:
        """Pages per second since the start."""
        return self.done / self.elapsed_s if self.elapsed_s > 0 else 0.0

    @property
    def eta_s(self) -> float | None:
        """Seconds left at the current rate; None before there is a rate."""
        rate = self.rate
        if rate <= 0:
            return None
        return max(0, self.total - self.done) / rate


def _clock_text(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    whole = int(round(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def format_progress(p: Progress) -> str:
    """`  120/1000 pages  34.5/s  ETA 0:25  17 hosts  2 errors`."""
    width = len(str(p.total))
    return (
        f"{p.done:>{width}}/{p.total} pages  {p.rate:.1f}/s  ETA {_clock_text(p.eta_s)}  "
        f"{_plural(p.hosts, 'host')}  {_plural(p.errors, 'error')}"
    )


def format_visit(visit: Visit) -> str:
    """One --verbose log line: outcome, status, URL, size or reason, time."""
    status = str(visit.status) if visit.status is not None else "-"
    line = f"{visit.outcome} {status} {visit.url}"
    if visit.final_url != visit.url:
        line += f" -> {visit.final_url}"
    if visit.outcome in (Outcome.FETCHED, Outcome.NOT_MODIFIED):
        line += f" {len(visit.body)} bytes"
        if visit.truncated:
            line += " (truncated)"
    elif visit.outcome == Outcome.DISALLOWED and visit.robots is not None and visit.robots.rule:
        # The URL is already on the line: the deciding rule is what the reader needs.
        line += f" (robots.txt rule {visit.robots.rule})"
    elif visit.reason:
        line += f" ({visit.reason.rstrip('.')})"
    return line + f" {visit.ms} ms"


def format_retry(retry: Retry) -> str:
    """One --verbose log line for a retry: `retry 1 URL (HTTP 503 Service Unavailable; retry 1 of 2 after 30 s)`."""
    return f"retry {retry.attempt} {retry.url} ({retry.reason})"


class ProgressLine:
    """Writes progress to `stream`: a redrawn line on a terminal, or per-URL lines when verbose."""

    def __init__(self, stream: TextIO, *, tty: bool | None = None, verbose: bool = False, clock: Clock | None = None):
        self._stream = stream
        self._tty = stream.isatty() if tty is None else tty
        self._verbose = verbose
        self._clock = clock or SystemClock()
        self._last_draw = float("-inf")
        self._drawn = 0  # width of the line on screen, to blank it out

    def visit(self, visit: Visit) -> None:
        """Log one finished URL (only with --verbose)."""
        if self._verbose:
            self._clear()
            self._stream.write(format_visit(visit) + "\n")
            self._stream.flush()

    def retry(self, retry: Retry) -> None:
        """Log one retry (only with --verbose)."""
        if self._verbose:
            self._clear()
            self._stream.write(format_retry(retry) + "\n")
            self._stream.flush()

    def update(self, progress: Progress, *, force: bool = False) -> None:
        """Redraw the live line, at most every REDRAW_INTERVAL_S unless forced."""
        if not self._tty:
            return
        now = self._clock.monotonic()
        if not force and now - self._last_draw < REDRAW_INTERVAL_S:
            return
        self._last_draw = now
        text = format_progress(progress)
        pad = " " * max(0, self._drawn - len(text))
        self._stream.write("\r" + text + pad)
        self._stream.flush()
        self._drawn = len(text)

    def note(self, message: str) -> None:
        """A human message on its own line (the live line is redrawn at the next update)."""
        self._clear()
        self._stream.write(message + "\n")
        self._stream.flush()

    def finish(self) -> None:
        """Blank the live line so the shell prompt starts clean."""
        self._clear()

    def _clear(self) -> None:
        if self._tty and self._drawn:
            self._stream.write("\r" + " " * self._drawn + "\r")
            self._stream.flush()
            self._drawn = 0
            self._last_draw = float("-inf")
