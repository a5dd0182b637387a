"""The WARC export: streams the journal into `WarcFiles`, one line at a time, in journal order.

Reads `pages.jsonl` (never the index) from a start offset to an end offset, turns each `page`
and `robots` line into records (`warc_records.plan_line`), reads only the frames it needs and
writes request, response, revisit and metadata records. A body already written in this export
(same sha256 of the payload) becomes a revisit. Memory does not grow with the store: the one
table that grows (payloads written, for revisits) lives in a temporary SQLite file.
Safe beside a live writer: the journal is append-only and only complete lines are read.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from seaspider import __version__
from seaspider.errors import StoreError
from seaspider.store.heads import MAX_HEAD_FRAME_BYTES, StoredHead, unpack_head
from seaspider.store.journal import iter_lines
from seaspider.store.segments import Location, SegmentReader, segment_path
from seaspider.store.warc_files import WarcFiles, sha1_digest
from seaspider.store.warc_records import HopPlan, LinePlan, plan_line, record_id, warc_date, warc_fields
from seaspider.web.urls import host_of

__all__ = ["ExportCounts", "ExportScope", "WarcExport", "store_key", "warcinfo_fields"]

JOURNAL = "pages.jsonl"
SEG_DIR = "seg"
REVISIT_PROFILE = "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"
CONFORMS_TO = "http://iipc.github.io/warc-specifications/specifications/warc-format/warc-1.1/"
HTTP_REQUEST = "application/http; msgtype=request"
HTTP_RESPONSE = "application/http; msgtype=response"
WARC_FIELDS = "application/warc-fields"
MAX_DAMAGE_NOTES = 20  # damaged lines are all counted; the first few are named
EMPTY_DIGEST = sha1_digest()


@dataclass(frozen=True, slots=True)
class ExportScope:
    """Which lines to export: fetched at or after `since_unix`, of `host` (None: all)."""

    since_unix: float | None = None
    host: str | None = None

    def includes(self, line: Mapping[str, Any]) -> bool:
        if self.since_unix is not None and float(line.get("fetched_unix", 0)) < self.since_unix:
            return False
        if self.host is not None:
            url = line.get("origin") if line.get("kind") == "robots" else line.get("url")
            if host_of(str(url or "")) != self.host:
                return False
        return True


@dataclass(slots=True)
class ExportCounts:
    """What an export took from the journal."""

    pages: int = 0  # page lines exported
    robots: int = 0  # robots lines exported
    out_of_scope: int = 0  # page and robots lines left out by --since / --host
    rebuilt_heads: int = 0  # response heads rebuilt from the journal (no capture in the store)
    damaged: int = 0  # lines skipped because a frame they need is damaged or missing
    damage_notes: list[str] = field(default_factory=list)
    corrupt_lines: int = 0  # journal lines that are not JSON


def store_key(store: Path) -> str:
    """What makes this store's record ids its own: a digest of its first journal line."""
    with open(store / JOURNAL, "rb") as f:
        return hashlib.sha256(f.readline()).hexdigest()[:32]


def warcinfo_fields(*, user_agent: str | None, config: Sequence[tuple[str, str]] = (), scope: ExportScope | None = None,
                    store: Path | None = None) -> list[tuple[str, str]]:
    """The warcinfo record: software, format, robot identity and what the crawl was configured to do."""
    fields = [
        ("software", f"Sea Spider {__version__} (seaspider, warcio)"),
        ("format", "WARC File Format 1.1"),
        ("conformsTo", CONFORMS_TO),
        ("robots", "obey (RFC 9309; every redirect re-checked)"),
    ]
    if user_agent:
        fields.append(("http-header-user-agent", user_agent))
    fields += list(config)
    if store is not None:
        fields.append(("description", f"exported from the Sea Spider store {store}"))
    if scope is not None and scope.since_unix is not None:
        fields.append(("since", warc_date(scope.since_unix)))
    if scope is not None and scope.host is not None:
        fields.append(("host", scope.host))
    return fields


