"""The disk frontier's sitemap part (crawl/frontier_db.py): where sitemap files and their finds go in a
host's order, each once, within the per-origin budget; which origins still wait for their robots.txt;
and the crash rule: a sitemap's finds are queued before its page line is written."""

from __future__ import annotations

from pathlib import Path

import pytest
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.config import build_config
from seaspider.crawl.frontier import Task
from seaspider.crawl.frontier_db import FrontierDB, SourceState, State
from seaspider.crawl.queuefile import QueueEntry
from seaspider.crawl.records import PageJob, Recorder
from seaspider.crawl.sitemaps import LISTED_PRIORITY, SITEMAP_PRIORITY, Listing, SitemapRef, Via, named_by_robots
from seaspider.errors import StoreError
from seaspider.store.writer import StoreWriter

ROBOTS = "https://a.test/robots.txt"


def _load(db: FrontierDB, *lines: tuple[str, int, str], path: str = "q.txt") -> None:
    """Queue lines (url, priority, kind) as the loader would."""
    source_id, gen = db.begin_load(path)
    entries = [QueueEntry(url, i + 1, priority, kind) for i, (url, priority, kind) in enumerate(lines)]
    db.load(entries, source=SourceState(source_id, 0, 0, 0, 0, 0, 0, ""), gen=gen, track_dirs=True)


def _task(db: FrontierDB, url: str) -> Task:
    host = url.split("/")[2]
    return next(t for t in db.head_tasks(host, 1000) if str(t.url) == url)


@pytest.fixture
def store(tmp_path: Path) -> Path:
    with StoreWriter.open(tmp_path / "store"):
        pass
    return tmp_path / "store"


