"""seaspider/store/ipstate.py and bookings.py: write-ahead bookings, end times, an unreadable state.sqlite."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

from seaspider.store.bookings import SLOT_BYTES, BookingSlots
from seaspider.store.ipstate import IpState, ends_from_journal
from seaspider.store.journal import encode_line


def _state(tmp_path: Path) -> IpState:
    return IpState(tmp_path / "state.sqlite", tmp_path / "bookings.slots")


def _outside(path: Path, sql: str) -> list[tuple[object, ...]]:
    """Read the state file from another connection, as the next process would after a SIGKILL."""
    db = sqlite3.connect(path)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def test_a_booking_is_on_disk_when_book_returns(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.book("192.0.2.1", 100.0, 130.0)
    # Read from outside, as the next process would after a SIGKILL.
    assert BookingSlots(tmp_path / "bookings.slots").found == [("192.0.2.1", 100.0, 130.0)]
    state.close()


def test_a_booked_request_with_no_end_counts_as_ending_at_its_until(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.save("192.0.2.1", 90.0)  # an earlier request's end
    state.flush()
    state.book("192.0.2.1", 100.0, 130.0)  # then killed: no end, no close
    again = _state(tmp_path)
    assert again.load() == {"192.0.2.1": 130.0}
    again.close()
    assert _state(tmp_path).load() == {"192.0.2.1": 130.0}  # and it stays recorded


def test_an_end_closes_its_booking(tmp_path: Path) -> None:  # negative control for the rule above
    state = _state(tmp_path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.save("192.0.2.1", 101.5)
    state.flush()
    assert _state(tmp_path).load() == {"192.0.2.1": 101.5}


def test_an_end_from_before_the_booking_does_not_close_it(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.save("192.0.2.1", 99.0)  # a late report of the request before
    state.flush()
    assert _state(tmp_path).load() == {"192.0.2.1": 130.0}


def test_the_next_booking_of_an_ip_keeps_its_slot_until_its_own_end(tmp_path: Path) -> None:
    """The end of request 1 written after request 2 was booked must not free request 2's slot."""
    state = _state(tmp_path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.save("192.0.2.1", 101.0)
    state.book("192.0.2.1", 103.0, 133.0)  # booked before the end above reached the file
    state.flush()
    state.book("192.0.2.2", 104.0, 134.0)  # would take a freed slot and overwrite request 2
    assert _state(tmp_path).load() == {"192.0.2.1": 133.0, "192.0.2.2": 134.0}


def test_slots_are_reused_so_the_file_stays_small(tmp_path: Path) -> None:
    state = _state(tmp_path)
    for i in range(150):  # more than one growth of the file, were slots never given back
        ip = f"10.0.0.{i}"
        state.book(ip, float(i), i + 30.0)
        state.save(ip, i + 0.5)
        state.flush()
    state.close()
    assert (tmp_path / "bookings.slots").stat().st_size <= 64 * SLOT_BYTES


def test_an_end_is_on_disk_promptly_without_any_other_write(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.book("192.0.2.1", 40.0, 70.0)
    state.save("192.0.2.1", 50.0)  # nothing else is written after this
    deadline = time.monotonic() + 10
    while _outside(tmp_path / "state.sqlite", "SELECT * FROM ip_end") != [("192.0.2.1", 50.0)]:
        assert time.monotonic() < deadline, "the end never reached the file"  # a wait for the writer, not a timing check
        time.sleep(0.005)
    state.close()


def test_concurrent_bookings_are_all_durable(tmp_path: Path) -> None:
    state = _state(tmp_path)
    threads = [threading.Thread(target=state.book, args=(f"192.0.2.{i}", float(i), float(i) + 30)) for i in range(1, 33)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(BookingSlots(tmp_path / "bookings.slots").found) == 32
    state.close()


def test_a_torn_slot_is_ignored(tmp_path: Path) -> None:
    state = _state(tmp_path)
    state.book("192.0.2.1", 100.0, 130.0)
    state.book("192.0.2.2", 100.0, 140.0)
    with open(tmp_path / "bookings.slots", "r+b") as f:
        f.seek(SLOT_BYTES + 10)
        f.write(b"\xff\xff")  # the second record is damaged: its checksum no longer matches
    assert BookingSlots(tmp_path / "bookings.slots").found == [("192.0.2.1", 100.0, 130.0)]


def test_an_unreadable_file_is_replaced_and_says_why(tmp_path: Path) -> None:
    (tmp_path / "state.sqlite").write_bytes(b"this is not a database" * 100)
    state = _state(tmp_path)
    assert state.unreadable is not None and "not a database" in state.unreadable
    assert state.load() == {}
    state.close()


def test_a_readable_file_is_not_called_unreadable(tmp_path: Path) -> None:  # negative control
    _state(tmp_path).close()
    assert _state(tmp_path).unreadable is None


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
