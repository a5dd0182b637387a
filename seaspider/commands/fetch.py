"""`seaspider fetch CONFIG QUEUE`: fetch a queue politely into the store, print a JSON summary."""

from __future__ import annotations

import argparse
import dataclasses
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from seaspider.commands._common import config_and_lock
from seaspider.errors import UsageError

__all__ = ["DESCRIPTION", "HELP", "StopRequest", "add_arguments", "run"]

if TYPE_CHECKING:
    from seaspider.commands._warc import CrawlFollower
    from seaspider.config import Config

HELP = "fetch a queue of URLs into the store, print a JSON summary"
DESCRIPTION = """Fetch every URL of QUEUE politely as MovaBot and store the pages.

QUEUE has one URL per line: a JSON object with "url", or a TSV or plain line
whose first field is the URL. Empty lines and lines starting with # are skipped;
a URL repeated (after canonicalisation) is fetched once; a bad line is reported
on stderr with its number and skipped, and the run goes on.

A JSON line may carry "priority" (an integer, default 0): within a host,
higher first, then file order; across hosts, the host whose next URL has the
highest priority is served first. Followed links get their page's priority - 1.

The queue goes into the store's frontier (STORE/frontier.sqlite) as it is
read, so the first request goes out at once whatever the queue's size, and
memory stays flat. The run resumes from the frontier: lines it already holds
are not read again (a grown file adds its new lines; a changed one is read
again and only new URLs are added), URLs queued by an earlier run that was
stopped are fetched too, and a URL whose latest record is an error is tried
again (resume.refetch_after_secs also makes old pages due: they are asked for
with If-None-Match / If-Modified-Since, and a 304 is recorded as not_modified).
A URL that was in flight when an earlier run crashed is fetched again. The
journal stays the source of truth: delete the frontier and it is rebuilt.

A 429, a 503 or a failed connection is retried up to fetch.retries times
(default 2) after max(Retry-After, 30 s doubling), each retry a journal line;
a Retry-After above politeness.max_crawl_delay_secs defers the URL, and a 429
or 503 doubles that host's delay until it answers normally again.
With follow.enabled, same-host links that are not nofollow are followed.

With follow.sitemaps (or --sitemaps), the sitemap files each queue origin's
robots.txt names are fetched like any page (booked, robots-checked, stored),
and the pages they list are queued after that host's queue lines and their
links, in sitemap order, with the sitemap as parent; a JSON line with
"kind": "sitemap" is always read as a sitemap. Formats: sitemaps.org urlset
and index, gzip, plain text, RSS and Atom; at most 50,000 URLs and 50 MiB per
file, two levels, follow.max_sitemaps files per origin.

stdout gets one JSON summary: counts by outcome, bytes, pages/s, wall time,
hosts, skipped by resume, bad lines, followed links, sitemaps read and the page
URLs they queued, retries and the store path.
stderr gets a live progress line when it is a terminal, one line per URL with
--verbose, and the bad queue lines.

With --warc OUT.warc.gz, the run also writes what it fetched as WARC/1.1 files
while it crawls (the records `seaspider export-warc` would write for this run's
journal lines; see `seaspider export-warc --help`), and the summary names them.

Ctrl-C (SIGINT) or SIGTERM stops the run gently: the requests in flight finish
and are stored, the rest is counted as not_started (and stays queued for the
next run), the summary is printed and the exit status is 1. Nothing is left
half-written.

With --cluster redis://HOST:PORT/DB (or cluster.url in the configuration), this
process is one node of a cluster: QUEUE goes into the cluster's shared frontier
(a URL the cluster has seen is not added again), the node works until the
cluster's frontier is empty, writes what it fetched into its own store, and
prints its own summary with a "cluster" object. See `seaspider work --help`.

examples:
  seaspider fetch config.json urls.txt
  seaspider fetch config.json urls.txt --cluster redis://10.0.0.5:6379/0 --node crawler-1
  seaspider fetch config.json urls.txt --verbose 2> fetch.log
  seaspider fetch config.json urls.txt --warc crawl.warc.gz
  seaspider fetch --sitemaps config.json sites.txt
  printf 'https://a.example/\\n{"url": "https://b.example/x", "priority": 5}\\n' > q.txt
  seaspider fetch config.json q.txt | python -m json.tool"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the configuration file (JSON)")
    parser.add_argument("queue", metavar="QUEUE", help="the queue file: one URL per line (JSON, TSV or plain)")
    parser.add_argument("--verbose", "-v", action="store_true", help="log one line per URL on stderr")
    parser.add_argument("--warc", metavar="OUT.warc.gz", help="also write this run's fetches as WARC files (must not exist yet)")
    parser.add_argument("--sitemaps", action="store_true", help="read the sitemaps each origin's robots.txt names (sets follow.sitemaps)")
    from seaspider.commands._cluster import add_cluster_arguments

    add_cluster_arguments(parser, required=False)


class StopRequest:
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

    def __enter__(self) -> StopRequest:
        for sig in (signal.SIGINT, signal.SIGTERM):
            self._previous[sig] = signal.signal(sig, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for sig, handler in self._previous.items():
            signal.signal(sig, handler)  # type: ignore[arg-type]


def _and_then(first: Callable[[Any], None], then: Callable[[], None]) -> Callable[[Any], None]:
    """A visit hook that calls `first(visit)`, then `then()` (the WARC follower reads the new line)."""

    def both(visit: Any) -> None:
        first(visit)
        then()

    return both


def _warc_follower(config: Config, out: str) -> CrawlFollower:
    """Starts exporting this run's journal lines (from the journal's end now) into OUT as they land."""
    import time

    from seaspider.commands._warc import CrawlFollower, config_summary
    from seaspider.store.warc_export import WarcExport, warcinfo_fields
    from seaspider.store.warc_files import WarcFiles

    info = warcinfo_fields(user_agent=config.user_agent, config=config_summary(config))
    files = WarcFiles(Path(out), warcinfo=info, now_unix=time.time())
    start = (Path(config.store) / "pages.jsonl").stat().st_size
    return CrawlFollower(WarcExport(Path(config.store), files), start=start)


def _finish_warc(follower: CrawlFollower) -> dict[str, Any]:
    """Export the rest, close the files; what the summary says about them."""
    files = follower.finish()
    records = follower.records
    return {"files": [str(p) for p in files], "bytes": sum(p.stat().st_size for p in files),
            "records": {kind: records.get(kind, 0) for kind in ("warcinfo", "request", "response", "revisit", "metadata")}}


def run(args: argparse.Namespace) -> int:
    # The singleton lock comes first: before the queue is read or the store is opened.
    config, lock = config_and_lock(args.config, f"fetch {args.queue}")
    if args.sitemaps:
        config = dataclasses.replace(config, follow=dataclasses.replace(config.follow, sitemaps=True))
    from seaspider.commands._cluster import clustered, run_node_command

    if clustered(args, config):
        if args.warc is not None:
            with lock:
                raise UsageError("--warc and --cluster do not go together yet; export each node's store with seaspider export-warc.")
        return run_node_command(args, config, lock, queue=args.queue, wait=False)
    with lock:
        from seaspider.crawl.job import Crawl
        from seaspider.crawl.progress import ProgressLine
        from seaspider.output import emit_json
        from seaspider.store.writer import StoreWriter

        queue = Path(args.queue)
        try:
            # Bad input loses nothing: an unreadable queue is refused before the store is opened.
            with open(queue, "rb") as stream:
                stream.read(1)
        except OSError as exc:
            raise UsageError(f"{args.queue}: the queue file cannot be read ({exc.strerror or exc}).") from exc
        if args.warc is not None:
            from seaspider.store.warc_files import check_out_path

            check_out_path(Path(args.warc))  # before the store is touched: bad input loses nothing
        progress = ProgressLine(sys.stderr, verbose=args.verbose)
        with StopRequest(progress.note) as stop:
            with StoreWriter.open(
                config.store,
                segment_max_bytes=config.storage.segment_max_bytes,
                zstd_level=config.storage.zstd_level,
            ) as writer:
                follower = _warc_follower(config, args.warc) if args.warc is not None else None
                try:
                    summary = Crawl(config, writer).run_queue(
                        queue,
                        label=args.queue,
                        should_stop=stop.event.is_set,
                        on_progress=progress.update,
                        on_visit=progress.visit if follower is None else _and_then(progress.visit, follower.poke),
                        on_retry=progress.retry,
                        on_bad_line=lambda bad: progress.note(bad.reason),
                        on_note=progress.note,
                    )
                except BaseException:
                    if follower is not None:
                        follower.abort()  # a failed run leaves no partial archive
                    raise
                finally:
                    progress.finish()
                warc = _finish_warc(follower) if follower is not None else None
        report = summary.to_json(queue=args.queue)
        if warc is not None:
            report["warc"] = warc
        emit_json(report)
        return 1 if summary.interrupted else 0
