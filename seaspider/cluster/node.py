"""One node of a cluster: joins the shared frontier, loads its queue (if any), crawls, leaves.

Glue only: builds the link, the leases, the shared queue and frontier, the shared booking and
robots.txt cache, starts the loader thread, runs the crawl job on them (crawl/job.py), and
releases every lease on the way out so the other nodes take its hosts at once. Knows nothing
about the command line.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.clock import Clock, SystemClock
from seaspider.cluster.booking import SharedBooking
from seaspider.cluster.frontier import ClusterFrontier
from seaspider.cluster.leases import Leases
from seaspider.cluster.link import Link
from seaspider.cluster.loader import LoadReport, SharedLoader
from seaspider.cluster.queue import Loaded, SharedQueue, SharedSeen
from seaspider.cluster.robots import SharedRobots
from seaspider.cluster.settings import ClusterSettings
from seaspider.config import Config
from seaspider.crawl.frontier import window_for
from seaspider.crawl.job import Crawl
from seaspider.crawl.summary import CrawlSummary
from seaspider.crawl.queuefile import BadLine
from seaspider.errors import ClusterError, UsageError
from seaspider.net.fetch import END_MARGIN_S
from seaspider.store.writer import StoreWriter

__all__ = ["NodeRun", "quiet_s", "run_node"]


def quiet_s(config: Config) -> float:
    """How long a fresh server's crawl books nothing: nobody knows when its IPs were last asked,
    so every host's longest allowed crawl-delay (and at least one IP rest) must pass first."""
    return max(config.politeness.max_crawl_delay_secs, config.politeness.ip_interval_ms / 1000 + END_MARGIN_S)


@dataclass(frozen=True, slots=True)
class NodeRun:
    """What one node did: the crawl's summary, and its part in the cluster (the summary's `cluster`)."""

    summary: CrawlSummary
    load: LoadReport | None
    cluster: dict[str, Any]


def run_node(config: Config, settings: ClusterSettings, writer: StoreWriter, *, queue: Path | None = None, label: str | None = None,
             wait: bool = False, clock: Clock | None = None, on_note: Callable[[str], None] | None = None,
             on_bad_line: Callable[[BadLine], None] | None = None, **hooks: Any) -> NodeRun:  # fmt: skip
    """Join, load `queue` (when given), crawl until the cluster's queue is empty (or, with `wait`,
    until `should_stop()`); blocking. Hooks as for `Crawl.run`."""
    return asyncio.run(_run(config, settings, writer, queue=queue, label=label or str(queue), wait=wait, clock=clock or SystemClock(),
                            on_note=on_note, on_bad_line=on_bad_line, **hooks))  # fmt: skip


async def _run(config: Config, settings: ClusterSettings, writer: StoreWriter, *, queue: Path | None, label: str, wait: bool,
               clock: Clock, on_note: Callable[[str], None] | None, on_bad_line: Callable[[BadLine], None] | None,
               should_stop: Callable[[], bool] = lambda: False, **hooks: Any) -> NodeRun:  # fmt: skip
    loop = asyncio.get_running_loop()
    link = await asyncio.to_thread(Link.open, settings, store=str(writer.path), quiet_s=quiet_s(config))
    if link.joined.fresh and on_note is not None:
        on_note(f"{settings.shown} had no state for the crawl {settings.name!r}, so it starts now; no IP is asked before "
                f"{link.joined.quiet_s:g} s have passed (politeness.max_crawl_delay_secs).")  # fmt: skip
    refetch = config.resume.refetch_after_secs
    leases = Leases(settings.lease_ms / 1000)
    shared = SharedQueue(link, leases, follow_max_pages=config.follow.max_pages, follow_max_per_directory=config.follow.max_per_directory,
                         recorded=lambda url: not writer.should_fetch(url, now_unix=clock.time(), refetch_after_secs=refetch))  # fmt: skip
    frontier = ClusterFrontier(link, shared, leases, capacity=window_for(config.fetch.concurrency), clock=clock,
                               sort_query=config.fetch.sort_query, wait=wait)  # fmt: skip
    alink = link.async_scripts()
    booking = SharedBooking(alink, config, token_of=leases.token, renewed=lambda host, sent_s: leases.renewed((host,), sent_s=sent_s),
                            clock=clock, note=on_note)  # fmt: skip
    robots = SharedRobots(alink, config)
    failure: list[BaseException] = []
    report: list[LoadReport] = []
    thread = None
    if queue is not None:

        def on_batch(_loaded: Loaded) -> None:
            loop.call_soon_threadsafe(frontier.note_work)

        def on_bad(bad: BadLine) -> None:
            if on_bad_line is not None:
                loop.call_soon_threadsafe(on_bad_line, bad)

        loader = SharedLoader(shared, queue, label=label, node=settings.node, sort_query=config.fetch.sort_query,
                              track_dirs=config.follow.enabled, on_batch=on_batch, on_bad=on_bad,
                              should_stop=lambda: bool(failure) or should_stop() or link.failure is not None)  # fmt: skip

        def load() -> None:
            try:
                report.append(loader.load())
            except OSError as exc:
                failure.append(UsageError(f"{label}: the queue file cannot be read ({exc.strerror or exc})."))
            except BaseException as exc:  # noqa: BLE001 - handed to the run, which raises it
                failure.append(exc)
            finally:
                loop.call_soon_threadsafe(frontier.set_loading, False)

        frontier.set_loading(True)
        thread = threading.Thread(target=load, name="seaspider-cluster-loader", daemon=True)
        thread.start()
    crawl = Crawl(config, writer, clock=clock)
    try:
        summary = await crawl.run_shared_async(frontier, shared, seen=SharedSeen(link) if config.follow.enabled else None,
                                               booking=booking, robots_share=robots,
                                               should_stop=lambda: bool(failure) or should_stop(), **hooks)  # fmt: skip
    finally:
        if thread is not None:
            await asyncio.to_thread(thread.join)
        if link.failure is None:
            try:
                await asyncio.to_thread(frontier.tick, leave=True)  # the other nodes take this node's hosts at once
            except ClusterError:
                pass  # the run's own failure, if any, is the one to report
        await alink.aclose()
        link.close()
    if failure:
        raise failure[0]
    link.check()
    cluster = {
        "url": settings.shown, "name": settings.name, "node": settings.node,
        "loaded": report[0].new if report else 0, "already_queued": report[0].held if report else 0,
        "hosts_claimed": frontier.claims, "hosts_lost": frontier.lost, "hosts_handed_back": frontier.handed_back, "skipped_recorded": shared.skipped_recorded,
        "robots_shared_in": robots.shared_in, "robots_shared_out": robots.shared_out, "booking_waits": booking.waits,
        "redis_calls": link.calls, "redis_calls_by": dict(sorted(link.calls_by.items())), "batched_operations": alink.batcher.operations,
    }  # fmt: skip
    # This node's plan is what it took from the shared queue: the URLs it recorded (the rest is the cluster's).
    summary = dataclasses.replace(summary, planned=summary.visited)
    return NodeRun(summary, report[0] if report else None, cluster)
