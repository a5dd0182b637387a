"""The disk frontier (crawl/frontier_db.py): the seen set, states from the journal, rebuilds, the window's queries."""

from __future__ import annotations

from pathlib import Path

import pytest
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.config import build_config
from seaspider.crawl.follow import FollowPolicy
from seaspider.crawl.frontier import Task
from seaspider.crawl.frontier_db import FRONTIER, DiskSeen, FrontierDB, SourceState, State, journal_states
from seaspider.crawl.queuefile import QueueEntry
from seaspider.crawl.records import PageJob, Recorder
from seaspider.errors import StoreError
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome, Retry
from seaspider.web.urls import URL, parse_url


def _entries(*urls: str, priority: int = 0) -> list[QueueEntry]:
    return [QueueEntry(url, i + 1, priority) for i, url in enumerate(urls)]


def _load(db: FrontierDB, entries: list[QueueEntry], path: str = "q.txt"):  # type: ignore[no-untyped-def]
    source_id, gen = db.begin_load(path)
    return db.load(entries, source=SourceState(source_id, 0, 0, 0, 0, 0, 0, ""), gen=gen, track_dirs=True)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    with StoreWriter.open(tmp_path / "store"):
        pass
    return tmp_path / "store"


def test_load_queues_each_url_once_and_counts_repeats_and_held_urls(store: Path) -> None:
    db = FrontierDB.open(store)
    first = _load(db, _entries("https://a.test/1", "https://b.test/1", "https://a.test/1", "https://a.test/2"))
    assert (first.new, first.duplicates, first.held_done, first.held_queued) == (3, 1, 0, 0)
    assert dict(first.hosts) == {"a.test": 0, "b.test": 0}
    again = _load(db, _entries("https://a.test/1", "https://c.test/1"))  # a later load: held, not a repeat
    assert (again.new, again.duplicates, again.held_queued) == (1, 0, 1)
    assert db.contains("https://a.test/1") and not db.contains("https://a.test/3")
    assert db.count_queued() == 4
    db.close()


def test_the_window_reads_hosts_in_sorted_order_and_urls_by_priority_then_arrival(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, _entries("https://c.test/1", "https://a.test/1", "https://a.test/2"))
    _load(db, _entries("https://a.test/3", priority=4), path="q2.txt")
    assert db.hosts_after(None, 10) == ["a.test", "c.test"]
    assert db.hosts_after("a.test", 10) == ["c.test"]
    assert db.hosts_after("c.test", 10) == []
    assert [str(t.url) for t in db.head_tasks("a.test", 10)] == ["https://a.test/3", "https://a.test/1", "https://a.test/2"]
    assert [t.priority for t in db.head_tasks("a.test", 2)] == [4, 0]
    db.close()


def test_a_rows_task_carries_its_url_rebuilt_from_the_stored_text(store: Path) -> None:
    db = FrontierDB.open(store)
    texts = ["http://[2001:db8::1]:8080/x?b=2&a=1", "https://a.test/p?", "https://a.test/"]
    _load(db, _entries(*texts))
    tasks = [t for host in db.hosts_after(None, 10) for t in db.head_tasks(host, 10)]
    assert all(isinstance(t.url, URL) for t in tasks)
    assert sorted(str(t.url) for t in tasks) == sorted(texts)
    assert {str(t.url): (t.url, t.host) for t in tasks} == {text: (parse_url(text), parse_url(text).host) for text in texts}
    assert db.hosts_after(None, 10) == ["2001:db8::1", "a.test"]  # the host column the window keys by is the URL's host
    db.close()


def test_settle_marks_outcomes_and_queues_followed_links_once(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, _entries("https://a.test/1", "https://a.test/2"))
    first, second = db.head_tasks("a.test", 2)
    added = db.settle(
        in_flight=[first.seq, second.seq],
        finished=[(first.seq, False, 100.0), (second.seq, True, 101.0)],
        followed=[[("https://a.test/x", 1, first, -1), ("https://a.test/2", 1, first, -1), ("https://a.test/x", 1, first, -1)]],
    )
    assert [[(str(t.url), t.depth, t.parent, t.priority) for t in page] for page in added] == [[("https://a.test/x", 1, "https://a.test/1", -1)]]
    states = db.states()
    assert states["https://a.test/1"] is State.DONE and states["https://a.test/2"] is State.FAILED
    assert states["https://a.test/x"] is State.QUEUED
    assert [str(t.url) for t in db.head_tasks("a.test", 5)] == ["https://a.test/x"]  # followed: a queued URL like any other
    db.close()


