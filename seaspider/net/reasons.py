"""English reasons for what can go wrong on the wire: h11, TLS, socket and decoder errors as one phrase.

A visit's `reason` is read by people and by the English answers, so it never carries a library's own
text ("can't handle event type ConnectionClosed when role=SERVER ..."). Pure: exceptions in, strings out.
"""

from __future__ import annotations

import re
import ssl

import h11

__all__ = ["MAX_HEAD_BYTES", "closed_early", "head_too_long", "os_reason", "protocol_reason", "tls_reason"]

# A response head (status line, headers, any 1xx heads before it) larger than this is refused. Real
# servers send a few KiB; 64 KiB is what browsers and curl tolerate and bounds the memory of a head.
MAX_HEAD_BYTES = 64 * 1024

_BODY_CUT = re.compile(r"received (\d+) bytes, expected (\d+)")
# h11's message (its start, lower-case) -> our phrase. Messages h11 may raise while reading a response.
_H11_PHRASES = (
    ("illegal status line", "the server's status line is not HTTP/1.1 (it should read like \"HTTP/1.1 200 OK\")"),
    ("no response line", "the server sent no status line"),
    ("illegal header line", "the server sent a malformed header line"),
    ("illegal header name", "the server sent a header name with characters HTTP does not allow"),
    ("illegal header value", "the server sent a header value with characters HTTP does not allow"),
    ("continuation line at start", "the server sent a folded header line where the headers begin"),
    ("bad content-length", "the server sent an invalid Content-Length header"),
    ("conflicting content-length", "the server sent two different Content-Length headers"),
    ("multiple transfer-encoding", "the server sent more than one Transfer-Encoding header"),
    ("only transfer-encoding: chunked", "the server used a Transfer-Encoding other than chunked"),
    ("illegal chunk header", "the server sent a malformed chunk header in a chunked body"),
    ("illegal chunk", "the server sent a malformed chunk in a chunked body"),
    ("receive buffer too long", f"a chunk header or trailer of the body is longer than {MAX_HEAD_BYTES // 1024} KiB"),
    ("response status", "the server sent an impossible status code"),
)


def closed_early() -> str:
    """The reason for a connection the server closed before its answer began."""
    return "the server closed the connection before sending a response"


def head_too_long() -> str:
    """The reason for a response head over MAX_HEAD_BYTES."""
    return f"the server sent more than {MAX_HEAD_BYTES // 1024} KiB of response headers"


def protocol_reason(exc: h11.ProtocolError, *, in_body: bool) -> str:
    """One English phrase for an h11 error met while reading the head (`in_body` False) or the body."""
    text = str(exc).lower()
    if "connectionclosed" in text or "unexpectedly closed" in text:
        return "the server closed the connection in the middle of the body" if in_body else closed_early()
    if "without sending complete message body" in text:
        counts = _BODY_CUT.search(text)
        if counts is not None:
            return f"the server closed the connection after {counts.group(1)} of the {counts.group(2)} body bytes it announced"
        return "the server closed the connection before the chunked body was complete"
    if not in_body and "receive buffer too long" in text:
        return head_too_long()
    for start, phrase in _H11_PHRASES:
        if text.startswith(start):
            return phrase
    return "the server's answer is not valid HTTP/1.1" if not in_body else "the server's body is not valid HTTP/1.1 framing"


def os_reason(exc: OSError) -> str:
    """The operating system's own English words for a socket error ("Connection refused"), no errno."""
    if isinstance(exc, ConnectionResetError):
        return "the server reset the connection"
    if isinstance(exc, ConnectionRefusedError):
        return "nothing accepts connections there (connection refused)"
    return exc.strerror or type(exc).__name__


def tls_reason(exc: ssl.SSLError) -> str:
    """An English phrase for a failed TLS handshake."""
    if isinstance(exc, ssl.SSLCertVerificationError):
        detail = (exc.verify_message or "").rstrip(".")
        return f"the server's certificate could not be verified ({detail})" if detail else "the server's certificate could not be verified"
    reason = (exc.reason or "").lower()
    if "wrong_version" in reason or "unknown_protocol" in reason:
        return "the server does not speak TLS on that port"
    if "alert" in reason:
        return "the server refused the TLS handshake"
    return "the TLS handshake failed"
