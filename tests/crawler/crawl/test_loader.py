"""The queue loader (crawl/loader.py): streaming a queue file into the disk frontier, and resuming a load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seaspider.crawl.frontier_db import FrontierDB, Loaded
from seaspider.crawl.loader import BATCH_LINES, LoadReport, QueueLoader
from seaspider.crawl.queuefile import BadLine
from seaspider.store.writer import StoreWriter


@pytest.fixture
def db(tmp_path: Path):  # type: ignore[no-untyped-def]
    with StoreWriter.open(tmp_path / "store"):
        pass
    frontier = FrontierDB.open(tmp_path / "store")
    yield frontier
    frontier.close()


class Run:
    """One load, with what it reported along the way."""

    def __init__(self, db: FrontierDB, path: Path, *, stop_after_batches: int | None = None) -> None:
        self.batches: list[Loaded] = []
        self.bad: list[BadLine] = []
        self.loader = QueueLoader(
            db, path, label="q.txt", sort_query=False, track_dirs=False, on_batch=self.batches.append, on_bad=self.bad.append,
            should_stop=lambda: stop_after_batches is not None and len(self.batches) >= stop_after_batches,
        )  # fmt: skip

    def load(self) -> LoadReport:
        return self.loader.load()


def _queued(db: FrontierDB) -> list[str]:
    return [str(t.url) for host in db.hosts_after(None, 1000) for t in db.head_tasks(host, 10_000)]


def test_lines_are_streamed_in_file_order_with_bad_lines_reported(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_bytes(
        b"\xef\xbb\xbfhttps://a.test/1\r\n# comment\n\nnot a url\n"
        + json.dumps({"url": "https://a.test/2", "priority": 3}).encode() + b"\r"
        + b'{"url": "https://a.test/3", "priority": "high"}\nhttps://A.test/1\nhttps://b.test/1'
    )  # fmt: skip
    run = Run(db, path)
    report = run.load()
    assert (report.lines, report.new, report.duplicates, report.bad, report.blank) == (8, 3, 1, 2, 2)
    assert [(b.line, b.reason[:14]) for b in run.bad] == [(4, "q.txt: line 4:"), (6, "q.txt: line 6 ")]
    assert '"priority" "high", but it must be an integer' in run.bad[1].reason
    assert report.complete and report.resumed_at == 0
    assert _queued(db) == ["https://a.test/2", "https://a.test/1", "https://b.test/1"]  # priority 3 first


def test_an_unchanged_file_is_not_read_again(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_text("https://a.test/1\nhttps://a.test/2\n")
    Run(db, path).load()
    again = Run(db, path).load()
    assert (again.lines, again.new, again.resumed_at) == (0, 0, path.stat().st_size)


def test_a_grown_file_reads_only_the_lines_it_gained(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_text("https://a.test/1\nhttps://a.test/2\n")
    first_size = path.stat().st_size
    Run(db, path).load()
    with open(path, "a") as out:
        out.write("https://a.test/3\nnot a url\n")
    run = Run(db, path)
    again = run.load()
    assert (again.lines, again.new, again.resumed_at) == (2, 1, first_size)
    assert [b.line for b in run.bad] == [4]  # line numbers continue from the first load


def test_a_changed_file_is_read_again_and_only_new_urls_are_queued(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_text("https://a.test/1\nhttps://a.test/2\n")
    Run(db, path).load()
    path.write_text("https://a.test/0\nhttps://a.test/1\nhttps://a.test/2\n")  # a line inserted at the top
    again = Run(db, path).load()
    assert (again.lines, again.new, again.held_queued, again.duplicates, again.resumed_at) == (3, 1, 2, 0, 0)
    # Arrival order: the new URL comes after those the frontier already had.
    assert _queued(db) == ["https://a.test/1", "https://a.test/2", "https://a.test/0"]


def test_a_stopped_load_is_continued_by_the_next(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    path.write_text("".join(f"https://h{i % 7}.test/{i}\n" for i in range(3 * BATCH_LINES + 5)))
    first = Run(db, path, stop_after_batches=1).load()
    assert not first.complete and first.new == BATCH_LINES
    rest = Run(db, path).load()
    assert rest.complete and rest.new == 2 * BATCH_LINES + 5 and rest.duplicates == 0
    assert db.count_queued() == 3 * BATCH_LINES + 5


def test_each_batch_reports_its_hosts_with_their_highest_priority(db: FrontierDB, tmp_path: Path) -> None:
    path = tmp_path / "q.txt"
    lines = [json.dumps({"url": "https://a.test/1", "priority": 2}), "https://a.test/2", json.dumps({"url": "https://b.test/1", "priority": -1})]
    path.write_text("\n".join(lines) + "\n")
    run = Run(db, path)
    run.load()
    assert [dict(b.hosts) for b in run.batches] == [{"a.test": 2, "b.test": -1}]