class _Seen:
    """Payloads written in this export, by sha256: where the first one went (for revisits). On disk."""

    def __init__(self) -> None:
        self._dir = tempfile.mkdtemp(prefix="seaspider-warc-")
        self._db = sqlite3.connect(Path(self._dir) / "seen.sqlite", isolation_level=None, check_same_thread=False)
        # A scratch table: rebuilt by the next export, so durability costs nothing here.
        self._db.execute("PRAGMA journal_mode=OFF")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute("CREATE TABLE seen (sha TEXT PRIMARY KEY, uri TEXT, date TEXT, digest TEXT, id TEXT) WITHOUT ROWID")
        self._db.execute("BEGIN")

    def get(self, sha: str) -> tuple[str, str, str, str] | None:
        row = self._db.execute("SELECT uri, date, digest, id FROM seen WHERE sha = ?", (sha,)).fetchone()
        return None if row is None else (row[0], row[1], row[2], row[3])

    def add(self, sha: str, uri: str, date: str, digest: str, rid: str) -> None:
        self._db.execute("INSERT OR IGNORE INTO seen VALUES (?, ?, ?, ?, ?)", (sha, uri, date, digest, rid))

    def close(self) -> None:
        self._db.close()
        shutil.rmtree(self._dir, ignore_errors=True)


@dataclass(frozen=True, slots=True)
class _Prepared:
    """One hop ready to write: its plan, the payload bytes (None for a revisit) and the revisit target."""

    plan: HopPlan
    payload: bytes | None
    revisit_of: tuple[str, str, str, str] | None


