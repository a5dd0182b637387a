"""seaspider/net/decoding.py: every content coding decoded with a bound, fed the way the network feeds it."""

from __future__ import annotations

import gzip
import zlib

import brotli
import pytest
import zstandard

from seaspider.net.decoding import ACCEPT_ENCODING, decoder_for

PLAIN = b"<!doctype html><p>" + b"polite spider " * 500 + b"</p>"


def decode(encoding: str, data: bytes, *, chunk: int = 1000, limit: int = 10**9) -> tuple[bytes, bool]:
    """(output, cut) of feeding `data` in pieces of `chunk` bytes, as network reads would."""
    decoder = decoder_for(encoding)
    assert decoder is not None
    out = b"".join(decoder.feed(data[at : at + chunk], limit) for at in range(0, len(data), chunk))
    return out, decoder.cut


def members(data: bytes, n: int) -> bytes:
    step = -(-len(data) // n)
    return b"".join(gzip.compress(data[at : at + step]) for at in range(0, len(data), step))


@pytest.mark.parametrize("chunk", [1, 7, 1000, 1 << 20], ids=["byte-by-byte", "7-bytes", "1000-bytes", "all-at-once"])
def test_every_gzip_member_is_decoded_wherever_the_reads_split(chunk: int) -> None:
    assert decode("gzip", members(PLAIN, 5), chunk=chunk) == (PLAIN, False)


def test_the_first_member_alone_would_lose_the_rest() -> None:  # negative control: what a one-member reader sees
    assert zlib.decompressobj(31).decompress(members(PLAIN, 5)) != PLAIN


@pytest.mark.parametrize("junk", [b"\x00" * 8, b"trailing junk", b"\x1f"], ids=["zero-padding", "text", "half-a-magic"])
def test_junk_after_the_last_member_is_ignored_as_gzip_does(junk: bytes) -> None:
    assert decode("gzip", members(PLAIN, 2) + junk, chunk=5)[0] == PLAIN


def test_a_corrupt_second_member_is_an_error() -> None:
    broken = gzip.compress(b"first") + b"\x1f\x8b\x08\x00garbage-garbage"
    with pytest.raises(zlib.error):
        decode("gzip", broken)


@pytest.mark.parametrize(
    ("header", "encode"),
    [
        ("gzip, gzip", lambda b: gzip.compress(gzip.compress(b))),
        ("br, gzip", lambda b: gzip.compress(brotli.compress(b))),
        ("deflate, zstd", lambda b: zstandard.ZstdCompressor().compress(zlib.compress(b))),
        ("identity, gzip", gzip.compress),
        ("X-GZIP", gzip.compress),
    ],
    ids=["gzip-twice", "br-then-gzip", "deflate-then-zstd", "identity-skipped", "x-gzip-any-case"],
)
def test_stacked_codings_are_undone_in_reverse_order(header: str, encode: object) -> None:
    assert decode(header, encode(PLAIN), chunk=333) == (PLAIN, False)  # type: ignore[operator]


def test_zstd_every_frame_and_the_bound() -> None:
    two_frames = zstandard.ZstdCompressor().compress(PLAIN) + zstandard.ZstdCompressor().compress(b"tail")
    assert decode("zstd", two_frames, chunk=100) == (PLAIN + b"tail", False)
    out, _ = decode("zstd", zstandard.ZstdCompressor(level=19).compress(bytes(64 << 20)), limit=1001)
    assert 1001 <= len(out) <= 1001 + (64 << 10)  # one 64 KiB write past the bound at most, never 64 MiB


def test_a_zstd_frame_asking_for_a_huge_window_is_refused() -> None:
    params = zstandard.ZstdCompressionParameters.from_level(19, window_log=27)  # 128 MiB window
    huge = zstandard.ZstdCompressor(compression_params=params).compress(bytes(1 << 20) + PLAIN * 2000)
    with pytest.raises(zstandard.ZstdError):
        decode("zstd", huge)


def test_an_inner_stage_that_fills_up_marks_the_body_cut() -> None:
    decoder = decoder_for("gzip, gzip")
    assert decoder is not None
    out = decoder.feed(gzip.compress(gzip.compress(bytes(4 << 20))), 1000)
    assert decoder.cut is True and len(out) <= 1000  # the outer stage held some back: never called whole
    small = decoder_for("gzip, gzip")
    assert small is not None
    assert small.feed(gzip.compress(gzip.compress(b"tiny")), 1000) == b"tiny" and small.cut is False  # negative control


@pytest.mark.parametrize("header", ["compress", "gzip, compress", "exi", "pack200-gzip"])
def test_codings_we_cannot_decode_are_named_not_guessed(header: str) -> None:
    assert decoder_for(header) is None


def test_we_advertise_exactly_what_we_decode() -> None:
    for coding in ACCEPT_ENCODING.split(", "):
        assert decoder_for(coding) is not None
    assert ACCEPT_ENCODING == "gzip, deflate, br, zstd"
