"""The crawl order: within a host, higher priority first, then arrival order; hosts round-robin in sorted order.

Pure and deterministic: no clock, no I/O. `Frontier` holds every queued URL in memory, or, given a
`FrontierSource` (the disk frontier), only a bounded window of hosts and the first URLs of each,
refilled from the source as they are taken. Timing (which IP is free) only decides which of the
hosts, taken in this order, goes first; it never reorders the URLs of one host.

`CrawlFrontier` is what the scheduler drives: this class, or later a shared (Redis) frontier.

A little over the house's ~450 lines: the in-memory order and the bounded window over a source
are one data structure (the window is the same heaps, refilled), so they stay together.
"""

from __future__ import annotations

import bisect
import heapq
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Protocol

from seaspider.web.urls import URL, parse_url

__all__ = ["CrawlFrontier", "Frontier", "FrontierSource", "Task", "BUFFER_PER_HOST", "window_for"]

# A window host keeps at most this many of its next URLs in memory; a refill reads the next ones.
# Larger saves queries (one per this many URLs taken), smaller saves memory (W hosts x this).
BUFFER_PER_HOST = 32
# Hosts in the window: enough that `concurrency` requests stay busy while every host rests its
# 2 s between requests (at 16 per slot, a slot may serve a host every 16 requests); the floor
# keeps small crawls' order exactly that of a frontier with every host in memory.
MIN_WINDOW_HOSTS = 1024
HOSTS_PER_SLOT = 16
_ADMIT_STEP = 64  # hosts asked of the source per query when the window has room


def window_for(concurrency: int) -> int:
    """How many hosts the window holds for `concurrency` requests at once."""
    return max(MIN_WINDOW_HOSTS, HOSTS_PER_SLOT * concurrency)


@dataclass(frozen=True, slots=True)
class Task:
    """One URL to visit: the parsed canonical URL, link depth, the page it came from (its text).

    The URL is parsed once, where it enters the crawl (queue file, link, sitemap, the disk
    frontier's row), and handed as it is to the scheduler and the fetcher; `str(task.url)` is the
    canonical text the journal and the frontier key it by. `host` is the URL's (lower-case).
    `priority` orders a host's URLs (higher first); `seq` is the arrival order (the row id on
    disk); `attempts` counts retries already made; `not_before_unix` holds a retry back until then.
    """

    url: URL
    depth: int
    parent: str | None
    priority: int = 0
    seq: int = field(default=0, compare=False)
    attempts: int = 0
    not_before_unix: float | None = field(default=None, compare=False)

    @property
    def host(self) -> str:
        """The host the frontier groups this URL under (and politeness books)."""
        return self.url.host

    @property
    def key(self) -> tuple[int, int]:
        """The order within a host: higher priority first, then arrival."""
        return (-self.priority, self.seq)


class FrontierSource(Protocol):
    """The queued URLs behind the window (the disk frontier): read only, in the frontier's order."""

    def hosts_after(self, host: str | None, limit: int) -> list[str]:
        """Up to `limit` hosts with queued URLs, sorted, after `host` (from the start when None)."""
        ...

    def head_tasks(self, host: str, limit: int) -> list[Task]:
        """The first `limit` queued URLs of `host` in its order (those in the window included)."""
        ...


class CrawlFrontier(Protocol):
    """What the scheduler and the crawl job drive: heads in serving order, taking one, settling it.

    `Frontier` (in memory, or a window over the disk frontier) is one; a frontier shared by
    several nodes (issue 16) would be another. URLs found later for a host (followed links,
    sitemaps) are stored by the frontier's owner and announced with `note_added`.
    """

    def prepare(self, now_unix: float) -> None:
        """Bring due retries back and fill the window before `heads` is read."""
        ...

    def heads(self) -> Iterator[Task]:
        """The first URL of each host that has one ready, in serving order."""
        ...

    def take(self, host: str) -> Task:
        """Remove and return the first URL of `host`; the next turn starts after it."""
        ...

    def next_due_unix(self) -> float | None:
        """When the earliest retry becomes due; None when none waits."""
        ...

    def finish(self, task: Task) -> None:
        """`task`'s outcome is durable."""
        ...

    def retry(self, task: Task, *, due_unix: float) -> None:
        """`task` is tried again from `due_unix` on (its retry line is durable)."""
        ...

    def note_added(self, tasks: Iterable[Task]) -> None:
        """Tasks already stored behind the frontier (followed links, sitemap URLs), in arrival order."""
        ...

    def listen(self, wake: Callable[[], None]) -> None:
        """Call `wake` when URLs arrive from elsewhere (a loader, other nodes)."""
        ...

    @property
    def hosts_in_window(self) -> int:
        """Hosts held in memory now: the scheduler keeps its per-host notes for about as many."""
        ...

    def __len__(self) -> int:
        """Nonzero while any URL is queued, waiting for a retry, or may still arrive."""
        ...


