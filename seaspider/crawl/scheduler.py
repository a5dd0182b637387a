"""Async dispatch across IPs: up to `concurrency` visits at once, each to a different IP, in frontier order.

Never busy-waits: when nothing can start, it sleeps until the next free moment politeness
computes, the next retry is due, or a visit, a robots.txt check, a lookup or the frontier's
loader wakes it, whichever comes first. Drives any `CrawlFrontier` (in memory, on disk, shared).
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable, Mapping

from seaspider.clock import Clock
from seaspider.crawl.frontier import CrawlFrontier, Task
from seaspider.errors import FetchError
from seaspider.net.fetch import Fetcher
from seaspider.web.records import Visit
from seaspider.web.urls import URL

__all__ = ["IntentFn", "MAX_LOOKUPS_IN_FLIGHT", "VisitFn", "run_crawl"]

MAX_LOOKUPS_IN_FLIGHT = 32  # name lookups run in threads; more at once only queues them there
# Per-host notes of hosts that left the frontier's window are dropped once they outnumber the
# window's hosts by this much: memory follows the window, not the crawl.
_PRUNE_SLACK = 1024

IntentFn = Callable[[Task], Awaitable[Mapping[str, str] | None]]  # durable intent -> conditional headers
VisitFn = Callable[[Task, Visit], Awaitable[None]]


class _Crawl:
    """One run of the dispatcher: what is in flight, which hosts and IPs it holds, when to wake."""

    def __init__(
        self,
        fetcher: Fetcher,
        frontier: CrawlFrontier,
        *,
        concurrency: int,
        on_intent: IntentFn,
        on_visit: VisitFn,
        should_stop: Callable[[], bool],
        on_robots_check: Callable[[str], None] | None = None,
        clock: Clock | None = None,
        book_decided: bool = False,
    ) -> None:
        if concurrency < 1:
            raise ValueError("concurrency must be at least 1")
        self.fetcher = fetcher
        self.frontier = frontier
        self.concurrency = concurrency
        self.on_intent = on_intent
        self.on_visit = on_visit
        self.should_stop = should_stop
        self.on_robots_check = on_robots_check
        self.clock = clock or fetcher.clock  # for retries' due times (Unix seconds)
        self.book_decided = book_decided
        self.max_crawl_delay_s = fetcher.config.politeness.max_crawl_delay_secs
        self.jobs: set[asyncio.Task[None]] = set()
        self.lookups: dict[str, asyncio.Task[None]] = {}
        self.held_hosts: set[str] = set()
        self.held_ips: dict[str, int] = {}
        self.robots_tried: dict[str, str] = {}  # origin -> its host, for origins whose robots.txt was asked for
        # Earliest moment each host could start, as last computed: a lower bound (rests only grow),
        # so skipping a host before it is exact and saves recomputing every host on every wake.
        self.not_before: dict[str, float] = {}
        self.wake: asyncio.Future[None] | None = None
        self.failure: BaseException | None = None
        frontier.listen(self._poke)

    # ----- waking ----------------------------------------------------------------------------

    def _poke(self, _task: object = None) -> None:
        if self.wake is not None and not self.wake.done():
            self.wake.set_result(None)

    async def _sleep(self, until_s: float) -> None:
        loop = asyncio.get_running_loop()
        self.wake = loop.create_future()
        timer = None
        if until_s < math.inf:
            timer = loop.call_later(max(0.0, until_s - self.fetcher.clock.monotonic()), self._poke)
        try:
            await self.wake
        finally:
            if timer is not None:
                timer.cancel()
            self.wake = None

    # ----- jobs ------------------------------------------------------------------------------

    def _spawn(self, coro: Awaitable[None], host: str, ip: str | None) -> None:
        self.held_hosts.add(host)
        if ip is not None:
            self.held_ips[ip] = self.held_ips.get(ip, 0) + 1

        async def job() -> None:
            try:
                await coro
            except BaseException as exc:  # re-raised by run() after the others finish
                if self.failure is None and not isinstance(exc, asyncio.CancelledError):
                    self.failure = exc
                raise
            finally:
                self.held_hosts.discard(host)
                if ip is not None:
                    left = self.held_ips[ip] - 1
                    if left:
                        self.held_ips[ip] = left
                    else:
                        del self.held_ips[ip]

        task = asyncio.ensure_future(job())
        self.jobs.add(task)
        task.add_done_callback(self._job_done)

    def _job_done(self, task: asyncio.Task[None]) -> None:
        self.jobs.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved; the failure is kept in self.failure
        self._poke()

    async def _visit(self, task: Task) -> None:
        conditional = await self.on_intent(task)
        visit = await self.fetcher.visit(task.url, depth=task.depth, parent=task.parent, conditional=conditional)
        await self.on_visit(task, visit)

    async def _check_robots(self, url: URL) -> None:
        if self.on_robots_check is not None:
            self.on_robots_check(str(url))
        await self.fetcher.check_robots(url)

    def _look_up(self, host: str) -> None:
        async def lookup() -> None:
            try:
                await self.fetcher.resolver.resolve(host)
            except FetchError:
                pass  # cached as an error; the visit reports it
            finally:
                del self.lookups[host]

        task = asyncio.ensure_future(lookup())
        self.lookups[host] = task
        task.add_done_callback(self._poke)

    # ----- dispatch --------------------------------------------------------------------------

    def _dispatch(self) -> float:
        """Start everything that may start now; return the next moment something else could."""
        next_s = math.inf
        politeness = self.fetcher.politeness
        now = self.fetcher.clock.monotonic()
        now_unix = self.clock.time()
        self.frontier.prepare(now_unix)
        due = self.frontier.next_due_unix()
        if due is not None:
            next_s = now + max(0.0, due - now_unix)
        if len(self.jobs) >= self.concurrency:
            return next_s  # full: a job's end wakes us
        if len(self.not_before) + len(self.robots_tried) > 2 * self.frontier_hosts() + _PRUNE_SLACK:
            self._prune(list(self.frontier.heads()))
        for head in self.frontier.heads():
            if len(self.jobs) >= self.concurrency:
                break
            host = head.host
            if host in self.held_hosts:
                continue
            soonest = self.not_before.get(host)
            if soonest is not None and soonest > now:
                next_s = min(next_s, soonest)
                continue
            known = self.fetcher.resolver.peek(host)
            if known is None:
                if host not in self.lookups and len(self.lookups) < MAX_LOOKUPS_IN_FLIGHT:
                    self._look_up(host)
                continue
            if isinstance(known, FetchError):
                self._start_visit(host, None)  # no request: the visit records why
                continue
            free = [ip for ip in known if ip not in self.held_ips]
            if not free:
                continue
            opening = politeness.opening(host, free)
            if opening.ip is None or opening.at_s is None:
                continue
            if opening.at_s > now:
                if not self.book_decided and self._decided_by_cache(head.url):
                    # robots.txt in cache already decides it (disallowed, closed, deferred): no
                    # request goes out, so it is recorded at once instead of waiting for a slot it
                    # never uses (a Crawl-delay of a day would otherwise hold the run for a day).
                    self._start_visit(host, None)
                    continue
                self.not_before[host] = opening.at_s
                next_s = min(next_s, opening.at_s)
                continue
            origin = head.url.origin
            if origin not in self.robots_tried and self.fetcher.cached_verdict(head.url) is None:
                # robots.txt as its own short job, so a visit never holds a place through the 2 s
                # rest between robots.txt and its page.
                self.robots_tried[origin] = host
                self._spawn(self._check_robots(head.url), host, opening.ip)
                continue
            self._start_visit(host, opening.ip)
        return next_s

    def frontier_hosts(self) -> int:
        """Hosts the frontier holds in memory now (a bound for the per-host notes kept here)."""
        return self.frontier.hosts_in_window

    def _prune(self, heads: list[Task]) -> None:
        """Forget per-host notes of hosts no longer in the frontier's window (held hosts keep theirs)."""
        keep = {h.host for h in heads} | self.held_hosts
        self.not_before = {h: t for h, t in self.not_before.items() if h in keep}
        origins = {h.url.origin for h in heads}
        self.robots_tried = {o: h for o, h in self.robots_tried.items() if o in origins or h in self.held_hosts}

    def _decided_by_cache(self, url: URL) -> bool:
        """True when the cached robots.txt verdict settles `url` without a request."""
        verdict = self.fetcher.cached_verdict(url)
        if verdict is None:
            return False
        if not verdict.allowed:
            return True
        delay = verdict.crawl_delay_s
        return delay is not None and delay > self.max_crawl_delay_s

    def _start_visit(self, host: str, ip: str | None) -> None:
        task = self.frontier.take(host)
        self._spawn(self._visit(task), host, ip)

    async def run(self) -> None:
        try:
            while self.failure is None:
                stopping = self.should_stop()
                next_s = math.inf if stopping else self._dispatch()
                if not self.jobs and not self.lookups and (stopping or not len(self.frontier)):
                    break
                await self._sleep(next_s)
        finally:
            if self.failure is not None:
                for task in self.jobs | set(self.lookups.values()):
                    task.cancel()
            await asyncio.gather(*self.jobs, *self.lookups.values(), return_exceptions=True)
        if self.failure is not None:
            raise self.failure


async def run_crawl(
    fetcher: Fetcher,
    frontier: CrawlFrontier,
    *,
    concurrency: int,
    on_intent: IntentFn,
    on_visit: VisitFn,
    should_stop: Callable[[], bool] = lambda: False,
    on_robots_check: Callable[[str], None] | None = None,
    clock: Clock | None = None,
    _book_decided: bool = False,
) -> None:
    """Visit everything in `frontier` (which `on_visit` may grow) politely; `should_stop` ends dispatching.

    `on_intent(task)` is awaited before a URL's first request and returns the conditional headers
    to send (or None); `on_visit(task, visit)` gets its outcome; `on_robots_check(url)` is told when
    robots.txt is fetched for the URL at the head of its host. `clock` (the fetcher's by default)
    tells when a retry in the frontier is due.

    `_book_decided=True` makes a URL that robots.txt in cache already decides wait for a slot
    like any other: fault injection for the negative-control test only, never set by the crawler.
    """
    await _Crawl(
        fetcher, frontier, concurrency=concurrency, on_intent=on_intent, on_visit=on_visit, should_stop=should_stop,
        on_robots_check=on_robots_check, clock=clock, book_decided=_book_decided,
    ).run()
