"""seaspider/store/writer.py: round trip, dedup, segment roll-over, resume, intents, repair, lock, state."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest
from storekit import check_store, html, read_lines, visit

from seaspider.clock import FakeClock
from seaspider.errors import StoreError
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Hop, Outcome, RobotsFetch, RobotsSource


def open_writer(store: Path, **kwargs: object) -> StoreWriter:
    return StoreWriter.open(store, clock=FakeClock(), **kwargs)  # type: ignore[arg-type]


def test_round_trip_writes_a_valid_page_line_and_body(tmp_path: Path) -> None:
    store = tmp_path / "store"
    body = html(1)
    with open_writer(store) as w:
        w.record_intent("https://a.test/", depth=0)
        line = w.record_visit(visit("https://a.test/", body))
        assert w.latest("https://a.test/") == line
    lines = check_store(store)
    assert [x["kind"] for x in lines] == ["intent", "page"]
    assert lines[1] == line
    assert line["seg"] == 1 and line["off"] == 0 and line["body_bytes"] == len(body)
    assert line["sha256"] == hashlib.sha256(body).hexdigest()
    assert line["robots"]["decision"] == "allowed"
    with StoreReader(store) as r:
        assert r.body("https://a.test/") == body
        assert r.body("sha256:" + line["sha256"]) == body
        assert r.latest("https://a.test/") == line
        assert r.body("https://a.test/missing") is None
        assert r.latest("https://a.test/missing") is None


def test_identical_bodies_are_stored_once(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with open_writer(store) as w:
        first = w.record_visit(visit("https://a.test/1", html(7)))
        second = w.record_visit(visit("https://b.test/2", html(7)))
        third = w.record_visit(visit("https://a.test/3", html(8)))
    assert (first["seg"], first["off"], first["len"]) == (second["seg"], second["off"], second["len"])
    assert third["off"] == first["off"] + first["len"]
    assert (store / "seg" / "000001.seg").stat().st_size == first["len"] + third["len"]
    with StoreReader(store) as r:
        stats = r.stats()
        assert stats["bodies"] == 2 and stats["bytes_raw"] == len(html(7)) + len(html(8))
        assert r.stats("b.test")["bodies"] == 1


def test_different_bodies_are_not_merged(tmp_path: Path) -> None:  # negative control for dedup
    with open_writer(tmp_path / "s") as w:
        a = w.record_visit(visit("https://a.test/1", b"one"))
        b = w.record_visit(visit("https://a.test/2", b"two"))
    assert a["off"] != b["off"] and a["sha256"] != b["sha256"]


def test_new_segment_once_the_current_reaches_its_maximum(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with open_writer(store, segment_max_bytes=1500, zstd_level=1) as w:
        lines = [w.record_visit(visit(f"https://a.test/{i}", os.urandom(700))) for i in range(6)]
    assert [line["seg"] for line in lines] == [1, 1, 1, 2, 2, 2]
    assert sorted(os.listdir(store / "seg")) == ["000001.seg", "000002.seg"]
    check_store(store)
    # A later writer keeps appending to the last segment until it too is full.
    with open_writer(store, segment_max_bytes=1500, zstd_level=1) as w:
        assert w.record_visit(visit("https://a.test/x", os.urandom(700)))["seg"] == 3
    with StoreReader(store) as r:
        assert r.stats()["segments"] == 3
        for line in lines:
            assert hashlib.sha256(r.body(line["url"]) or b"").hexdigest() == line["sha256"]


@pytest.mark.parametrize(
    ("outcome", "age_s", "refetch_after", "expected"),
    [
        (Outcome.FETCHED, 10, None, False),
        (Outcome.DISALLOWED, 10, None, False),
        (Outcome.DEFERRED, 10, None, False),
        (Outcome.NOT_MODIFIED, 10, None, False),
        (Outcome.ERROR, 10, None, True),
        (Outcome.FETCHED, 100, 50, True),
        (Outcome.FETCHED, 10, 50, False),
    ],
    ids=["fetched-skipped", "disallowed-skipped", "deferred-skipped", "not-modified-skipped", "error-retried",
         "older-than-refetch-after", "younger-than-refetch-after"],
)
def test_resume_rule(tmp_path: Path, outcome: Outcome, age_s: int, refetch_after: int | None, expected: bool) -> None:
    body = b"x" if outcome in (Outcome.FETCHED, Outcome.ERROR) else b""
    with open_writer(tmp_path / "s") as w:
        w.record_visit(visit("https://a.test/", body, outcome=outcome, status=500 if outcome == Outcome.ERROR else 200,
                             fetched_unix=1000.0))
    with open_writer(tmp_path / "s") as w:
        assert w.should_fetch("https://a.test/", now_unix=1000.0 + age_s, refetch_after_secs=refetch_after) is expected
        assert w.should_fetch("https://a.test/never", now_unix=1000.0, refetch_after_secs=None) is True


def test_latest_record_decides_resume(tmp_path: Path) -> None:
    with open_writer(tmp_path / "s") as w:
        w.record_visit(visit("https://a.test/", b"ok", fetched_unix=1.0))
        w.record_visit(visit("https://a.test/", b"", outcome=Outcome.ERROR, status=503, fetched_unix=2.0))
        assert w.should_fetch("https://a.test/", now_unix=3.0, refetch_after_secs=None) is True
        w.record_visit(visit("https://a.test/", b"ok again", fetched_unix=4.0))
        assert w.should_fetch("https://a.test/", now_unix=5.0, refetch_after_secs=None) is False
        # the body of a URL is its latest stored one, even when a later error stored none
        w.record_visit(visit("https://a.test/", b"", outcome=Outcome.ERROR, status=None, sha256=None, fetched_unix=6.0))
        assert w.body("https://a.test/") == b"ok again"


def test_dangling_intent_becomes_one_uncertain_line_and_is_fetched_again(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/", b"old", fetched_unix=1.0))
        w.record_intent("https://a.test/")  # the crash comes before the outcome
        w.record_intent("https://b.test/", depth=1, parent="https://a.test/")
        w.record_intent("https://c.test/")
        w.record_visit(visit("https://c.test/", b"c"))
    with open_writer(store) as w:
        assert w.uncertain_urls == ("https://a.test/", "https://b.test/")
        assert w.should_fetch("https://a.test/", now_unix=2.0, refetch_after_secs=None) is True
        assert w.should_fetch("https://c.test/", now_unix=2.0, refetch_after_secs=None) is False
    with open_writer(store) as w:  # recorded once only
        assert w.uncertain_urls == ()
    lines = check_store(store)
    uncertain = [x for x in lines if x["kind"] == "uncertain"]
    assert [x["url"] for x in uncertain] == ["https://a.test/", "https://b.test/"]
    with StoreReader(store) as r:
        assert r.stats()["uncertain"] == 2 and r.stats()["pending_intents"] == 0


def test_torn_last_line_is_cut_on_open(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        good = w.record_visit(visit("https://a.test/", b"a"))
    size = (store / "pages.jsonl").stat().st_size
    with open(store / "pages.jsonl", "ab") as f:
        f.write(b'{"kind":"page","url":"https://a.test/torn","fin')
    with open(store / "links.jsonl", "ab") as f:
        f.write(b'{"url":"https://a.te')
    with StoreReader(store) as r:  # a reader ignores the torn tail and never cuts it
        assert r.latest("https://a.test/") == good
    with open_writer(store) as w:
        assert (store / "pages.jsonl").stat().st_size == size
        assert (store / "links.jsonl").stat().st_size == 0
        w.record_visit(visit("https://b.test/", b"b"))
    assert [x["url"] for x in check_store(store)] == ["https://a.test/", "https://b.test/"]


def test_a_complete_line_that_is_garbage_at_the_end_is_cut_too(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/", b"a"))
    with open(store / "pages.jsonl", "ab") as f:
        f.write(b"\x00\x00\x00\x00\n")  # what a power cut can leave after a size update
    with open_writer(store):
        pass
    assert len(check_store(store)) == 1


def test_unreferenced_bytes_at_a_segment_end_are_harmless(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/", b"a" * 100))
    with open(store / "seg" / "000001.seg", "ab") as f:
        f.write(b"\x28\xb5\x2f\xfd half a frame")
    with open_writer(store) as w:
        w.record_visit(visit("https://b.test/", b"b" * 100))
    check_store(store)
    with StoreReader(store) as r:
        assert r.body("https://b.test/") == b"b" * 100


def test_second_writer_is_refused_naming_the_first(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store):
        with pytest.raises(StoreError, match=rf"is already open for writing by pid {os.getpid()}; only one writer"):
            open_writer(store)
        with StoreReader(store) as r:  # a reader is fine while the writer holds the lock
            assert r.stats()["lines"]["page"] == 0
    with open_writer(store):  # released at close
        pass


def test_reader_refuses_a_directory_that_is_not_a_store(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is not a Sea Spider store"):
        StoreReader(tmp_path)


def test_writer_refuses_a_non_empty_directory_that_is_not_a_store(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(StoreError, match="is not empty and is not a Sea Spider store"):
        open_writer(tmp_path)
    assert os.listdir(tmp_path) == ["notes.txt"]  # bad input loses (and adds) nothing


def test_not_modified_points_at_the_earlier_body(tmp_path: Path) -> None:
    store = tmp_path / "s"
    body = html(3)
    with open_writer(store) as w:
        first = w.record_visit(visit("https://a.test/", body, headers={"etag": '"v1"', "last-modified": "Mon, 02 Nov 2026 10:00:00 GMT"}))
        assert w.conditional_headers("https://a.test/") == {
            "If-None-Match": '"v1"',
            "If-Modified-Since": "Mon, 02 Nov 2026 10:00:00 GMT",
        }
        again = w.record_visit(visit("https://a.test/", b"", outcome=Outcome.NOT_MODIFIED, status=304, sha256=first["sha256"]))
    assert (again["seg"], again["off"], again["len"], again["body_bytes"]) == (first["seg"], first["off"], first["len"], len(body))
    assert (store / "seg" / "000001.seg").stat().st_size == first["len"]
    with StoreReader(store) as r:
        assert r.latest("https://a.test/")["outcome"] == "not_modified"  # type: ignore[index]
        assert r.body("https://a.test/") == body
    check_store(store)


def test_no_conditional_headers_without_a_fetched_record(tmp_path: Path) -> None:  # negative control
    with open_writer(tmp_path / "s") as w:
        w.record_visit(visit("https://a.test/", b"", outcome=Outcome.ERROR, status=None, sha256=None))
        assert w.conditional_headers("https://a.test/") == {}
        assert w.conditional_headers("https://b.test/") == {}


def test_robots_fetch_round_trips_with_its_body(tmp_path: Path) -> None:
    store = tmp_path / "s"
    ok = RobotsFetch(url="https://a.test/robots.txt", origin="https://a.test", status=200, state=RobotsSource.FETCHED,
                     body=b"User-agent: *\nDisallow: /private\n", fetched_unix=5.0, ip="127.0.0.1",
                     chain=(Hop(url="https://a.test/robots.txt", status=200, ip="127.0.0.1"),))
    gone = RobotsFetch(url="https://b.test/robots.txt", origin="https://b.test", status=404, state=RobotsSource.UNAVAILABLE,
                       body=b"not found page", fetched_unix=6.0, ip="127.0.0.2")
    down = RobotsFetch(url="https://c.test/robots.txt", origin="https://c.test", status=None, state=RobotsSource.UNREACHABLE,
                       body=None, fetched_unix=7.0, ip=None, error="the connection was refused")
    with open_writer(store) as w:
        for fetch in (ok, gone, down):
            w.record_robots(fetch)
        assert w.load_robots("https://a.test") == ok
    with StoreReader(store) as r:
        assert r.load_robots("https://a.test") == ok
        assert r.load_robots("https://b.test") == RobotsFetch(**{**_fields(gone), "body": None})  # 4xx body not kept
        assert r.load_robots("https://c.test") == down
        assert r.load_robots("https://d.test") is None
    check_store(store)


def _fields(fetch: RobotsFetch) -> dict[str, object]:
    return {name: getattr(fetch, name) for name in RobotsFetch.__slots__}  # type: ignore[attr-defined]


def test_latest_robots_fetch_wins(tmp_path: Path) -> None:
    with open_writer(tmp_path / "s") as w:
        for i, body in enumerate((b"User-agent: *\nDisallow: /\n", b"User-agent: *\nAllow: /\n")):
            w.record_robots(RobotsFetch(url="https://a.test/robots.txt", origin="https://a.test", status=200,
                                        state=RobotsSource.FETCHED, body=body, fetched_unix=float(i), ip="127.0.0.1"))
    with StoreReader(tmp_path / "s") as r:
        fetched = r.load_robots("https://a.test")
        assert fetched is not None and fetched.body == b"User-agent: *\nAllow: /\n" and fetched.fetched_unix == 1.0


def test_links_line_round_trip(tmp_path: Path) -> None:
    store = tmp_path / "s"
    links = [{"url": "https://a.test/x", "nofollow": False}, {"url": "https://b.test/", "nofollow": True}]
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/", b"<a href=x>"))
        w.record_links("https://a.test/", links)
        w.record_links("https://a.test/", links[:1])
        assert w.links_of("https://a.test/") == links[:1]
    check_store(store)
    assert [x for _, x in read_lines(store / "links.jsonl")][0]["links"] == links
    with StoreReader(store) as r:
        assert r.links_of("https://a.test/") == links[:1]
        assert r.links_of("https://a.test/x") is None
        assert r.stats()["links_lines"] == 2


def test_ip_end_times_survive_a_restart_and_never_go_back(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        assert w.load_ip_ends() == {}
        w.save_ip_end("127.0.0.1", 100.0)
        w.save_ip_end("127.0.0.1", 90.0)  # a late report of an earlier request
        w.save_ip_end("127.0.0.2", 50.0)
    with open_writer(store) as w:
        assert w.load_ip_ends() == {"127.0.0.1": 100.0, "127.0.0.2": 50.0}


def test_ip_end_times_are_persisted_with_each_journal_line(tmp_path: Path) -> None:
    store = tmp_path / "s"
    w = open_writer(store)
    w.save_ip_end("127.0.0.9", 7.0)
    w.record_intent("https://a.test/")
    # Read the state file from outside while the writer is still open (as after a SIGKILL).
    import sqlite3

    db = sqlite3.connect(store / "state.sqlite")
    assert db.execute("SELECT end_unix FROM ip_end WHERE ip = '127.0.0.9'").fetchone() == (7.0,)
    db.close()
    w.close()


def test_stats_counts_latest_outcome_per_url_and_lines_per_kind(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_intent("https://a.test/1")
        w.record_visit(visit("https://a.test/1", b"", outcome=Outcome.ERROR, status=503, sha256=None))
        w.record_intent("https://a.test/1")
        w.record_visit(visit("https://a.test/1", b"one"))
        w.record_visit(visit("https://a.test/private", b"", outcome=Outcome.DISALLOWED, status=None))
        w.record_visit(visit("https://b.test/", b"two" * 100))
    with StoreReader(store) as r:
        s = r.stats()
        assert s["lines"] == {"robots": 0, "intent": 2, "page": 4, "uncertain": 0, "retry": 0}
        assert s["urls"] == 3 and s["hosts"] == 2
        assert s["pages"] == {"fetched": 2, "disallowed": 1, "deferred": 0, "error": 0, "not_modified": 0}
        assert s["page_lines"]["error"] == 1
        assert s["bodies"] == 2 and s["bytes_raw"] == 303
        assert s["compression_ratio"] == round(303 / s["bytes_compressed"], 3)
        a = r.stats("A.TEST")
        assert a["host"] == "a.test" and a["urls"] == 2 and a["pages"]["disallowed"] == 1 and a["bodies"] == 1
        assert r.stats("nowhere.test")["urls"] == 0 and r.stats("nowhere.test")["hosts"] == 0


def test_journal_lines_are_compact_single_lines(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/ü", "ünïcode".encode()))
    raw = (store / "pages.jsonl").read_bytes()
    assert raw.count(b"\n") == 1 and "ü".encode() in raw
    assert json.loads(raw)["url"] == "https://a.test/ü"


def test_closed_writer_refuses_to_record(tmp_path: Path) -> None:
    w = open_writer(tmp_path / "s")
    w.close()
    with pytest.raises(StoreError, match="was closed"):
        w.record_intent("https://a.test/")


def test_sha256_that_does_not_match_the_body_is_a_bug(tmp_path: Path) -> None:
    with open_writer(tmp_path / "s") as w, pytest.raises(ValueError, match="does not match its body"):
        w.record_visit(visit("https://a.test/", b"abc", sha256="0" * 64))
    assert (tmp_path / "s" / "pages.jsonl").read_bytes() == b""


def test_page_line_keeps_only_the_declared_headers_in_their_order(tmp_path: Path) -> None:
    headers = {"set-cookie": "a=b", "etag": '"1"', "content-type": "text/html", "server": "x"}
    with open_writer(tmp_path / "s") as w:
        line = w.record_visit(visit("https://a.test/", b"x", headers=headers))
    assert list(line["headers"].items()) == [("content-type", "text/html"), ("etag", '"1"')]
    check_store(tmp_path / "s")


def test_a_failed_journal_write_leaves_no_partial_line_behind(tmp_path: Path) -> None:
    store = tmp_path / "s"
    fail = {"armed": False}

    def hook(name: str) -> None:
        if name == "journal-half-written" and fail["armed"]:
            fail["armed"] = False
            raise OSError(28, "No space left on device")

    with StoreWriter.open(store, clock=FakeClock(), _hook=hook, _split_writes=True) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        size = (store / "pages.jsonl").stat().st_size
        fail["armed"] = True
        with pytest.raises(StoreError, match=r"could not record the visit of https://a.test/2: the disk holding .* is full \(No space left on device\); nothing recorded so far is lost; free space and run again\."):
            w.record_visit(visit("https://a.test/2", b"two"))
        assert (store / "pages.jsonl").stat().st_size == size  # the half line was taken back
        w.record_visit(visit("https://a.test/3", b"three"))  # and the writer goes on
        assert w.latest("https://a.test/2") is None
    assert [x["url"] for x in check_store(store)] == ["https://a.test/1", "https://a.test/3"]


def test_an_index_failure_stops_the_writer_and_the_next_open_catches_up(tmp_path: Path) -> None:
    import sqlite3

    store = tmp_path / "s"

    def hook(name: str) -> None:
        if name == "journal-fsynced":
            raise sqlite3.OperationalError("database is locked")

    w = StoreWriter.open(store, clock=FakeClock(), _hook=hook)
    with pytest.raises(StoreError, match="the store index failed"):
        w.record_visit(visit("https://a.test/1", b"one"))
    with pytest.raises(StoreError, match="the store index failed"):
        w.record_intent("https://a.test/2")
    w.close()
    with StoreReader(store) as r:  # the journal line was durable: nothing is lost
        assert r.body("https://a.test/1") == b"one"


def test_damaged_lines_in_the_middle_are_counted_and_skipped(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
    with open(store / "pages.jsonl", "ab") as f:
        # the last one parses as a JSON object, so the opening repair keeps it (and the index skips it)
        f.write(b'\xff\xfe\n{"kind":"page"}\n[1,2]\n{"kind":"page","url":"https://a.test/x","outcome":"eaten"}\n')
    with open(store / "links.jsonl", "ab") as f:
        f.write(b'{"links":[]}\n')
    os.unlink(store / "index.sqlite")
    with open_writer(store) as w:
        w.record_visit(visit("https://a.test/2", b"two"))
        stats = w.stats()
    assert stats["corrupt_lines"] == 5 and stats["lines"]["page"] == 2
    with StoreReader(store) as r:
        assert r.body("https://a.test/1") == b"one" and r.body("https://a.test/2") == b"two"
        assert r.latest("https://a.test/x") is None
