"""Running a cluster node from `fetch --cluster` and `work`: the store, the stop request, the summary."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

__all__ = ["add_cluster_arguments", "clustered", "run_node_command"]

if TYPE_CHECKING:
    from seaspider.config import Config
    from seaspider.lock import HeldLock


def add_cluster_arguments(parser: argparse.ArgumentParser, *, required: bool) -> None:
    parser.add_argument("--cluster", metavar="URL", required=False,
                        help="the shared frontier: redis://HOST:PORT/DB (default: the config's cluster.url)"
                        + ("" if required else "; without either, the crawl is this process's alone"))  # fmt: skip
    parser.add_argument("--node", metavar="NAME", help="this node's name (default: the config's cluster.node, else HOSTNAME-PID)")


def clustered(args: argparse.Namespace, config: Config) -> bool:
    """True when the command runs as a cluster node (a flag or the config names a cluster)."""
    return args.cluster is not None or config.cluster.url is not None


def run_node_command(args: argparse.Namespace, config: Config, lock: HeldLock, *, queue: str | None, wait: bool) -> int:
    """Join the cluster, crawl, print this node's summary (JSON); the exit status."""
    from seaspider.cluster.node import run_node
    from seaspider.cluster.settings import settings_for
    from seaspider.commands.fetch import StopRequest
    from seaspider.crawl.progress import ProgressLine
    from seaspider.errors import UsageError
    from seaspider.output import emit_json
    from seaspider.store.writer import StoreWriter

    with lock:
        settings = settings_for(config, url=args.cluster, node=args.node)  # bad input loses nothing: checked first
        if config.follow.sitemaps:
            raise UsageError("follow.sitemaps (--sitemaps) and --cluster do not go together yet; "
                             "read the sitemaps with a plain seaspider fetch, or turn follow.sitemaps off for the nodes.")  # fmt: skip
        if queue is not None:
            try:
                with open(queue, "rb") as stream:
                    stream.read(1)
            except OSError as exc:
                raise UsageError(f"{queue}: the queue file cannot be read ({exc.strerror or exc}).") from exc
        progress = ProgressLine(sys.stderr, verbose=getattr(args, "verbose", False))
        with StopRequest(progress.note) as stop:
            with StoreWriter.open(config.store, segment_max_bytes=config.storage.segment_max_bytes,
                                  zstd_level=config.storage.zstd_level) as writer:  # fmt: skip
                try:
                    done = run_node(
                        config, settings, writer, queue=Path(queue) if queue is not None else None, label=queue, wait=wait,
                        should_stop=stop.event.is_set, on_progress=progress.update, on_visit=progress.visit,
                        on_retry=progress.retry, on_bad_line=lambda bad: progress.note(bad.reason), on_note=progress.note,
                    )  # fmt: skip
                finally:
                    progress.finish()
        load = done.load
        report = done.summary.to_json(queue=queue, bad_lines=load.bad if load else 0, duplicates=0)
        report["cluster"] = done.cluster
        emit_json(report)
        if wait:
            return 0  # SIGTERM is how a waiting node is meant to stop
        return 1 if done.summary.interrupted else 0