class _Host:
    """One host of the window: its next URLs in order, and what is out of it."""

    __slots__ = ("heap", "more", "stale", "out", "waiting", "ids", "served")

    def __init__(self) -> None:
        self.heap: list[tuple[int, int, Task]] = []  # (-priority, seq, task): a min-heap in host order
        self.more = False  # the source may hold queued URLs of this host beyond the heap
        self.stale = False  # the source got URLs that sort before the heap's end: read it again
        self.out = 0  # taken and not finished (in flight, or being journaled)
        self.waiting = 0  # waiting for a retry
        self.ids: set[int] = set()  # seqs in the heap, out or waiting: a refill skips them
        self.served = False  # a URL of it was taken since it entered the window

    def head(self) -> Task | None:
        return self.heap[0][2] if self.heap else None


class Frontier:
    """Queued URLs, deduplicated by canonical form, handed out host by host in round-robin order.

    Without a source every URL lives here (`add`). With one, the window holds at most `capacity`
    hosts, admitted in sorted order, each with its next `BUFFER_PER_HOST` URLs; a host leaves when
    it has nothing queued, nothing out and nothing waiting, and the next host is admitted.
    """

    def __init__(self, *, sort_query: bool = False, source: FrontierSource | None = None, capacity: int | None = None) -> None:
        self._sort_query = sort_query
        self._source = source
        self._capacity = capacity if source is not None else None
        self._seen: set[str] = set()  # memory mode only: the source keeps the seen set on disk
        self._hosts: dict[str, _Host] = {}
        self._levels: dict[int, list[str]] = {}  # head priority -> sorted hosts whose head has it
        self._head_level: dict[str, int] = {}
        self._cursor: str | None = None  # the host served last; the next turn starts after it
        self._buffered = 0
        self._waiting: list[tuple[float, int, Task]] = []  # (due unix time, seq, task)
        self._seq = itertools.count()
        self._to_refill: set[str] = set()
        self._admit_after: str | None = None
        self._disk_more = source is not None  # the source may hold hosts not in the window
        self._ready = source is None  # a source is not read before the loader says it is current
        self._loading = 0  # loaders (and sitemap discovery) still running: each may add URLs
        self._wake: Callable[[], None] | None = None
        self.refills = 0  # source queries for URLs, for tests and benchmarks
        self.hosts_served = 0  # hosts a URL was taken from (a host that re-enters the window counts again)

    # ----- size and waking ---------------------------------------------------------------------

    def __len__(self) -> int:
        maybe = self._disk_more or self._loading > 0 or not self._ready
        return self._buffered + len(self._waiting) + len(self._to_refill) + int(maybe)

    @property
    def hosts_in_window(self) -> int:
        return len(self._hosts)

    @property
    def buffered(self) -> int:
        """URLs held in memory now, ready to be taken (retries waiting not included)."""
        return self._buffered

    def listen(self, wake: Callable[[], None]) -> None:
        self._wake = wake

    def _poke(self) -> None:
        if self._wake is not None:
            self._wake()

    # ----- memory mode ---------------------------------------------------------------------------

    def add(self, url: str, *, depth: int = 0, parent: str | None = None, priority: int = 0) -> bool:
        """Queue `url` (canonicalised); False if it was added before. Raises InvalidURL for a bad URL.

        The memory frontier's door for text (queue URLs, followed links): the one parse they get.
        """
        parsed = parse_url(url, sort_query=self._sort_query)
        canonical = str(parsed)
        if canonical in self._seen:
            return False
        self._seen.add(canonical)
        self._push(Task(parsed, depth, parent, priority, next(self._seq)))
        return True

    def seen(self, url: str) -> bool:
        """True if the canonical form of `url` was ever added (memory mode)."""
        return str(parse_url(url, sort_query=self._sort_query)) in self._seen

    # ----- arrivals with a source ----------------------------------------------------------------

    def set_ready(self) -> None:
        """The source is current (the journal applied): the window may read it."""
        self._ready = True
        self._poke()

    def set_loading(self, loading: bool) -> None:
        """While a loader (or sitemap discovery) runs, an empty window does not mean the crawl is over.

        Each producer says True when it starts and False when it ends; the crawl may end after the last.
        """
        self._loading = self._loading + 1 if loading else max(0, self._loading - 1)
        if not self._loading:
            self._poke()

    def note_loaded(self, hosts: Iterable[tuple[str, int]]) -> None:
        """The source got new queued URLs for these hosts (host, highest priority among them)."""
        self._disk_more = True
        for host, priority in hosts:
            entry = self._hosts.get(host)
            if entry is None:
                continue
            last = max(entry.heap)[2] if entry.heap else None
            if last is not None and -priority < last.key[0]:
                entry.stale = True  # a new URL sorts before what the heap holds: read again
            else:
                entry.more = True  # new URLs come after the arrival order the heap holds
            self._to_refill.add(host)
        self._poke()

    def note_added(self, tasks: Iterable[Task]) -> None:
        """Tasks already stored in the source (followed links, sitemaps), in arrival order.

        A host's heap stays at most `BUFFER_PER_HOST` long: a task that sorts after it stays on
        disk (a refill reads it in order); one that sorts before its end takes the place of the
        last, which goes back to waiting on disk.
        """
        for task in tasks:
            entry = self._hosts.get(task.host)
            if entry is None:
                self._disk_more = True  # admitted in its sorted turn
                continue
            last = max(entry.heap) if entry.heap else None
            if last is not None and task.key > last[2].key and (entry.more or len(entry.heap) >= BUFFER_PER_HOST):
                entry.more = True  # behind what the heap holds: a refill reads it in order
                continue
            if entry.more and last is None:
                self._to_refill.add(task.host)  # the heap is empty: a refill reads it in order
                continue
            self._push(task, entry=entry)
            if len(entry.heap) > BUFFER_PER_HOST:
                self._evict_last(task.host, entry)
        self._poke()

    def _evict_last(self, host: str, entry: _Host) -> None:
        """Put the heap's last task back on disk (it stays queued there; a refill reads it again)."""
        last = max(entry.heap)
        entry.heap.remove(last)
        heapq.heapify(entry.heap)
        entry.ids.discard(last[1])
        self._buffered -= 1
        entry.more = True
        self._relevel(host, entry)

    # ----- taking --------------------------------------------------------------------------------

    def prepare(self, now_unix: float) -> None:
        """Release due retries, admit hosts into the window, refill hosts that ran dry."""
        while self._waiting and self._waiting[0][0] <= now_unix:
            _due, _seq, task = heapq.heappop(self._waiting)
            entry = self._hosts[task.host]
            entry.waiting -= 1
            entry.ids.discard(task.seq)
            self._push(replace(task, not_before_unix=None), entry=entry)
        if self._source is None or not self._ready:
            return
        self._admit(now_unix)
        for host in sorted(self._to_refill):
            refilled = self._hosts.get(host)
            if refilled is not None:
                self._refill(host, refilled, now_unix)
                self._leave_if_done(host, refilled)
        self._to_refill.clear()

    def heads(self) -> Iterator[Task]:
        """The first queued task of each host: highest head priority first, then round-robin after the last host served.

        Lazy, and safe to `take` from while iterating: each priority's hosts are read as a
        snapshot when the iteration reaches them, so a caller may stop as soon as it is full.
        """
        for level in sorted(self._levels, reverse=True):
            if level not in self._levels:
                continue
            hosts = self._levels[level][:]
            start = 0 if self._cursor is None else bisect.bisect_right(hosts, self._cursor)
            entries = self._hosts
            for host in itertools.chain(itertools.islice(hosts, start, None), itertools.islice(hosts, 0, start)):
                entry = entries.get(host)
                if entry is not None and entry.heap:
                    yield entry.heap[0][2]

    def peek(self) -> Task | None:
        """The task the strict order serves next."""
        return next(self.heads(), None)

    def take(self, host: str) -> Task:
        """Remove and return the first queued task of `host`; the next turn starts after it."""
        entry = self._hosts[host]
        _p, _s, task = heapq.heappop(entry.heap)
        self._buffered -= 1
        entry.out += 1
        if not entry.served:
            entry.served = True
            self.hosts_served += 1
        self._relevel(host, entry)
        if not entry.heap and (entry.more or entry.stale):
            self._to_refill.add(host)
        self._cursor = host
        return task

    def holds(self, host: str) -> bool:
        """True while `host` is in the window (queued, out or waiting URLs here, or more on the source)."""
        return host in self._hosts

    def drop(self, host: str) -> int:
        """Forget `host`'s queued and waiting URLs (a shared frontier's lease on it was lost); returns how many.

        The URLs stay queued on the source for whoever holds the host now; those out are still
        finished here, and the host leaves the window with the last of them.
        """
        entry = self._hosts.get(host)
        if entry is None:
            return 0
        dropped = len(entry.heap) + entry.waiting
        self._buffered -= len(entry.heap)
        entry.heap.clear()
        if entry.waiting:
            self._waiting = [item for item in self._waiting if item[2].host != host]
            heapq.heapify(self._waiting)
        entry.waiting = 0
        entry.ids = set()
        entry.more = entry.stale = False
        self._to_refill.discard(host)
        self._relevel(host, entry)
        self._leave_if_done(host, entry)
        return dropped

    def pop(self) -> Task | None:
        """Take the next task in strict order (no timing considered); None when empty."""
        head = self.peek()
        return None if head is None else self.take(head.host)

    def finish(self, task: Task) -> None:
        """`task`'s outcome is durable: its host may leave the window."""
        entry = self._hosts.get(task.host)
        if entry is None:
            return
        entry.out -= 1
        entry.ids.discard(task.seq)
        self._leave_if_done(task.host, entry)
        self._poke()  # a place in the window may be free, or the crawl over

    def retry(self, task: Task, *, due_unix: float) -> None:
        """Put `task` (its attempts counted) back, to be served again from `due_unix` on."""
        entry = self._hosts[task.host]
        entry.out -= 1
        entry.waiting += 1
        entry.ids.add(task.seq)
        heapq.heappush(self._waiting, (due_unix, task.seq, replace(task, not_before_unix=due_unix)))
        self._poke()  # the dispatcher sleeps until the earliest retry is due

    def next_due_unix(self) -> float | None:
        return self._waiting[0][0] if self._waiting else None

    def drain(self) -> list[Task]:
        """Remove and return every task held here (queued and waiting), in serving order."""
        out = []
        while (task := self.pop()) is not None:
            out.append(task)
        out += [task for _due, _seq, task in sorted(self._waiting)]
        self._waiting.clear()
        return out

    # ----- the window ----------------------------------------------------------------------------

    def _push(self, task: Task, *, entry: _Host | None = None) -> None:
        if entry is None:
            entry = self._hosts.get(task.host)
            if entry is None:
                entry = self._hosts[task.host] = _Host()
        heapq.heappush(entry.heap, (-task.priority, task.seq, task))
        entry.ids.add(task.seq)
        self._buffered += 1
        self._relevel(task.host, entry)

    def _relevel(self, host: str, entry: _Host) -> None:
        """Keep `host` in the list of its head's priority (or in none when it has no head)."""
        head = entry.head()
        new = None if head is None else head.priority
        old = self._head_level.get(host)
        if new == old:
            return
        if old is not None:
            hosts = self._levels[old]
            del hosts[bisect.bisect_left(hosts, host)]
            if not hosts:
                del self._levels[old]
            del self._head_level[host]
        if new is not None:
            bisect.insort(self._levels.setdefault(new, []), host)
            self._head_level[host] = new

    def _leave_if_done(self, host: str, entry: _Host) -> None:
        if entry.heap or entry.out or entry.waiting or entry.more or entry.stale:
            return
        del self._hosts[host]
        self._to_refill.discard(host)

    def _admit(self, now_unix: float) -> None:
        """Fill the window with hosts that have queued URLs, in sorted order after the last admitted."""
        assert self._source is not None and self._capacity is not None
        wrapped = False
        while self._disk_more and len(self._hosts) < self._capacity:
            # A few more than there is room for: some may be in the window already.
            limit = min(_ADMIT_STEP, self._capacity - len(self._hosts) + 8)
            found = self._source.hosts_after(self._admit_after, limit)
            for host in found:
                if len(self._hosts) >= self._capacity:
                    break
                self._admit_after = host
                if host not in self._hosts:
                    entry = self._hosts[host] = _Host()
                    self._refill(host, entry, now_unix)
                    self._leave_if_done(host, entry)
            if len(found) < limit and len(self._hosts) < self._capacity:
                if wrapped:
                    # Every host with queued URLs is in the window: nothing left to admit.
                    self._disk_more = False
                    break
                wrapped, self._admit_after = True, None

    def _refill(self, host: str, entry: _Host, now_unix: float) -> None:
        """Read the host's next URLs from the source into the heap (or the retry heap when not yet due)."""
        assert self._source is not None
        if entry.stale:
            for _p, seq, _task in entry.heap:
                entry.ids.discard(seq)
            self._buffered -= len(entry.heap)
            entry.heap.clear()
            self._relevel(host, entry)
            entry.stale = False
        if len(entry.heap) >= BUFFER_PER_HOST:
            return
        want = BUFFER_PER_HOST - len(entry.heap)
        limit = want + len(entry.ids)
        self.refills += 1
        rows = self._source.head_tasks(host, limit)
        entry.more = len(rows) >= limit
        for task in rows:
            if task.seq in entry.ids:
                continue
            if task.not_before_unix is not None and task.not_before_unix > now_unix:
                entry.waiting += 1
                entry.ids.add(task.seq)
                heapq.heappush(self._waiting, (task.not_before_unix, task.seq, task))
            else:
                self._push(task, entry=entry)
