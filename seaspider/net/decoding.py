"""Content codings, decoded with a bound: a body never grows past `max_bytes`, however it was compressed.

Owns `Accept-Encoding` and `read_bounded`. Every decoder is fed network chunks and gives at most about
`limit` bytes per call, so a compression bomb stays small. Knows nothing about politeness or the store.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from typing import IO, Protocol, cast

import brotli
import httpx
import zstandard

from seaspider.errors import FetchError
from seaspider.web.inflate import Inflater

__all__ = ["ACCEPT_ENCODING", "BodyError", "Decoded", "decoder_for", "read_bounded"]

# Only codings decoded below, each with a bounded output (RFC 9110 8.4.1; zstd is RFC 8878 / RFC 9659).
ACCEPT_ENCODING = "gzip, deflate, br, zstd"
# RFC 9659 3: a zstd content coding may need at most an 8 MB window; a larger one is refused, so a
# hostile frame cannot make the decoder allocate more than this.
ZSTD_MAX_WINDOW_BYTES = 8 * 1024 * 1024
# zstd hands its output over in pieces of this size; the bound is checked after each piece.
ZSTD_WRITE_BYTES = 64 * 1024


class BodyError(FetchError):
    """The body could not be decoded."""


class _Decoder(Protocol):
    def feed(self, data: bytes, limit: int) -> bytes:
        """Decode more input; return at most about `limit` bytes (more input may stay undecoded)."""
        ...


class _Brotli:
    def __init__(self) -> None:
        self._d = brotli.Decompressor()

    def feed(self, data: bytes, limit: int) -> bytes:
        return self._d.process(data, output_buffer_limit=limit)


class _Full(Exception):
    """Raised by the zstd sink to stop the decoder once the bound is passed."""


class _Sink:
    """Where zstd writes its output; it stops the decoder (by raising) as soon as `limit` is passed."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.size = 0
        self.limit = 0

    def write(self, data: bytes) -> int:
        self.parts.append(bytes(data))
        self.size += len(data)
        if self.size > self.limit:
            raise _Full
        return len(data)


class _Zstd:
    """zstd, every frame; the output goes to a sink in 64 KiB pieces and stops just past `limit`."""

    def __init__(self) -> None:
        self._sink = _Sink()
        # The sink has the one method zstandard calls on it: write.
        self._writer = zstandard.ZstdDecompressor(max_window_size=ZSTD_MAX_WINDOW_BYTES).stream_writer(
            cast(IO[bytes], self._sink), write_size=ZSTD_WRITE_BYTES, closefd=False
        )
        self._full = False

    def feed(self, data: bytes, limit: int) -> bytes:
        if self._full:
            return b""
        self._sink.parts, self._sink.size, self._sink.limit = [], 0, limit
        try:
            self._writer.write(data)
        except _Full:
            self._full = True  # the decoder stopped mid-frame; the caller has more than it asked for
        return b"".join(self._sink.parts)


class _Chain:
    """Stacked codings ("gzip, gzip"): applied in the order listed, so decoded in the reverse order.

    Each stage gives at most `limit` bytes per call; an inner stage that fills its limit may have more to
    give, and that is reported as `cut`, so a body is never called whole when a stage held some back.
    """

    def __init__(self, stages: list[_Decoder]) -> None:
        self._stages = stages
        self.cut = False

    def feed(self, data: bytes, limit: int) -> bytes:
        for stage in self._stages[:-1]:
            data = stage.feed(data, limit)
            if len(data) >= limit:
                self.cut = True
        return self._stages[-1].feed(data, limit)


class _Identity:
    def feed(self, data: bytes, limit: int) -> bytes:
        return data[:limit]


def _stage(coding: str) -> _Decoder | None:
    if coding in ("gzip", "x-gzip", "deflate"):
        return Inflater(coding)  # gzip (every member) or zlib/raw deflate, shared with the sitemap reader
    if coding == "br":
        return _Brotli()
    if coding == "zstd":
        return _Zstd()
    return None


def decoder_for(content_encoding: str | None) -> _Chain | None:
    """The bounded decoder for a Content-Encoding (one coding or several); None when one is unknown to us."""
    codings = [c.strip().lower() for c in (content_encoding or "").split(",")]
    codings = [c for c in codings if c not in ("", "identity")]
    stages: list[_Decoder] = []
    for coding in reversed(codings):  # RFC 9110 8.4: listed in the order applied
        stage = _stage(coding)
        if stage is None:
            return None
        stages.append(stage)
    return _Chain(stages or [_Identity()])


@dataclass(frozen=True, slots=True)
class Decoded:
    """A body as read: decoded (unless `encoding_kept`), cut at the bound when `truncated`."""

    body: bytes
    truncated: bool
    encoding_kept: str | None  # the Content-Encoding we could not decode: the body is stored as sent


async def read_bounded(response: httpx.Response, max_bytes: int) -> Decoded:
    """Read and decode `response` while streaming, stopping at `max_bytes`; the rest is never read."""
    encoding = response.headers.get("content-encoding")
    decoder = decoder_for(encoding)
    kept = None
    if decoder is None:
        decoder = _Chain([_Identity()])  # a coding we cannot decode: kept as sent, and said so
        kept = encoding.strip() if encoding else None
    parts: list[bytes] = []
    size = 0
    try:
        async for chunk in response.aiter_raw():
            if not chunk:
                continue
            # Ask for one byte more than fits, so "exactly full" and "cut" are told apart.
            out = decoder.feed(chunk, max_bytes - size + 1)
            if size + len(out) > max_bytes or decoder.cut:
                parts.append(out[: max_bytes - size])
                return Decoded(b"".join(parts), True, kept)
            parts.append(out)
            size += len(out)
    except (zlib.error, brotli.error, zstandard.ZstdError) as exc:
        raise BodyError(f"the body could not be decoded: it is not valid {encoding} data") from exc
    finally:
        await response.aclose()
    return Decoded(b"".join(parts), False, kept)
