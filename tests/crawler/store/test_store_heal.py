"""Healing quietly: a damaged body is stored again on refetch, a damaged robots.txt is a cache miss,
an unreadable state.sqlite is rebuilt from the journal. Each heal is said once (stderr and a journal line).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from crawlkit import make_config, run_cli, write_config, write_queue
from storekit import check_store, visit

from seaspider.clock import FakeClock
from seaspider.crawl.job import Crawl
from seaspider.demo.localweb import LocalWeb
from seaspider.errors import StoreError
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter
from seaspider.web.records import RobotsFetch, RobotsSource


def _open(store: Path, notes: list[str] | None = None, **kwargs: object) -> StoreWriter:
    return StoreWriter.open(store, clock=FakeClock(), notice=(notes.append if notes is not None else lambda _m: None), **kwargs)  # type: ignore[arg-type]


def _lines(store: Path, kind: str) -> list[dict[str, object]]:
    return [json.loads(raw) for raw in (store / "pages.jsonl").read_bytes().splitlines() if json.loads(raw)["kind"] == kind]


def _flip(store: Path, line: dict[str, object], at: int = 10) -> None:
    """Flip one byte inside the frame a journal line points at."""
    seg = store / "seg" / f"{line['seg']:06d}.seg"
    with open(seg, "r+b") as f:
        f.seek(int(line["off"]) + min(at, int(line["len"]) - 1))  # type: ignore[call-overload]
        byte = f.read(1)
        f.seek(-1, os.SEEK_CUR)
        f.write(bytes([byte[0] ^ 0xFF]))


BODY = b"<html><title>one</title>" + b"x" * 3000 + b"</html>"


# ----- 3: dedup reuses only an intact frame ------------------------------------------------------------


@pytest.mark.parametrize("damage", ["flipped-byte", "cut-segment", "missing-segment"])
def test_a_refetch_repairs_a_damaged_body(tmp_path: Path, damage: str) -> None:
    store = tmp_path / "s"
    with _open(store) as w:
        first = w.record_visit(visit("https://a.test/", BODY))
    if damage == "flipped-byte":
        _flip(store, first)
    elif damage == "cut-segment":
        os.truncate(store / "seg" / "000001.seg", int(first["off"]) + int(first["len"]) - 5)
    else:
        os.unlink(store / "seg" / "000001.seg")
    with StoreReader(store) as r, pytest.raises(StoreError, match="000001.seg"):
        r.body("https://a.test/")
    notes: list[str] = []
    with _open(store, notes) as w:
        second = w.record_visit(visit("https://a.test/", BODY))  # the forced refetch: same bytes
        again = w.record_visit(visit("https://a.test/again", BODY))  # and dedup onto the new copy
    if damage != "missing-segment":  # (a vanished segment file is begun again, at the same place)
        assert (second["seg"], second["off"]) != (first["seg"], first["off"])
    assert (again["seg"], again["off"]) == (second["seg"], second["off"])
    with StoreReader(store) as r:
        assert r.body("https://a.test/") == BODY
        assert r.body("sha256:" + str(first["sha256"])) == BODY
    damaged = _lines(store, "damaged")
    assert len(damaged) == 1 and damaged[0]["what"] == "page_body" and damaged[0]["seg"] == first["seg"]
    assert len(notes) == 1 and "000001.seg" in notes[0] and notes[0].endswith("It is fetched again.")


def test_trusting_the_stored_frame_leaves_the_body_broken(tmp_path: Path) -> None:  # negative control
    store = tmp_path / "s"
    with _open(store) as w:
        first = w.record_visit(visit("https://a.test/", BODY))
    _flip(store, first)
    with _open(store, _trust_stored_frames=True) as w:
        second = w.record_visit(visit("https://a.test/", BODY))
    assert (second["seg"], second["off"]) == (first["seg"], first["off"])
    with StoreReader(store) as r, pytest.raises(StoreError, match="damaged"):
        r.body("https://a.test/")


def test_an_intact_frame_is_still_shared(tmp_path: Path) -> None:  # the check costs no space
    store = tmp_path / "s"
    with _open(store) as w:
        first = w.record_visit(visit("https://a.test/", BODY))
    with _open(store) as w:
        second = w.record_visit(visit("https://b.test/", BODY))
    assert (second["seg"], second["off"]) == (first["seg"], first["off"])
    assert _lines(store, "damaged") == []
    check_store(store)


def test_no_conditional_request_for_a_damaged_body(tmp_path: Path) -> None:
    """A 304 would confirm a body we no longer have: the refetch must be a full GET."""
    store = tmp_path / "s"
    with _open(store) as w:
        first = w.record_visit(visit("https://a.test/", BODY, headers={"content-type": "text/html", "etag": '"v1"'}))
        assert w.conditional_headers("https://a.test/") == {"If-None-Match": '"v1"'}
    _flip(store, first)
    with _open(store) as w:
        assert w.conditional_headers("https://a.test/") == {}


# ----- 4: a damaged stored robots.txt is a cache miss --------------------------------------------------


def _robots_line(store: Path, origin: str) -> dict[str, object]:
    return [x for x in _lines(store, "robots") if x["origin"] == origin][-1]


@pytest.mark.slow
@pytest.mark.parametrize("damage", ["flipped-byte", "missing-segment"])
def test_a_damaged_stored_robots_txt_is_fetched_again_and_the_crawl_carries_on(tmp_path: Path, damage: str) -> None:
    with LocalWeb(hosts=2, pages=2, ip_base="127.152") as web:
        for i in (0, 1):  # bodies of their own, so neither heals the other by deduplication
            web.set_robots(i, body=f"User-agent: *\nDisallow: /private-{i}/\n")
        config = make_config(tmp_path, web)
        store = tmp_path / "store"
        with _open(store) as w:
            Crawl(config, w).run([web.url(0, "/p/1")])
        robots = _robots_line(store, web.url(0).rstrip("/"))
        if damage == "flipped-byte":
            _flip(store, robots)
        else:
            os.unlink(store / "seg" / f"{robots['seg']:06d}.seg")
        notes: list[str] = []
        with _open(store, notes) as w:
            summary = Crawl(config, w).run([web.url(0, "/p/2"), web.url(1, "/p/1")])
        assert summary.outcomes["fetched"] == 2
        with _open(store, notes) as w:  # and the next run has nothing more to say
            Crawl(config, w).run([web.url(0, "/p/1"), web.url(1, "/p/2")])
        assert len(web.requests(host="h1.test", path="/robots.txt")) == 2  # fetched again, once
        assert web.spacing_violations() == []  # politely
    damaged = _lines(store, "damaged")
    assert [(x["what"], x["origin"]) for x in damaged] == [("robots_body", web.url(0).rstrip("/"))]
    assert len(notes) == 1


def test_a_reader_treats_a_damaged_robots_txt_as_unknown(tmp_path: Path) -> None:
    store = tmp_path / "s"
    fetch = RobotsFetch("https://a.test/robots.txt", "https://a.test", 200, RobotsSource.FETCHED, b"User-agent: *\nDisallow: /x\n", 1.0, "192.0.2.1")
    with _open(store) as w:
        w.record_robots(fetch)
    with StoreReader(store) as r:
        assert r.load_robots("https://a.test") is not None  # negative control: intact, it is known
    _flip(store, _robots_line(store, "https://a.test"), at=3)
    with StoreReader(store) as r:
        assert r.load_robots("https://a.test") is None
    assert _lines(store, "damaged") == []  # a reader writes nothing


# ----- 6: an unreadable state.sqlite is rebuilt from the journal -------------------------------------


@pytest.mark.slow
def test_an_unreadable_state_is_rebuilt_from_the_journal_and_said(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=1, ip_base="127.153") as web:
        config = write_config(tmp_path, web)
        store = tmp_path / "store"
        first = run_cli("fetch", str(config), str(write_queue(tmp_path, [web.url(0, "/p/1"), web.url(1, "/p/1")], "q1.txt")))
        assert first.returncode == 0, first.stderr
        (store / "state.sqlite").write_bytes(b"\x00garbage, not SQLite" * 512)
        for side in ("-wal", "-shm"):
            (store / f"state.sqlite{side}").unlink(missing_ok=True)
        second = run_cli("fetch", str(config), str(write_queue(tmp_path, [web.url(0, "/p/2"), web.url(1, "/p/2")], "q2.txt")))
        assert second.returncode == 0, second.stderr
        # The rest survived the damage: no IP was asked again within 2 s of the first run's last request.
        assert web.spacing_violations() == []
    said = [line for line in second.stderr.splitlines() if "state.sqlite could not be read" in line]
    assert len(said) == 1 and said[0].startswith("seaspider: ") and "rebuilt from the journal (2 IPs)" in said[0]
    damaged = _lines(store, "damaged")
    assert [x["what"] for x in damaged] == ["state"]
    check_store(store)


@pytest.mark.slow
def test_a_deleted_state_starts_empty_and_the_spacing_check_sees_it(tmp_path: Path) -> None:  # negative control
    """What main did with an unreadable file (start empty): the same spacing check turns red.

    In one process, so the second run starts within milliseconds however loaded the machine is.
    """
    with LocalWeb(hosts=2, pages=2, ip_base="127.154") as web:
        config = make_config(tmp_path, web)
        store = tmp_path / "store"
        with _open(store) as w:
            Crawl(config, w).run([web.url(0, "/p/1"), web.url(1, "/p/1")])
        for name in ("state.sqlite", "state.sqlite-wal", "state.sqlite-shm", "bookings.slots"):
            (store / name).unlink(missing_ok=True)
        with _open(store) as w:
            Crawl(config, w).run([web.url(0, "/p/2"), web.url(1, "/p/2")])
        assert web.spacing_violations() != []
