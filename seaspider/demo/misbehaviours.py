"""The local web's misbehaviours on demand, and hostile robots.txt bodies: what the hostile-web tests attack with.

Each special path (`/gzip-bomb?mb=100`, `/slow-body`, `/redirect-loop`, …) answers as a broken or
malicious server would; the local web routes a path found in `BEHAVIOURS` here. Every answer returns
(keep the connection open?, status for the log).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import zlib
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING
from urllib.parse import unquote

from seaspider.demo.http_wire import CLIENT_LEFT, html_headers, send

if TYPE_CHECKING:
    from seaspider.demo.localweb import LocalWeb, Site

__all__ = ["BEHAVIOURS", "Behaviour", "cut_robots", "giant_agents_robots"]

# One misbehaviour: (the web, the connection, the site asked, the query) → (keep alive?, status logged).
Behaviour = Callable[["LocalWeb", asyncio.StreamWriter, "Site", dict[str, list[str]]], Awaitable[tuple[bool, int]]]


def _int(query: dict[str, list[str]], name: str, default: int) -> int:
    try:
        return int(query.get(name, [default])[0])
    except ValueError:
        return default


async def _redirect(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    return await send(writer, 301, [("location", "/p/1")], b""), 301


async def _redirect_loop(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    return await send(writer, 302, [("location", "/redirect-loop")], b""), 302


async def _redirect_to(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    target = unquote(query.get("url", ["/"])[0])
    return await send(writer, 302, [("location", target)], b""), 302


async def _redirect_chain(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    n = _int(query, "n", 1)
    location = f"/redirect-chain?n={n - 1}" if n > 1 else "/p/1"
    return await send(writer, 302, [("location", location)], b""), 302


async def _slow(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    await asyncio.sleep(_int(query, "ms", 1000) / 1000)
    return await send(writer, 200, html_headers(), b"<html><title>slow</title>slow page</html>"), 200


async def _slow_body(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    chunks, pause = _int(query, "chunks", 10), _int(query, "ms", 500) / 1000
    writer.write(f"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: {chunks * 1024}\r\n\r\n".encode())
    for _ in range(chunks):
        writer.write(b"s" * 1024)
        await writer.drain()
        await asyncio.sleep(pause)
    return True, 200


async def _endless(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    writer.write(b"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\n")
    block = b"e" * 65536
    while True:  # ends when the client goes away (drain raises) or the server stops
        writer.write(block)
        await writer.drain()


async def _gzip_bomb(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    mb = max(1, min(_int(query, "mb", 100), 4096))
    body = _zeros_gzip(mb)
    headers = [("content-type", "text/html"), ("content-encoding", "gzip")]
    return await send(writer, 200, headers, body), 200


@functools.lru_cache(maxsize=4)  # a bomb is built once: 100 MB of zeros take a second to compress
def _zeros_gzip(mb: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)  # wbits 31: a gzip container
    block = bytes(1 << 20)
    return b"".join([*(compressor.compress(block) for _ in range(mb)), compressor.flush()])


async def _encoded(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    encoding = query.get("enc", ["gzip"])[0]
    plain = web.page_html(site, 1)
    if encoding == "gzip":
        body = gzip.compress(plain)
    elif encoding == "deflate":
        body = zlib.compress(plain)
    elif encoding == "br":
        import brotli  # httpx[brotli] installs it

        body = brotli.compress(plain)
    elif encoding == "zstd":
        import zstandard  # a dependency of Sea Spider's store

        body = zstandard.ZstdCompressor().compress(plain)
    elif encoding == "gzip,gzip":
        body, encoding = gzip.compress(gzip.compress(plain)), "gzip, gzip"  # stacked: applied in the order listed
    elif encoding == "compress":
        body = b"\x1f\x9d\x90" + plain  # LZW's magic: a coding nobody decodes any more; served as if encoded
    else:
        body, encoding = plain, "identity"
    return await send(writer, 200, html_headers() + [("content-encoding", encoding)], body), 200


async def _gzip_members(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    """The first page as `n` gzip members one after the other (RFC 1952 2.2: one gzip file)."""
    plain = web.page_html(site, 1)
    n = max(1, min(_int(query, "n", 3), 100))
    step = -(-len(plain) // n)
    body = b"".join(gzip.compress(plain[at : at + step]) for at in range(0, len(plain), step))
    return await send(writer, 200, html_headers() + [("content-encoding", "gzip")], body), 200


async def _giant_header(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    """A 200 whose head carries one header of `bytes` bytes (a total head cap must hold for one header too)."""
    size = max(1, min(_int(query, "bytes", 100_000), 16 << 20))
    headers = [*html_headers(), ("x-giant", "g" * size)]
    return await send(writer, 200, headers, b"<html><title>giant header</title></html>"), 200


async def _close_at_once(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    """Read the request, answer nothing, close (an orderly FIN, not a reset)."""
    return False, CLIENT_LEFT


async def _deep(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    """Links at nesting depth 1, `levels` // 2 and `levels` (libxml2's tree builder stops at 256)."""
    levels = max(1, min(_int(query, "levels", 300), 100_000))
    half = levels // 2
    body = (
        b"<!doctype html><html><head><title>deep</title></head><body><a href='/p/1'>top</a>"
        + b"<div>" * half + b"<a href='/deep-half'>half</a>" + b"<div>" * (levels - half)
        + b"<a href='/deep-bottom'>bottom</a>" + b"</div>" * levels + b"</body></html>"
    )
    return await send(writer, 200, html_headers(), body), 200


