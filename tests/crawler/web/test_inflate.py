"""seaspider/web/inflate.py: the one bounded inflater, fed in any pieces and drained in any limits."""

from __future__ import annotations

import gzip
import zlib

import pytest

from seaspider.web.inflate import Inflater

PLAIN = b"<urlset>" + b"".join(b"<url><loc>https://a.test/%d</loc></url>" % n for n in range(2000)) + b"</urlset>"


def drain(inflater: Inflater, data: bytes, *, chunk: int, limit: int) -> bytes:
    """Feed `data` in `chunk`-byte pieces, taking at most `limit` bytes per call, until nothing waits."""
    out = []
    for at in range(0, len(data), chunk):
        piece = inflater.feed(data[at : at + chunk], limit)
        while piece:
            out.append(piece)
            piece = inflater.feed(b"", limit)
    return b"".join(out)


@pytest.mark.parametrize(("chunk", "limit"), [(1, 1), (7, 100), (1000, 3), (1 << 20, 4096)],
                         ids=["byte-by-byte", "small-both", "big-in-tiny-out", "all-at-once"])  # fmt: skip
def test_every_byte_comes_out_whatever_the_pieces_and_limits(chunk: int, limit: int) -> None:
    data = gzip.compress(PLAIN[:9000]) + gzip.compress(PLAIN[9000:])  # two members
    assert drain(Inflater("gzip"), data, chunk=chunk, limit=limit) == PLAIN


def test_a_call_never_gives_more_than_its_limit() -> None:
    inflater = Inflater("gzip")
    first = inflater.feed(gzip.compress(bytes(8 << 20)), 1001)
    assert len(first) == 1001 and inflater.waiting
    assert len(inflater.feed(b"", 5)) == 5  # the rest waits inside, inflated only when asked


def test_what_a_limit_holds_back_is_lost_without_the_tail() -> None:
    """Negative control: zlib alone, asked for little, keeps the rest in unconsumed_tail; a reader that
    dropped it (as a bound-only decoder may) would lose every URL after the first piece."""
    d = zlib.decompressobj(31)
    first = d.decompress(gzip.compress(PLAIN), 100)
    assert len(first) == 100 and d.unconsumed_tail
    assert first + d.decompress(b"", 10**9) != PLAIN


def test_a_cut_member_is_said_at_the_end_and_a_whole_one_is_not() -> None:
    whole = gzip.compress(PLAIN)
    cut = Inflater("gzip")
    drain(cut, whole[:-20], chunk=100, limit=500)
    with pytest.raises(zlib.error, match="ends before its last member"):
        cut.check_end()
    complete = Inflater("gzip")
    drain(complete, whole + b"\x00\x00", chunk=100, limit=500)  # trailing padding is ignored, as gzip does
    complete.check_end()


def test_raw_and_wrapped_deflate() -> None:
    raw = zlib.compressobj(9, zlib.DEFLATED, -15)
    assert drain(Inflater("deflate"), raw.compress(PLAIN) + raw.flush(), chunk=50, limit=64) == PLAIN
    assert drain(Inflater("deflate"), zlib.compress(PLAIN), chunk=50, limit=64) == PLAIN
