"""Recording one exchange's bytes as they pass, for a faithful web archive (WARC).

The fetcher puts a `WireRecorder` in the request's extensions; the pinned transport tells it
what it sent and every byte it read until the response head ended; `tap` tees the body stream
as read (de-chunked, still content-encoded) when the body is to be kept. `capture` turns what
was recorded into a `Capture`. Changes nothing that passes through; knows no politeness or store.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx

from seaspider.web.capture import HEAD_SEPARATOR, BodyEnd, Capture

__all__ = ["WIRE", "WireRecorder"]

WIRE = "seaspider.wire"  # the httpx request extension holding the exchange's WireRecorder


class WireRecorder:
    """Collects one exchange: start time, request head, final response head, and the body if kept."""

    def __init__(self, *, now_unix: Callable[[], float], keep_body: bool) -> None:
        self._now_unix = now_unix
        self.keep_body = keep_body
        self.started_unix: float | None = None
        self.request_head: bytes | None = None
        self.response_head: bytes | None = None
        self._raw = bytearray()  # bytes read while waiting for the final head (bounded by the head limit)
        self._interim_end = 0  # where the last 1xx interim response ended in _raw
        self._body: list[bytes] = []

    # ----- called by the transport -------------------------------------------------------------

    def begin(self) -> None:
        """The request starts now (before connecting): its WARC-Date."""
        self.started_unix = self._now_unix()

    def sent(self, data: bytes) -> None:
        """The request as written to the socket; only its head is kept (a GET sends no body)."""
        end = data.find(HEAD_SEPARATOR)
        self.request_head = bytes(data[: end + len(HEAD_SEPARATOR)]) if end >= 0 else bytes(data)

    def received(self, data: bytes) -> None:
        """Bytes read from the socket before the final response head was parsed."""
        self._raw += data

    def interim_ended(self, unparsed: bytes) -> None:
        """A 1xx interim answer was parsed; `unparsed` is what the parser holds beyond it."""
        self._interim_end = len(self._raw) - len(unparsed)

    def head_ended(self, unparsed: bytes) -> None:
        """The final response head was parsed; `unparsed` is what follows it (the start of the body)."""
        self.response_head = bytes(self._raw[self._interim_end : len(self._raw) - len(unparsed)])
        self._raw = bytearray()

    # ----- called by the fetcher ---------------------------------------------------------------

    def tap(self, response: httpx.Response) -> None:
        """Tee `response`'s body stream into this recorder when the body is to be kept."""
        if self.keep_body:
            response.stream = _Tee(response.stream, self._body)

    def capture(self, *, failed: bool, truncated: bool) -> Capture | None:
        """What was recorded, or None when no answer came (no final head)."""
        if self.request_head is None or self.response_head is None or not self.response_head.endswith(HEAD_SEPARATOR):
            return None
        end = BodyEnd.FAILED if failed else BodyEnd.TRUNCATED if truncated else BodyEnd.COMPLETE
        # A body that failed half-way is not what the server meant to send: it is not kept.
        wire = b"".join(self._body) if self.keep_body and end is not BodyEnd.FAILED else None
        started = self.started_unix if self.started_unix is not None else self._now_unix()
        return Capture(started, self.request_head, self.response_head, end, wire)


class _Tee(httpx.AsyncByteStream):
    """A body stream that hands every chunk on unchanged and keeps a copy."""

    def __init__(self, inner: Any, sink: list[bytes]) -> None:
        self._inner = inner
        self._sink = sink

    async def __aiter__(self) -> AsyncIterator[bytes]:
        async for chunk in self._inner:
            self._sink.append(bytes(chunk))
            yield chunk

    async def aclose(self) -> None:
        await self._inner.aclose()
