"""The service's job runner: the one crawler (store writer, fetcher with its robots cache and per-IP timers).

Created in the worker thread and used only there, with one event loop that lives as long as the
runner, so politeness and the robots cache carry over from job to job. Knows nothing about sockets.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from seaspider.config import Config
from seaspider.service.jobs import Job, JobKind, JobResult, UrlDone
from seaspider.web.records import Outcome, Visit

__all__ = ["CrawlJobRunner"]

_GOOD = (str(Outcome.FETCHED), str(Outcome.NOT_MODIFIED))
_FAILED = (str(Outcome.DISALLOWED), str(Outcome.DEFERRED), str(Outcome.ERROR))


class CrawlJobRunner:
    """Runs fetch jobs through `Crawl` and robots checks through the fetcher, in one event loop."""

    def __init__(self, config: Config, *, fetcher_faults: Any = None) -> None:
        from seaspider.net.fetch import Fetcher
        from seaspider.store.writer import StoreWriter

        self.config = config
        self._loop = asyncio.new_event_loop()
        self.writer = StoreWriter.open(
            config.store, segment_max_bytes=config.storage.segment_max_bytes, zstd_level=config.storage.zstd_level
        )

        async def make() -> Fetcher:
            # Robots checks journal straight to the store; a crawl borrows the sink for its own order.
            return Fetcher(config, state=self.writer, on_robots=self.writer.record_robots, faults=fetcher_faults)

        try:
            self.fetcher = self._loop.run_until_complete(make())
        except BaseException:
            self.writer.close()
            self._loop.close()
            raise

    def run(self, job: Job, *, should_stop: Callable[[], bool], on_now: Callable[[str], None], on_url: Callable[[UrlDone], None]) -> JobResult:
        """Do one job to its end or until `should_stop()` (the URLs in flight finish first)."""
        if job.kind is JobKind.ROBOTS:
            on_now(job.urls[0])
            verdict = self._loop.run_until_complete(self.fetcher.check_robots(job.urls[0]))
            return JobResult(verdict=verdict)
        from seaspider.crawl.job import Crawl

        crawl = Crawl(self.config, self.writer, self.fetcher)

        def on_visit(visit: Visit) -> None:
            on_url(UrlDone(visit.url, str(visit.outcome), visit.status))

        summary = self._loop.run_until_complete(crawl.run_async(
            job.urls, should_stop=should_stop, on_visit=on_visit, on_start=on_now, on_robots_check=on_now
        ))
        outcomes = summary.outcomes
        return JobResult(
            fetched=sum(int(outcomes.get(k, 0)) for k in _GOOD),
            failed=sum(int(outcomes.get(k, 0)) for k in _FAILED),
            not_started=tuple(summary.not_started),
            interrupted=summary.interrupted,
        )

    def close(self) -> None:
        try:
            self._loop.run_until_complete(self.fetcher.aclose())
        finally:
            self._loop.close()
            self.writer.close()