def test_queue_lines_then_their_links_then_robots_sitemaps_then_what_sitemaps_list(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/1", 0, "page"), ("https://a.test/2", -5, "page"))
    db.settle(followed=[[("https://a.test/linked", 1, _task(db, "https://a.test/1"), -1)]])
    tasks, over = db.queue_named([(1, named_by_robots(ROBOTS, ["https://a.test/s1.xml", "https://a.test/s2.xml"]))],
                                 max_sitemaps=100, now_unix=1.0)  # fmt: skip
    assert [(str(t.url), t.parent, t.priority) for t in tasks] == [
        ("https://a.test/s1.xml", ROBOTS, SITEMAP_PRIORITY), ("https://a.test/s2.xml", ROBOTS, SITEMAP_PRIORITY)] and over == 0
    # s2 is read first here: the pages come in the order the sitemaps were read, each once.
    db.queue_listed([(_task(db, "https://a.test/s2.xml"), Listing((), ("https://a.test/p2", "https://a.test/p1"), ()))], max_sitemaps=100)
    (got,) = db.queue_listed([(_task(db, "https://a.test/s1.xml"), Listing((), ("https://a.test/p1", "https://a.test/p3"), ()))],
                             max_sitemaps=100)  # fmt: skip
    assert [str(t.url) for t in got.tasks] == ["https://a.test/p3"] and got.pages == 1  # p1 was queued already
    assert [(str(t.url), t.parent) for t in db.head_tasks("a.test", 100)] == [
        ("https://a.test/1", None), ("https://a.test/linked", "https://a.test/1"), ("https://a.test/2", None),
        ("https://a.test/s1.xml", ROBOTS), ("https://a.test/s2.xml", ROBOTS),
        ("https://a.test/p2", "https://a.test/s2.xml"), ("https://a.test/p1", "https://a.test/s2.xml"),
        ("https://a.test/p3", "https://a.test/s1.xml"),
    ]  # fmt: skip
    assert {t.priority for t in db.head_tasks("a.test", 100) if str(t.url).split("/")[-1].startswith("p")} == {LISTED_PRIORITY}
    db.close()


def test_the_budget_counts_what_robots_txt_and_indexes_add_per_origin(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/q.xml", 0, "sitemap"))  # the queue's own: not counted
    files = named_by_robots(ROBOTS, [f"https://a.test/s{i}.xml" for i in range(3)])
    tasks, over = db.queue_named([(1, files)], max_sitemaps=2, now_unix=1.0)
    assert [str(t.url) for t in tasks] == ["https://a.test/s0.xml", "https://a.test/s1.xml"] and over == 1
    index = _task(db, "https://a.test/s0.xml")
    (got,) = db.queue_listed([(index, Listing((("https://a.test/c.xml", SitemapRef.from_queue(ROBOTS).child()),), (), ()))], max_sitemaps=2)
    assert got.tasks == () and got.over_budget == 1  # a child counts against its owner's budget too
    # Control: another origin has a budget of its own.
    other, over_b = db.queue_named([(2, named_by_robots("https://b.test/robots.txt", ["https://b.test/s.xml"]))], max_sitemaps=2, now_unix=1.0)
    assert [str(t.url) for t in other] == ["https://b.test/s.xml"] and over_b == 0
    db.close()


def test_a_sitemap_is_queued_once_and_a_page_done_before_is_read_as_one(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/s.xml", 0, "page"))
    page = _task(db, "https://a.test/s.xml")
    db.settle(finished=[(page.seq, False, 1.0)])
    assert db.sitemap_role(page.seq).sitemap is None
    tasks, _ = db.queue_named([(1, named_by_robots(ROBOTS, ["https://a.test/s.xml"]))], max_sitemaps=100, now_unix=1.0)
    assert [(str(t.url), t.seq) for t in tasks] == [("https://a.test/s.xml", page.seq)]  # done, now queued again to be read
    assert db.sitemap_role(page.seq).sitemap == SitemapRef(Via.ROBOTS, 0, "https://a.test", ("https://a.test",), ROBOTS)
    again, _ = db.queue_named([(1, named_by_robots(ROBOTS, ["https://a.test/s.xml"]))], max_sitemaps=100, now_unix=2.0)
    assert again == [] and db.count_queued() == 1  # a sitemap of this frontier is never queued twice
    db.close()


def test_pages_a_sitemap_lists_are_marked_and_others_are_not(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/", 0, "page"), ("https://a.test/s.xml", 0, "sitemap"))
    sitemap = _task(db, "https://a.test/s.xml")
    db.queue_listed([(sitemap, Listing((), ("https://a.test/p",), ()))], max_sitemaps=100)
    assert db.sitemap_role(_task(db, "https://a.test/p").seq).listed
    assert not db.sitemap_role(_task(db, "https://a.test/").seq).listed  # control: a queue line
    assert db.sitemap_role(sitemap.seq).sitemap == SitemapRef.from_queue("https://a.test/s.xml")
    db.close()


def test_lastmod_requeues_only_a_done_page(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/done", 0, "page"), ("https://a.test/failed", 0, "page"), ("https://a.test/s.xml", 0, "sitemap"))
    done, failed = _task(db, "https://a.test/done"), _task(db, "https://a.test/failed")
    db.settle(finished=[(done.seq, False, 1.0), (failed.seq, True, 1.0)])
    (got,) = db.queue_listed([(_task(db, "https://a.test/s.xml"), Listing((), (), ("https://a.test/done", "https://a.test/failed")))],
                             max_sitemaps=100)  # fmt: skip
    assert [str(t.url) for t in got.tasks] == ["https://a.test/done"] and got.pages == 1
    assert db.states()["https://a.test/done"] is State.QUEUED and db.states()["https://a.test/failed"] is State.FAILED
    db.close()


def test_origins_wait_in_first_seen_order_until_asked_and_again_when_old(store: Path) -> None:
    db = FrontierDB.open(store)
    _load(db, ("https://b.test/1", 0, "page"), ("https://a.test/1", 0, "page"), ("https://b.test/2", 0, "page"),
          ("https://c.test/s.xml", 0, "sitemap"))  # fmt: skip
    pending = db.next_origins(10)
    assert [o for _i, o in pending] == ["https://b.test", "https://a.test", "https://c.test"]
    # A sitemap robots.txt named on another host is no queue origin (control: c.test's queue sitemap is one).
    db.queue_named([(pending[0][0], named_by_robots("https://b.test/robots.txt", ["https://cdn.test/sm.xml"]))], max_sitemaps=100, now_unix=50.0)
    assert [o for _i, o in db.next_origins(10)] == ["https://a.test", "https://c.test"]
    db.close()
    db = FrontierDB.open(store)  # the next run: asked ones stay asked ...
    db.start_run(refetch_before_unix=None)
    assert [o for _i, o in db.next_origins(10)] == ["https://a.test", "https://c.test"]
    db.start_run(refetch_before_unix=100.0)  # ... until refetching makes them old
    assert [o for _i, o in db.next_origins(10)] == ["https://b.test", "https://a.test", "https://c.test"]
    db.close()


def _record_sitemap(store: Path, *, list_after: bool, fail: str) -> dict[str, State]:
    """Record a sitemap visit while the page line (fail="journal") or the finds (fail="frontier") cannot be
    written, as a crash would leave it; then what a fresh open of the frontier says (it catches up with the journal)."""
    config = build_config({"store": str(store), "robot": {"contact_url": "https://example.invalid/movabot"}}, base_dir=store,
                          source="config.json")  # fmt: skip
    writer = StoreWriter.open(store)
    db = FrontierDB.open(store)
    _load(db, ("https://a.test/s.xml", 0, "sitemap"))
    task = _task(db, "https://a.test/s.xml")
    recorder = Recorder(config, writer, FakeClock(), policy=None, db=db, _list_after=list_after)
    listing = Listing((), ("https://a.test/p1", "https://a.test/p2"), ())
    job = PageJob(task, visit(str(task.url), b"https://a.test/p1\nhttps://a.test/p2\n"), False, listing)
    if fail == "journal":
        writer.close()  # the disk goes away: the page line cannot be written

    def crash(*_args: object, **_kw: object) -> None:
        raise StoreError("the process died here")

    if fail == "frontier":
        db.queue_listed = crash  # type: ignore[method-assign]
    with pytest.raises(StoreError):
        recorder.record([job])
    db.close()
    writer.close()
    db = FrontierDB.open(store)
    db.catch_up()
    states = db.states()
    db.close()
    return states


def test_a_sitemaps_finds_are_queued_before_its_page_line_so_a_crash_between_loses_none(store: Path) -> None:
    states = _record_sitemap(store, list_after=False, fail="journal")
    # The sitemap is not done (it is read again next run, and finds its pages already queued); its finds wait.
    assert states == {"https://a.test/s.xml": State.QUEUED, "https://a.test/p1": State.QUEUED, "https://a.test/p2": State.QUEUED}


def test_a_failed_queueing_leaves_the_sitemap_to_be_read_again(store: Path) -> None:
    assert _record_sitemap(store, list_after=False, fail="frontier") == {"https://a.test/s.xml": State.QUEUED}


def test_finds_queued_after_the_page_line_are_lost_by_a_crash_between(store: Path) -> None:
    """Negative control: page line first, then the crash: the sitemap is done and its pages are gone for good."""
    assert _record_sitemap(store, list_after=True, fail="frontier") == {"https://a.test/s.xml": State.DONE}
