"""`seaspider fetch CONFIG QUEUE`: fetch a queue politely into the store, print a JSON summary."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

from seaspider.commands._common import config_and_lock
from seaspider.errors import UsageError

HELP = "fetch a queue of URLs into the store, print a JSON summary"
DESCRIPTION = """Fetch every URL of QUEUE politely as MovaBot and store the pages.

QUEUE has one URL per line: a JSON object with "url", or a TSV or plain line
whose first field is the URL. Empty lines and lines starting with # are skipped;
a URL repeated (after canonicalisation) is fetched once; a bad line is reported
on stderr with its number and skipped, and the run goes on.

The run resumes: a URL whose latest stored record is not an error is skipped
(unless resume.refetch_after_secs makes it due: then it is asked for with
If-None-Match / If-Modified-Since, and a 304 is recorded as not_modified).
A URL that was in flight when an earlier run crashed is fetched again.
With follow.enabled, same-host links that are not nofollow are followed.
With follow.sitemaps (or --sitemaps), the sitemaps each queue origin's robots.txt
names are fetched like any page, and the pages they list are queued after the
queue's own URLs for their host; a JSON line {"url": ..., "kind": "sitemap"} is
always read as a sitemap.

stdout gets one JSON summary: counts by outcome, bytes, pages/s, wall time,
hosts, skipped by resume, bad lines, followed links and the store path.
stderr gets a live progress line when it is a terminal, one line per URL with
--verbose, and the bad queue lines.

Ctrl-C (SIGINT) or SIGTERM stops the run gently: the requests in flight finish
and are stored, the rest is counted as not_started, the summary is printed and
the exit status is 1. Nothing is left half-written.

examples:
  seaspider fetch config.json urls.txt
  seaspider fetch config.json urls.txt --verbose 2> fetch.log
  printf 'https://a.example/\\n{"url": "https://b.example/x"}\\n' > q.txt
  seaspider fetch config.json q.txt | python -m json.tool"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the configuration file (JSON)")
    parser.add_argument("queue", metavar="QUEUE", help="the queue file: one URL per line (JSON, TSV or plain)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log one line per URL on stderr")
    parser.add_argument("--sitemaps", action="store_true", help="read the sitemaps robots.txt names (sets follow.sitemaps)")


class _StopRequest:
    """SIGINT/SIGTERM set a flag the crawl polls; the crawl finishes what is in flight."""

    def __init__(self, say: object) -> None:
        self.event = threading.Event()
        self._say = say
        self._previous: dict[int, object] = {}

    def _handle(self, signum: int, _frame: FrameType | None) -> None:
        name = signal.Signals(signum).name
        if not self.event.is_set():
            self.event.set()
            self._say(f"{name}: finishing the requests in flight, then stopping; the rest is not started.")  # type: ignore[operator]
        else:
            # Killing now is safe too: a request cut off is journaled as uncertain and fetched next time.
            self._say(f"{name}: still finishing the requests in flight (at most fetch.timeout_ms); SIGKILL would abandon them.")  # type: ignore[operator]

    def __enter__(self) -> _StopRequest:
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]


def run(args: argparse.Namespace) -> int:
    # The singleton lock comes first: before the queue is read or the store is opened.
    config, lock = config_and_lock(args.config, f"fetch {args.queue}")
    if args.sitemaps:
        config = dataclasses.replace(config, follow=dataclasses.replace(config.follow, sitemaps=True))
    with lock:
        from seaspider.crawl.job import Crawl
        from seaspider.output import emit_json
        from seaspider.crawl.progress import ProgressLine
        from seaspider.crawl.queuefile import parse_queue
        from seaspider.store.writer import StoreWriter

        try:
            data = Path(args.queue).read_bytes()
        except OSError as exc:
            raise UsageError(f"{args.queue}: the queue file cannot be read ({exc.strerror or exc}).") from exc
        queue = parse_queue(data, sort_query=config.fetch.sort_query, source=args.queue)
        progress = ProgressLine(sys.stderr, verbose=args.verbose)
        for bad in queue.bad:
            progress.note(bad.reason)
        with _StopRequest(progress.note) as stop:
            with StoreWriter.open(
                config.store,
                segment_max_bytes=config.storage.segment_max_bytes,
                zstd_level=config.storage.zstd_level,
            ) as writer:
                try:
                    summary = Crawl(config, writer).run(
                        queue.urls,
                        should_stop=stop.event.is_set,
                        on_progress=progress.update,
                        on_visit=progress.visit,
                        sitemaps=queue.sitemaps,
                    )
                finally:
                    progress.finish()
        emit_json(summary.to_json(queue=args.queue, bad_lines=len(queue.bad), duplicates=queue.duplicates))
        return 1 if summary.interrupted else 0
