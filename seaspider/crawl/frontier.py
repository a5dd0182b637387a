"""The crawl order: URLs keep insertion order within a host; hosts are served round-robin in sorted order.

Pure and deterministic: no clock, no I/O. Timing (which IP is free) only decides which of the
hosts, taken in this order, goes first; it never reorders the URLs of one host.
"""

from __future__ import annotations

import bisect
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from seaspider.web.urls import parse_url


@dataclass(frozen=True, slots=True)
class Task:
    """One URL to visit: canonical URL, link depth, the page it came from, its host (lower-case)."""

    url: str
    depth: int
    parent: str | None
    host: str


class Frontier:
    """Pending URLs, deduplicated by canonical form, handed out host by host in round-robin order."""

    def __init__(self, *, sort_query: bool = False) -> None:
        self._sort_query = sort_query
        self._seen: set[str] = set()
        self._queues: dict[str, deque[Task]] = {}
        self._hosts: list[str] = []  # sorted hosts with pending tasks
        self._cursor: str | None = None  # the host served last; the next turn starts after it
        self._pending = 0

    def __len__(self) -> int:
        return self._pending

    def add(self, url: str, *, depth: int = 0, parent: str | None = None) -> bool:
        """Queue `url` (canonicalised); False if it was added before. Raises InvalidURL for a bad URL."""
        parsed = parse_url(url, sort_query=self._sort_query)
        canonical = str(parsed)
        if canonical in self._seen:
            return False
        self._seen.add(canonical)
        host = parsed.host
        queue = self._queues.get(host)
        if queue is None:
            queue = self._queues[host] = deque()
        if not queue:
            bisect.insort(self._hosts, host)
        queue.append(Task(canonical, depth, parent, host))
        self._pending += 1
        return True

    def seen(self, url: str) -> bool:
        """True if the canonical form of `url` was ever added."""
        return str(parse_url(url, sort_query=self._sort_query)) in self._seen

    def heads(self) -> Iterator[Task]:
        """The first pending task of each host, in round-robin order starting after the last host served."""
        hosts = self._hosts
        if not hosts:
            return
        start = 0 if self._cursor is None else bisect.bisect_right(hosts, self._cursor)
        for i in range(len(hosts)):
            host = hosts[(start + i) % len(hosts)]
            yield self._queues[host][0]

    def peek(self) -> Task | None:
        """The task the strict order serves next."""
        return next(self.heads(), None)

    def take(self, host: str) -> Task:
        """Remove and return the first pending task of `host`; the next turn starts after it."""
        queue = self._queues[host]
        task = queue.popleft()
        self._pending -= 1
        if not queue:
            del self._hosts[bisect.bisect_left(self._hosts, host)]
        self._cursor = host
        return task

    def pop(self) -> Task | None:
        """Take the next task in strict order (no timing considered); None when empty."""
        head = self.peek()
        return None if head is None else self.take(head.host)
