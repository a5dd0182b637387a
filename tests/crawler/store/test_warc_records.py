"""seaspider/store/warc_records.py: what one journal line exports to, on plain values (no files)."""

from __future__ import annotations

import pytest

from seaspider.store import warc_records
from seaspider.store.heads import StoredHead
from seaspider.store.warc_records import frame_head, plan_line, rebuild_head, record_id, warc_date, warc_fields
from seaspider.web.capture import BodyEnd

GZIP_HEAD = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nContent-Length: 42\r\n\r\n"


def test_public_names() -> None:
    assert warc_records.__all__ == ["HopPlan", "LinePlan", "PayloadRef", "frame_head", "plan_line", "rebuild_head",
                                    "record_id", "warc_date", "warc_fields"]


@pytest.mark.parametrize(
    ("head", "payload_bytes", "encoded", "expected"),
    [
        (GZIP_HEAD, 100, False,
         b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nX-Orig-Content-Encoding: gzip\r\nX-Orig-Content-Length: 42\r\n\r\n"),
        (GZIP_HEAD, 42, True, GZIP_HEAD),
        (b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n", 5, False, b"HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n"),
        (b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n", 5, True, b"HTTP/1.1 200 OK\r\nX-Orig-Transfer-Encoding: chunked\r\n\r\n"),
        (b"HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 3\r\n\r\n", 3, False,
         b"HTTP/1.1 200 OK\r\nContent-Encoding: identity\r\nContent-Length: 3\r\n\r\n"),
        (b"HTTP/1.1 304 Not Modified\r\nContent-Encoding: gzip\r\nContent-Length: 9\r\n\r\n", 0, True,
         b"HTTP/1.1 304 Not Modified\r\nX-Orig-Content-Encoding: gzip\r\nX-Orig-Content-Length: 9\r\n\r\n"),
        (b"HTTP/1.1 200 OK\r\nX-Long: a\r\n\tcontinued\r\nContent-Length: 1\r\n\r\n", 2, False,
         b"HTTP/1.1 200 OK\r\nX-Long: a\r\n\tcontinued\r\nX-Orig-Content-Length: 1\r\n\r\n"),
        (b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\ncontent-length: 4\r\n\r\n", 3, False,
         b"HTTP/1.1 200 OK\r\nX-Orig-Content-Length: 3\r\nX-Orig-content-length: 4\r\n\r\n"),
        (b"HTTP/1.1 200 OK\r\ncontent-length:3\r\nX-Odd:  spaced  \r\n\r\n", 3, False,
         b"HTTP/1.1 200 OK\r\ncontent-length:3\r\nX-Odd:  spaced  \r\n\r\n"),
    ],
    ids=["decoded-gzip-renames-coding-and-length", "encoded-body-keeps-everything", "identity-length-matches",
         "chunked-always-renamed", "identity-coding-kept", "empty-304-payload-has-no-coding", "folded-line-stays",
         "conflicting-lengths-all-renamed", "odd-spacing-untouched"],
)
def test_framing_headers_are_renamed_only_when_they_no_longer_describe_the_payload(
    head: bytes, payload_bytes: int, encoded: bool, expected: bytes
) -> None:
    assert frame_head(head, payload_bytes=payload_bytes, encoded=encoded) == expected


def test_rebuilt_head_has_the_status_reason_and_headers() -> None:
    assert rebuild_head(301, [("location", "https://a.test/x")]) == b"HTTP/1.1 301 Moved Permanently\r\nlocation: https://a.test/x\r\n\r\n"
    assert rebuild_head(599, []) == b"HTTP/1.1 599\r\n\r\n"  # no phrase known: none invented


def test_record_ids_are_stable_and_distinct() -> None:
    first = record_id("store", 10, "0/request")
    assert first == record_id("store", 10, "0/request")
    assert first.startswith("<urn:uuid:") and first.endswith(">")
    assert len({first, record_id("store", 10, "0/response"), record_id("store", 11, "0/request"), record_id("other", 10, "0/request")}) == 4


def test_dates_and_fields() -> None:
    assert warc_date(1_790_000_000.25) == "2026-09-21T14:13:20.250000Z"
    assert warc_fields([("reason", "two\nlines"), ("n", "1")]) == b"reason: two lines\r\nn: 1\r\n"


def _page(outcome: str, chain: list[dict[str, object]], **extra: object) -> dict[str, object]:
    line: dict[str, object] = {
        "kind": "page", "url": "https://a.test/", "final_url": chain[-1]["url"] if chain else "https://a.test/",
        "outcome": outcome, "status": chain[-1]["status"] if chain else None, "chain": chain,
        "headers": {"content-type": "text/html", "content-length": "5"}, "fetched_unix": 100.0, "ms": 500,
        "seg": 1, "off": 0, "len": 20, "body_bytes": 5, "truncated": False, "sha256": "a" * 64,
        "robots": None, "depth": 0, "parent": None, "user_agent": "MovaBot/0", "reason": None,
    }
    line.update(extra)
    return line


def _head(status: int, body_end: BodyEnd = BodyEnd.COMPLETE) -> StoredHead:
    return StoredHead(42.5, b"GET / HTTP/1.1\r\nhost: a.test\r\n\r\n", f"HTTP/1.1 {status} X\r\nContent-Length: 5\r\n\r\n".encode(), body_end)


def test_captured_redirect_chain_plans_every_hop_with_its_own_head() -> None:
    chain = [{"url": "https://a.test/", "status": 301, "ip": "192.0.2.1"}, {"url": "https://a.test/p", "status": 200, "ip": "192.0.2.1"}]
    plan = plan_line(_page("fetched", chain, final_url="https://a.test/p"), [_head(301), _head(200)])
    assert plan is not None and plan.metadata is None
    first, last = plan.hops
    assert (first.url, first.payload, first.request_head is not None, first.rebuilt) == ("https://a.test/", None, True, False)
    # The redirect's body was not kept (no wire body): its length no longer describes the empty payload.
    assert b"X-Orig-Content-Length: 5" in (first.response_head or b"")
    assert last.payload is not None and last.payload.sha256 == "a" * 64 and last.date_unix == 42.5
    assert b"\r\nContent-Length: 5\r\n" in (last.response_head or b"")


def test_old_line_without_capture_gets_rebuilt_heads_and_no_requests() -> None:
    chain = [{"url": "https://a.test/", "status": 302, "ip": "192.0.2.1"}, {"url": "https://a.test/p", "status": 200, "ip": "192.0.2.1"}]
    plan = plan_line(_page("fetched", chain, final_url="https://a.test/p"), [None, None])
    assert plan is not None
    assert [h.rebuilt for h in plan.hops] == [True, True]
    assert [h.request_head for h in plan.hops] == [None, None]
    assert plan.hops[0].response_head == b"HTTP/1.1 302 Found\r\nlocation: https://a.test/p\r\n\r\n"
    assert plan.hops[1].date_unix == pytest.approx(99.5)  # the visit's start: fetched_unix - ms


def test_a_body_that_failed_gets_a_request_and_metadata_but_no_response() -> None:
    chain = [{"url": "https://a.test/", "status": 200, "ip": "192.0.2.1"}]
    plan = plan_line(_page("error", chain, seg=None, sha256=None, reason="the connection failed"), [_head(200, BodyEnd.FAILED)])
    assert plan is not None
    (hop,) = plan.hops
    assert hop.request_head is not None and hop.response_head is None
    assert plan.metadata is not None and ("reason", "the connection failed") in plan.metadata


def test_not_modified_writes_the_304_and_metadata_naming_the_confirmed_body() -> None:
    chain = [{"url": "https://a.test/", "status": 304, "ip": "192.0.2.1"}]
    plan = plan_line(_page("not_modified", chain), [_head(304)])
    assert plan is not None
    assert plan.hops[0].payload is None  # the stored body belongs to the earlier fetch, not to the 304
    assert plan.metadata is not None and ("confirmed-body-sha256", "a" * 64) in plan.metadata


def test_disallowed_page_is_metadata_only_and_fetched_page_has_none() -> None:
    robots = {"url": "https://a.test/robots.txt", "source": "fetched", "status": 200, "group": "*", "decision": "disallowed",
              "rule": "Disallow: /", "line": 2, "crawl_delay": None}
    plan = plan_line(_page("disallowed", [], seg=None, sha256=None, robots=robots), [])
    assert plan is not None and plan.hops == ()
    assert plan.metadata is not None and ("robots-rule", "Disallow: /") in plan.metadata
    fetched = plan_line(_page("fetched", [{"url": "https://a.test/", "status": 200, "ip": "192.0.2.1"}]), [None])
    assert fetched is not None and fetched.metadata is None  # negative control


def test_a_body_kept_as_sent_keeps_its_content_encoding() -> None:
    chain = [{"url": "https://a.test/", "status": 200, "ip": "192.0.2.1"}]
    head = StoredHead(1.0, b"GET / HTTP/1.1\r\n\r\n", b"HTTP/1.1 200 OK\r\nContent-Encoding: compress\r\n\r\n", BodyEnd.COMPLETE)
    kept = plan_line(_page("fetched", chain, encoding_kept="compress"), [head])
    decoded = plan_line(_page("fetched", chain), [head])
    assert kept is not None and decoded is not None
    assert b"\r\nContent-Encoding: compress" in (kept.hops[0].response_head or b"")
    assert b"X-Orig-Content-Encoding: compress" in (decoded.hops[0].response_head or b"")


def test_other_line_kinds_export_nothing() -> None:
    assert plan_line({"kind": "intent", "url": "https://a.test/"}, []) is None
