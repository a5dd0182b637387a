"""The shared queue: every queued URL of the crawl in Redis, per host in its order, and its seen set.

A URL is queued once (a 64-bit fingerprint set is the seen set), read by the node that holds its
host's lease (`head_tasks`), and leaves the queue only when `settle` is told its page line is
durable in that node's store: a node that dies loses nothing but its lease. Implements the
window's `FrontierSource` and the `settle` the crawl's journal thread calls (as the disk
frontier's). Knows nothing about leases' timing, fetching or politeness.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from seaspider.cluster.leases import Leases
from seaspider.cluster.link import Link
from seaspider.crawl.follow import directory_of
from seaspider.crawl.frontier import BUFFER_PER_HOST, Task
from seaspider.crawl.frontier_db import fingerprint
from seaspider.crawl.queuefile import QueueEntry
from seaspider.web.urls import URL, host_of

__all__ = ["PREFETCH", "Loaded", "SharedQueue", "SharedSeen", "fp_bytes", "parse_task"]

# URLs a claim brings along per host: the window's first refill of a host (crawl/frontier.py's
# BUFFER_PER_HOST), so a host's first requests cost no round trip of their own.
PREFETCH = BUFFER_PER_HOST


def fp_bytes(url: str) -> bytes:
    """The seen set's member for `url`: the disk frontier's 64-bit fingerprint as 8 bytes."""
    return fingerprint(url).to_bytes(8, "big", signed=True)


@dataclass(frozen=True, slots=True)
class Loaded:
    """What one batch of queue lines did to the shared queue."""

    new: int
    held: int  # URLs the cluster had seen already (queued, done, or read by another node's load)


def _text(value: bytes | str) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value


def parse_task(url: str, meta: str, host: str) -> Task:
    """A task from a queue entry: meta is seq, depth, priority, attempts, not_before, parent (tab-separated).

    `url` is canonical text the cluster stored, rebuilt as a URL without parsing it again; it is
    queued under `host`, which is that URL's host.
    """
    seq, depth, priority, attempts, not_before, parent = meta.split("\t", 5)
    task = Task(URL.from_canonical(url), int(depth), parent or None, int(priority), int(seq), int(attempts),
                float(not_before) if not_before else None)  # fmt: skip
    assert task.host == host, f"{url} is queued under {host}"
    return task


class SharedQueue:
    """The crawl's URLs in Redis, as one node sees them through its leases."""

    def __init__(self, link: Link, leases: Leases, *, follow_max_pages: int, follow_max_per_directory: int,
                 recorded: Callable[[str], bool] | None = None) -> None:  # fmt: skip
        """`recorded(url)` says this node's store already holds a good record of `url` (a page
        line made durable before a crash cut the acknowledgement): such a URL is settled at once."""
        self._link = link
        self._leases = leases
        self._lease_us = link.settings.lease_ms * 1000
        self._max_pages = follow_max_pages
        self._max_dir = follow_max_per_directory
        self._recorded = recorded
        self._out: dict[int, Task] = {}  # seq -> task taken and not settled (the journal thread settles it)
        self._out_lock = threading.Lock()
        self._orphans: set[str] = set()  # hosts whose last owner died: the first refill checks this node's store
        self._prefetched: dict[str, list[Task]] = {}  # a claimed host's first URLs, sent with the claim
        self.skipped_recorded = 0

    # ----- loading (the loader thread) ------------------------------------------------------------

    def load(self, entries: Sequence[QueueEntry], *, track_dirs: bool, node: str) -> Loaded:
        """Queue the URLs of a batch of queue lines that the cluster has not seen; one round trip."""
        args: list[object] = [node, self._lease_us]
        for e in entries:
            args += [fp_bytes(e.url), e.url, host_of(e.url), e.priority, 0, "", directory_of(e.url) if track_dirs else ""]
        new, held = self._link.call("load", args)
        return Loaded(int(new), int(held))

    # ----- the window's source (the event loop) -------------------------------------------------

    def claimed(self, host: str, *, orphaned: bool, first: list[tuple[str, str]]) -> None:
        """`host` was just claimed with its first URLs (url, meta): the first refill reads them from
        here, not from the server. When its last owner died, that refill also looks for URLs this
        node's store already recorded (a crash cut the acknowledgement)."""
        self._prefetched[host] = [parse_task(url, meta, host) for url, meta in first if meta]
        if orphaned and self._recorded is not None:
            self._orphans.add(host)

    def forget(self, host: str) -> None:
        """This node gave `host` back: what its claim brought is not this node's any more."""
        self._prefetched.pop(host, None)
        self._orphans.discard(host)

    def hosts_after(self, host: str | None, limit: int) -> list[str]:
        """Hosts this node holds, sorted, after `host`: the window admits only what the node leases."""
        return self._leases.after(host, limit)

    def head_tasks(self, host: str, limit: int) -> list[Task]:
        """The first `limit` queued URLs of `host` in its order (those the window holds included)."""
        first = self._prefetched.pop(host, None)
        if first is not None and (len(first) < PREFETCH or limit <= len(first)):
            tasks = first[:limit]  # everything the host had, or as much as asked for
        else:
            raw = self._link.call("head", [host, limit])
            tasks = [parse_task(_text(raw[i]), _text(raw[i + 1]), host) for i in range(0, len(raw), 2) if raw[i + 1]]
        if host in self._orphans:
            self._orphans.discard(host)
            assert self._recorded is not None
            done = [t for t in tasks if self._recorded(str(t.url))]
            if done:
                # Recorded durably by this node before a crash cut the acknowledgement: settled, not fetched again.
                self._link.call("settle", [self._lease_us, self._max_pages, self._max_dir, 0, len(done),
                                           *[v for t in done for v in (host, str(t.url))], 0, 0])  # fmt: skip
                self.skipped_recorded += len(done)
                tasks = [t for t in tasks if not self._recorded(str(t.url))]
        return tasks

    def taken(self, task: Task) -> None:
        """`task` left the window for a request: `settle` will name it by its seq."""
        with self._out_lock:
            self._out[task.seq] = task

    # ----- settling (the journal thread) ---------------------------------------------------------

    def settle(
        self,
        *,
        in_flight: Sequence[int] = (),
        finished: Sequence[tuple[int, bool, float]] = (),
        retried: Sequence[tuple[int, int, float]] = (),
        followed: Sequence[Sequence[tuple[str, int, Task, int]]] = (),
        run: int = 0,
    ) -> list[list[Task]]:
        """What durable journal lines say, in one script: links queued, URLs acknowledged, retries noted.

        The disk frontier's signature (crawl/records.py calls either): `finished` and `retried`
        name taken tasks by seq; `followed` holds, per page, its chosen links as (url, depth,
        the page's task, priority). Returns, per page, the links queued (those the cluster had
        not seen, within follow.max_pages and the directory cap). `in_flight` and `run` are the
        disk frontier's bookkeeping: the shared queue keeps a URL queued until it is acknowledged.
        """
        del in_flight, run
        with self._out_lock:
            acks = [self._out.pop(seq) for seq, _failed, _when in finished if seq in self._out]
            retries = [(self._out.pop(seq), attempts, when) for seq, attempts, when in retried if seq in self._out]
        follows = [(url, depth, page, priority) for items in followed for url, depth, page, priority in items]
        if not (acks or retries or follows):
            return [[] for _ in followed]
        args: list[object] = [self._lease_us, self._max_pages, self._max_dir, len(follows)]
        for url, depth, page, priority in follows:
            args += [fp_bytes(url), url, host_of(url), priority, depth, str(page.url), directory_of(url)]
        args.append(len(acks))
        for task in acks:
            args += [task.host, str(task.url)]
        args.append(len(retries))
        for task, attempts, when in retries:
            args += [task.host, str(task.url), attempts, repr(when)]
        hosts = sorted({t.host for t in acks} | {t.host for t, _a, _w in retries})
        renew = [(h, tok) for h in hosts if (tok := self._leases.token(h)) is not None]
        args.append(len(renew))
        for host, token in renew:
            args += [host, token]
        seqs = iter(self._link.call("settle", args))
        added: list[list[Task]] = []
        for items in followed:
            tasks = []
            for url, depth, page, priority in items:
                seq = int(next(seqs))
                if seq:
                    tasks.append(Task(URL.from_canonical(url), depth, str(page.url), priority, seq))
            added.append(tasks)
        return added


