"""StoreReader.latest_pages: the latest page of every URL with a stored body, in URL order, paged from the index."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from storekit import html, visit

from seaspider.clock import FakeClock
from seaspider.store import reader as reader_module
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome


def build(store: Path) -> dict[str, bytes]:
    """A store with every kind of latest record; returns the body each yielded URL should have."""
    old, new = html(1), html(2)
    with StoreWriter.open(store, clock=FakeClock()) as w:  # type: ignore[arg-type]
        w.record_visits([
            (visit("https://b.test/refetched", old, fetched_unix=1.0), None),
            (visit("https://a.test/2", html(3)), None),
            (visit("https://a.test/1", html(4)), None),
            (visit("https://b.test/refetched", new, fetched_unix=2.0), None),
            (visit("https://b.test/304", old, fetched_unix=1.0), None),
            (visit("https://b.test/304", b"", outcome=Outcome.NOT_MODIFIED, status=304, sha256=hashlib.sha256(old).hexdigest(), fetched_unix=3.0), None),
            (visit("https://b.test/failed-later", html(5), fetched_unix=1.0), None),
            (visit("https://b.test/failed-later", b"oops", outcome=Outcome.ERROR, status=503, fetched_unix=2.0), None),
            (visit("https://c.test/private", outcome=Outcome.DISALLOWED, status=None), None),
            (visit("https://c.test/later", outcome=Outcome.DEFERRED, status=None), None),
        ])  # fmt: skip
        w.record_intent("https://c.test/pending")
    return {"https://a.test/1": html(4), "https://a.test/2": html(3), "https://b.test/304": old, "https://b.test/refetched": new}


def test_latest_pages_in_url_order_with_their_bodies(tmp_path: Path) -> None:
    expected = build(tmp_path / "store")
    with StoreReader(tmp_path / "store") as reader:
        lines = list(reader.latest_pages())
        assert [line["url"] for line in lines] == sorted(expected)
        assert {line["url"]: reader.body("sha256:" + line["sha256"]) for line in lines} == expected
        by_url = {line["url"]: line for line in lines}
    assert by_url["https://b.test/refetched"]["fetched_unix"] == 2.0  # the latest visit, not the first
    assert by_url["https://b.test/304"]["outcome"] == "not_modified"  # a 304 confirms the stored body


def test_failed_refused_and_pending_urls_are_left_out(tmp_path: Path) -> None:  # negative control
    build(tmp_path / "store")
    with StoreReader(tmp_path / "store") as reader:
        urls = {line["url"] for line in reader.latest_pages()}
        assert reader.latest("https://b.test/failed-later") is not None
    assert not urls & {"https://b.test/failed-later", "https://c.test/private", "https://c.test/later", "https://c.test/pending"}


def test_host_and_prefix_narrow_the_pages(tmp_path: Path) -> None:
    build(tmp_path / "store")
    with StoreReader(tmp_path / "store") as reader:
        assert [line["url"] for line in reader.latest_pages(host="A.test.")] == ["https://a.test/1", "https://a.test/2"]
        assert [line["url"] for line in reader.latest_pages(url_prefix="https://b.test/3")] == ["https://b.test/304"]
        assert [line["url"] for line in reader.latest_pages(host="a.test", url_prefix="https://b.test/")] == []
        assert list(reader.latest_pages(host="nowhere.test")) == []


@pytest.mark.parametrize("batch", [1, 2, 3])
def test_paging_gives_the_same_pages(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, batch: int) -> None:
    expected = build(tmp_path / "store")
    monkeypatch.setattr(reader_module, "_PAGE_BATCH", batch)
    with StoreReader(tmp_path / "store") as reader:
        assert [line["url"] for line in reader.latest_pages()] == sorted(expected)
        assert [line["url"] for line in reader.latest_pages(url_prefix="https://a.test/")] == ["https://a.test/1", "https://a.test/2"]
