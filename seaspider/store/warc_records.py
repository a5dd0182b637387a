"""What the WARC export writes for one journal line: pure planning, no files, no warcio.

A `page` or `robots` line becomes one `HopPlan` per hop (a request and a response record, or a
revisit) and, for outcomes that fetched no page (disallowed, deferred, error, not_modified,
an unreachable robots.txt), one metadata record. Heads come from the captured head frames; a
line without them (a store written before capture existed) gets its response head rebuilt from
the status and the kept headers, marked as rebuilt, and no request record (none was kept).
Payload bytes are only referenced here; the exporter reads them, so a duplicate is never read.
"""

from __future__ import annotations

import http
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from seaspider.store.heads import StoredHead
from seaspider.web.capture import HEAD_SEPARATOR, BodyEnd

__all__ = [
    "HopPlan",
    "LinePlan",
    "PayloadRef",
    "frame_head",
    "plan_line",
    "rebuild_head",
    "record_id",
    "warc_date",
    "warc_fields",
]

ORIG_PREFIX = b"X-Orig-"  # as Browsertrix and pywb rename framing headers that no longer apply
# Record ids are name-based (RFC 4122 version 5) so one store exports to the same ids every time.
_ID_NAMESPACE = uuid.UUID("5e45d1de-77a1-4c59-9d0f-7761726331a1")
_NO_BODY_STATUSES = frozenset({204, 304})


@dataclass(frozen=True, slots=True)
class PayloadRef:
    """Where a payload lies in the segments and what it is."""

    seg: int
    off: int
    length: int  # frame length
    raw_bytes: int  # payload length
    sha256: str


@dataclass(frozen=True, slots=True)
class HopPlan:
    """The records of one hop: request (when captured), then response or revisit."""

    index: int
    url: str
    ip: str | None
    date_unix: float
    request_head: bytes | None  # None: no request record
    response_head: bytes | None  # None: no response record (the body failed; metadata says why)
    payload: PayloadRef | None  # None: an empty payload
    encoded: bool  # the payload is the body as sent (content-encoded), not the decoded body
    truncated: str | None  # WARC-Truncated: "length" when cut at fetch.max_body_bytes
    rebuilt: bool  # the head was rebuilt from the journal, not captured


@dataclass(frozen=True, slots=True)
class LinePlan:
    """Everything one journal line exports to."""

    hops: tuple[HopPlan, ...]
    metadata: tuple[tuple[str, str], ...] | None  # fields of the metadata record, or None
    metadata_uri: str
    metadata_date_unix: float


def record_id(store_key: str, offset: int, part: str) -> str:
    """`<urn:uuid:...>` for one record of the journal line at `offset`, the same in every export."""
    return f"<urn:uuid:{uuid.uuid5(_ID_NAMESPACE, f'{store_key}/{offset}/{part}')}>"


