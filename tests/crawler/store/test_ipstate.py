"""seaspider/store/ipstate.py: write-ahead bookings, end times, and the rebuild of an unreadable state.sqlite."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from seaspider.store.ipstate import IpState, ends_from_journal
from seaspider.store.journal import encode_line


def _outside(path: Path, sql: str) -> list[tuple[object, ...]]:
    """Read the state file from another connection, as the next process would after a SIGKILL."""
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def test_a_booking_is_on_disk_when_book_returns(tmp_path: Path) -> None:
    state = IpState(tmp_path / "state.sqlite")
    state.book("192.0.2.1", 100.0, 130.0)
    assert _outside(tmp_path / "state.sqlite", "SELECT ip, start_unix, until_unix FROM ip_open") == [("192.0.2.1", 100.0, 130.0)]
    state.close()


def test_a_booked_request_with_no_end_counts_as_ending_at_its_until(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite"
    state = IpState(path)
    state.save("192.0.2.1", 90.0)  # an earlier request's end
    state.book("192.0.2.1", 100.0, 130.0)  # then killed: no end
    # (no close: the process died)
    assert IpState(path).load() == {"192.0.2.1": 130.0}


def test_an_end_closes_its_booking(tmp_path: Path) -> None:  # negative control for the rule above
    path = tmp_path / "state.sqlite"
    state = IpState(path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.save("192.0.2.1", 101.5)
    state.flush()
    assert _outside(path, "SELECT count(*) FROM ip_open") == [(0,)]
    assert IpState(path).load() == {"192.0.2.1": 101.5}


def test_an_end_from_before_the_booking_does_not_close_it(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite"
    state = IpState(path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.save("192.0.2.1", 99.0)  # a late report of the request before
    state.flush()
    assert IpState(path).load() == {"192.0.2.1": 130.0}


def test_an_end_is_on_disk_promptly_without_any_other_write(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite"
    state = IpState(path)
    state.book("192.0.2.1", 40.0, 70.0)
    state.save("192.0.2.1", 50.0)  # nothing else is written after this
    deadline = time.monotonic() + 10
    while _outside(path, "SELECT * FROM ip_end") != [("192.0.2.1", 50.0)]:  # a wait for the writer, not a timing check
        assert time.monotonic() < deadline, "the end never reached the file"
        time.sleep(0.005)
    assert _outside(path, "SELECT count(*) FROM ip_open") == [(0,)]  # and it closed the booking
    state.close()


def test_concurrent_bookings_are_all_durable(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite"
    state = IpState(path)
    threads = [threading.Thread(target=state.book, args=(f"192.0.2.{i}", float(i), float(i) + 30)) for i in range(1, 33)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(_outside(path, "SELECT * FROM ip_open")) == 32
    state.close()


def test_an_unreadable_file_is_replaced_and_says_why(tmp_path: Path) -> None:
    path = tmp_path / "state.sqlite"
    path.write_bytes(b"this is not a database" * 100)
    state = IpState(path)
    assert state.unreadable is not None and "not a database" in state.unreadable
    assert state.load() == {}
    state.close()


def test_a_readable_file_is_not_called_unreadable(tmp_path: Path) -> None:  # negative control
    IpState(tmp_path / "state.sqlite").close()
    assert IpState(tmp_path / "state.sqlite").unreadable is None


def test_ends_from_journal_take_the_latest_time_each_ip_was_seen(tmp_path: Path) -> None:
    journal = tmp_path / "pages.jsonl"
    chain = [{"url": "http://a/", "status": 301, "ip": "192.0.2.1"}, {"url": "http://b/", "status": 200, "ip": "192.0.2.2"}]
    lines = [
        {"kind": "intent", "url": "http://a/", "depth": 0, "parent": None, "recorded_unix": 1.0},
        {"kind": "page", "url": "http://a/", "chain": chain, "fetched_unix": 10.0, "ms": 5},
        {"kind": "robots", "url": "http://c/robots.txt", "origin": "http://c", "ip": "192.0.2.3", "chain": [], "fetched_unix": 12.0},
        {"kind": "page", "url": "http://a/2", "chain": [{"url": "http://a/2", "status": 200, "ip": "192.0.2.1"}], "fetched_unix": 20.0},
    ]
    journal.write_bytes(b"".join(encode_line(x) for x in lines) + b'{"kind":"page","chain":"oops","ip":"x"}\n')
    assert ends_from_journal(journal) == {"192.0.2.1": 20.0, "192.0.2.2": 10.0, "192.0.2.3": 12.0}
