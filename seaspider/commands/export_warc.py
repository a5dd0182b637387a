"""`seaspider export-warc STORE OUT.warc.gz`: write a store as standard web archives (WARC/1.1)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from seaspider.errors import UsageError

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "write the store as WARC/1.1 web archives (OUT.warc.gz, rolled over at 1 GB)"
DESCRIPTION = """Write what the store holds as WARC/1.1 files (ISO 28500), the format wget,
Heritrix, Browsertrix and pywb read and write.

The archive starts with a warcinfo record (software, robot identity and, with
--config, what the crawl was set to do). Then, in journal order, every request
made for robots.txt, a page or a redirect gets a request record and a response
record (target URI, the date the request started, the server's IP, payload and
block digests, each pointing at the other). A body already written earlier in
the export becomes a revisit record (identical-payload-digest profile) that
refers to the first one. A disallowed, deferred or failed page, a 304 that
confirmed a stored page and an unreachable robots.txt each get a metadata record
saying what happened and why.

Response records hold the heads as the server sent them. With
storage.keep_encoded_bodies the body is the one received (still gzip or brotli
encoded), so the record is byte for byte what the server sent. Otherwise it is
the decoded body, and the headers that no longer describe it are renamed
X-Orig-Content-Encoding, X-Orig-Content-Length and X-Orig-Transfer-Encoding (as
Browsertrix does; replay tools accept it). A store written before heads were
captured still exports: its response heads are rebuilt from the kept headers
and marked with a Sea-Spider-Head field, and it has no request records.

Each record is gzipped on its own. A file that reaches --max-file-bytes is
closed and the next record goes to OUT-00001.warc.gz, OUT-00002.warc.gz, ...
Files are written as NAME.part and renamed when complete. The export streams:
its memory does not grow with the store, and it never blocks a running crawl.

stdout gets one JSON summary (files, bytes, records by type, lines exported);
stderr gets a live progress line on a terminal. A line whose stored frame is
damaged is skipped and named on stderr, and the exit status is then 1.

examples:
  seaspider export-warc store/ crawl.warc.gz
  seaspider export-warc store/ a.warc.gz --host a.example --since 1790000000
  seaspider export-warc store/ crawl.warc.gz --config config.json
  seaspider export-warc store/ quick.warc.gz --gzip-level 1     about twice as fast, larger
  warcio check crawl.warc.gz && warcio index crawl.warc.gz"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("store", metavar="STORE", help="the store directory (the `store` of the configuration)")
    parser.add_argument("out", metavar="OUT.warc.gz", help="the first output file; it must not exist yet")
    parser.add_argument("--since", metavar="UNIX", type=float, help="only what was fetched at or after this Unix time")
    parser.add_argument("--host", metavar="HOST", help="only the pages and robots.txt of this host (e.g. a.example)")
    parser.add_argument("--config", metavar="CONFIG", help="the crawl's configuration, summarised in the warcinfo record")
    parser.add_argument("--max-file-bytes", metavar="BYTES", type=int, default=None,
                        help="start a new file once one reaches this size (default 1000000000, 1 GB)")
    parser.add_argument("--gzip-level", metavar="N", type=int, default=None,
                        help="gzip level of every record, 1 (fastest) to 9 (smallest); default 6")


def _first_user_agent(store: Path) -> str | None:
    """The user agent of the first page line: the robot identity when no configuration is given."""
    from seaspider.store.journal import iter_lines

    for _off, raw in iter_lines(store / "pages.jsonl"):
        try:
            line = json.loads(raw)
        except ValueError:
            continue
        if isinstance(line, dict) and line.get("kind") == "page" and line.get("user_agent"):
            return str(line["user_agent"])
    return None


def run(args: argparse.Namespace) -> int:
    from seaspider.commands._warc import ExportProgress, config_summary, summary
    from seaspider.config import load_config
    from seaspider.errors import StoreError
    from seaspider.output import emit_json, say
    from seaspider.store.warc_export import ExportScope, WarcExport, warcinfo_fields
    from seaspider.store.warc_files import DEFAULT_GZIP_LEVEL, DEFAULT_MAX_FILE_BYTES, WarcFiles, check_out_path

    # Bad input loses nothing: everything is checked before the first byte is written.
    store, out = Path(args.store), Path(args.out)
    if args.since is not None and not args.since >= 0:
        raise UsageError(f"--since {args.since:g} is not a Unix time; give seconds since 1970 (0 or more).")
    host = None
    if args.host is not None:
        host = args.host.strip().lower().rstrip(".")
        if not host or any(c in host for c in "/:@ "):
            raise UsageError(f"--host {args.host!r} is not a host name; give one like a.example (no scheme, port or path).")
    max_bytes = DEFAULT_MAX_FILE_BYTES if args.max_file_bytes is None else args.max_file_bytes
    if max_bytes < 1:
        raise UsageError(f"--max-file-bytes {max_bytes} is less than the minimum of 1.")
    level = DEFAULT_GZIP_LEVEL if args.gzip_level is None else args.gzip_level
    if not 1 <= level <= 9:
        raise UsageError(f"--gzip-level {level} is outside 1 to 9 (1 is fastest, 9 smallest).")
    if not (store / "pages.jsonl").is_file():
        raise StoreError(f"{store} is not a Sea Spider store (it has no pages.jsonl); `seaspider fetch` creates one.")
    config = load_config(args.config) if args.config else None
    check_out_path(out)

    scope = ExportScope(since_unix=args.since, host=host)
    user_agent = config.user_agent if config is not None else _first_user_agent(store)
    info = warcinfo_fields(user_agent=user_agent, config=config_summary(config) if config else (), scope=scope, store=store)
    started = time.monotonic()
    files = WarcFiles(out, warcinfo=info, now_unix=time.time(), max_file_bytes=max_bytes, gzip_level=level)
    export = WarcExport(store, files, scope=scope)
    end = (store / "pages.jsonl").stat().st_size
    progress = ExportProgress(sys.stderr, files, total_bytes=end)
    try:
        try:
            export.run(0, end, on_line=progress.update)
            written = files.close()
        except OSError as exc:
            files.abort()
            raise StoreError(f"{out}: could not write the archive ({exc.strerror or exc}); nothing of it was kept.") from exc
        except BaseException:
            files.abort()
            raise
        finally:
            progress.finish()
    finally:
        export.close()
    for note in export.counts.damage_notes:
        say(f"seaspider: skipped a damaged record: {note}.")
    if export.counts.damaged > len(export.counts.damage_notes):
        say(f"seaspider: … and {export.counts.damaged - len(export.counts.damage_notes)} more damaged lines skipped.")
    emit_json(summary(export, written, wall_s=time.monotonic() - started))
    return 1 if export.counts.damaged else 0
