"""What one request looked like on the wire: the bytes a faithful web archive (WARC) needs.

A plain value made by the fetcher for every hop that got an answer (robots.txt, page, each
redirect), carried on the `Hop`, framed by the store and read back by the WARC export. No I/O.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["BodyEnd", "Capture", "HEAD_SEPARATOR"]

HEAD_SEPARATOR = b"\r\n\r\n"  # RFC 9112 2.1: the empty line that ends a message head


class BodyEnd(enum.StrEnum):
    """How reading the response body ended."""

    COMPLETE = "complete"  # every byte the server framed was read
    TRUNCATED = "truncated"  # cut at fetch.max_body_bytes (the rest was never read)
    FAILED = "failed"  # the connection failed, timed out or the body could not be decoded


@dataclass(frozen=True, slots=True)
class Capture:
    """One exchange as sent and received.

    `request_head` is the request line and headers exactly as sent, ending in the empty line;
    `response_head` the final status line and headers exactly as received (any 1xx interim
    answers left out), ending in the empty line: names in their original case, order and
    repetition. `wire_body` is the body as received (de-chunked, still content-encoded), kept
    only with `storage.keep_encoded_bodies`; None otherwise.
    """

    started_unix: float  # when the request started (its WARC-Date)
    request_head: bytes
    response_head: bytes
    body_end: BodyEnd
    wire_body: bytes | None = None

    def __post_init__(self) -> None:
        for name in ("request_head", "response_head"):
            head = getattr(self, name)
            if not isinstance(head, bytes) or not head.endswith(HEAD_SEPARATOR):
                raise ValueError(f"Capture.{name} must be bytes ending in an empty line (CRLF CRLF)")