async def _many_links(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    """A page of `n` distinct links ("/l/0" ... ), about 21 bytes each: 1,000,000 make a 22 MB page."""
    n = max(0, min(_int(query, "n", 1000), 5_000_000))
    body = b"<!doctype html><html><head><title>links</title></head><body>" + b"".join(
        b"<a href='/l/%d'>l</a>" % i for i in range(n)
    ) + b"</body></html>"
    return await send(writer, 200, html_headers(), body), 200


async def _big(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    size = max(0, min(_int(query, "bytes", 1 << 20), 1 << 30))
    writer.write(f"HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: {size}\r\n\r\n".encode())
    block = b"b" * 65536
    for sent in range(0, size, len(block)):
        writer.write(block[: min(len(block), size - sent)])
        await writer.drain()
    return True, 200


async def _bad_headers(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    writer.write(b"HTTP/1.1 200 OK\r\nThis Header Has No Colon\r\n\x00\x01bad\r\n\r\nbody")
    await writer.drain()
    return False, 200


async def _reset(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    transport = writer.transport
    transport.abort()  # type: ignore[attr-defined]
    return False, 0


async def _hang(web: LocalWeb, writer: asyncio.StreamWriter, site: Site, query: dict[str, list[str]]) -> tuple[bool, int]:
    await asyncio.Event().wait()  # until the server stops
    return False, 0


BEHAVIOURS: dict[str, Behaviour] = {
    "/redirect": _redirect,
    "/redirect-loop": _redirect_loop,
    "/redirect-to": _redirect_to,
    "/redirect-chain": _redirect_chain,
    "/slow": _slow,
    "/slow-body": _slow_body,
    "/endless": _endless,
    "/gzip-bomb": _gzip_bomb,
    "/encoded": _encoded,
    "/big": _big,
    "/bad-headers": _bad_headers,
    "/reset": _reset,
    "/hang": _hang,
    "/gzip-members": _gzip_members,
    "/giant-header": _giant_header,
    "/close-at-once": _close_at_once,
    "/deep": _deep,
    "/many-links": _many_links,
}


def giant_agents_robots(agents: int = 27_500, *, rule: str = "Disallow: /private/") -> str:
    """One group naming `agents` robots ("*" last), then `rule`: a file whose parse was once quadratic.

    27,500 agents make about 480 KB, under robots.txt's 512,000-byte cap, so the rule at the end is read.
    """
    return "".join(f"User-agent: a{i}\n" for i in range(agents)) + "User-agent: *\n" + rule + "\n"


def cut_robots(head: str, cut_line: str, *, keep: int, cap: int, tail: str = "") -> str:
    """`head`, comment padding, then `cut_line` placed so that its first `keep` bytes end exactly at byte `cap`.

    A crawler that reads `cap` bytes gets `cut_line` cut after `keep` bytes; then the line ends and `tail`
    follows (bytes the crawler never reads). ASCII only, so characters and bytes agree.
    """
    room = cap - len(head) - keep
    if room < 2 or not 0 < keep < len(cut_line) or not (head + cut_line + tail).isascii():
        raise ValueError("cut_robots needs ASCII text, 0 < keep < len(cut_line) and room for the padding")
    lines, left = [], room
    while left > 0:
        size = min(left, 200) if left - min(left, 200) != 1 else 199  # never leave a 1-byte line: "#" needs 2 with "\n"
        lines.append("#" * (size - 1) + "\n")
        left -= size
    body = head + "".join(lines) + cut_line + "\n" + tail
    assert body.encode()[:cap].endswith(cut_line[:keep].encode())
    return body
