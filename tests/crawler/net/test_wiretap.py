"""seaspider/net/wiretap.py through the real pinned transport, against a loopback server that sends raw bytes.

The local web always writes tidy heads; this server sends what real servers do (1xx interim
answers, odd spacing, repeated names in mixed case, chunked bodies, gzip), so the capture is
checked byte for byte against what went over the socket.
"""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
import pytest

from seaspider.net import wiretap
from seaspider.net.transport import PINNED_IP, PinnedTransport
from seaspider.net.wiretap import WIRE, WireRecorder
from seaspider.web.capture import BodyEnd

HEAD = (b"HTTP/1.1 200 OK\r\nContent-Type:text/plain\r\nX-A:  spaced \r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n")
CHUNKED = HEAD + b"5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
EARLY = b"HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"
GZIPPED = gzip.compress(b"<html>decoded</html>", mtime=0)
GZIP_ANSWER = b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n%s" % (len(GZIPPED), GZIPPED)


@asynccontextmanager
async def raw_server(answer: bytes, *, cut: bool = False) -> AsyncIterator[tuple[int, list[bytes]]]:
    """A loopback server answering every request with `answer` (cut off before its end when `cut`)."""
    received: list[bytes] = []

    async def serve(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        received.append(await reader.readuntil(b"\r\n\r\n"))
        writer.write(answer[: len(answer) - 3] if cut else answer)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(serve, "127.0.0.1", 0)
    try:
        yield server.sockets[0].getsockname()[1], received
    finally:
        server.close()
        await server.wait_closed()


async def exchange(answer: bytes, *, keep_body: bool, cut: bool = False) -> tuple[WireRecorder, bytes, bool, list[bytes], str | None]:
    recorder = WireRecorder(now_unix=lambda: 1234.5, keep_body=keep_body)
    async with raw_server(answer, cut=cut) as (port, received):
        request = httpx.Request("GET", f"http://a.test:{port}/x?y=1", headers=[("user-agent", "MovaBot/0")],
                                extensions={PINNED_IP: "127.0.0.1", WIRE: recorder})
        response = await PinnedTransport(connect_timeout_s=5).handle_async_request(request)
        recorder.tap(response)
        error = None
        parts: list[bytes] = []
        try:
            async for chunk in response.aiter_raw():  # as the fetcher's bounded reader takes it
                parts.append(chunk)
        except Exception as exc:  # noqa: BLE001 - the failure itself is what the test looks at
            error = type(exc).__name__
        finally:
            await response.aclose()
    return recorder, b"".join(parts), False, received, error


def test_public_names() -> None:
    assert wiretap.__all__ == ["WIRE", "WireRecorder"]


def test_heads_are_captured_byte_for_byte_and_interim_answers_left_out() -> None:
    recorder, body, truncated, received, _ = asyncio.run(exchange(EARLY + CHUNKED, keep_body=True))
    capture = recorder.capture(failed=False, truncated=truncated)
    assert capture is not None
    assert capture.response_head == HEAD  # spacing, case, repetition and order as sent; the 103 is not part of it
    assert capture.request_head == received[0]  # exactly what the server read
    assert capture.request_head.startswith(b"GET /x?y=1 HTTP/1.1\r\nhost: a.test:")
    assert capture.started_unix == 1234.5 and capture.body_end is BodyEnd.COMPLETE
    assert capture.wire_body == b"hello world" == body  # de-chunked; identity-coded, so the same as decoded


def test_the_wire_body_is_kept_still_encoded() -> None:
    recorder, body, truncated, _, _ = asyncio.run(exchange(GZIP_ANSWER, keep_body=True))
    capture = recorder.capture(failed=False, truncated=truncated)
    assert capture is not None and capture.wire_body == GZIPPED == body
    assert gzip.decompress(capture.wire_body) == b"<html>decoded</html>"


def test_without_keep_encoded_bodies_no_body_is_kept() -> None:
    recorder, _body, truncated, _, _ = asyncio.run(exchange(GZIP_ANSWER, keep_body=False))
    capture = recorder.capture(failed=False, truncated=truncated)
    assert capture is not None and capture.wire_body is None  # negative control of the test above


def test_a_body_cut_off_by_the_server_is_failed_and_not_kept() -> None:
    recorder, _body, _truncated, _, error = asyncio.run(exchange(GZIP_ANSWER, keep_body=True, cut=True))
    assert error is not None
    capture = recorder.capture(failed=True, truncated=False)
    assert capture is not None and capture.body_end is BodyEnd.FAILED and capture.wire_body is None


def test_no_answer_means_no_capture() -> None:
    recorder = WireRecorder(now_unix=lambda: 1.0, keep_body=True)
    recorder.begin()
    recorder.sent(b"GET / HTTP/1.1\r\n\r\n")
    assert recorder.capture(failed=True, truncated=False) is None


@pytest.mark.parametrize("keep", [True, False])
def test_the_bytes_passed_on_are_unchanged(keep: bool) -> None:
    _recorder, body, _t, _r, _e = asyncio.run(exchange(CHUNKED, keep_body=keep))
    assert body == b"hello world"