def _journal_with_every_kind(store: Path) -> None:
    """Journal lines of every kind the frontier reads: outcomes, an error, a retry, and an intent a crash cut short."""
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_intent("https://a.test/done")
        w.record_visit(visit("https://a.test/done", b"<html>ok</html>"))
        w.record_intent("https://a.test/failed")
        w.record_visit(visit("https://a.test/failed", outcome=Outcome.ERROR, status=None, reason="refused"))
        w.record_intent("https://a.test/again")
        w.record_retries([Retry("https://a.test/again", 1, "HTTP 503 Service Unavailable; retry 1 of 2 after 30 s", 503, "192.0.2.1",
                                None, 30.0, 2_000_000_000.0)])  # fmt: skip
        w.record_intent("https://a.test/cut", depth=1, parent="https://a.test/done")
    with StoreWriter.open(store, clock=FakeClock()):
        pass  # the next open turns the pending intent into an uncertain line


def test_catching_up_gives_each_url_the_state_its_journal_lines_say(store: Path) -> None:
    _journal_with_every_kind(store)
    db = FrontierDB.open(store)
    caught = db.catch_up()
    assert caught.uncertain == 1 and caught.lines > 0
    assert db.states() == journal_states(store / "pages.jsonl") == {
        "https://a.test/done": State.DONE,
        "https://a.test/failed": State.FAILED,
        "https://a.test/again": State.QUEUED,
        "https://a.test/cut": State.QUEUED,
    }
    (again,) = [t for t in db.head_tasks("a.test", 5) if str(t.url).endswith("again")]
    assert again.attempts == 1 and again.not_before_unix == 2_000_000_000.0
    cut = [t for t in db.head_tasks("a.test", 5) if str(t.url).endswith("cut")]
    assert cut[0].depth == 1 and cut[0].parent == "https://a.test/done"
    assert db.catch_up().lines == 0  # the mark moved past what was applied
    db.close()


def test_start_run_queues_again_errors_and_refetches_due(store: Path) -> None:
    _journal_with_every_kind(store)
    db = FrontierDB.open(store)
    db.catch_up()
    start = db.start_run(refetch_before_unix=None)
    assert (start.run, start.requeued_failed, start.requeued_refetch, start.queued) == (1, 1, 0, 3)
    assert db.states()["https://a.test/done"] is State.DONE
    later = db.start_run(refetch_before_unix=2_000_000_000.0)  # everything done before then is due
    assert (later.run, later.requeued_refetch, later.queued) == (2, 1, 4)
    db.close()


@pytest.mark.parametrize("damage", ["deleted", "garbage", "journal-cut", "journal-rewritten"])
def test_a_lost_or_damaged_frontier_is_rebuilt_from_the_journal(store: Path, damage: str) -> None:
    _journal_with_every_kind(store)
    db = FrontierDB.open(store)
    db.catch_up()
    before = db.states()
    db.close()
    path = store / FRONTIER
    if damage == "deleted":
        path.unlink()
    elif damage == "garbage":
        path.write_bytes(b"this is not a database" * 100)
        for side in ("-wal", "-shm"):
            Path(f"{path}{side}").unlink(missing_ok=True)
    else:
        journal = store / "pages.jsonl"
        data = journal.read_bytes()
        last = data.rstrip(b"\n").rfind(b"\n") + 1
        # Cut: the last line is gone. Rewritten: the same length, but not the lines it applied.
        journal.write_bytes(data[:last] if damage == "journal-cut" else data[:last] + data[last:].replace(b'"kind"', b'"KIND"'))
        before = journal_states(journal)
    db = FrontierDB.open(store)
    assert db.rebuilt is (damage != "deleted")
    assert db.states() == {}
    db.catch_up()
    assert db.states() == before
    db.close()


