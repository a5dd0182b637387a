"""seaspider/store/writer.py group commit: `record_intents` and `record_visits` write a batch with one fsync each."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest
from storekit import check_store, html, read_lines, visit

from seaspider.clock import FakeClock
from seaspider.store.reader import StoreReader
from seaspider.store.writer import Intent, StoreWriter
from seaspider.web.records import Outcome


def _counting_writer(store: Path, seen: Counter[str]) -> StoreWriter:
    return StoreWriter.open(store, clock=FakeClock(), _hook=lambda name: seen.update([name]))


def test_a_batch_of_visits_takes_one_segment_fsync_one_journal_fsync_one_commit(tmp_path: Path) -> None:
    store = tmp_path / "s"
    seen: Counter[str] = Counter()
    items = [(visit(f"https://a.test/{i}", html(i)), [{"url": f"https://a.test/{i + 1}", "nofollow": False}]) for i in range(5)]
    with _counting_writer(store, seen) as w:
        seen.clear()
        lines = w.record_visits(items)
        assert seen == Counter({"body-compressed": 5, "segment-written": 5, "segment-fsynced": 1, "journal-written": 1,
                                "journal-fsynced": 1, "links-written": 1, "links-fsynced": 1, "index-committed": 1})
        assert [w.latest(v.url) for v, _ in items] == lines
        assert w.links_of("https://a.test/3") == [{"url": "https://a.test/4", "nofollow": False}]
    assert check_store(store) == lines
    with StoreReader(store) as r:
        for v, _ in items:
            assert r.body(v.url) == v.body


def test_one_visit_at_a_time_fsyncs_each(tmp_path: Path) -> None:  # negative control for the counts above
    seen: Counter[str] = Counter()
    with _counting_writer(tmp_path / "s", seen) as w:
        seen.clear()
        for i in range(5):
            w.record_visit(visit(f"https://a.test/{i}", html(i)))
    assert seen["segment-fsynced"] == 5 and seen["journal-fsynced"] == 5 and seen["index-committed"] == 5


def test_a_batch_of_intents_takes_one_fsync_and_all_are_pending(tmp_path: Path) -> None:
    store = tmp_path / "s"
    seen: Counter[str] = Counter()
    with _counting_writer(store, seen) as w:
        seen.clear()
        w.record_intents([Intent("https://a.test/1"), Intent("https://a.test/2", depth=1, parent="https://a.test/1")])
        assert seen == Counter({"journal-written": 1, "journal-fsynced": 1, "index-committed": 1})
        w.record_intents([])
        assert seen["journal-fsynced"] == 1
    lines = check_store(store)
    assert [(x["url"], x["depth"], x["parent"]) for x in lines] == [("https://a.test/1", 0, None),
                                                                  ("https://a.test/2", 1, "https://a.test/1")]
    with StoreWriter.open(store, clock=FakeClock()) as w:  # neither got an outcome: both are uncertain
        assert w.uncertain_urls == ("https://a.test/1", "https://a.test/2")


def test_equal_bodies_in_one_batch_are_stored_once(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        a, b, c = w.record_visits([(visit("https://a.test/1", html(7)), None), (visit("https://b.test/2", html(7)), None),
                                   (visit("https://a.test/3", html(8)), None)])
    assert (a["seg"], a["off"], a["len"]) == (b["seg"], b["off"], b["len"])
    assert c["off"] == a["off"] + a["len"]
    assert (store / "seg" / "000001.seg").stat().st_size == a["len"] + c["len"]
    assert read_lines(store / "links.jsonl") == []


def test_a_304_points_at_a_body_stored_earlier_in_the_same_batch(tmp_path: Path) -> None:
    body = html(3)
    sha = hashlib.sha256(body).hexdigest()
    with StoreWriter.open(tmp_path / "s", clock=FakeClock()) as w:
        first, again = w.record_visits([
            (visit("https://a.test/", body), None),
            (visit("https://a.test/", b"", outcome=Outcome.NOT_MODIFIED, status=304, sha256=sha), None),
        ])
    assert (again["seg"], again["off"], again["body_bytes"]) == (first["seg"], first["off"], len(body))
    check_store(tmp_path / "s")


def test_a_bad_visit_in_a_batch_writes_nothing(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        with pytest.raises(ValueError, match="does not match its body"):
            w.record_visits([(visit("https://a.test/1", b"one"), None), (visit("https://a.test/2", b"two", sha256="0" * 64), None)])
        with pytest.raises(TypeError, match="record_visits takes Visits"):
            w.record_visits([("https://a.test/3", None)])  # type: ignore[list-item]
        assert w.record_visits([]) == []
    assert read_lines(store / "pages.jsonl") == []
    assert list((store / "seg").iterdir()) == []
