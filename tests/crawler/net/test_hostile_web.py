"""Issue 12, "polite under attack": hostile servers of the local web against the fetcher.

Every property is checked from the server's side (its request log) where one is at stake, and each
has a negative control that switches the defence off (`Faults`) and shows the same test turning red.
The local web here takes a request's end when the client's connection is really closed (end_at_close),
the strictest view a server can have.
"""

from __future__ import annotations

import asyncio
import gzip
import tracemalloc
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zstandard
from fetchkit import HostPool, MemoryState, logged, make_config

from seaspider.clock import SystemClock
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.demo.misbehaviours import cut_robots, giant_agents_robots
from seaspider.net.fetch import Faults, Fetcher
from seaspider.web.records import Outcome, RobotsFetch, RobotsSource
from seaspider.web.robots import MAX_ROBOTS_BYTES, Robots

# The server thread notices a close a few milliseconds after it happens (it needs the interpreter lock
# from a client that may be busy). Spacing is checked with this much slack; the CPU work the tests put
# right after a request is several times larger, so a request end recorded too early still shows.
SERVER_NOTICE_SLACK_S = 0.1
INTERVAL_S = 2.0


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=40, pages=3, ip_base="127.112", end_at_close=True) as served:
        yield served


@pytest.fixture(scope="module")
def pool(web: LocalWeb) -> HostPool:
    return HostPool(web)


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def seeded(web: LocalWeb, tmp: Path, hosts: list[str], *, faults: Faults | None = None, **sections: Any) -> Fetcher:
    """A fetcher whose store already holds an allow-all robots.txt for `hosts` (no 2 s wait for it)."""
    state = MemoryState()
    clock = SystemClock()
    for host in hosts:
        state.seed_robots(web.url(host), "User-agent: *\nDisallow: /private/\n", fetched_unix=clock.time())
    return Fetcher(make_config(web, tmp, **sections), clock=clock, state=state, faults=faults)


def paths(web: LocalWeb, host: str, count: int) -> list[str]:
    """The paths the server logged for `host`, once `count` records are there (each lands when its client closes)."""
    return [record.path for record in logged(web, count, host=host)]


# ----- 1. a robots.txt cut at the 512,000-byte cap ------------------------------------------------


def _serve_cut_robots(web: LocalWeb, allow_host: str, disallow_host: str) -> None:
    # "Allow: /public/page.html" cut to "Allow: /": read as a rule, it beats "Disallow: /" on the tie.
    web.set_robots(allow_host, body=cut_robots("User-agent: *\nDisallow: /\n", "Allow: /public/page.html", keep=8, cap=MAX_ROBOTS_BYTES))
    # "Disallow: /secret-area/" cut to "Disallow: /": read as a rule, it would close the whole site.
    web.set_robots(disallow_host, body=cut_robots("User-agent: *\nDisallow: /private/\n", "Disallow: /secret-area/", keep=11, cap=MAX_ROBOTS_BYTES))


async def _visit_cut_hosts(f: Fetcher, web: LocalWeb, allow_host: str, disallow_host: str) -> tuple[Any, Any, Any]:
    async def second_host() -> tuple[Any, Any]:
        return await f.visit(web.url(disallow_host, "/private/secret")), await f.visit(web.url(disallow_host, "/p/1"))

    secret, (other_secret, page) = await asyncio.gather(f.visit(web.url(allow_host, "/private/secret")), second_host())
    return secret, other_secret, page


