"""Captured hop heads in the store: one zstd frame per hop, referenced from the hop in the journal.

A head frame holds one `Capture` without its body: a JSON line (start time, lengths, how the
body ended), then the request head, then the response head, byte for byte. A kept wire body
(`storage.keep_encoded_bodies`) is a body frame of its own, shared by sha256 like any body.
The journal's hop gains `head` {seg, off, len} and `wire` {seg, off, len, bytes, sha256}; a hop
without them (an old store, or a hop that got no answer) is still a valid hop.
Knows frames and hops, not HTTP semantics and not WARC.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from seaspider.errors import StoreError
from seaspider.store.segments import Location
from seaspider.web.capture import BodyEnd, Capture
from seaspider.web.records import Hop

__all__ = ["HEAD_MAGIC", "MAX_HEAD_FRAME_BYTES", "StoredHead", "capture_chain", "pack_head", "unpack_head"]

HEAD_MAGIC = b"seaspider-head 1\n"  # a version in every frame: a later format can still read this one
# The transport refuses a response head over 64 KiB and we send small requests; the JSON line is
# tiny. A frame that claims more than this is damaged, not a head.
MAX_HEAD_FRAME_BYTES = 1 << 20


@dataclass(frozen=True, slots=True)
class StoredHead:
    """A head frame read back: a `Capture` without its wire body."""

    started_unix: float
    request_head: bytes
    response_head: bytes
    body_end: BodyEnd


def pack_head(capture: Capture) -> bytes:
    """The uncompressed content of one head frame."""
    meta = {
        "started_unix": capture.started_unix,
        "request_bytes": len(capture.request_head),
        "response_bytes": len(capture.response_head),
        "body_end": str(capture.body_end),
    }
    return HEAD_MAGIC + json.dumps(meta, separators=(",", ":")).encode() + b"\n" + capture.request_head + capture.response_head


def unpack_head(data: bytes, *, where: str) -> StoredHead:
    """A head frame's content as a value; StoreError naming `where` when it is not one."""
    if not data.startswith(HEAD_MAGIC):
        raise StoreError(f"{where}: the frame is not a captured head (it does not start with {HEAD_MAGIC!r}).")
    end = data.find(b"\n", len(HEAD_MAGIC))
    try:
        meta = json.loads(data[len(HEAD_MAGIC) : end])
        request_bytes, response_bytes = int(meta["request_bytes"]), int(meta["response_bytes"])
        started, body_end = float(meta["started_unix"]), BodyEnd(meta["body_end"])
    except (ValueError, KeyError, TypeError) as exc:
        raise StoreError(f"{where}: the captured head's description is damaged ({exc}).") from exc
    rest = data[end + 1 :]
    if end < 0 or len(rest) != request_bytes + response_bytes:
        raise StoreError(f"{where}: the captured head holds {len(rest)} bytes where its description says {request_bytes + response_bytes}.")
    return StoredHead(started, rest[:request_bytes], rest[request_bytes:], body_end)


def _ref(loc: Location) -> dict[str, int]:
    return {"seg": loc.seg, "off": loc.off, "len": loc.length}


def capture_chain(
    chain: Sequence[Hop],
    *,
    compress: Callable[[bytes], bytes],
    append: Callable[[bytes], Location],
    find_body: Callable[[str], tuple[Location, int] | None],
    placed: MutableMapping[str, tuple[Location, int]],
) -> tuple[list[dict[str, Any]], bool]:
    """The journal's chain for `chain`, appending a head frame per captured hop and new wire bodies.

    `find_body(sha)` finds a body already stored; `placed` holds bodies appended in this batch
    and learns the wire bodies appended here. Frames are appended, not synced: the caller fsyncs
    the segment before the line that points at them. Returns (chain JSON, anything appended).
    """
    out: list[dict[str, Any]] = []
    appended = False
    for hop in chain:
        item = hop.to_json()
        capture = hop.capture
        if capture is not None:
            item["head"] = _ref(append(compress(pack_head(capture))))
            appended = True
            if capture.wire_body is not None:
                sha = hashlib.sha256(capture.wire_body).hexdigest()
                found = placed.get(sha) or find_body(sha)
                if found is None:
                    # An identity-coded body is the decoded body: it was found above and costs nothing.
                    found = append(compress(capture.wire_body)), len(capture.wire_body)
                    placed[sha] = found
                loc, size = found
                item["wire"] = {**_ref(loc), "bytes": size, "sha256": sha}
        out.append(item)
    return out, appended