def test_a_frontier_that_fits_is_kept(store: Path) -> None:  # negative control for the rebuild
    _journal_with_every_kind(store)
    db = FrontierDB.open(store)
    db.catch_up()
    db.close()
    db = FrontierDB.open(store)
    assert not db.rebuilt and len(db.states()) == 4
    db.close()


def test_a_frontier_that_cannot_be_created_is_a_store_error(store: Path) -> None:
    (store / FRONTIER).mkdir()  # a directory where the file should be
    with pytest.raises(StoreError, match="frontier"):
        FrontierDB.open(store)


def test_disk_seen_set_counts_links_chosen_but_not_yet_stored(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, _entries("https://a.test/d/1"))
    seen = DiskSeen(db)
    assert "https://a.test/d/1" in seen and seen.directory_count("a.test/d/") == 1
    seen.add("https://a.test/d/2")
    assert "https://a.test/d/2" in seen and seen.directory_count("a.test/d/") == 2
    seen.flush()
    assert "https://a.test/d/2" not in seen  # never stored: forgotten
    db.close()


def _record_then_fail(store: Path, *, settle_first: bool) -> dict[str, State]:
    """Record a page whose journal write fails; what the frontier then says about it."""
    config = build_config({"store": str(store), "robot": {"contact_url": "https://example.invalid/movabot"}}, base_dir=store,
                          source="config.json")  # fmt: skip
    writer = StoreWriter.open(store)
    db = FrontierDB.open(store)
    _load(db, _entries("https://a.test/1"))
    (task,) = db.head_tasks("a.test", 1)
    recorder = Recorder(config, writer, FakeClock(), policy=FollowPolicy(config.follow, seen=DiskSeen(db)), db=db, _settle_first=settle_first)
    writer.close()  # the disk goes away: the page line cannot be written
    with pytest.raises(StoreError, match="closed"):
        recorder.record([PageJob(task, visit(str(task.url), b"<html>x</html>"), False)])
    states = db.states()
    db.close()
    return states


def test_a_url_is_done_only_after_its_page_line_is_durable(store: Path) -> None:
    assert _record_then_fail(store, settle_first=False) == {"https://a.test/1": State.QUEUED}


def test_marking_done_before_the_journal_loses_the_url(store: Path) -> None:
    """Negative control: settled first, the failed write leaves a URL done with no page line: lost."""
    states = _record_then_fail(store, settle_first=True)
    assert states == {"https://a.test/1": State.DONE}
    assert journal_states(store / "pages.jsonl") == {}


def test_task_parent_comes_back_as_a_url(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, _entries("https://a.test/"))
    (parent,) = db.head_tasks("a.test", 1)
    db.settle(followed=[[("https://a.test/child", 1, parent, -1)]])
    child = [t for t in db.head_tasks("a.test", 5) if str(t.url).endswith("child")][0]
    assert child == Task(parse_url("https://a.test/child"), 1, "https://a.test/", -1)
    db.close()


def test_a_pages_links_are_queued_before_its_page_line_so_a_crash_between_loses_none(store: Path) -> None:
    config = build_config({"store": str(store), "robot": {"contact_url": "https://example.invalid/movabot"},
                           "follow": {"enabled": True}}, base_dir=store, source="config.json")  # fmt: skip
    writer = StoreWriter.open(store)
    db = FrontierDB.open(store)
    _load(db, _entries("https://a.test/"))
    (task,) = db.head_tasks("a.test", 1)
    recorder = Recorder(config, writer, FakeClock(), policy=FollowPolicy(config.follow, seen=DiskSeen(db)), db=db)
    body = b'<html><a href="/one">1</a><a href="/two">2</a></html>'
    page = visit(str(task.url), body, headers={"content-type": "text/html"})
    writer.close()  # the page line cannot be written: a crash right after the links were queued
    with pytest.raises(StoreError, match="closed"):
        recorder.record([PageJob(task, page, False)])
    states = db.states()
    db.close()
    # The page is not done (it is fetched again, and finds its links already seen); its links wait.
    assert states == {"https://a.test/": State.QUEUED, "https://a.test/one": State.QUEUED, "https://a.test/two": State.QUEUED}
