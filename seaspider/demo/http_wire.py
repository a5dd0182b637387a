"""The local web's side of HTTP/1.1: a request head read, an answer written, and when it left.

Deliberately small and lenient (a test server, not a web server): a request line and headers in,
a status, headers and body out, with content-length filled in. `SENT_AT` records when an answer's
last byte was handed to the kernel, which is the request's end in the local web's log.
"""

from __future__ import annotations

import asyncio
import contextvars
import time
from typing import Any

__all__ = ["CLIENT_LEFT", "REASONS", "SENT_AT", "SentBytes", "html_headers", "parse_head", "send", "until_closed"]

CLIENT_LEFT = 0  # the status logged for a request whose client went away before the answer was written


async def until_closed(reader: asyncio.StreamReader) -> None:
    """Wait until the client closes its side (end of stream or reset); whatever it sends is ignored."""
    try:
        while await reader.read(65536):
            pass
    except ConnectionError:
        pass


class SentBytes:
    """A stream writer that keeps a copy of everything written through it (one answer's bytes)."""

    def __init__(self, writer: asyncio.StreamWriter) -> None:
        self._writer = writer
        self._parts: list[bytes] = []

    def write(self, data: bytes) -> None:
        self._parts.append(bytes(data))
        self._writer.write(data)

    def take(self) -> bytes:
        data, self._parts = b"".join(self._parts), []
        return data

    def __getattr__(self, name: str) -> Any:
        return getattr(self._writer, name)


def parse_head(head: bytes) -> tuple[str | None, str, dict[str, str]]:
    lines = head.decode("latin-1").split("\r\n")
    request = lines[0].split(" ")
    if len(request) != 3 or not request[2].startswith("HTTP/1."):
        return None, "", {}
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
    return request[0], request[1], headers


def html_headers() -> list[tuple[str, str]]:
    return [("content-type", "text/html; charset=utf-8")]


REASONS = {200: "OK", 301: "Moved Permanently", 302: "Found", 304: "Not Modified", 404: "Not Found", 429: "Too Many Requests", 500: "Internal Server Error", 503: "Service Unavailable"}


# When the current connection's last answer was handed to the kernel in full (see _serve's log line).
SENT_AT: contextvars.ContextVar[float | None] = contextvars.ContextVar("SENT_AT", default=None)


async def send(
    writer: asyncio.StreamWriter, status: int, headers: list[tuple[str, str]], body: bytes, *, head_only: bool = False
) -> bool:
    lines = [f"HTTP/1.1 {status} {REASONS.get(status, 'Status')}"]
    names = {name.lower() for name, _ in headers}
    lines += [f"{name}: {value}" for name, value in headers]
    if "content-length" not in names and status != 304:
        lines.append(f"content-length: {len(body)}")
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + (b"" if head_only else body))
    if writer.transport.get_write_buffer_size() == 0:
        SENT_AT.set(time.monotonic())  # the kernel has every byte: the answer has left the server
    await writer.drain()
    if SENT_AT.get() is None:
        SENT_AT.set(time.monotonic())
    return True
