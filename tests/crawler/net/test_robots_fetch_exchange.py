"""seaspider/net/robots_cache.py `fetch_robots` against a scripted exchange: hops, loops, caps, classes.

The live tests (test_robots_cache.py) cover the same paths against the local web; these pin the
decision logic on plain values, with no socket and no clock.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping

import pytest

from seaspider.net.robots_cache import MAX_ROBOTS_BYTES, Exchange, fetch_robots
from seaspider.web.records import RobotsSource
from seaspider.web.urls import URL, parse_url


class Script:
    """Answers each requested URL from a table and records what was asked, with which byte cap."""

    def __init__(self, answers: Mapping[str, tuple[int | None, dict[str, str], bytes] | str]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, int]] = []

    async def __call__(self, url: URL, max_body_bytes: int) -> Exchange:
        self.asked.append((str(url), max_body_bytes))
        answer = self.answers[str(url)]
        if isinstance(answer, str):  # a network failure, in English
            return Exchange(url=str(url), ip=None, status=None, headers={}, body=b"", truncated=False, error=answer)
        status, headers, body = answer
        return Exchange(url=str(url), ip="192.0.2.7", status=status, headers=headers, body=body, truncated=False)


def run(script: Script, *, max_redirects: int = 5) -> object:
    return asyncio.run(fetch_robots(parse_url("https://a.example/page"), script, max_redirects=max_redirects, now_unix=lambda: 42.0))


def test_a_2xx_body_is_kept_and_asked_for_under_the_robots_cap() -> None:
    script = Script({"https://a.example/robots.txt": (200, {}, b"User-agent: *\nDisallow: /x\n")})
    fetch = run(script)
    assert (fetch.state, fetch.body, fetch.error, fetch.fetched_unix) == (RobotsSource.FETCHED, b"User-agent: *\nDisallow: /x\n", None, 42.0)
    assert script.asked == [("https://a.example/robots.txt", MAX_ROBOTS_BYTES)]


def test_a_relative_redirect_is_followed_and_every_hop_is_in_the_chain() -> None:
    script = Script({
        "https://a.example/robots.txt": (301, {"location": "/moved/robots.txt"}, b""),
        "https://a.example/moved/robots.txt": (200, {}, b"User-agent: *\nAllow: /\n"),
    })
    fetch = run(script)
    assert fetch.state is RobotsSource.FETCHED
    assert [hop.url for hop in fetch.chain] == ["https://a.example/robots.txt", "https://a.example/moved/robots.txt"]
    assert fetch.url == "https://a.example/robots.txt"  # the record keeps the origin's robots URL


def test_a_redirect_loop_stops_at_the_first_repeat() -> None:
    script = Script({
        "https://a.example/robots.txt": (302, {"location": "https://a.example/r2"}, b""),
        "https://a.example/r2": (302, {"location": "https://a.example/robots.txt"}, b""),
    })
    fetch = run(script)
    assert fetch.state is RobotsSource.UNAVAILABLE and "loop" in (fetch.error or "")
    assert len(script.asked) == 2  # never asks the first URL twice


def test_more_redirects_than_allowed_is_unavailable() -> None:
    answers = {f"https://a.example/r{i}": (301, {"location": f"https://a.example/r{i + 1}"}, b"") for i in range(10)}
    answers["https://a.example/robots.txt"] = (301, {"location": "https://a.example/r0"}, b"")
    script = Script(answers)
    fetch = run(script, max_redirects=2)
    assert fetch.state is RobotsSource.UNAVAILABLE and fetch.error == "robots.txt redirected more than 2 times"
    assert len(script.asked) == 3  # the first request and two redirects


@pytest.mark.parametrize(
    ("answer", "state"),
    [((404, {}, b"nope"), RobotsSource.UNAVAILABLE), ((503, {}, b""), RobotsSource.UNREACHABLE),
     ((429, {}, b""), RobotsSource.UNREACHABLE), ("the connection was refused", RobotsSource.UNREACHABLE)],
    ids=["404-unavailable", "503-unreachable", "429-unreachable", "network-failure-unreachable"],
)
def test_status_classes_keep_no_body(answer: tuple[int, dict[str, str], bytes] | str, state: RobotsSource) -> None:
    fetch = run(Script({"https://a.example/robots.txt": answer}))
    assert fetch.state is state and fetch.body is None


def test_an_unusable_redirect_target_ends_the_chain_without_a_request() -> None:
    script = Script({"https://a.example/robots.txt": (301, {"location": "ftp://a.example/robots.txt"}, b"")})
    fetch = run(script)
    assert fetch.state is RobotsSource.UNAVAILABLE and "unusable location" in (fetch.error or "")
    assert len(script.asked) == 1
