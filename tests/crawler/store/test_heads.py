"""seaspider/store/heads.py and the writer's use of it: head frames, kept wire bodies, their order on disk."""

from __future__ import annotations

import dataclasses
import gzip
import hashlib
from pathlib import Path

import pytest
import zstandard
from storekit import check_store, html, visit

from seaspider.clock import FakeClock
from seaspider.errors import StoreError
from seaspider.store import heads
from seaspider.store.heads import pack_head, unpack_head
from seaspider.store.writer import StoreWriter
from seaspider.web.capture import BodyEnd, Capture
from seaspider.web.records import Hop, RobotsFetch, RobotsSource

REQUEST = b"GET / HTTP/1.1\r\nhost: a.test\r\nuser-agent: MovaBot/0\r\n\r\n"
RESPONSE = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\n"


def capture(wire: bytes | None = None, end: BodyEnd = BodyEnd.COMPLETE) -> Capture:
    return Capture(1_790_000_000.5, REQUEST, RESPONSE, end, wire)


def captured_visit(url: str, body: bytes, wire: bytes | None = None) -> object:
    plain = visit(url, body)
    return dataclasses.replace(plain, chain=(Hop(url, 200, "127.0.0.1", capture(wire)),))


def test_public_names() -> None:
    assert heads.__all__ == ["HEAD_MAGIC", "MAX_HEAD_FRAME_BYTES", "StoredHead", "capture_chain", "pack_head", "unpack_head"]


def test_a_head_frame_round_trips_byte_for_byte() -> None:
    stored = unpack_head(pack_head(capture(b"ignored: bodies have frames of their own")), where="test")
    assert (stored.started_unix, stored.request_head, stored.response_head, stored.body_end) == (1_790_000_000.5, REQUEST, RESPONSE, BodyEnd.COMPLETE)


@pytest.mark.parametrize(
    ("data", "message"),
    [(b"not a head", "not a captured head"), (heads.HEAD_MAGIC + b"{}\n", "description is damaged"),
     (pack_head(capture())[:-1], "where its description says")],
    ids=["no-magic", "no-fields", "cut-short"],
)
def test_a_damaged_head_frame_is_refused_with_its_place(data: bytes, message: str) -> None:
    with pytest.raises(StoreError, match=f"seg/000001.seg byte 7: .*{message}"):
        unpack_head(data, where="seg/000001.seg byte 7")


def test_capture_requires_complete_heads() -> None:
    with pytest.raises(ValueError, match="response_head"):
        Capture(1.0, REQUEST, b"HTTP/1.1 200 OK\r\n", BodyEnd.COMPLETE)


def _frame(store: Path, ref: dict[str, int]) -> bytes:
    with open(store / "seg" / f"{ref['seg']:06d}.seg", "rb") as f:
        f.seek(ref["off"])
        return zstandard.ZstdDecompressor().decompress(f.read(ref["len"]))


def test_the_writer_frames_every_captured_hop_and_the_line_points_at_it(tmp_path: Path) -> None:
    store = tmp_path / "store"
    body = html(1)
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(captured_visit("https://a.test/", body, wire=gzip.compress(body, mtime=0)))
        w.record_visit(visit("https://a.test/old", html(2)))  # no capture: the hop stays as it always was
    lines = check_store(store)  # every line validates against the journal schema
    hop = lines[0]["chain"][0]
    assert unpack_head(_frame(store, hop["head"]), where="t").response_head == RESPONSE
    assert _frame(store, hop["wire"]) == gzip.compress(body, mtime=0)
    assert hop["wire"]["sha256"] == hashlib.sha256(gzip.compress(body, mtime=0)).hexdigest()
    assert set(lines[1]["chain"][0]) == {"url", "status", "ip"}


def test_an_identity_wire_body_shares_the_decoded_body_frame(tmp_path: Path) -> None:
    store = tmp_path / "store"
    body = html(3)
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visits([(captured_visit("https://a.test/1", body, wire=body), None),
                         (captured_visit("https://a.test/2", body, wire=body), None)])
    first, second = check_store(store)
    for line in (first, second):
        assert (line["chain"][0]["wire"]["seg"], line["chain"][0]["wire"]["off"]) == (first["seg"], first["off"])
    assert first["chain"][0]["head"] != second["chain"][0]["head"]  # each hop has its own head


def test_head_frames_are_fsynced_before_the_line_that_points_at_them(tmp_path: Path) -> None:
    events: list[str] = []
    with StoreWriter.open(tmp_path / "store", clock=FakeClock(), _hook=events.append) as w:
        w.record_visit(visit("https://a.test/", html(4)))
        events.clear()
        # The body is a duplicate, so only the head frame is new: it alone must trigger the fsync.
        w.record_visit(captured_visit("https://a.test/again", html(4)))
        captured = list(events)
        events.clear()
        w.record_visit(visit("https://a.test/third", html(4)))  # negative control: nothing new, no segment fsync
    assert captured.index("segment-fsynced") < captured.index("journal-written")
    assert "segment-fsynced" not in events


def test_robots_fetches_keep_their_heads_too(tmp_path: Path) -> None:
    store = tmp_path / "store"
    fetch = RobotsFetch("https://a.test/robots.txt", "https://a.test", 200, RobotsSource.FETCHED, b"User-agent: *\n", 5.0,
                        "127.0.0.1", chain=(Hop("https://a.test/robots.txt", 200, "127.0.0.1", capture()),))
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_robots(fetch)
        assert w.load_robots("https://a.test") is not None  # an old reader of the line still works
    (line,) = check_store(store)
    assert unpack_head(_frame(store, line["chain"][0]["head"]), where="t").request_head == REQUEST