class SharedSeen:
    """The cluster's seen set for the follow policy, with the links decided but not yet queued on top.

    Used by the journal thread only, as the disk frontier's `DiskSeen`: `add` notes a link the
    policy chose, `flush` forgets those notes once `settle` queued them. The settle script checks
    again atomically, so two nodes racing for one link queue it once.
    """

    def __init__(self, link: Link) -> None:
        self._link = link
        self._urls: set[str] = set()
        self._dirs: dict[str, int] = {}

    def _ask(self, command: str, *args: object) -> object:
        from seaspider.cluster.scripts import translate

        link = self._link
        link.check()
        link.calls += 1
        link.calls_by[command] += 1
        with translate(link.settings.shown, link.store):
            return link.client.execute_command(command, *args)

    def __contains__(self, url: str) -> bool:
        return url in self._urls or bool(self._ask("SISMEMBER", self._link.settings.prefix + "seen", fp_bytes(url)))

    def directory_count(self, directory: str) -> int:
        stored = self._ask("HGET", self._link.settings.prefix + "dirs", directory)
        return int(stored or 0) + self._dirs.get(directory, 0)  # type: ignore[call-overload]

    def add(self, url: str) -> None:
        if url not in self._urls:
            self._urls.add(url)
            directory = directory_of(url)
            self._dirs[directory] = self._dirs.get(directory, 0) + 1

    def flush(self) -> None:
        self._urls.clear()
        self._dirs.clear()
