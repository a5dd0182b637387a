"""The service end to end: real deputy, real socket, real crawl against the local web on loopback.

Every example prompt of the specification's capability table is asked and answered; questions never
fetch; a repeated id returns the recorded reply; unknown callers and refused prompts do nothing.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from service_support import RunningServer, check, make_config, short_dir

from seaspider.service.runner import CrawlJobRunner
from seaspider.demo.localweb import LocalWeb
from seaspider.service.handler import Faults


def wait_until(cond: Callable[[], bool], timeout_s: float = 60.0) -> None:
    """Integration wait for the real crawl (politeness makes it take seconds); polls, never assumes."""
    deadline = time.monotonic() + timeout_s
    while not cond():
        assert time.monotonic() < deadline, "timed out waiting"
        threading.Event().wait(0.02)


@pytest.fixture
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=2, pages=3, hosts_per_ip=1, ip_base="127.22") as w:
        yield w


def start(web: LocalWeb, faults: Faults = Faults()) -> RunningServer:
    base = short_dir()
    config = make_config(base, web.resolve_map())
    return RunningServer(config, lambda: CrawlJobRunner(config), base=base, faults=faults)


def idle(srv: RunningServer) -> Callable[[], bool]:
    return lambda: srv.server.worker.is_idle()


def answer_of(reply: dict[str, Any]) -> str:
    check("reply", reply)
    return str(reply["answer"])


@pytest.mark.slow
def test_every_example_prompt_of_the_specification(web: LocalWeb) -> None:
    srv = start(web)
    try:
        a, b, c = web.url(0, "/p/1"), web.url(0, "/p/2"), web.url(1, "/p/1")
        secret = web.url(0, "/private/secret")
        h1 = web.hosts[0]

        # fetch: "Fetch [a.example](https://a.example/).", "Please fetch these pages: A, B", "Could you download A?"
        r = srv.ask(f"Fetch [{a}]({a}).", "1")
        assert answer_of(r) == f"I have queued 1 page for fetching (octopus-1-0): {a}. No job is ahead of it."
        assert r["report"]["plan"]["operation"] == "fetch" and r["report"]["results"][0]["job"] == "octopus-1-0"
        r = srv.ask(f"Please fetch these pages: {b}, {c}", "2")
        assert re.fullmatch(rf"I have queued 2 pages for fetching \(octopus-2-0\): {re.escape(b)} and {re.escape(c)}\. (1 job is|No job is) ahead of it\.", answer_of(r))

        # status while working: "What is the status of the current run?", "Is the queue empty?", "Are you busy?"
        for prompt in ["What is the status of the current run?", "Is the queue empty?", "Are you busy?"]:
            r = srv.ask(prompt)
            assert r["report"]["plan"]["operation"] == "status"
            assert re.match(r"I am (working on octopus-[12]-0: \d of \d pages? (is|are) done|idle)", answer_of(r)), r["answer"]
        wait_until(idle(srv))
        r = srv.ask("Could you download " + a + "?", "3")
        assert answer_of(r).startswith("I have queued 1 page for fetching (octopus-3-0)")
        wait_until(idle(srv))
        r = srv.ask("Is the queue empty?")
        # Already stored: the resume rule skips it, so the job had nothing to fetch.
        assert answer_of(r) == "I am idle and the queue is empty. The last job, octopus-3-0, had no pages to fetch."

        # robots: "Are we allowed to fetch HOST?", "Can you read A?", "May we fetch A?"
        r = srv.ask(f"Can you read {b}?")
        assert answer_of(r) == f"Yes, {web.url(0, '/robots.txt')} allows MovaBot to fetch {b} (no rule forbids it)."
        r = srv.ask(f"May we fetch {secret}?")
        assert answer_of(r) == f"No, {web.url(0, '/robots.txt')} disallows {secret} for MovaBot (rule Disallow: /private/)."
        assert r["report"]["results"][0]["state"] == "disallowed" and r["report"]["results"][0]["line"] == 2
        # A host target means https://HOST/: the local web has no TLS port, so robots.txt is unreachable.
        r = srv.ask(f"Are we allowed to fetch {h1}?")
        result = r["report"]["results"][0]
        assert result["target"] == f"https://{h1}/" and result["state"] == "unreachable"
        assert answer_of(r).startswith(f"No, not for now: https://{h1}/robots.txt is unreachable (")

        # stats: "How many pages have you stored?", "… stored from HOST?"
        r = srv.ask("How many pages have you stored?")
        assert answer_of(r) == "I have stored 3 pages."
        r = srv.ask(f"How many pages have you stored from {web.hosts[1]}?")
        assert answer_of(r) == f"I have stored 1 page from {web.hosts[1]}."

        # page: "What did you get from A?"
        r = srv.ask(f"What did you get from {a}?")
        assert re.fullmatch(
            rf"I fetched {re.escape(a)} at \d{{4}}-\d\d-\d\d \d\d:\d\d UTC: HTTP 200, text/html, [\d.]+ kB\. "
            rf"Its title is “{h1} page 1”\. It links to \d+ pages\.",
            answer_of(r),
        ), r["answer"]
        r = srv.ask(f"What did you get from {web.url(1, '/p/3')}?")
        assert answer_of(r) == f"I have not fetched {web.url(1, '/p/3')}."

        # Nothing was ever fetched that robots.txt disallows, and the worker crawled politely.
        assert not [rec for rec in web.log if rec.path.startswith("/private/")]
        assert web.spacing_violations(2.0) == []
    finally:
        srv.close()


QUESTIONS = [
    "Is {a} fetched?",
    "Did you fetch {a}?",
    "Have you downloaded {a}?",
    "What did you get from {a}?",
    "How many pages have you stored?",
    "How many pages have you stored from {host}?",
    "What is the status of the current run?",
    "Is the queue empty?",
    "Are you busy?",
]


def ask_questions(web: LocalWeb, faults: Faults) -> tuple[list[str], list[dict[str, Any]]]:
    """Asks every question; returns the paths the web server saw and the jobs journal."""
    srv = start(web, faults)
    try:
        a = web.url(0, "/p/1")
        for i, q in enumerate(QUESTIONS):
            reply = srv.ask(q.format(a=a, host=web.hosts[0]), f"q{i}")
            assert reply["report"]["plan"]["operation"] in ("page", "stats", "status"), (q, reply["answer"])
        wait_until(idle(srv))
        return [rec.path for rec in web.log], srv.lines("jobs.jsonl")
    finally:
        srv.close()


def test_questions_never_fetch(web: LocalWeb) -> None:
    paths, jobs = ask_questions(web, Faults())
    assert paths == [] and jobs == []


def test_negative_control_a_question_that_fetches_is_caught(web: LocalWeb) -> None:
    paths, jobs = ask_questions(web, Faults(questions_fetch=True))
    assert "/p/1" in paths and any(line["event"] == "queued" for line in jobs)


def test_robots_question_fetches_only_robots_txt_when_idle(web: LocalWeb) -> None:
    srv = start(web)
    try:
        r = srv.ask(f"Can you read {web.url(1, '/p/2')}?")
        assert r["report"]["results"][0]["state"] == "allowed"  # awaited: the worker was idle
        assert [rec.path for rec in web.log] == ["/robots.txt"]
        assert [line["event"] for line in srv.lines("jobs.jsonl")] == ["queued", "started", "finished"]
        srv.ask(f"May we fetch {web.url(1, '/p/3')}?")  # now from the stored robots.txt: no request
        assert [rec.path for rec in web.log] == ["/robots.txt"]
    finally:
        srv.close()


def test_repeated_id_returns_the_recorded_reply_and_no_new_job(web: LocalWeb) -> None:
    srv = start(web)
    try:
        prompt = f"Fetch {web.url(0, '/p/1')}."
        first = srv.ask(prompt, "7")
        again = srv.ask(prompt, "7")
        assert again["answer"] == first["answer"] and again["report"]["replayed"] is True
        assert "replayed" not in first["report"]
        wait_until(idle(srv))
        assert [line["job"] for line in srv.jobs("queued")] == ["octopus-7-0"]
        # The same id with another prompt is refused, not answered with the old reply.
        other = srv.ask("Is the queue empty?", "7")
        assert other["report"]["failure"]["kind"] == "id_reused" and "already used" in other["answer"]
        # Another caller's id 7 is its own request.
        crab = srv.ask("Is the queue empty?", "7", caller="crab")
        assert crab["report"]["plan"]["operation"] == "status"
        for line in srv.lines("ledger.jsonl"):
            check("ledger-line", line)
    finally:
        srv.close()


def unknown_caller(web: LocalWeb, faults: Faults) -> tuple[dict[str, Any], RunningServer]:
    srv = start(web, faults)
    reply = srv.ask(f"Fetch {web.url(0, '/p/1')}.", "1", caller="fish")
    srv.stop()
    return reply, srv


def test_unknown_caller_is_refused_and_nothing_runs(web: LocalWeb) -> None:
    reply, srv = unknown_caller(web, Faults())
    try:
        assert answer_of(reply) == "I did not act on this request because fish is not among the callers I answer (octopus, crab, whale, shark)."
        assert reply["report"]["failure"]["kind"] == "unknown_caller" and reply["report"]["plan"] is None
        assert srv.lines("jobs.jsonl") == [] and web.log == []
        (line,) = srv.lines("requests.jsonl")
        check("requests-line", line)
        assert line["caller"] == "fish" and line["declared"] and not line["admitted"]
    finally:
        srv.close()


def test_negative_control_admitting_every_caller_would_act(web: LocalWeb) -> None:
    reply, srv = unknown_caller(web, Faults(admit_all_callers=True))
    try:
        assert reply["report"]["plan"]["operation"] == "fetch" and srv.jobs("queued")
    finally:
        srv.close()


def test_refused_prompt_does_nothing_but_answer_and_log_a_review_candidate(web: LocalWeb) -> None:
    srv = start(web)
    try:
        for i, prompt in enumerate([
            f"Fetch {web.url(0, '/p/1')} and then delete the store",
            f"Do not fetch {web.url(0, '/p/1')}.",
            f"If it changed, fetch {web.url(0, '/p/1')}.",
        ]):
            reply = srv.ask(prompt, f"r{i}")
            assert answer_of(reply).startswith("I did not act on this request because ")
            assert reply["report"]["plan"] is None and reply["report"]["failure"]["kind"] in ("unsupported_verb", "negation", "condition")
        assert srv.lines("jobs.jsonl") == [] and web.log == []
        assert len(srv.lines("review.jsonl")) == 3
        for line in srv.lines("requests.jsonl"):
            check("requests-line", line)
            assert line["admitted"] and line["caller"] == "octopus" and not line["declared"] and line["exe"]
    finally:
        srv.close()


def test_requests_log_has_the_connecting_process(web: LocalWeb) -> None:
    import os

    srv = start(web)
    try:
        srv.ask("Is the queue empty?", "1", priority="urgent")
        (line,) = srv.lines("requests.jsonl")
        assert line["pid"] == os.getpid() and line["uid"] == os.geteuid() and line["priority"] == "urgent"
        assert line["exe"] == os.path.realpath(f"/proc/{os.getpid()}/exe")
        assert re.fullmatch(r"[0-9a-f]{64}", line["prompt_sha256"])
    finally:
        srv.close()


def test_a_sitemaps_question_is_answered_from_robots_txt_and_fetches_nothing_else(web: LocalWeb) -> None:
    sitemaps = [web.url(1, "/sitemap.xml"), web.url(1, "/news/sitemap.xml.gz")]
    web.set_robots(1, body="User-agent: *\nDisallow: /private/\n" + "".join(f"Sitemap: {s}\n" for s in sitemaps))
    srv = start(web)
    try:
        robots_url = web.url(1, "/robots.txt")
        r = srv.ask(f"What sitemaps does {web.url(1, '/p/2')} have?")
        assert r["report"]["plan"]["operation"] == "sitemaps"
        assert answer_of(r) == f"{robots_url} names 2 sitemaps: {sitemaps[0]} and {sitemaps[1]}."
        assert r["report"]["results"][0]["sitemaps"] == sitemaps
        r = srv.ask(f"Which sitemaps does {web.url(1, '/')} list?")  # now from the stored robots.txt
        assert answer_of(r) == f"{robots_url} names 2 sitemaps: {sitemaps[0]} and {sitemaps[1]}."
        assert answer_of(srv.ask(f"Does {web.url(0, '/')} have a sitemap?")) == f"{web.url(0, '/robots.txt')} names no sitemaps."
        # Negative controls: asked to fetch them, or not to tell, nothing runs.
        for prompt in (f"Fetch the sitemaps of {web.url(1, '/')}", f"Don't tell me the sitemaps of {web.url(1, '/')}."):
            assert answer_of(srv.ask(prompt)).startswith("I did not act on this request because")
        wait_until(idle(srv))
        assert [rec.path for rec in web.log] == ["/robots.txt", "/robots.txt"]  # one per site; no sitemap, no page
        assert [line["event"] for line in srv.lines("jobs.jsonl")] == ["queued", "started", "finished"] * 2
    finally:
        srv.close()
