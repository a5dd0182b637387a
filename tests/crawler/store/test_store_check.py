"""`seaspider store check STORE [--repair]`: frames, lines, index and state verified; repairs through the writer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from crawlkit import run_cli, write_config, write_queue
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.demo.localweb import LocalWeb
from seaspider.resources import load_schema
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter
from seaspider.web.records import RobotsFetch, RobotsSource

BODY_A = b"<html><title>a</title>" + b"a" * 4000 + b"</html>"
BODY_B = b"<html><title>b</title>" + b"b" * 4000 + b"</html>"


def store_check(store: Path, *extra: str) -> tuple[int, dict[str, object], list[str]]:
    done = subprocess.run([sys.executable, "-m", "seaspider.cli", "store", "check", str(store), *extra],
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in done.stderr, done.stderr
    report = json.loads(done.stdout) if done.stdout else {}
    if report:
        jsonschema.Draft202012Validator(load_schema("store-check")).validate(report)
    return done.returncode, report, done.stderr.strip().splitlines()


def _store(tmp_path: Path) -> tuple[Path, dict[str, dict[str, object]]]:
    store = tmp_path / "s"
    robots = RobotsFetch("https://a.test/robots.txt", "https://a.test", 200, RobotsSource.FETCHED,
                         b"User-agent: *\nDisallow: /private\n", 1.0, "192.0.2.1")
    with StoreWriter.open(store, clock=FakeClock(), notice=lambda _m: None) as w:
        w.record_robots(robots)
        lines = {
            "a": w.record_visit(visit("https://a.test/a", BODY_A)),
            "a2": w.record_visit(visit("https://a.test/a2", BODY_A)),  # shares a's frame
            "b": w.record_visit(visit("https://a.test/b", BODY_B)),
        }
        w.record_links("https://a.test/a", [{"url": "https://a.test/b", "nofollow": False}])
    return store, lines


def _flip(store: Path, line: dict[str, object]) -> None:
    with open(store / "seg" / f"{line['seg']:06d}.seg", "r+b") as f:
        f.seek(int(line["off"]) + int(line["len"]) // 2)  # type: ignore[call-overload]
        byte = f.read(1)
        f.seek(-1, os.SEEK_CUR)
        f.write(bytes([byte[0] ^ 0x55]))


def test_a_clean_store_is_clean(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    code, report, err = store_check(store)
    assert code == 0, err
    assert report["clean"] is True and report["problems"] == [] and report["problem_count"] == 0
    assert report["lines"] == 4 and report["links_lines"] == 1 and report["frames"] == 3
    assert report["index"] == "agrees" and report["state"] == "readable"
    assert err[-1].endswith("3 frames checked; clean.")


def test_damage_of_every_kind_is_found_and_named(tmp_path: Path) -> None:
    store, lines = _store(tmp_path)
    _flip(store, lines["a"])
    with open(store / "pages.jsonl", "ab") as f:
        f.write(b'{"kind":"page","url":"https://a.test/x"}\n{"kind":"pa')  # a line breaking its schema, a torn tail
    with open(store / "links.jsonl", "ab") as f:
        f.write(b"[1]\n")
    (store / "state.sqlite").write_bytes(b"not sqlite" * 100)
    for side in ("-wal", "-shm"):
        (store / f"state.sqlite{side}").unlink(missing_ok=True)
    before = {p.name: p.read_bytes() for p in store.iterdir() if p.is_file()}
    code, report, err = store_check(store)
    assert code == 1
    kinds = sorted(p["kind"] for p in report["problems"])  # type: ignore[union-attr, index]
    assert kinds == ["bad_line", "bad_links_line", "damaged_frame", "state_unreadable", "torn_tail"]
    assert report["damaged_frames"] == 1 and report["bad_lines"] == 1 and report["state"] == "unreadable"
    damaged = next(p for p in report["problems"] if p["kind"] == "damaged_frame")  # type: ignore[union-attr, index]
    assert damaged["where"] == f"seg/000001.seg byte {lines['a']['off']}"
    assert len(err) == 6 and err[-1].endswith("5 problems.")
    # Checking changes nothing (the index may be brought up to date, as any opening does; the lock names its holder).
    after = {p.name: p.read_bytes() for p in store.iterdir() if p.is_file()}

    def kept(files: dict[str, bytes]) -> dict[str, bytes]:
        return {k: v for k, v in files.items() if not k.startswith(("index", ".writer.lock"))}

    assert kept(after) == kept(before)


def test_repair_marks_damaged_records_and_the_next_fetch_gets_them_again(tmp_path: Path) -> None:
    store, lines = _store(tmp_path)
    _flip(store, lines["a"])
    code, report, err = store_check(store, "--repair")
    assert code == 1  # problems were found (and repaired)
    assert report["repaired"] == ["marked 1 damaged frames: 2 URLs and 0 robots.txt files are fetched again next time"]
    code, report, err = store_check(store)
    assert code == 0, err  # the frame is named by damaged lines now
    assert report["healed_frames"] == 1 and report["damaged_frames"] == 0
    with StoreWriter.open(store, clock=FakeClock(), notice=lambda _m: None) as w:
        due = {u: w.should_fetch(u, now_unix=2e9, refetch_after_secs=None) for u in ("https://a.test/a", "https://a.test/a2", "https://a.test/b")}
        assert due == {"https://a.test/a": True, "https://a.test/a2": True, "https://a.test/b": False}  # b is intact
        w.record_visit(visit("https://a.test/a", BODY_A))  # the refetch
    with StoreReader(store) as r:
        assert r.body("https://a.test/a") == BODY_A and r.body("https://a.test/a2") == BODY_A
    assert store_check(store)[0] == 0


def test_repair_forgets_a_damaged_robots_txt(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    robots = [json.loads(x) for x in (store / "pages.jsonl").read_text().splitlines() if '"robots"' in x][0]
    _flip(store, robots)
    code, report, _err = store_check(store, "--repair")
    assert code == 1 and "1 robots.txt files" in report["repaired"][0]  # type: ignore[index]
    with StoreReader(store) as r:
        assert r.load_robots("https://a.test") is None  # fetched again at the next crawl
    assert store_check(store)[0] == 0


def test_repair_rebuilds_a_disagreeing_index_and_an_unreadable_state(tmp_path: Path) -> None:
    import sqlite3

    store, _ = _store(tmp_path)
    db = sqlite3.connect(store / "index.sqlite")
    db.execute("UPDATE urls SET outcome = 'error' WHERE url = 'https://a.test/b'")  # the index lies
    db.commit()
    db.close()
    (store / "state.sqlite").write_bytes(b"garbage" * 200)
    code, report, err = store_check(store)
    assert code == 1 and report["index"] == "disagrees" and "urls (2 rows)" in " ".join(err)
    code, report, err = store_check(store, "--repair")
    assert report["repaired"] == ["rebuilt index.sqlite from the journal", "rebuilt state.sqlite from the journal"]
    assert any("state.sqlite could not be read" in line for line in err)
    assert store_check(store)[0] == 0


def test_check_refuses_while_a_writer_holds_the_store(tmp_path: Path) -> None:
    store, _ = _store(tmp_path)
    with StoreWriter.open(store, clock=FakeClock(), notice=lambda _m: None):
        code, report, err = store_check(store)
    assert code == 1 and report == {}
    assert err == [f"seaspider: {store} is open for writing by pid {os.getpid()}; run store check once that run has finished."]


@pytest.mark.parametrize("args", [["store"], ["store", "check", "nowhere"]], ids=["no-subcommand", "not-a-store"])
def test_bad_usage_is_exit_2_with_one_sentence(tmp_path: Path, args: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "seaspider.cli", *args], capture_output=True, text=True, cwd=tmp_path, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("seaspider: ")
    assert not (tmp_path / "nowhere").exists()  # bad input creates nothing


@pytest.mark.slow
def test_end_to_end_a_fetched_store_damaged_repaired_and_refetched(tmp_path: Path) -> None:
    with LocalWeb(hosts=2, pages=1, ip_base="127.156") as web:
        config = write_config(tmp_path, web)
        queue = write_queue(tmp_path, [web.url(0, "/p/1"), web.url(1, "/p/1")])
        assert run_cli("fetch", str(config), str(queue)).returncode == 0
        store = tmp_path / "store"
        page = [json.loads(x) for x in (store / "pages.jsonl").read_text().splitlines() if '"kind":"page"' in x][0]
        _flip(store, page)
        assert run_cli("get", str(store), page["url"]).returncode == 1  # damaged: get refuses
        assert store_check(store, "--repair")[0] == 1
        again = run_cli("fetch", str(config), str(queue))
        assert again.returncode == 0, again.stderr
        assert json.loads(again.stdout)["outcomes"]["fetched"] == 1  # only the damaged one
        got = run_cli("get", str(store), page["url"])
        assert got.returncode == 0, got.stderr
        assert store_check(store)[0] == 0
        assert web.spacing_violations() == []
