"""Fetcher.visit against the local web: bodies, decoding, bounds, timeouts, redirects and their re-checks."""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import brotli
import pytest
import zstandard
from fetchkit import HostPool, MemoryState, logged, make_config

from seaspider.clock import SystemClock
import seaspider.net.fetch as fetch_module
from seaspider.net.decoding import _Brotli, _Zstd
from seaspider.web.inflate import Inflater
from seaspider.net.fetch import Faults, Fetcher
from seaspider.demo.localweb import DEFAULT_ROBOTS, LocalWeb, Response
from seaspider.net.transport import Resolver
from seaspider.web.records import Outcome, RobotsSource
from seaspider.web.urls import URL, parse_url

PUBLIC_PREFIX = "127.23."  # the local web's IPs count as "public" where a test needs a refused contrast


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=80, pages=3, ip_base="127.23") as served:
        yield served


@pytest.fixture(scope="module")
def pool(web: LocalWeb) -> HostPool:
    return HostPool(web)


def fetcher(web: LocalWeb, tmp: Path, hosts: list[str], *, robots: str = DEFAULT_ROBOTS, faults: Faults | None = None,
            resolver: Resolver | None = None, allow_private: bool = True, **sections: Any) -> Fetcher:
    """A fetcher whose store already holds robots.txt for `hosts`, so no test waits 2 s for it."""
    state = MemoryState()
    clock = SystemClock()
    for host in hosts:
        state.seed_robots(web.url(host), robots, fetched_unix=clock.time())
    config = make_config(web, tmp, allow_private=allow_private, **sections)
    return Fetcher(config, clock=clock, state=state, faults=faults, resolver=resolver)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def test_page_is_fetched_with_every_record_field(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    f = fetcher(web, tmp_path, [host])
    v = run(f.visit(web.url(host, "/p/2"), depth=1, parent=web.url(host, "/")))
    assert v.outcome is Outcome.FETCHED and v.status == 200 and v.reason is None
    assert v.final_url == v.url == web.url(host, "/p/2")
    assert [(h.status, h.ip) for h in v.chain] == [(200, web.resolve_map()[host])]
    assert v.content_type == "text/html" and b"page 2" in v.body and not v.truncated
    assert v.headers["etag"] == f'"{host}-p2"' and "last-modified" in v.headers
    assert v.sha256 is not None and len(v.sha256) == 64
    assert v.robots is not None and v.robots.allowed and v.robots.source is RobotsSource.CACHE
    assert (v.depth, v.parent, v.user_agent) == (1, web.url(host, "/"), f.config.user_agent)


def test_a_url_handed_to_visit_is_used_as_it_is_and_text_is_parsed_once(
    web: LocalWeb, pool: HostPool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = pool.take(), pool.take()
    f = fetcher(web, tmp_path, [a, b])
    parsed: list[str] = []

    def counting_parse(text: str, **kw: Any) -> URL:
        parsed.append(text)
        return parse_url(text, **kw)

    monkeypatch.setattr(fetch_module, "parse_url", counting_parse)
    # An escape parse_url would decode ("%7e" is "~"): the request shows whether the fields were used or re-read.
    handed = dataclasses.replace(parse_url(web.url(a, "/p/1")), path="/p/%7e1")
    v = run(f.visit(handed))
    assert parsed == [] and v.url == v.final_url == str(handed) and v.chain[0].url == str(handed)
    assert [r.path for r in logged(web, 1, host=a)] == ["/p/%7e1"]
    # Negative control: the same URL as text is parsed at the door, once, and canonicalised.
    text = web.url(b, "/p/%7e1")
    v = run(f.visit(text))
    assert parsed == [text] and v.url == web.url(b, "/p/~1")
    assert [r.path for r in logged(web, 1, host=b)] == ["/p/~1"]


def test_visit_settles_the_query_order_of_a_url_when_asked(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b = pool.take(), pool.take()
    unsorted = parse_url(web.url(a, "/p/1?b=2&a=1"))  # as a followed link is queued on disk
    v = run(fetcher(web, tmp_path, [a], fetch={"sort_query": True}).visit(unsorted))
    assert v.url == web.url(a, "/p/1?a=1&b=2")
    kept = parse_url(web.url(b, "/p/1?b=2&a=1"))  # negative control: without fetch.sort_query the order stays
    assert run(fetcher(web, tmp_path, [b]).visit(kept)).url == web.url(b, "/p/1?b=2&a=1")


def test_request_headers_identify_movabot_and_keep_nothing(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/cookie", Response(200, [("set-cookie", "session=abc"), ("content-type", "text/plain")], b"c"))
    f = fetcher(web, tmp_path, [host])
    assert run(f.visit(web.url(host, "/cookie"))).outcome is Outcome.FETCHED
    assert run(f.visit(web.url(host, "/p/1"))).outcome is Outcome.FETCHED  # waits 2 s for the IP
    first, second = logged(web, 2, host=host)
    for record in (first, second):
        assert record.user_agent == f.config.user_agent
        assert record.headers["accept-encoding"] == "gzip, deflate, br, zstd"
        assert record.headers["connection"] == "close"
        assert record.headers["host"] == f"{host}:{web.port}"
    assert "cookie" not in second.headers  # no cookie jar
    assert second.start - first.end >= 2.0


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "br"])
def test_encoded_bodies_are_decoded(web: LocalWeb, pool: HostPool, tmp_path: Path, encoding: str) -> None:
    host = pool.take()
    v = run(fetcher(web, tmp_path, [host]).visit(web.url(host, f"/encoded?enc={encoding}")))
    assert v.outcome is Outcome.FETCHED and v.headers["content-encoding"] == encoding
    assert v.body.startswith(b"<!doctype html>") and b"page 1" in v.body


def test_body_is_cut_at_the_bound_and_marked(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    hosts = [pool.take() for _ in range(3)]
    f = fetcher(web, tmp_path, hosts, fetch={"max_body_bytes": 5000})

    async def three() -> list[Any]:
        return await asyncio.gather(
            f.visit(web.url(hosts[0], "/big?bytes=100000")),
            f.visit(web.url(hosts[1], "/big?bytes=5000")),
            f.visit(web.url(hosts[2], "/endless")),
        )

    cut, exact, endless = run(three())
    assert cut.outcome is Outcome.FETCHED and cut.truncated and len(cut.body) == 5000
    assert not exact.truncated and len(exact.body) == 5000  # negative control: exactly full is not cut
    assert endless.truncated and len(endless.body) == 5000


def test_gzip_bomb_is_cut_without_inflating(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    f = fetcher(web, tmp_path, [host], fetch={"max_body_bytes": 1 << 20})
    web.set_route(host, "/bomb", Response(200, [("content-encoding", "gzip"), ("content-type", "text/html")], _zeros_gzip(64)))
    tracemalloc.start()
    try:
        v = run(f.visit(web.url(host, "/bomb")))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert v.outcome is Outcome.FETCHED and v.truncated and len(v.body) == 1 << 20
    assert peak < 16 << 20  # 64 MiB of zeros never exist in memory


def _zeros_gzip(mb: int) -> bytes:
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = bytes(1 << 20)
    return b"".join([*(compressor.compress(block) for _ in range(mb)), compressor.flush()])


@pytest.mark.parametrize(
    ("decoder", "data", "slack"),
    [
        (lambda: Inflater("gzip"), gzip.compress(bytes(8 << 20)), 0),
        (lambda: Inflater("deflate"), zlib.compress(bytes(8 << 20)), 0),
        (lambda: Inflater("deflate"), zlib.compressobj(9, zlib.DEFLATED, -15).compress(bytes(8 << 20)), 0),
        # brotli stops growing its buffer at the limit, so it may overshoot by one internal block.
        (_Brotli, brotli.compress(bytes(8 << 20)), 64 << 10),
        # zstd hands its output over in 64 KiB pieces and is stopped after the one that passes the bound.
        (_Zstd, zstandard.ZstdCompressor().compress(bytes(8 << 20)), 64 << 10),
    ],
    ids=["gzip", "zlib-deflate", "raw-deflate", "brotli", "zstd"],
)
def test_decoders_never_produce_much_more_than_asked(decoder: Any, data: bytes, slack: int) -> None:
    out = decoder().feed(data, 1001)
    assert 1001 <= len(out) <= 1001 + slack and out == bytes(len(out))


def test_whole_request_timeout_bounds_slow_bodies_and_hangs(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    hosts = [pool.take() for _ in range(3)]
    f = fetcher(web, tmp_path, hosts, fetch={"timeout_ms": 400})

    async def three() -> list[Any]:
        return await asyncio.gather(
            f.visit(web.url(hosts[0], "/hang")),
            f.visit(web.url(hosts[1], "/slow-body?chunks=20&ms=100")),  # each read is quick; the whole is not
            f.visit(web.url(hosts[2], "/slow?ms=100")),
        )

    hang, slow_body, quick_enough = run(three())
    for v in (hang, slow_body):
        assert v.outcome is Outcome.ERROR and "within 0.4 s" in (v.reason or "")
    assert quick_enough.outcome is Outcome.FETCHED  # negative control


def test_network_failures_become_error_visits(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    hosts = [pool.take() for _ in range(2)]
    f = fetcher(web, tmp_path, hosts, resolve={**web.resolve_map(), "nobody.test": "127.23.250.250"})
    f._state.seed_robots(f"http://nobody.test:{web.port}/", "", fetched_unix=f.clock.time())  # nothing listens there

    async def visits() -> list[Any]:
        return await asyncio.gather(
            f.visit(web.url(hosts[0], "/reset")),
            f.visit(web.url(hosts[1], "/bad-headers")),
            f.visit(f"http://nobody.test:{web.port}/"),
        )

    for v in run(visits()):
        assert v.outcome is Outcome.ERROR and v.reason and v.status is None, v


def test_undecodable_body_is_an_error_visit(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/broken", Response(200, [("content-encoding", "gzip")], b"this is not gzip at all"))
    v = run(fetcher(web, tmp_path, [host]).visit(web.url(host, "/broken")))
    assert v.outcome is Outcome.ERROR and "could not be decoded" in (v.reason or "") and v.status == 200


def test_unrequested_encoding_is_kept_as_sent(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/lzw", Response(200, [("content-encoding", "compress")], b"\x1f\x9d\x90-bytes"))
    v = run(fetcher(web, tmp_path, [host], fetch={"max_body_bytes": 8}).visit(web.url(host, "/lzw")))
    assert v.outcome is Outcome.FETCHED and v.headers["content-encoding"] == "compress"
    assert v.body == b"\x1f\x9d\x90-byte" and v.truncated  # still cut at the bound
    assert v.encoding_kept == "compress"  # and the visit says the body is not decoded


def test_conditional_request_gets_not_modified(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    v = run(fetcher(web, tmp_path, [host]).visit(web.url(host, "/p/1"), conditional={"If-None-Match": f'"{host}-p1"'}))
    assert v.outcome is Outcome.NOT_MODIFIED and v.status == 304 and v.body == b""


def test_disallowed_page_is_never_requested(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    v = run(fetcher(web, tmp_path, [host]).visit(web.url(host, "/private/secret")))
    assert v.outcome is Outcome.DISALLOWED and v.chain == ()
    assert v.robots is not None and v.robots.rule == "Disallow: /private/"
    assert "disallows" in (v.reason or "")
    assert web.requests(host=host) == []


def test_ignoring_disallow_turns_the_test_above_red(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    """Negative control: the fault switch really removes the robots check (the server sees the request)."""
    host = pool.take()
    v = run(fetcher(web, tmp_path, [host], faults=Faults(ignore_disallow=True)).visit(web.url(host, "/private/secret")))
    assert v.outcome is Outcome.FETCHED and len(logged(web, 1, host=host, path="/private/secret")) == 1


def redirect_to(web: LocalWeb, host: str, target: str) -> str:
    return web.url(host, "/redirect-to?url=" + quote(target, safe=""))


def test_redirect_to_another_host_is_followed_and_chained(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b = pool.take(), pool.take()
    v = run(fetcher(web, tmp_path, [a, b]).visit(redirect_to(web, a, web.url(b, "/p/3"))))
    assert v.outcome is Outcome.FETCHED and v.final_url == web.url(b, "/p/3")
    assert [(h.status, h.ip) for h in v.chain] == [(302, web.resolve_map()[a]), (200, web.resolve_map()[b])]


def test_redirect_to_a_disallowed_path_is_refused(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b = pool.take(), pool.take()
    v = run(fetcher(web, tmp_path, [a, b]).visit(redirect_to(web, a, web.url(b, "/private/x"))))
    assert v.outcome is Outcome.DISALLOWED and v.final_url == web.url(b, "/private/x")
    assert "reached by a redirect" in (v.reason or "")
    assert web.requests(host=b) == []


def test_skipping_the_redirect_recheck_turns_the_test_above_red(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b = pool.take(), pool.take()
    f = fetcher(web, tmp_path, [a, b], faults=Faults(skip_redirect_recheck=True))
    v = run(f.visit(redirect_to(web, a, web.url(b, "/private/x"))))
    assert v.outcome is Outcome.FETCHED and len(logged(web, 1, host=b, path="/private/x")) == 1


def resolver_treating_web_as_public(web: LocalWeb, *, except_ip: str) -> Resolver:
    """The policy with the local web's IPs counted as public, except one (playing a private address)."""
    return Resolver(overrides=web.resolve_map(), allow_private=False, public=lambda ip: ip.startswith(PUBLIC_PREFIX) and ip != except_ip)


def test_redirect_to_a_private_address_is_refused(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, inside = pool.take(), pool.take()
    resolver = resolver_treating_web_as_public(web, except_ip=web.resolve_map()[inside])
    f = fetcher(web, tmp_path, [a, inside], resolver=resolver, allow_private=False)

    async def both() -> list[Any]:
        return await asyncio.gather(
            f.visit(redirect_to(web, a, web.url(inside, "/p/1"))),
            f.visit(redirect_to(web, a, f"http://127.0.0.1:{web.port}/p/1")),
        )

    by_name, literal = run(both())
    assert by_name.outcome is Outcome.ERROR and "private addresses are not allowed" in (by_name.reason or "")
    assert literal.outcome is Outcome.ERROR and "loopback" in (literal.reason or "")
    assert [h.status for h in by_name.chain] == [302]
    assert web.requests(host=inside) == []


def test_skipping_the_redirect_recheck_reaches_the_private_address(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    """Negative control of the test above: without the re-check the private IP gets the request."""
    a, inside = pool.take(), pool.take()
    resolver = resolver_treating_web_as_public(web, except_ip=web.resolve_map()[inside])
    f = fetcher(web, tmp_path, [a, inside], resolver=resolver, allow_private=False, faults=Faults(skip_redirect_recheck=True))
    v = run(f.visit(redirect_to(web, a, web.url(inside, "/p/1"))))
    assert v.outcome is Outcome.FETCHED and len(logged(web, 1, host=inside)) == 1


def test_redirect_loop_and_redirect_bound(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    a, b, c, d = (pool.take() for _ in range(4))
    chain = redirect_to(web, a, redirect_to(web, b, web.url(c, "/p/1")))
    tight = fetcher(web, tmp_path, [a, b, c, d], fetch={"max_redirects": 1})
    loose = fetcher(web, tmp_path, [a, b, c, d], fetch={"max_redirects": 2})
    loop = run(tight.visit(web.url(d, "/redirect-loop")))
    assert loop.outcome is Outcome.ERROR and "loop" in (loop.reason or "") and len(loop.chain) == 1
    cut = run(tight.visit(chain))
    assert cut.outcome is Outcome.ERROR and "more than 1 redirects" in (cut.reason or "") and len(cut.chain) == 2
    ok = run(loose.visit(chain))  # negative control: one more allowed hop reaches the page
    assert ok.outcome is Outcome.FETCHED and len(ok.chain) == 3


def test_crawl_delay_above_the_maximum_defers_without_a_request(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    slow, fine = pool.take(), pool.take()
    far = fetcher(web, tmp_path, [slow], robots="User-agent: *\nCrawl-delay: 120\n")
    v = run(far.visit(web.url(slow, "/p/1")))
    assert v.outcome is Outcome.DEFERRED and "crawl-delay of 120 s" in (v.reason or "")
    assert web.requests(host=slow) == []
    near = fetcher(web, tmp_path, [fine], robots="User-agent: *\nCrawl-delay: 30\n")  # negative control
    assert run(near.visit(web.url(fine, "/p/1"))).outcome is Outcome.FETCHED
    assert near.politeness.host_delay_s(fine) == 30


def test_crawl_delay_raises_the_host_delay(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    f = fetcher(web, tmp_path, [host], robots="User-agent: *\nCrawl-delay: 2.6\n")

    async def two() -> None:
        await f.visit(web.url(host, "/p/1"))
        await f.visit(web.url(host, "/p/2"))

    run(two())
    first, second = logged(web, 2, host=host)
    assert second.start - first.end >= 2.6


def test_previous_run_end_is_honoured(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    f1 = fetcher(web, tmp_path, [host])
    run(f1.visit(web.url(host, "/p/1")))
    state = f1._state
    f2 = Fetcher(f1.config, state=state)  # a new run reading the same store
    run(f2.visit(web.url(host, "/p/2")))
    first, second = logged(web, 2, host=host)
    assert second.start - first.end >= 2.0


def test_private_addresses_are_refused_by_default(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    """DNS rebinding: an override pointing a name at loopback is refused; nothing is sent."""
    host = pool.take()
    f = Fetcher(make_config(web, tmp_path, allow_private=False))  # robots.txt not cached: not even that is asked for
    v = run(f.visit(web.url(host, "/p/1")))
    assert v.outcome is Outcome.ERROR and "loopback address" in (v.reason or "") and v.chain == ()
    assert web.requests(host=host) == []
    allowed = fetcher(web, tmp_path, [host], allow_private=True)  # negative control
    assert run(allowed.visit(web.url(host, "/p/1"))).outcome is Outcome.FETCHED


@pytest.mark.parametrize(
    "spelling",
    ["127.0.0.1", "2130706433", "0x7f000001", "0x7f.1", "0177.0.0.1", "127.1", "0x7f.0.0.01", "[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[64:ff9b::7f00:1]", "localhost", "a.localhost"],
)
def test_every_spelling_of_loopback_is_refused(spelling: str, tmp_path: Path) -> None:
    f = Fetcher(make_config(None, tmp_path, allow_private=False))
    v = run(f.visit(f"http://{spelling}:9/p"))
    assert v.outcome is Outcome.ERROR and v.chain == () and "refused" in (v.reason or ""), v.reason
    assert f.requests_made == 0


def test_invalid_url_is_an_error_visit(tmp_path: Path) -> None:
    v = run(Fetcher(make_config(None, tmp_path)).visit("ftp://example.test/x"))
    assert v.outcome is Outcome.ERROR and v.reason and v.chain == ()
