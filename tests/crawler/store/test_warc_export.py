"""The WARC export over stores written by hand: old stores, roll-over, scope, damage, determinism.

Each archive is read back with warcio (the reference reader) and checked with `warcio check`.
The round trip through the local web lives in test_warc_roundtrip.py.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
from storekit import html, visit
from warckit import records, warcio_check

from seaspider.clock import FakeClock
from seaspider.store import warc_export, warc_files
from seaspider.store.warc_export import ExportScope, WarcExport, warcinfo_fields
from seaspider.store.warc_files import WarcFiles
from seaspider.store.writer import StoreWriter
from seaspider.web.capture import BodyEnd, Capture
from seaspider.web.records import Hop, Outcome

REQUEST = b"GET /x HTTP/1.1\r\nhost: a.test\r\n\r\n"


def export(store: Path, out: Path, *, scope: ExportScope | None = None, max_file_bytes: int = 10**9) -> tuple[WarcExport, list[Path]]:
    files = WarcFiles(out, warcinfo=warcinfo_fields(user_agent="MovaBot/0"), now_unix=1_790_000_000.0, max_file_bytes=max_file_bytes)
    job = WarcExport(store, files, scope=scope)
    try:
        job.run(0, (store / "pages.jsonl").stat().st_size)
        return job, files.close()
    finally:
        job.close()


def captured(url: str, body: bytes, *, status: int = 200, end: BodyEnd = BodyEnd.COMPLETE, **kw: object) -> object:
    head = f"HTTP/1.1 {status} X\r\nContent-Type: text/html\r\nContent-Length: {len(body)}\r\n\r\n".encode()
    plain = visit(url, body, status=status, **kw)  # type: ignore[arg-type]
    return dataclasses.replace(plain, chain=(Hop(url, status, "127.0.0.1", Capture(1_790_000_000.0, REQUEST, head, end)),))


@pytest.fixture
def old_store(tmp_path: Path) -> Path:
    """A store as written before capture existed: no heads anywhere."""
    store = tmp_path / "old"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/", html(1)))
        w.record_visit(visit("https://a.test/same", html(1)))
        w.record_visit(visit("https://b.test/", html(2), fetched_unix=1_800_000_000.0))
        w.record_visit(visit("https://b.test/private", b"", outcome=Outcome.DISALLOWED, status=None, reason="robots.txt says no"))
    return store


def test_public_names() -> None:
    assert warc_export.__all__ == ["ExportCounts", "ExportScope", "WarcExport", "store_key", "warcinfo_fields"]
    assert warc_files.__all__ == ["DEFAULT_GZIP_LEVEL", "DEFAULT_MAX_FILE_BYTES", "WARC_SUFFIX", "WarcFiles", "check_out_path", "sha1_digest"]


def test_an_old_store_exports_with_rebuilt_heads_marked_and_passes_warcio_check(old_store: Path, tmp_path: Path) -> None:
    job, files = export(old_store, tmp_path / "old.warc.gz")
    assert warcio_check(*files).returncode == 0
    recs = records(*files)
    assert [r.type for r in recs] == ["warcinfo", "response", "revisit", "response", "metadata"]
    assert job.counts.rebuilt_heads == 3 and job.counts.pages == 4
    for r in recs[1:4]:
        assert r.get("Sea-Spider-Head", ) is not None  # rebuilt, and it says so
    assert recs[1].payload == html(1) and recs[1].status == "200 OK"
    assert recs[2].get("WARC-Refers-To-Target-URI") == "https://a.test/" and recs[2].get("WARC-Payload-Digest") == recs[1].get("WARC-Payload-Digest")
    assert b"outcome: disallowed" in recs[4].block and b"reason: robots.txt says no" in recs[4].block


def test_captured_heads_are_not_marked_as_rebuilt(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(captured("https://a.test/x", html(5)))  # type: ignore[arg-type]
    job, files = export(store, tmp_path / "new.warc.gz")
    recs = records(*files)
    assert [r.type for r in recs] == ["warcinfo", "request", "response"]
    assert recs[1].block == REQUEST and recs[2].get("Sea-Spider-Head") is None and job.counts.rebuilt_heads == 0
    assert recs[1].get("WARC-Concurrent-To") == recs[2].get("WARC-Record-ID")
    assert recs[2].get("WARC-Concurrent-To") == recs[1].get("WARC-Record-ID")
    assert recs[2].get("WARC-Date") == "2026-09-21T14:13:20.000000Z"  # the request's start, not the end of the visit


def test_files_roll_over_and_each_starts_with_warcinfo(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        for n in range(6):
            noise = random.Random(n).randbytes(4000)  # does not compress: each line fills a file
            w.record_visit(captured(f"https://a.test/{n}", noise))  # type: ignore[arg-type]
    _job, files = export(store, tmp_path / "roll.warc.gz", max_file_bytes=3000)
    assert [p.name for p in files] == ["roll.warc.gz"] + [f"roll-{k:05d}.warc.gz" for k in range(1, 6)]
    assert not list(tmp_path.glob("*.part"))
    assert warcio_check(*files).returncode == 0
    for path in files:
        recs = records(path)
        assert recs[0].type == "warcinfo" and recs[0].get("WARC-Filename") == path.name
        # A request and its response are never split across files.
        assert [r.type for r in recs[1:]] == ["request", "response"] * ((len(recs) - 1) // 2)
        assert all(r.get("WARC-Warcinfo-ID") == recs[0].get("WARC-Record-ID") for r in recs[1:])
    one = export(store, tmp_path / "one.warc.gz")[1]
    assert len(one) == 1  # negative control: at the default size it is one file


def test_since_and_host_choose_the_lines(old_store: Path, tmp_path: Path) -> None:
    job, files = export(old_store, tmp_path / "b.warc.gz", scope=ExportScope(host="b.test"))
    assert {r.get("WARC-Target-URI") for r in records(*files)[1:]} == {"https://b.test/", "https://b.test/private"}
    assert job.counts.out_of_scope == 2
    job, files = export(old_store, tmp_path / "since.warc.gz", scope=ExportScope(since_unix=1_795_000_000.0))
    assert [r.get("WARC-Target-URI") for r in records(*files)[1:]] == ["https://b.test/"]
    # In scope by itself, the second a.test page is a full response, not a revisit of a record left out.
    _job, files = export(old_store, tmp_path / "same.warc.gz", scope=ExportScope(host="a.test", since_unix=0))
    assert [r.type for r in records(*files)] == ["warcinfo", "response", "revisit"]


def test_the_same_store_exports_to_the_same_records(old_store: Path, tmp_path: Path) -> None:
    first = records(*export(old_store, tmp_path / "1.warc.gz")[1])
    second = records(*export(old_store, tmp_path / "2.warc.gz")[1])

    def without_warcinfo(recs: list) -> list:  # type: ignore[type-arg]
        return [(r.type, [f for f in r.fields if f[0] != "WARC-Warcinfo-ID"], r.block) for r in recs[1:]]

    assert without_warcinfo(first) == without_warcinfo(second)


def test_a_damaged_body_frame_skips_its_line_and_names_it(old_store: Path, tmp_path: Path) -> None:
    line = json.loads((old_store / "pages.jsonl").read_text().splitlines()[2])  # b.test/: its own body
    seg = old_store / "seg" / f"{line['seg']:06d}.seg"
    data = bytearray(seg.read_bytes())
    data[line["off"] + line["len"] // 2] ^= 0xFF
    seg.write_bytes(bytes(data))
    job, files = export(old_store, tmp_path / "d.warc.gz")
    assert job.counts.damaged == 1 and "https://b.test/" in job.counts.damage_notes[0]
    assert warcio_check(*files).returncode == 0
    assert "https://b.test/" not in {r.get("WARC-Target-URI") for r in records(*files)}
    assert "https://a.test/" in {r.get("WARC-Target-URI") for r in records(*files)}  # the rest is still there


def test_an_empty_store_gives_an_archive_with_its_warcinfo_only(tmp_path: Path) -> None:
    store = tmp_path / "empty"
    StoreWriter.open(store, clock=FakeClock()).close()
    _job, files = export(store, tmp_path / "e.warc.gz")
    assert [r.type for r in records(*files)] == ["warcinfo"]
    assert b"http-header-user-agent: MovaBot/0" in records(*files)[0].block
