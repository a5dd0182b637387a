"""seaspider/service/ledger.py: the ledger keeps an index of ids, not the replies; the index heals itself."""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import threading
import tracemalloc
from pathlib import Path

import pytest

from seaspider.service.ledger import INDEX_SUFFIX, Ledger

SHA = "ab" * 32


def _reply(i: int) -> dict[str, object]:
    # About the size of a real status reply (2 KiB), so keeping replies in memory would show.
    return {"answer": f"I am idle and the queue is empty. Reply {i}.", "report": {"pad": "x" * 2000, "n": i}}


@pytest.mark.slow
def test_memory_does_not_grow_with_the_replies_recorded(tmp_path: Path) -> None:
    ledger = Ledger(tmp_path / "ledger.jsonl", clock_time=lambda: 1.0)
    for i in range(100):  # warm up caches (SQLite's page cache, the interpreter's pools)
        ledger.record("octopus", f"warm{i}", SHA, _reply(i))
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(1500):
            ledger.record("octopus", f"id{i}", SHA, _reply(i))
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # Replies kept in memory grew by about 1 MiB here (main's ledger); an index on disk keeps well under 1 KiB each.
    assert grown < 256 * 1024, f"the ledger grew by {grown / 1024:.0f} KiB over 1500 replies"
    assert ledger.lookup("octopus", "id1499") is not None and ledger.lookup("octopus", "id1499").reply == _reply(1499)  # type: ignore[union-attr]
    ledger.close()


def test_a_repeated_id_reads_its_reply_from_disk_after_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, clock_time=lambda: 1.0)
    ledger.record("octopus", "7", SHA, _reply(7))
    ledger.record("octopus", "7b", SHA, _reply(8))
    ledger.close()
    again = Ledger(path, clock_time=lambda: 2.0)
    entry = again.lookup("octopus", "7")
    assert entry is not None and entry.reply == _reply(7) and entry.prompt_sha256 == SHA
    assert again.lookup("crab", "7") is None  # negative control: ids are per caller
    assert len(again) == 2
    again.close()


def test_lines_the_index_missed_are_taken_in_at_the_next_open(tmp_path: Path) -> None:
    """A crash between the fsynced ledger line and its index row loses nothing."""
    path = tmp_path / "ledger.jsonl"
    Ledger(path, clock_time=lambda: 1.0).close()
    line = {"kind": "reply", "id": "late", "caller": "octopus", "prompt_sha256": SHA, "recorded_unix": 1.0, "reply": _reply(1)}
    with open(path, "ab") as fh:
        fh.write(json.dumps(line).encode() + b"\n")
    ledger = Ledger(path, clock_time=lambda: 2.0)
    assert ledger.lookup("octopus", "late") is not None
    ledger.close()


def test_a_damaged_or_foreign_index_is_built_again(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, clock_time=lambda: 1.0)
    ledger.record("octopus", "1", SHA, _reply(1))
    ledger.close()
    index = path.with_name(path.name + INDEX_SUFFIX)
    index.write_bytes(b"not a database" * 100)
    for side in ("-wal", "-shm"):
        Path(f"{index}{side}").unlink(missing_ok=True)
    ledger = Ledger(path, clock_time=lambda: 2.0)
    assert ledger.lookup("octopus", "1") is not None
    ledger.close()
    # A ledger replaced by another file: the index notices (identity) and starts over.
    other = tmp_path / "other.jsonl"
    line = {"kind": "reply", "id": "2", "caller": "octopus", "prompt_sha256": SHA, "recorded_unix": 1.0, "reply": _reply(2)}
    other.write_bytes(json.dumps(line).encode() + b"\n")
    other.replace(path)
    ledger = Ledger(path, clock_time=lambda: 3.0)
    assert ledger.lookup("octopus", "1") is None and ledger.lookup("octopus", "2") is not None
    ledger.close()


def test_concurrent_records_are_all_found_and_the_mark_never_passes_an_unindexed_line(tmp_path: Path) -> None:
    path = tmp_path / "ledger.jsonl"
    ledger = Ledger(path, clock_time=lambda: 1.0)

    def many(t: int) -> None:
        for i in range(40):
            ledger.record("octopus", f"{t}-{i}", SHA, _reply(i))

    threads = [threading.Thread(target=many, args=(t,)) for t in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert all(ledger.lookup("octopus", f"{t}-{i}") is not None for t in range(8) for i in range(40))
    ledger.close()
    db = sqlite3.connect(path.with_name(path.name + INDEX_SUFFIX))
    end = int(db.execute("SELECT value FROM meta WHERE key = 'end'").fetchone()[0])
    db.close()
    assert end == path.stat().st_size  # all quiet at the end: the mark reached the end of the ledger


def test_a_second_close_leaves_alone_a_file_that_took_the_descriptor_number(tmp_path: Path) -> None:
    # A descriptor number closed twice closes whatever file was given that number in between
    # (a server's stop pipe, once): close is idempotent.
    ledger = Ledger(tmp_path / "ledger.jsonl", clock_time=lambda: 1.0)
    ledger.close()
    read_end, write_end = os.pipe()  # takes the lowest free numbers: the ledger's, most likely
    try:
        ledger.close()
        os.write(write_end, b"x")
        assert os.read(read_end, 1) == b"x"
    finally:
        os.close(read_end)
        os.close(write_end)