@pytest.mark.slow
def test_a_robots_txt_cut_at_the_cap_grants_nothing(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    allow_host, disallow_host = pool.take(), pool.take()
    _serve_cut_robots(web, allow_host, disallow_host)
    f = Fetcher(make_config(web, tmp_path))
    secret, other_secret, page = run(_visit_cut_hosts(f, web, allow_host, disallow_host))
    assert secret.outcome is Outcome.DISALLOWED and secret.robots.rule == "Disallow: /"
    assert other_secret.outcome is Outcome.DISALLOWED and other_secret.robots.rule == "Disallow: /private/"
    assert page.outcome is Outcome.FETCHED  # the cut "Disallow: /" is no rule: the rest of the site is open
    assert f.requests_made == 3  # the secret page was never requested:
    assert paths(web, allow_host, 1) == ["/robots.txt"]
    assert paths(web, disallow_host, 2) == ["/robots.txt", "/p/1"]


@pytest.mark.slow
def test_reading_a_cut_robots_txt_as_whole_requests_the_secret(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    # Negative control: the cut line read as a rule (the old parse) opens the secret page.
    allow_host, disallow_host = pool.take(), pool.take()
    _serve_cut_robots(web, allow_host, disallow_host)
    f = Fetcher(make_config(web, tmp_path), faults=Faults(keep_cut_robots_line=True))
    secret, _other_secret, page = run(_visit_cut_hosts(f, web, allow_host, disallow_host))
    assert secret.outcome is Outcome.FETCHED and secret.robots.rule == "Allow: /"
    assert paths(web, allow_host, 2) == ["/robots.txt", "/private/secret"]  # in the server's own log
    assert page.outcome is Outcome.DISALLOWED and page.robots.rule == "Disallow: /"


# ----- 3. a giant robots.txt: parse after the close, spacing from the server's log ----------------


def _spacing_after_a_giant_robots_txt(web: LocalWeb, host: str, tmp: Path, faults: Faults | None) -> list[Any]:
    web.set_robots(host, body=giant_agents_robots(27_500, rule="Disallow: /private/"))

    def journal(fetch: RobotsFetch) -> None:
        # Work on the event loop right after the request, as a slow store would do: a request whose end
        # is recorded before its socket closes holds the socket open through all of it.
        assert fetch.body is not None
        for _ in range(8):
            Robots.parse(fetch.body)

    f = Fetcher(make_config(web, tmp), on_robots=journal, faults=faults)

    async def two() -> tuple[Any, Any]:
        return await f.visit(web.url(host, "/p/1")), await f.visit(web.url(host, "/private/x"))

    page, private = run(two())
    assert page.outcome is Outcome.FETCHED and page.robots.group == "*"
    assert private.outcome is Outcome.DISALLOWED and private.robots.rule == "Disallow: /private/"  # the file's last line
    assert paths(web, host, 2) == ["/robots.txt", "/p/1"]
    ip = web.resolve_map()[host]
    return [v for v in web.spacing_violations(INTERVAL_S - SERVER_NOTICE_SLACK_S) if v.ip == ip]


@pytest.mark.slow
def test_a_giant_agent_robots_txt_keeps_the_spacing_the_server_sees(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    assert _spacing_after_a_giant_robots_txt(web, pool.take(), tmp_path, faults=None) == []


@pytest.mark.slow
def test_recording_the_end_before_the_close_breaks_the_spacing(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    # Negative control: the old order (end recorded, then the socket closed a loop turn later, after the
    # CPU work) lets the next request come less than the interval after the end the server saw.
    violations = _spacing_after_a_giant_robots_txt(web, pool.take(), tmp_path, faults=Faults(end_before_close=True))
    assert len(violations) == 1 and violations[0].second.endswith("/p/1")


def test_the_giant_agent_file_is_read_whole() -> None:
    body = giant_agents_robots(27_500).encode()
    assert len(body) < MAX_ROBOTS_BYTES  # the whole file is read: its last rule applies
    robots = Robots.parse(body)
    assert len(robots.agents) == 27_501 and robots.skipped_lines == 0


# ----- bounds and messages: response heads, English reasons ---------------------------------------


def test_one_giant_response_header_is_refused(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    giant, fits = pool.take(), pool.take()
    f = seeded(web, tmp_path, [giant, fits])

    async def both() -> list[Any]:
        return await asyncio.gather(
            f.visit(web.url(giant, "/giant-header?bytes=100000")),
            f.visit(web.url(fits, "/giant-header?bytes=60000")),  # negative control: under the 64 KiB cap
        )

    refused, accepted = run(both())
    assert refused.outcome is Outcome.ERROR and refused.reason == "the server sent more than 64 KiB of response headers"
    assert accepted.outcome is Outcome.FETCHED


LIBRARY_WORDS = ("event type", "role=", "bytearray", "Errno", "h11", "SEND_RESPONSE", "ConnectionClosed")


@pytest.mark.parametrize(
    ("path", "reason"),
    [
        ("/close-at-once", "the server closed the connection before sending a response"),
        ("/bad-headers", "the server sent a malformed header line"),
        ("/reset", None),  # the kernel's words, whichever way the reset lands
    ],
    ids=["closes-at-once", "header-without-colon", "reset"],
)
def test_failures_are_explained_in_english(web: LocalWeb, pool: HostPool, tmp_path: Path, path: str, reason: str | None) -> None:
    host = pool.take()
    v = run(seeded(web, tmp_path, [host]).visit(web.url(host, path)))
    assert v.outcome is Outcome.ERROR and v.reason
    if reason is not None:
        assert v.reason == reason
    assert not any(word in v.reason for word in LIBRARY_WORDS), v.reason


def test_a_body_cut_short_says_how_much_came(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/short", Response(200, [("content-length", "100"), ("connection", "close")], b"only ten b"))
    v = run(seeded(web, tmp_path, [host]).visit(web.url(host, "/short")))
    assert v.outcome is Outcome.ERROR and v.reason == "the server closed the connection after 10 of the 100 body bytes it announced"


# ----- 5. content codings ------------------------------------------------------------------------------


def test_every_gzip_member_is_decoded(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    v = run(seeded(web, tmp_path, [host]).visit(web.url(host, "/gzip-members?n=3")))
    assert v.outcome is Outcome.FETCHED and not v.truncated
    assert v.body == web.page_html(web._site(host), 1)  # all three members, not just the first


def test_gzip_members_stay_under_the_decoded_cap(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    member = gzip.compress(bytes(256 << 10), compresslevel=9)
    web.set_route(host, "/members-bomb", Response(200, [("content-encoding", "gzip")], member * 192))  # 48 MiB of zeros
    f = seeded(web, tmp_path, [host], fetch={"max_body_bytes": 1 << 20})
    tracemalloc.start()
    try:
        v = run(f.visit(web.url(host, "/members-bomb")))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert v.outcome is Outcome.FETCHED and v.truncated and v.body == bytes(1 << 20)  # four members and a bit
    assert peak < 16 << 20  # 48 MiB never exist in memory


@pytest.mark.parametrize(
    ("enc", "header"),
    [("zstd", "zstd"), ("gzip,gzip", "gzip, gzip")],
    ids=["zstd", "stacked-gzip"],
)
def test_zstd_and_stacked_codings_are_decoded(web: LocalWeb, pool: HostPool, tmp_path: Path, enc: str, header: str) -> None:
    host = pool.take()
    f = seeded(web, tmp_path, [host])
    v = run(f.visit(web.url(host, f"/encoded?enc={enc}")))
    assert v.outcome is Outcome.FETCHED and v.headers["content-encoding"] == header
    assert v.body.startswith(b"<!doctype html>") and v.encoding_kept is None
    assert logged(web, 1, host=host)[0].headers["accept-encoding"] == "gzip, deflate, br, zstd"


def test_a_zstd_bomb_stops_at_the_cap(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    bomb = zstandard.ZstdCompressor(level=19).compress(bytes(256 << 20))
    web.set_route(host, "/zbomb", Response(200, [("content-encoding", "zstd")], bomb))
    f = seeded(web, tmp_path, [host], fetch={"max_body_bytes": 1 << 20})
    tracemalloc.start()
    try:
        v = run(f.visit(web.url(host, "/zbomb")))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert v.outcome is Outcome.FETCHED and v.truncated and len(v.body) == 1 << 20
    assert peak < 16 << 20


def test_a_coding_we_cannot_decode_is_kept_and_named(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    v = run(seeded(web, tmp_path, [host]).visit(web.url(host, "/encoded?enc=compress")))
    assert v.outcome is Outcome.FETCHED and v.encoding_kept == "compress"
    assert v.body.startswith(b"\x1f\x9d\x90")  # as sent


# ----- robots.txt that fails after its status line -------------------------------------------------------


@pytest.mark.parametrize(
    ("response", "why"),
    [
        (Response(200, [("content-length", "100000")], b"User-agent: *\n"), "after 14 of the 100000 body bytes"),
        (Response(200, [("content-encoding", "compress")], b"\x1f\x9d\x90User-agent: *\nDisallow:\n"), "cannot decode"),
    ],
    ids=["body-never-completes", "undecodable-coding"],
)
def test_a_robots_txt_that_fails_after_a_200_is_unreachable(web: LocalWeb, pool: HostPool, tmp_path: Path, response: Response, why: str) -> None:
    host = pool.take()
    web.set_route(host, "/robots.txt", response)
    f = Fetcher(make_config(web, tmp_path))
    v = run(f.visit(web.url(host, "/p/1")))
    assert v.outcome is Outcome.ERROR and why in (v.reason or "")
    assert v.robots is not None and v.robots.source is RobotsSource.UNREACHABLE
    assert f.requests_made == 1 and paths(web, host, 1) == ["/robots.txt"]  # not read as an empty file that allows everything


def test_deflate_with_junk_after_the_stream_still_decodes(web: LocalWeb, pool: HostPool, tmp_path: Path) -> None:
    host = pool.take()
    web.set_route(host, "/junk", Response(200, [("content-encoding", "deflate")], zlib.compress(b"<html>ok</html>") + b"junk"))
    v = run(seeded(web, tmp_path, [host]).visit(web.url(host, "/junk")))
    assert v.outcome is Outcome.FETCHED and v.body == b"<html>ok</html>"
