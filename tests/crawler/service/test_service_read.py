"""The read capability served for real: stored text through the socket, paging by prompts, other types,
failures, bad spans, and questions that never fetch (with the negative control that does)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from service_support import RunningServer, check, make_config, short_dir

from seaspider.demo.localweb import LocalWeb, Response
from seaspider.service.handler import Faults
from seaspider.service.runner import CrawlJobRunner

pytestmark = pytest.mark.slow  # each server fetches from the local web at MovaBot's pace


def wait_until(cond: Callable[[], bool], timeout_s: float = 60.0) -> None:
    """Integration wait for the real crawl; polls a condition, never assumes a duration."""
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        threading.Event().wait(0.02)


def start(web: LocalWeb, faults: Faults = Faults()) -> RunningServer:
    base = short_dir()
    config = make_config(base, web.resolve_map())
    return RunningServer(config, lambda: CrawlJobRunner(config), base=base, faults=faults)


def result_of(reply: dict[str, Any]) -> dict[str, Any]:
    check("reply", reply)
    result: dict[str, Any] = reply["report"]["results"][0]
    if result.get("operation") == "read":
        check("read-report", result)
    return result


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[LocalWeb, RunningServer]]:
    with LocalWeb(hosts=3, pages=2, ip_base="127.24", page_bytes=3000) as web:
        web.set_route(1, "/logo.png", Response(200, [("Content-Type", "image/png")], b"\x89PNG\r\n\x1a\n" + bytes(100)))
        web.set_route(2, "/notes.txt", Response(200, [("Content-Type", "text/plain; charset=utf-8")], "café\nline two".encode()))
        web.set_route(2, "/koi8.html", Response(200, [("Content-Type", "text/html; charset=koi8-r")], "<p>привет</p>".encode("koi8-r")))
        srv = start(web)
        try:
            urls = [web.url(0, "/p/1"), web.url(1, "/logo.png"), web.url(2, "/notes.txt"), web.url(2, "/koi8.html"), web.url(0, "/missing")]
            assert result_of(srv.ask("Please fetch " + ", ".join(urls[:-1]) + f" and {urls[-1]}."))["queued"]
            wait_until(lambda: srv.server.worker.is_idle() and srv.server.worker.status()["last"] is not None)
            yield web, srv
        finally:
            srv.close()


def test_what_does_a_page_say(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    a = web.url(0, "/p/1")
    reply = srv.ask(f"What does {a} say?")
    result = result_of(reply)
    assert reply["report"]["plan"]["operation"] == "read" and result["state"] == "text" and result["kind"] == "html"
    text = result["text"]
    assert text.startswith("h1.test page 1\n\n# Page 1\n\n") and f"[next]({web.url(0, '/p/2')})" in text
    assert result["total_chars"] == len(text) and not result["more"] and result["title"] == "h1.test page 1"
    assert reply["answer"] == f"Here is the text of {a} ({len(text)} characters):\n\n{text}"


def test_paging_by_the_suggested_prompts_round_trips_the_whole_text(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    a = web.url(0, "/p/1")
    whole = result_of(srv.ask(f"Read {a} to me."))["text"]
    prompt, pieces = f"Show me the text of {a}, “the first 700 characters”.", []
    for _ in range(20):
        reply = srv.ask(prompt)
        result = result_of(reply)
        pieces.append(result["text"])
        if not result["more"]:
            assert reply["report"]["followups"] == []
            break
        prompt = reply["report"]["followups"][0]  # the service's own next prompt is read back as the next span
        assert prompt == f"Show me the text of {a}, “characters {result['end'] + 1} to {result['end'] + 700}”."
    assert "".join(pieces) == whole and len(pieces) == -(-len(whole) // 700)


def test_a_text_type_is_returned_as_text(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    result = result_of(srv.ask(f"Give me the contents of {web.url(2, '/notes.txt')}."))
    assert (result["state"], result["kind"], result["text"]) == ("text", "plain", "café\nline two")


def test_the_charset_of_the_kept_header_is_used(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    result = result_of(srv.ask(f"What does {web.url(2, '/koi8.html')} say?"))
    assert result["text"] == "привет"  # the bytes alone would be read as windows-1252


def test_other_types_get_their_type_and_size(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    png = web.url(1, "/logo.png")
    reply = srv.ask(f"Show me the text of {png}.")
    assert result_of(reply)["state"] == "no_text"
    assert reply["answer"] == f"{png} is image/png (108 bytes); I have no text for it."


def test_a_failed_fetch_says_why(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    missing = web.url(0, "/missing")
    reply = srv.ask(f"What does {missing} say?")
    assert result_of(reply)["state"] == "failed"
    assert reply["answer"] == f"I could not fetch {missing} because the server answered HTTP 404. Ask me to fetch it again."


def test_a_span_that_is_not_one_is_refused(served: tuple[LocalWeb, RunningServer]) -> None:
    web, srv = served
    reply = srv.ask(f"Show me the text of {web.url(0, '/p/1')}, “the good parts”.")
    check("reply", reply)
    assert reply["report"]["failure"]["kind"] == "not_understood"
    assert reply["answer"].startswith("I did not act on this request because I do not know which characters “the good parts” means")


@pytest.mark.parametrize("questions_fetch", [False, True], ids=["as-built", "negative-control"])
def test_what_does_a_page_say_never_fetches(questions_fetch: bool) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.25") as web:
        srv = start(web, Faults(questions_fetch=questions_fetch))
        try:
            a = web.url(0, "/p/1")
            reply = srv.ask(f"What does {a} say?")
            assert reply["answer"] == f"I have not fetched {a} yet. Ask me to fetch it first."
            if questions_fetch:  # the broken service turns the question into a fetch: this test must see it
                wait_until(lambda: bool(web.requests(path="/p/1")))
                assert srv.jobs("queued")
            else:
                wait_until(lambda: srv.server.worker.is_idle())
                assert srv.jobs("queued") == [] and web.requests() == []
        finally:
            srv.close()
