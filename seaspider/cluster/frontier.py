"""The crawl's frontier on a node of a cluster: the window over the hosts this node leases.

`ClusterFrontier` is a `CrawlFrontier` (what the scheduler drives): the usual window
(`crawl/frontier.Frontier`, so within a host the order is the queue's, and the node's hosts take
turns in sorted order) over a `SharedQueue` that offers only the hosts this node holds. A tick
every few hundred ms — one script call — renews the leases, releases finished hosts, claims free
ones (a fair share), drops hosts lost to another node, and learns whether the cluster still has
work: a node ends only when the whole cluster's queue is empty (or never, with `wait`), since a
node that dies leaves hosts for the others to finish.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator

from seaspider.clock import Clock
from seaspider.cluster.leases import Leases
from seaspider.cluster.link import Link
from seaspider.cluster.queue import PREFETCH, SharedQueue
from seaspider.crawl.frontier import Frontier, Task

__all__ = ["CLAIM_STEP", "FAST_TICK_S", "MAX_CLAIM_STEP", "ClusterFrontier"]

CLAIM_STEP = 16  # hosts claimed by a node's first tick at most: several nodes starting together share the hosts
# While each tick claims all it asked for, the next asks for twice as many, up to this: a node
# alone before thousands of hosts has them in its window within a second or two (at 16 a tick,
# its CPU would wait for claims), and one tick's reply (4 URLs per host) stays a few hundred KB.
MAX_CLAIM_STEP = 512
# A node holding more hosts than its fair share by more than this hands the excess back (hosts it
# has not begun): a node that joins a running crawl gets work at once, without hosts going back and
# forth over a difference of a few.
HAND_BACK_SLACK = CLAIM_STEP
SCAN_EVERY = 8  # ticks between looks for leased hosts the window does not hold (claimed with no URL left)
FAST_TICK_S = 0.02  # the next tick while claims succeed and the window has room (filling up)
MAX_TICK_S = 0.5  # the longest between ticks: a lapsed lease is taken over, and the end seen, this soon


class ClusterFrontier:
    """A window over the hosts this node leases in the shared queue (see the module docstring)."""

    def __init__(self, link: Link, queue: SharedQueue, leases: Leases, *, capacity: int, clock: Clock,
                 sort_query: bool = False, wait: bool = False) -> None:  # fmt: skip
        self._link = link
        self._queue = queue
        self._leases = leases
        self._capacity = capacity
        self._clock = clock
        self._wait = wait
        self._inner = Frontier(sort_query=sort_query, source=queue, capacity=capacity)
        self._inner.set_ready()
        self._tick_s = min(MAX_TICK_S, leases.lease_s / 8)  # several renewals within the trusted share of a lease
        # A lease no request renewed for a quarter of its length is renewed by the tick: well inside
        # the share of it the node trusts (leases.TRUST_SHARE), with ticks to spare.
        self._renew_age_s = leases.lease_s / 4
        self._next_tick = -math.inf
        self._release: set[str] = set()
        self._step = CLAIM_STEP
        self._begun: set[str] = set()  # hosts held from which a URL was taken (never handed back)
        self._hand_back: list[tuple[str, str]] = []  # (host, token) given up locally, released at the next tick
        self._all_valid_until = -math.inf  # before this (monotonic s), every lease held is still trusted
        self._pending = 1  # URLs queued in the cluster, plus live loaders, at the last tick (1: not asked yet)
        self._loading = False
        self._wake: Callable[[], None] | None = None
        self.claims = 0  # hosts claimed (a host claimed again counts again)
        self.lost = 0  # hosts lost to another node (this node's lease lapsed)
        self.ticks = 0
        self.handed_back = 0  # hosts given back to the cluster for a node that joined later

    # ----- the tick -------------------------------------------------------------------------

    def set_loading(self, loading: bool) -> None:
        """While this node's loader runs, the cluster is not empty; a finished batch means: claim soon."""
        self._loading = loading
        self.note_work()

    def note_work(self) -> None:
        """New URLs reached the shared queue: tick (and claim) at the next prepare."""
        self._next_tick = -math.inf
        if self._wake is not None:
            self._wake()

    def tick(self, *, leave: bool = False) -> None:
        """One round trip: renew, release, claim, and learn how much work the cluster has."""
        now_s = self._clock.monotonic()
        inner, leases = self._inner, self._leases
        if leave or self.ticks % SCAN_EVERY == 0:
            # Hosts finished here are released as they finish (`finish`); this finds the rest: a
            # host claimed when its last URL was already gone. Not every tick: it is O(hosts held).
            self._release.update(host for host in leases.hosts() if not inner.holds(host))
        n_hand_back = len(self._hand_back)
        release = [(h, t) for h in sorted(self._release) if (t := leases.token(h)) is not None] + self._hand_back
        self._hand_back = []
        # Only the leases no request renewed lately: a node serving its hosts renews them as it books.
        renew = [(h, t) for h, t in leases.stale(now_s, age_s=self._renew_age_s) if h not in self._release]
        held = len(leases) - (len(release) - n_hand_back)  # hosts handed back were dropped from `leases` already
        room = 0 if leave else max(0, min(self._step, self._capacity - max(held, inner.hosts_in_window)))
        args: list[object] = [self._link.settings.node, self._link.settings.lease_ms * 1000, room,
                              "leave" if leave else "1" if self._loading else "0", held, PREFETCH, len(renew)]  # fmt: skip
        for pair in renew:
            args += pair
        args.append(len(release))
        for pair in release:
            args += pair
        reply = self._link.call("tick", args)
        self.ticks += 1
        count, loaders, n_lost = int(reply[0]), int(reply[1]), int(reply[2])
        lost = {_text(h) for h in reply[3 : 3 + n_lost]}
        at = 3 + n_lost
        n_claimed = int(reply[at])
        at += 1
        claimed = []
        for _ in range(n_claimed):
            host, token, orphaned, n = _text(reply[at]), _text(reply[at + 1]), bool(int(reply[at + 2])), int(reply[at + 3])
            first = [(_text(reply[at + 4 + 2 * k]), _text(reply[at + 5 + 2 * k])) for k in range(n)]
            claimed.append((host, token, orphaned, first))
            at += 4 + 2 * n
        share = int(reply[at])
        for host, _token in release:
            leases.drop(host)
            self._begun.discard(host)
        self._release.clear()
        for host in lost:
            leases.drop(host)
            self._begun.discard(host)
            inner.drop(host)  # its URLs stay queued for the node that holds it now
        self.lost += len(lost)
        leases.renewed((h for h, _t in renew if h not in lost), sent_s=now_s)
        for host, token, orphaned, first in claimed:
            leases.claimed(host, token, sent_s=now_s)
            self._queue.claimed(host, orphaned=orphaned, first=first)
        self.claims += len(claimed)
        if claimed:
            inner.note_loaded((host, 0) for host, _t, _o, _f in claimed)
        self._pending = count + loaders
        if not leave and not claimed:
            self._give_back_above(share)
        self._all_valid_until = leases.all_valid_until()
        filling = bool(claimed) and room > 0 and len(claimed) >= room
        self._step = min(MAX_CLAIM_STEP, 2 * self._step) if filling else CLAIM_STEP
        self._next_tick = now_s + (FAST_TICK_S if filling else self._tick_s)

    def _give_back_above(self, share: int) -> None:
        """Far above the fair share (nodes joined after this one claimed): hand back hosts not begun,
        the last in serving order first; dropped here now, released on the server at the next tick."""
        excess = len(self._leases) - share - HAND_BACK_SLACK
        if excess <= 0:
            return
        for host in reversed(list(self._leases.hosts())):
            if excess == 0:
                break
            if host in self._begun or host in self._release:
                continue
            token = self._leases.token(host)
            assert token is not None
            self._leases.drop(host)
            self._inner.drop(host)  # nothing taken: its URLs are all still queued on the server
            self._queue.forget(host)
            self._hand_back.append((host, token))
            excess -= 1
        self.handed_back += len(self._hand_back)
        if self._hand_back:
            self._next_tick = -math.inf  # release them at once: the other node is waiting for work

    # ----- CrawlFrontier ----------------------------------------------------------------------

    def prepare(self, now_unix: float) -> None:
        if self._clock.monotonic() >= self._next_tick:
            self.tick()
        self._inner.prepare(now_unix)

    def heads(self) -> Iterator[Task]:
        now_s = self._clock.monotonic()
        if now_s < self._all_valid_until:
            yield from self._inner.heads()  # every lease is fresh (the usual case): no check per host
            return
        valid = self._leases.valid
        for head in self._inner.heads():
            if valid(head.host, now_s):  # a lease not renewed in time is not served (it may be lapsing)
                yield head

    def take(self, host: str) -> Task:
        task = self._inner.take(host)
        self._begun.add(host)
        self._queue.taken(task)
        return task

    def next_due_unix(self) -> float | None:
        """The earliest retry, or the next tick (the scheduler sleeps until then at most)."""
        tick_unix = self._clock.time() + max(0.0, self._next_tick - self._clock.monotonic())
        due = self._inner.next_due_unix()
        return tick_unix if due is None else min(due, tick_unix)

    def finish(self, task: Task) -> None:
        self._inner.finish(task)
        if not self._inner.holds(task.host) and task.host in self._leases:
            self._release.add(task.host)

    def retry(self, task: Task, *, due_unix: float) -> None:
        self._inner.retry(task, due_unix=due_unix)

    def note_added(self, tasks: Iterable[Task]) -> None:
        self._inner.note_added(tasks)

    def listen(self, wake: Callable[[], None]) -> None:
        self._wake = wake
        self._inner.listen(wake)

    @property
    def hosts_in_window(self) -> int:
        return self._inner.hosts_in_window

    @property
    def hosts_served(self) -> int:
        return self._inner.hosts_served

    def __len__(self) -> int:
        """Nonzero while this node holds work, or the cluster may still have some for it."""
        more = self._pending > 0 or self._loading or self._wait
        return self._inner.buffered + int(more or len(self._inner) > 0)


def _text(value: bytes | str) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else value
