"""seaspider/net/reasons.py: what h11, TLS and the kernel say, turned into one English phrase each."""

from __future__ import annotations

import ssl

import h11
import pytest

from seaspider.net.reasons import os_reason, protocol_reason, tls_reason


def h11_error(response: bytes, *, close: bool = False) -> h11.ProtocolError:
    """The error h11 itself raises for `response` (and an end of stream after it, when `close`)."""
    conn = h11.Connection(h11.CLIENT)
    conn.send(h11.Request(method="GET", target="/", headers=[("host", "a.test")]))
    conn.send(h11.EndOfMessage())
    conn.receive_data(response)
    if close:
        conn.receive_data(b"")
    try:
        while conn.next_event() is not h11.NEED_DATA:
            pass
    except h11.ProtocolError as exc:
        return exc
    raise AssertionError("h11 raised nothing")


@pytest.mark.parametrize(
    ("response", "close", "in_body", "phrase"),
    [
        (b"", True, False, "the server closed the connection before sending a response"),
        (b"HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\nabc", True, True, "the server closed the connection after 3 of the 10 body bytes it announced"),
        (b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nab", True, True, "the server closed the connection before the chunked body was complete"),
        (b"HTTP/1.1 200 OK\r\nNo Colon Here\r\n\r\n", False, False, "the server sent a malformed header line"),
        (b"SMTP ready\r\n\r\n", False, False, 'the server\'s status line is not HTTP/1.1 (it should read like "HTTP/1.1 200 OK")'),
        (b"HTTP/1.1 200 OK\r\ncontent-length: x\r\n\r\n", False, False, "the server sent an invalid Content-Length header"),
        (b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n", False, True, "the server sent a malformed chunk header in a chunked body"),
    ],
    ids=["closed-at-once", "body-cut", "chunked-cut", "no-colon", "not-http", "bad-length", "bad-chunk"],
)
def test_h11_errors_become_english(response: bytes, close: bool, in_body: bool, phrase: str) -> None:
    exc = h11_error(response, close=close)
    assert protocol_reason(exc, in_body=in_body) == phrase
    assert phrase not in str(exc)  # negative control: h11's own words were different


def test_an_unknown_h11_message_still_gets_a_plain_sentence() -> None:
    assert protocol_reason(h11.RemoteProtocolError("some new internal detail"), in_body=False) == "the server's answer is not valid HTTP/1.1"


def test_kernel_and_tls_errors_in_words() -> None:
    assert os_reason(ConnectionResetError(104, "Connection reset by peer")) == "the server reset the connection"
    assert os_reason(OSError(113, "No route to host")) == "No route to host"
    failed = ssl.SSLCertVerificationError(1, "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed")
    failed.verify_message = "Hostname mismatch, certificate is not valid for 'a.test'."
    assert tls_reason(failed) == "the server's certificate could not be verified (Hostname mismatch, certificate is not valid for 'a.test')"
