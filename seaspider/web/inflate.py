"""gzip and deflate inflated with a bound: the one inflater of Sea Spider (bodies and sitemap files).

Pure: bytes in, at most `limit` bytes out per call, no I/O. What a call cannot give within its
limit waits inside (input not yet inflated, output zlib holds back) and comes out on the next call,
so a bomb is inflated only as far as the caller asks and never all at once. The network edge
(`net/decoding.py`) feeds it Content-Encoding bodies; the sitemap reader feeds it `.xml.gz` files.
"""

from __future__ import annotations

import zlib

__all__ = ["GZIP_MAGIC", "Inflater"]

GZIP_MAGIC = b"\x1f\x8b"  # RFC 1952 2.3.1: ID1, ID2


class Inflater:
    """gzip (every member, as `cat a.gz b.gz` makes) or zlib/raw deflate, `limit` bytes at a time.

    `feed(data, limit)` takes more input and returns at most `limit` bytes; `feed(b"", limit)` gives
    what is still waiting. zlib.error for bytes that are not the coding.
    """

    def __init__(self, coding: str = "gzip") -> None:
        self._gzip = coding.lower() in ("gzip", "x-gzip")
        self._d: zlib._Decompress | None = zlib.decompressobj(31) if self._gzip else None
        self._between = b""  # gzip: bytes after a member, too few yet to tell a new member from trailing junk
        self._tail = b""  # input not inflated yet because the last call's limit was reached
        self._held = False  # the last call filled its limit: zlib may hold output back without any input left
        self._done = False  # the stream has ended (and what follows is junk, ignored)

    @property
    def waiting(self) -> bool:
        """True when an earlier call stopped at its limit with output still to give."""
        return not self._done and (bool(self._tail) or self._held)

    def feed(self, data: bytes, limit: int) -> bytes:
        """Inflate more of the stream; at most `limit` bytes, the rest kept for the next call."""
        if self._tail:
            data, self._tail = self._tail + data, b""
        if self._d is None:
            if not data:
                return b""
            # "deflate" should be zlib-wrapped (RFC 9110 8.4.1.2) but some servers send raw deflate.
            wrapped = len(data) >= 2 and data[0] & 0x0F == 8 and int.from_bytes(data[:2], "big") % 31 == 0
            self._d = zlib.decompressobj(15 if wrapped else -15)
        parts: list[bytes] = []
        size = 0
        while (data or self._held) and size < limit and not self._done:
            if self._d.eof:
                if not self._gzip:
                    self._done = True  # one zlib stream per body; anything after it is junk
                    break
                # RFC 1952 2.2: a gzip file is a series of members; decode them all, as browsers and curl
                # do. What follows the last member and does not start like one is junk, ignored as gzip does.
                data, self._between = self._between + data, b""
                if len(data) < len(GZIP_MAGIC):
                    self._between = data
                    data = b""
                    break
                if not data.startswith(GZIP_MAGIC):
                    self._done = True
                    break
                self._d = zlib.decompressobj(31)
            room = limit - size
            # max_length bounds the output; the input it leaves waits in unconsumed_tail.
            out = self._d.decompress(data, room)
            self._held = len(out) == room and not self._d.eof
            parts.append(out)
            size += len(out)
            data = self._d.unused_data if self._d.eof else self._d.unconsumed_tail
        if not self._done:
            self._tail = data
        return b"".join(parts)

    def check_end(self) -> None:
        """zlib.error when the input stopped inside a member (a cut or truncated file)."""
        if self._d is not None and not self._done and not self._d.eof:
            raise zlib.error("the compressed data ends before its last member does")
