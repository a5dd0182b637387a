"""Failing loudly: a store deleted or replaced under its writer stops the run (exit 1, one sentence);
a close that fails on every step still closes everything and says one sentence.
"""

from __future__ import annotations

import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from crawlkit import CLI, pages, write_config, write_queue
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.demo.localweb import LocalWeb
from seaspider.errors import StoreError
from seaspider.store.ipstate import IpState
from seaspider.store.index import Index
from seaspider.store.writer import StoreWriter

VANISHED = r"the store .* was (deleted|replaced) while this run was writing to it"


def _open(store: Path, **kwargs: object) -> StoreWriter:
    return StoreWriter.open(store, clock=FakeClock(), notice=lambda _m: None, **kwargs)  # type: ignore[arg-type]


def test_a_deleted_store_stops_the_writer_at_its_next_commit(tmp_path: Path) -> None:
    store = tmp_path / "s"
    w = _open(store)
    w.record_visit(visit("https://a.test/1", b"one"))
    shutil.rmtree(store)
    with pytest.raises(StoreError, match=VANISHED.replace("(deleted|replaced)", "deleted")):
        w.record_visit(visit("https://a.test/2", b"two"))
    with pytest.raises(StoreError, match=VANISHED):
        w.record_intent("https://a.test/3")  # and stays stopped
    w.close()  # the first error was the one to report


def test_a_replaced_store_is_noticed_too(tmp_path: Path) -> None:
    store = tmp_path / "s"
    w = _open(store)
    w.record_visit(visit("https://a.test/1", b"one"))
    shutil.rmtree(store)
    _open(store).close()  # someone made a new, empty store at the same path
    with pytest.raises(StoreError, match=VANISHED.replace("(deleted|replaced)", "replaced")):
        w.record_intent("https://a.test/2")
    w.close()


def test_a_store_deleted_after_the_last_commit_fails_the_close(tmp_path: Path) -> None:
    store = tmp_path / "s"
    w = _open(store)
    w.record_visit(visit("https://a.test/1", b"one"))
    shutil.rmtree(store)
    with pytest.raises(StoreError, match=VANISHED):
        w.close()


def test_not_checking_lets_a_deleted_store_look_fine(tmp_path: Path) -> None:  # negative control
    store = tmp_path / "s"
    with _open(store, _ignore_vanished_store=True) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        shutil.rmtree(store)
        w.record_visit(visit("https://a.test/2", b"two"))  # "recorded", into a directory nobody can see
    assert not store.exists()


@pytest.mark.slow
def test_fetch_exits_1_when_its_store_is_deleted_mid_crawl(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=4, ip_base="127.155") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, f"/p/{n}") for n in range(1, 5)])
        store = tmp_path / "store"
        child = subprocess.Popen([*CLI, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + 60
            while not (store / "pages.jsonl").exists() or not pages(store):  # the first page is recorded
                assert child.poll() is None and time.monotonic() < deadline, "the crawl never recorded a page"
                time.sleep(0.005)
            # As `rm -rf STORE` leaves it, in one step: the writer's files may be written meanwhile,
            # which a file-by-file removal could race with.
            store.rename(tmp_path / "removed")
            shutil.rmtree(tmp_path / "removed", ignore_errors=True)
            out, err = child.communicate(timeout=60)
        finally:
            if child.poll() is None:
                child.send_signal(signal.SIGKILL)
                child.communicate()
    assert child.returncode == 1, err
    assert out == ""  # no summary claiming success
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("seaspider: the store ") and "was deleted while this run was writing" in lines[0], err
    assert "Traceback" not in err


def test_close_closes_everything_even_when_each_step_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A second failure in clean-up (the disk is still full) must not leave files open or the lock held."""
    store = tmp_path / "s"
    w = _open(store)
    w.record_visit(visit("https://a.test/1", b"one"))
    w.save_ip_end("192.0.2.1", 5.0)

    def full(*_args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(IpState, "flush", full)
    monkeypatch.setattr(Index, "commit", full)
    with pytest.raises(StoreError, match=r"could not close the store: the disk holding .* is full \(No space left on device\); "
                                         r"nothing recorded so far is lost; free space and run again\."):
        w.close()
    monkeypatch.undo()
    with _open(store) as again:  # the lock was released and the store opens
        assert again.body("https://a.test/1") == b"one"


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc/self/fd")
def test_a_failed_close_leaks_no_descriptor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    store = tmp_path / "s"
    before = len(os.listdir("/proc/self/fd"))
    w = _open(store)
    w.record_visit(visit("https://a.test/1", b"one"))
    w.save_ip_end("192.0.2.1", 5.0)
    monkeypatch.setattr(IpState, "flush", lambda *_a: (_ for _ in ()).throw(OSError(28, "No space left on device")))
    with pytest.raises(StoreError, match="is full"):
        w.close()
    assert len(os.listdir("/proc/self/fd")) == before