def warc_date(unix: float) -> str:
    """WARC/1.1 date with microseconds (WARC 1.1 section 5.4 allows a fraction): 2026-11-04T07:52:00.123456Z."""
    return datetime.fromtimestamp(unix, UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def warc_fields(pairs: Sequence[tuple[str, str]]) -> bytes:
    """`application/warc-fields`: one `name: value` line each; line breaks in values become spaces."""
    out = []
    for name, value in pairs:
        clean = " ".join(str(value).split())
        out.append(f"{name}: {clean}\r\n")
    return "".join(out).encode("utf-8")


def _header_name(line: bytes) -> bytes:
    return line.split(b":", 1)[0].strip().lower()


def frame_head(head: bytes, *, payload_bytes: int, encoded: bool) -> bytes:
    """`head` with the framing headers that do not describe the payload renamed `X-Orig-*`.

    Transfer-Encoding always (the payload is de-chunked); Content-Encoding with a coding other
    than identity unless the payload is the non-empty body as sent (`encoded`); Content-Length
    unless every value equals the payload's length. Every other byte stays as received.
    """
    lines = head[: -len(HEAD_SEPARATOR)].split(b"\r\n")
    status_line, fields = lines[0], lines[1:]
    names = [_header_name(line) for line in fields]
    rename: set[bytes] = {b"transfer-encoding"}
    if not (encoded and payload_bytes > 0):
        codings = [line.split(b":", 1)[1] for line, n in zip(fields, names, strict=True) if n == b"content-encoding"]
        tokens = {t.strip().lower() for value in codings for t in value.split(b",")}
        if tokens - {b"", b"identity"}:
            rename.add(b"content-encoding")
    lengths = [line.split(b":", 1)[1].strip() for line, n in zip(fields, names, strict=True) if n == b"content-length"]
    if any(value != str(payload_bytes).encode() for value in lengths):
        rename.add(b"content-length")
    out = [status_line]
    for line, name in zip(fields, names, strict=True):
        # A continuation line (obs-fold) has no name of its own and goes with the line before it.
        folded = line[:1] in (b" ", b"\t")
        out.append(ORIG_PREFIX + line if name in rename and not folded else line)
    return b"\r\n".join(out) + HEAD_SEPARATOR


def rebuild_head(status: int, headers: Sequence[tuple[str, str]]) -> bytes:
    """A response head from a status and headers, for hops whose head was not captured."""
    try:
        reason = http.HTTPStatus(status).phrase
    except ValueError:
        reason = ""
    lines = [f"HTTP/1.1 {status} {reason}".rstrip()] + [f"{name}: {value}" for name, value in headers]
    return "\r\n".join(lines).encode("latin-1", "replace") + HEAD_SEPARATOR


def _body_ref(line: dict[str, Any]) -> PayloadRef | None:
    if line.get("seg") is None or not line.get("sha256"):
        return None
    return PayloadRef(line["seg"], line["off"], line["len"], line["body_bytes"], line["sha256"])


def _wire_ref(hop: dict[str, Any]) -> PayloadRef | None:
    wire = hop.get("wire")
    if not wire:
        return None
    return PayloadRef(wire["seg"], wire["off"], wire["len"], wire["bytes"], wire["sha256"])


def _hop_plan(
    i: int,
    hop: dict[str, Any],
    head: StoredHead | None,
    *,
    final_body: PayloadRef | None,
    final_kept: bool,
    final_truncated: bool,
    rebuilt_headers: Sequence[tuple[str, str]] | None,
    default_date: float,
    answered: bool,
) -> HopPlan | None:
    """The plan of one hop; None when nothing can be written for it (no head and no status)."""
    wire = _wire_ref(hop)
    if head is not None:
        if head.body_end is BodyEnd.FAILED:
            return HopPlan(i, hop["url"], hop["ip"], head.started_unix, head.request_head, None, None, False, None, False)
        payload, encoded = (wire, True) if wire is not None else (final_body, final_kept)
        truncated = head.body_end is BodyEnd.TRUNCATED if wire is not None else final_truncated
        size = payload.raw_bytes if payload is not None else 0
        response = frame_head(head.response_head, payload_bytes=size, encoded=encoded)
        return HopPlan(i, hop["url"], hop["ip"], head.started_unix, head.request_head, response, payload, encoded,
                       "length" if truncated and payload is not None else None, False)
    if hop.get("status") is None or rebuilt_headers is None or not answered:
        return None
    size = final_body.raw_bytes if final_body is not None else 0
    response = frame_head(rebuild_head(hop["status"], rebuilt_headers), payload_bytes=size, encoded=final_kept)
    return HopPlan(i, hop["url"], hop["ip"], default_date, None, response, final_body, final_kept,
                   "length" if final_truncated and final_body is not None else None, True)


def _page_metadata(line: dict[str, Any]) -> tuple[tuple[str, str], ...] | None:
    outcome = line["outcome"]
    if outcome == "fetched":
        return None
    fields: list[tuple[str, str]] = [("outcome", outcome), ("url", line["url"]), ("final-url", line["final_url"])]
    if line.get("status") is not None:
        fields.append(("status", str(line["status"])))
    if line.get("reason"):
        fields.append(("reason", line["reason"]))
    robots = line.get("robots")
    if robots:
        fields += [("robots-url", robots["url"]), ("robots-source", robots["source"]), ("robots-decision", robots["decision"])]
        for key, name in (("group", "robots-group"), ("rule", "robots-rule"), ("line", "robots-line"), ("crawl_delay", "robots-crawl-delay")):
            if robots.get(key) is not None:
                fields.append((name, str(robots[key])))
    if outcome == "not_modified" and line.get("sha256"):
        fields.append(("confirmed-body-sha256", line["sha256"]))
    fields += [("depth", str(line.get("depth", 0))), ("user-agent", line.get("user_agent", ""))]
    if line.get("parent"):
        fields.append(("parent", line["parent"]))
    return tuple(fields)


def plan_line(line: dict[str, Any], heads: Sequence[StoredHead | None]) -> LinePlan | None:
    """The records of one `page` or `robots` journal line (`heads[i]` for chain hop i); None for other kinds."""
    kind = line.get("kind")
    chain: list[dict[str, Any]] = line.get("chain") or []
    if kind == "page":
        started = float(line["fetched_unix"]) - int(line.get("ms", 0)) / 1000
        fetched = line["outcome"] == "fetched"
        body = _body_ref(line) if fetched else None
        truncated = bool(line.get("truncated")) and fetched
        # A final hop answered fully when the visit fetched a page or a 304 confirmed one.
        final_answered = line["outcome"] in ("fetched", "not_modified")
        final_headers = list(line.get("headers", {}).items())
        metadata = _page_metadata(line)
        meta_uri = line["final_url"]
    elif kind == "robots":
        started = float(line["fetched_unix"])
        status = line.get("status")
        body = _body_ref(line) if status is not None and 200 <= status < 300 else None
        truncated = False
        final_answered = status is not None and line.get("error") is None
        final_headers = []
        metadata = None
        if line.get("state") == "unreachable":
            metadata = (("outcome", "robots-unreachable"), ("url", line["url"]), ("origin", line["origin"]),
                        *((("status", str(status)),) if status is not None else ()),
                        *((("reason", line["error"]),) if line.get("error") else ()))
        meta_uri = line["url"]
    else:
        return None
    hops = []
    last = len(chain) - 1
    for i, hop in enumerate(chain):
        head = heads[i] if i < len(heads) else None
        final = i == last
        # A hop before the last was a redirect to the next hop's URL.
        rebuilt = final_headers if final else [("location", chain[i + 1]["url"])]
        plan = _hop_plan(
            i, hop, head,
            final_body=body if final else None,
            # A body the fetcher could not decode was stored as sent (`encoding_kept`): still encoded.
            final_kept=bool(line.get("encoding_kept")) if final and kind == "page" else False,
            final_truncated=truncated if final else False,
            rebuilt_headers=rebuilt,
            default_date=started,
            answered=final_answered if final else True,
        )
        if plan is not None:
            hops.append(plan)
    return LinePlan(tuple(hops), metadata, meta_uri, started)