class WarcExport:
    """Streams journal lines of one store into rolling WARC files. Not thread-safe: one caller."""

    def __init__(self, store: Path, files: WarcFiles, *, scope: ExportScope | None = None) -> None:
        self.store = Path(store)
        if not (self.store / JOURNAL).is_file():
            raise StoreError(f"{self.store} is not a Sea Spider store (it has no {JOURNAL}); `seaspider fetch` creates one.")
        self.files = files
        self.scope = scope or ExportScope()
        self.counts = ExportCounts()
        self._store_key: str | None = None  # read at the first record: a live crawl's journal may start empty
        self._segments = SegmentReader(self.store / SEG_DIR)
        self._seen = _Seen()

    def run(self, start: int, end: int, *, on_line: Callable[[int], None] | None = None) -> int:
        """Export the complete lines in [start, end); returns where it stopped. `on_line(offset_after)` after each."""
        pos = start
        for off, raw in iter_lines(self.store / JOURNAL, start, end):
            pos = off + len(raw)
            self._line(off, raw)
            if on_line is not None:
                on_line(pos)
        return pos

    def _line(self, off: int, raw: bytes) -> None:
        try:
            line = json.loads(raw)
        except ValueError:
            self.counts.corrupt_lines += 1
            return
        if not isinstance(line, dict) or line.get("kind") not in ("page", "robots"):
            return
        if not self.scope.includes(line):
            self.counts.out_of_scope += 1
            return
        try:
            heads = self._heads(line)
            plan = plan_line(line, heads)
            assert plan is not None
            prepared = self._prepare(plan)
        except (StoreError, KeyError, TypeError, ValueError) as exc:
            self.counts.damaged += 1
            if len(self.counts.damage_notes) < MAX_DAMAGE_NOTES:
                self.counts.damage_notes.append(f"journal byte {off} ({line.get('url')}): {exc}")
            return
        if line["kind"] == "page":
            self.counts.pages += 1
        else:
            self.counts.robots += 1
        self.counts.rebuilt_heads += sum(1 for p in prepared if p.plan.rebuilt)
        self._write(off, plan, prepared)

    def _heads(self, line: dict[str, Any]) -> list[StoredHead | None]:
        heads: list[StoredHead | None] = []
        for hop in line.get("chain") or []:
            ref = hop.get("head")
            if not ref:
                heads.append(None)
                continue
            loc = Location(ref["seg"], ref["off"], ref["len"])
            data = self._segments.body(loc, raw_bytes=MAX_HEAD_FRAME_BYTES)
            heads.append(unpack_head(data, where=f"{segment_path(self.store / SEG_DIR, loc.seg)} byte {loc.off}"))
        return heads

    def _prepare(self, plan: LinePlan) -> list[_Prepared]:
        """Decide revisit or response per hop and read the payloads needed, before anything is written."""
        out = []
        pending: set[str] = set()  # payloads this line writes itself: a second hop with one is still a response
        for hop in plan.hops:
            payload: bytes | None = None
            revisit = None
            if hop.response_head is not None and hop.payload is not None and hop.payload.raw_bytes > 0:
                sha = hop.payload.sha256
                revisit = None if sha in pending else self._seen.get(sha)
                if revisit is None:
                    payload = self._payload(hop)
                    pending.add(sha)
            out.append(_Prepared(hop, payload, revisit))
        return out

    def _payload(self, hop: HopPlan) -> bytes:
        ref = hop.payload
        assert ref is not None
        loc = Location(ref.seg, ref.off, ref.length)
        body = self._segments.body(loc, raw_bytes=ref.raw_bytes)
        if len(body) != ref.raw_bytes:
            raise StoreError(f"{segment_path(self.store / SEG_DIR, loc.seg)}: the body at byte {loc.off} holds {len(body)} bytes, "
                             f"not the {ref.raw_bytes} the journal names")
        return body

    @property
    def _key(self) -> str:
        if self._store_key is None:
            self._store_key = store_key(self.store)
        return self._store_key

    def _write(self, off: int, plan: LinePlan, prepared: Sequence[_Prepared]) -> None:
        self.files.begin_group()
        last_response: str | None = None
        for item in prepared:
            hop = item.plan
            date = warc_date(hop.date_unix)
            common = [("WARC-Date", date), ("WARC-Target-URI", hop.url)]
            if hop.ip:
                common.append(("WARC-IP-Address", hop.ip))
            request_id = record_id(self._key, off, f"{hop.index}/request")
            response_id = record_id(self._key, off, f"{hop.index}/response")
            has_request = hop.request_head is not None
            has_response = hop.response_head is not None
            if has_request:
                assert hop.request_head is not None
                fields = [("WARC-Record-ID", request_id), *common]
                if has_response:
                    fields.append(("WARC-Concurrent-To", response_id))
                fields += [("WARC-Block-Digest", sha1_digest(hop.request_head)), ("WARC-Payload-Digest", EMPTY_DIGEST)]
                self.files.write("request", fields, (hop.request_head,), HTTP_REQUEST)
            if not has_response:
                continue
            assert hop.response_head is not None
            fields = [("WARC-Record-ID", response_id), *common]
            if has_request:
                fields.append(("WARC-Concurrent-To", request_id))
            if hop.rebuilt:
                # Not a WARC-* field (those are reserved): says the head was rebuilt, not captured.
                fields.append(("Sea-Spider-Head", "rebuilt from the journal's kept headers (no capture in this store)"))
            last_response = response_id
            if item.revisit_of is not None:
                uri, first_date, digest, first_id = item.revisit_of
                fields += [("WARC-Profile", REVISIT_PROFILE), ("WARC-Refers-To", first_id),
                           ("WARC-Refers-To-Target-URI", uri), ("WARC-Refers-To-Date", first_date),
                           ("WARC-Block-Digest", sha1_digest(hop.response_head)), ("WARC-Payload-Digest", digest)]
                self.files.write("revisit", fields, (hop.response_head,), HTTP_RESPONSE)
                continue
            payload = item.payload or b""
            digest = sha1_digest(payload)
            fields += [("WARC-Block-Digest", sha1_digest(hop.response_head, payload)), ("WARC-Payload-Digest", digest)]
            if hop.truncated:
                fields.append(("WARC-Truncated", hop.truncated))
            self.files.write("response", fields, (hop.response_head, payload), HTTP_RESPONSE)
            if payload and hop.payload is not None:
                self._seen.add(hop.payload.sha256, hop.url, date, digest, response_id)
        if plan.metadata is not None:
            block = warc_fields(plan.metadata)
            fields = [("WARC-Record-ID", record_id(self._key, off, "metadata")), ("WARC-Date", warc_date(plan.metadata_date_unix)),
                      ("WARC-Target-URI", plan.metadata_uri)]
            if last_response is not None:
                fields.append(("WARC-Refers-To", last_response))
            fields.append(("WARC-Block-Digest", sha1_digest(block)))
            self.files.write("metadata", fields, (block,), WARC_FIELDS)

    def close(self) -> None:
        self._segments.close()
        self._seen.close()

