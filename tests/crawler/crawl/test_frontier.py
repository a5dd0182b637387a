"""The deterministic crawl order: file order within a host, hosts round-robin in sorted order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seaspider.errors import InvalidURL
from seaspider.crawl.frontier import BUFFER_PER_HOST, Frontier, Task
from seaspider.web.urls import URL, parse_url


def drain(frontier: Frontier) -> list[str]:
    out = []
    while (task := frontier.pop()) is not None:
        out.append(str(task.url))
    return out


def _task(url: str, depth: int = 0, parent: str | None = None, priority: int = 0, seq: int = 0, *, attempts: int = 0,
          not_before_unix: float | None = None) -> Task:
    return Task(parse_url(url), depth, parent, priority, seq, attempts, not_before_unix)


def test_hosts_round_robin_in_sorted_order_urls_in_file_order() -> None:
    f = Frontier()
    for url in ["https://b.test/1", "https://b.test/2", "https://a.test/1", "https://c.test/1", "https://a.test/2", "https://a.test/3"]:
        assert f.add(url)
    assert drain(f) == [
        "https://a.test/1",
        "https://b.test/1",
        "https://c.test/1",
        "https://a.test/2",
        "https://b.test/2",
        "https://a.test/3",
    ]


def test_duplicates_are_detected_in_canonical_form() -> None:
    f = Frontier()
    assert f.add("https://A.test:443/x/../p#frag")
    assert not f.add("https://a.test/p")
    assert f.add("https://a.test/P")  # negative control: paths are case-sensitive
    assert len(f) == 2
    assert f.seen("HTTPS://a.test/p")


def test_sort_query_option_merges_reordered_queries() -> None:
    plain, sorted_ = Frontier(), Frontier(sort_query=True)
    for f in (plain, sorted_):
        f.add("https://a.test/?b=1&a=2")
    assert plain.add("https://a.test/?a=2&b=1")
    assert not sorted_.add("https://a.test/?a=2&b=1")


def test_invalid_url_is_refused_and_nothing_is_queued() -> None:
    f = Frontier()
    with pytest.raises(InvalidURL):
        f.add("mailto:someone@example.invalid")
    assert len(f) == 0 and f.pop() is None


def test_host_added_later_takes_its_sorted_turn() -> None:
    f = Frontier()
    f.add("https://a.test/1")
    f.add("https://c.test/1")
    f.add("https://a.test/2")
    assert f.pop() == _task("https://a.test/1")
    f.add("https://b.test/1", depth=1, parent="https://a.test/1")  # a followed link
    assert [str(t.url) for t in f.heads()] == ["https://b.test/1", "https://c.test/1", "https://a.test/2"]
    assert str(f.take("c.test").url) == "https://c.test/1"  # c's IP was free first
    assert drain(f) == ["https://a.test/2", "https://b.test/1"]


def test_task_carries_depth_parent_and_host() -> None:
    f = Frontier()
    f.add("http://Example.TEST/x", depth=2, parent="http://example.test/")
    task = f.pop()
    assert task == _task("http://example.test/x", 2, "http://example.test/")
    assert task is not None and task.host == "example.test"


def test_a_task_carries_the_url_parsed_once_and_its_host_comes_from_it() -> None:
    f = Frontier(sort_query=True)
    f.add("HTTP://Example.TEST:80/a/../x?b=2&a=1")
    task = f.pop()
    assert task is not None and isinstance(task.url, URL)
    assert task.url == parse_url("http://example.test/x?a=1&b=2") and str(task.url) == "http://example.test/x?a=1&b=2"
    assert task.host == task.url.host == "example.test"
    # Negative control: without sort_query the query keeps its order, and the task says so.
    plain = Frontier()
    plain.add("http://example.test/x?b=2&a=1")
    kept = plain.pop()
    assert kept is not None and str(kept.url) == "http://example.test/x?b=2&a=1"


# ----- priority ---------------------------------------------------------------------------------


def test_within_a_host_higher_priority_first_then_file_order() -> None:
    f = Frontier()
    for url, priority in [("https://a.test/1", 0), ("https://a.test/2", 5), ("https://a.test/3", 0), ("https://a.test/4", 5)]:
        f.add(url, priority=priority)
    assert drain(f) == ["https://a.test/2", "https://a.test/4", "https://a.test/1", "https://a.test/3"]


def test_across_hosts_the_highest_head_priority_is_served_first() -> None:
    f = Frontier()
    f.add("https://a.test/1")
    f.add("https://b.test/1", priority=3)
    f.add("https://c.test/1")
    f.add("https://c.test/2", priority=1)
    # b's head has 3, c's head (its /2) has 1, a's has 0; within one priority the round-robin holds.
    assert drain(f) == ["https://b.test/1", "https://c.test/2", "https://a.test/1", "https://c.test/1"]


def test_equal_priorities_keep_the_plain_round_robin() -> None:  # negative control
    f = Frontier()
    for url in ["https://b.test/1", "https://a.test/1", "https://b.test/2", "https://a.test/2"]:
        f.add(url, priority=7)
    assert drain(f) == ["https://a.test/1", "https://b.test/1", "https://a.test/2", "https://b.test/2"]


# ----- retries ----------------------------------------------------------------------------------


def test_a_retried_task_waits_until_due_and_other_urls_go_on() -> None:
    f = Frontier()
    f.add("https://a.test/1")
    f.add("https://a.test/2")
    first = f.pop()
    assert first is not None
    f.retry(first, due_unix=130.0)
    f.prepare(now_unix=100.0)
    assert f.pop() == _task("https://a.test/2")
    assert f.pop() is None and len(f) == 1 and f.next_due_unix() == 130.0  # still waiting: the crawl is not over
    f.prepare(now_unix=129.9)
    assert f.pop() is None
    f.prepare(now_unix=130.0)
    assert f.pop() == first and len(f) == 0


def test_drain_returns_queued_and_waiting_tasks() -> None:
    f = Frontier()
    f.add("https://a.test/1")
    f.add("https://a.test/2")
    task = f.pop()
    assert task is not None
    f.retry(task, due_unix=1e12)
    assert [str(t.url) for t in f.drain()] == ["https://a.test/2", "https://a.test/1"]
    assert len(f) == 0


# ----- the window over a source -----------------------------------------------------------------


class ListSource:
    """A FrontierSource over a list, recording what was asked (the disk frontier's contract)."""

    def __init__(self, tasks: list[Task]) -> None:
        self.tasks = list(tasks)
        self.done: set[int] = set()
        self.asked_hosts: list[str | None] = []

    def queued(self) -> list[Task]:
        return [t for t in self.tasks if t.seq not in self.done]

    def hosts_after(self, host: str | None, limit: int) -> list[str]:
        self.asked_hosts.append(host)
        return sorted({t.host for t in self.queued() if host is None or t.host > host})[:limit]

    def head_tasks(self, host: str, limit: int) -> list[Task]:
        return sorted((t for t in self.queued() if t.host == host), key=lambda t: t.key)[:limit]


def _source(hosts: int, per_host: int) -> ListSource:
    tasks = []
    for i in range(per_host):
        for h in range(hosts):
            seq = len(tasks)
            tasks.append(_task(f"https://h{h:05d}.test/{i}", seq=seq))
    return ListSource(tasks)


def _serve_all(f: Frontier, source: ListSource) -> tuple[list[str], int]:
    """Take and finish every task in strict order; (URLs served, most hosts in the window at once)."""
    served, most = [], 0
    f.set_ready()
    while True:
        f.prepare(now_unix=0.0)
        most = max(most, f.hosts_in_window)
        task = f.pop()
        if task is None:
            break
        served.append(str(task.url))
        source.done.add(task.seq)  # its page line is durable: done on disk
        f.finish(task)
    return served, most


def test_the_window_holds_a_bounded_number_of_hosts_and_serves_every_url_once() -> None:
    source = _source(hosts=300, per_host=3)
    f = Frontier(source=source, capacity=50)
    served, most = _serve_all(f, source)
    assert sorted(served) == sorted(str(t.url) for t in source.tasks)  # each URL once, none lost
    assert most == 50
    assert len(f) == 0


def test_without_a_bound_every_host_is_in_memory() -> None:  # negative control for the bound
    source = _source(hosts=300, per_host=3)
    _served, most = _serve_all(Frontier(source=source, capacity=10_000), source)
    assert most == 300


def test_hosts_enter_the_window_in_sorted_order_and_urls_keep_file_order() -> None:
    source = _source(hosts=6, per_host=2)
    served, _most = _serve_all(Frontier(source=source, capacity=2), source)
    # Two hosts at a time, round-robin between them; the next host comes in when one is done.
    assert served == [
        "https://h00000.test/0", "https://h00001.test/0", "https://h00000.test/1", "https://h00001.test/1",
        "https://h00002.test/0", "https://h00003.test/0", "https://h00002.test/1", "https://h00003.test/1",
        "https://h00004.test/0", "https://h00005.test/0", "https://h00004.test/1", "https://h00005.test/1",
    ]  # fmt: skip


def test_a_window_with_room_for_every_host_keeps_the_in_memory_order() -> None:
    source = _source(hosts=5, per_host=3)
    memory = Frontier()
    for task in source.tasks:
        memory.add(str(task.url))
    served, _most = _serve_all(Frontier(source=source, capacity=1024), source)
    assert served == drain(memory)


def test_the_window_reads_nothing_before_the_source_is_ready() -> None:
    source = _source(hosts=3, per_host=1)
    f = Frontier(source=source, capacity=10)
    f.prepare(now_unix=0.0)
    assert f.pop() is None and source.asked_hosts == [] and len(f) > 0  # not ready: the crawl waits
    f.set_ready()
    f.prepare(now_unix=0.0)
    assert f.pop() is not None


def test_a_host_stays_in_the_window_until_its_last_url_is_finished() -> None:
    source = _source(hosts=2, per_host=1)
    f = Frontier(source=source, capacity=1)
    f.set_ready()
    f.prepare(now_unix=0.0)
    task = f.pop()
    assert task is not None and task.host == "h00000.test"
    f.prepare(now_unix=0.0)
    assert f.pop() is None  # h00000 is out (in flight) and holds the only place
    source.done.add(task.seq)
    f.finish(task)
    f.prepare(now_unix=0.0)
    nxt = f.pop()
    assert nxt is not None and nxt.host == "h00001.test"


def test_urls_loaded_later_with_a_higher_priority_go_first() -> None:
    source = _source(hosts=1, per_host=3)
    f = Frontier(source=source, capacity=4)
    f.set_ready()
    f.prepare(now_unix=0.0)
    assert f.pop() == source.tasks[0]
    late = _task("https://h00000.test/late", priority=9, seq=100)
    source.tasks.append(late)
    f.note_loaded([("h00000.test", 9)])
    f.prepare(now_unix=0.0)
    assert f.pop() == late


def test_a_waiting_retry_read_from_the_source_is_not_served_early() -> None:
    task = _task("https://a.test/1", seq=1, attempts=1, not_before_unix=500.0)
    source = ListSource([task])
    f = Frontier(source=source, capacity=4)
    f.set_ready()
    f.prepare(now_unix=400.0)
    assert f.pop() is None and f.next_due_unix() == 500.0
    f.prepare(now_unix=500.0)
    served = f.pop()
    assert served is not None and served.url == task.url and served.attempts == 1


def test_links_added_to_a_window_host_keep_its_buffer_bounded_and_in_order() -> None:
    source = _source(hosts=1, per_host=1)
    f = Frontier(source=source, capacity=4)
    f.set_ready()
    f.prepare(now_unix=0.0)
    page = f.pop()
    assert page is not None
    links = [_task(f"https://h00000.test/l{i:03d}", 1, str(page.url), -1, 100 + i) for i in range(3 * BUFFER_PER_HOST)]
    source.tasks += links
    first = _task("https://h00000.test/first", 1, str(page.url), 5, 999)  # sorts before every link
    source.tasks.append(first)
    f.note_added([*links, first])
    assert f.buffered == BUFFER_PER_HOST  # the rest stays on disk
    source.done.add(page.seq)
    f.finish(page)
    served, _most = _serve_all(f, source)
    assert served == [str(first.url)] + [str(t.url) for t in links]


_tasks = st.lists(st.tuples(st.integers(0, 7), st.integers(-2, 2)), min_size=1, max_size=60)


def _from(spec: list[tuple[int, int]]) -> ListSource:
    return ListSource([_task(f"https://h{h}.test/{i}", priority=p, seq=i) for i, (h, p) in enumerate(spec)])


@settings(max_examples=150, deadline=None)
@given(spec=_tasks, capacity=st.integers(1, 9))
def test_any_window_serves_each_url_once_in_its_hosts_order(spec: list[tuple[int, int]], capacity: int) -> None:
    source = _from(spec)
    served, most = _serve_all(Frontier(source=source, capacity=capacity), source)
    assert sorted(served) == sorted(str(t.url) for t in source.tasks) and most <= capacity
    by_url = {str(t.url): t for t in source.tasks}
    for host in {t.host for t in source.tasks}:
        mine = [by_url[u] for u in served if by_url[u].host == host]
        assert mine == sorted(mine, key=lambda t: t.key)  # priority, then file order, within the host


@settings(max_examples=150, deadline=None)
@given(spec=_tasks)
def test_a_window_with_room_for_every_host_serves_in_the_in_memory_order(spec: list[tuple[int, int]]) -> None:
    source = _from(spec)
    memory = Frontier()
    for task in source.tasks:
        memory.add(str(task.url), priority=task.priority)
    served, _most = _serve_all(Frontier(source=source, capacity=16), source)
    assert served == drain(memory)


def test_an_empty_window_stays_open_until_every_producer_is_done() -> None:
    # The loader and sitemap discovery each hold it open: the crawl must not end while either may add URLs.
    f = Frontier(source=ListSource([]), capacity=4)
    f.set_ready()
    f.set_loading(True)  # the loader
    f.set_loading(True)  # sitemap discovery
    f.set_loading(False)  # the loader is done ...
    f.prepare(now_unix=0.0)
    assert len(f) == 1  # ... but discovery may still queue sitemap files
    f.set_loading(False)
    f.prepare(now_unix=0.0)
    assert len(f) == 0
