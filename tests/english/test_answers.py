"""seaspider/service/answers.py: every report shape, state and count; the specification's sentences word for word."""

from __future__ import annotations

from typing import Any

import pytest

from seaspider.service.answers import (
    MAX_URLS_NAMED,
    answer,
    answer_fetch,
    answer_page,
    answer_refusal,
    answer_robots,
    answer_sitemaps,
    answer_stats,
    answer_status,
    refusal_clause,
)

A = "https://a.example/"
B = "https://b.example/x"
ROBOTS = "https://a.example/robots.txt"
T_0752 = 1793778720.0  # 2026-11-04 07:52 UTC
T_0852 = T_0752 + 3600


def fetch_report(n: int = 2, ahead: int = 1, **over: Any) -> dict[str, Any]:
    urls = [A, B, *[f"https://h{i}.example/" for i in range(n - 2)]][:n]
    return {"operation": "fetch", "queued": True, "job": "octopus-7-0", "urls": urls, "ahead": ahead, **over}


def robots_report(state: str, **over: Any) -> dict[str, Any]:
    base = {
        "operation": "robots", "target": A, "agent": "MovaBot", "robots_url": ROBOTS, "state": state,
        "status": 200, "rule": None, "group": "*", "line": None, "fetched_unix": T_0752,
        "retry_unix": None, "reason": None,
    }  # fmt: skip
    return {**base, **over}


def stats_report(stored: int, disallowed: int = 0, error: int = 0, deferred: int = 0, host: str | None = None) -> dict[str, Any]:
    return {
        "operation": "stats", "host": host, "stored": stored,
        "failed": {"disallowed": disallowed, "error": error, "deferred": deferred},
        "bodies": stored, "bytes": 139 * stored,
    }  # fmt: skip


def page_report(state: str = "fetched", **over: Any) -> dict[str, Any]:
    base = {
        "operation": "page", "url": A, "state": state, "fetched_unix": T_0752, "status": 200,
        "content_type": "text/html", "body_bytes": 139, "truncated": False, "title": "Mova",
        "links": 1, "outcome": "fetched", "reason": None, "rule": None, "final_url": A,
    }  # fmt: skip
    return {**base, **over}


def status_working(done: int, total: int, waiting: int, now: str | None = A) -> dict[str, Any]:
    current = {"job": "octopus-7-0", "urls_total": total, "urls_done": done, "now": now, "asked_by": "octopus"}
    return {"operation": "status", "state": "working", "current": current, "waiting": waiting, "last": None}


def status_idle(last: dict[str, Any] | None, waiting: int = 0) -> dict[str, Any]:
    return {"operation": "status", "state": "idle", "current": None, "waiting": waiting, "last": last}


def last_job(total: int, fetched: int, failed: int, interrupted: bool = False) -> dict[str, Any]:
    return {
        "job": "octopus-6-0", "urls_total": total, "fetched": fetched, "failed": failed,
        "finished_unix": T_0752, "interrupted": interrupted,
    }  # fmt: skip


# The sentences of the specification (reports.md, the issue and the seed), from equivalent reports.
SPEC_EXAMPLES = [
    ("fetch-2", fetch_report(2, ahead=1),
     "I have queued 2 pages for fetching (octopus-7-0): https://a.example/ and https://b.example/x. 1 job is ahead of it."),
    ("fetch-1", fetch_report(1, ahead=0),
     "I have queued 1 page for fetching (octopus-7-0): https://a.example/. No job is ahead of it."),
    ("fetch-full", {"operation": "fetch", "queued": False, "reason": "full", "limit": 64, "urls": [A]},
     "I could not queue this request because the queue is full (64 jobs are waiting)."),
    ("robots-allowed", robots_report("allowed", rule="Allow: /", line=2),
     "Yes, https://a.example/robots.txt allows MovaBot to fetch https://a.example/ (rule Allow: /)."),
    ("robots-allowed-no-rule", robots_report("allowed"),
     "Yes, https://a.example/robots.txt allows MovaBot to fetch https://a.example/ (no rule forbids it)."),
    ("robots-disallowed", robots_report("disallowed", target="https://a.example/x", rule="Disallow: /x", line=3),
     "No, https://a.example/robots.txt disallows https://a.example/x for MovaBot (rule Disallow: /x)."),
    ("robots-unavailable", robots_report("unavailable", status=404),
     "Yes, MovaBot may fetch https://a.example/: https://a.example/robots.txt is unavailable (HTTP 404), so everything is allowed."),
    ("robots-unreachable", robots_report("unreachable", status=503, retry_unix=T_0852),
     "No, not for now: https://a.example/robots.txt is unreachable (HTTP 503), so I will not fetch from a.example before 2026-11-04 08:52 UTC."),
    ("robots-unreachable-reason",
     robots_report("unreachable", status=None, reason="the connection was refused", retry_unix=T_0852),
     "No, not for now: https://a.example/robots.txt is unreachable (the connection was refused), so I will not fetch from a.example before 2026-11-04 08:52 UTC."),
    ("robots-queued", robots_report("queued", status=None, fetched_unix=None),
     "I have queued a robots.txt check for https://a.example/; ask me again in a moment."),
    ("stats-host", stats_report(3, disallowed=1, host="a.test"),
     "I have stored 3 pages from a.test. I could not fetch 1 more page: robots.txt disallowed 1."),
    ("stats-all", stats_report(1, disallowed=1, error=2, deferred=1),
     "I have stored 1 page. I could not fetch 4 more pages: robots.txt disallowed 1, 2 failed with errors and 1 was deferred by a long crawl delay."),
    ("stats-none", stats_report(0, host="a.test"), "I have not stored any pages from a.test yet."),
    ("page-fetched", page_report(),
     "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It links to 1 page."),
    ("page-not-fetched", page_report("not_fetched"), "I have not fetched https://a.example/."),
    ("page-disallowed", page_report("failed", url="https://a.example/x", outcome="disallowed", rule="Disallow: /x", status=None),
     "I could not fetch https://a.example/x because robots.txt disallows it (rule Disallow: /x)."),
    ("page-404", page_report("failed", outcome="error", status=404),
     "I could not fetch https://a.example/ because the server answered HTTP 404."),
    ("page-reason", page_report("failed", outcome="error", status=None, reason="the connection timed out"),
     "I could not fetch https://a.example/ because the connection timed out."),
    ("status-working", status_working(0, 1, 2),
     "I am working on octopus-7-0: 0 of 1 page is done, now https://a.example/. 2 jobs are waiting."),
    ("status-idle", status_idle(last_job(3, 2, 1)),
     "I am idle and the queue is empty. The last job, octopus-6-0, fetched 2 pages and could not fetch 1."),
    ("refusal-caller",
     {"operation": None, "refused": True, "kind": "unknown_caller",
      "reason": "fish is not among the callers I answer (octopus, crab, whale, shark)"},
     "I did not act on this request because fish is not among the callers I answer (octopus, crab, whale, shark)."),
]  # fmt: skip


@pytest.mark.parametrize(("report", "expected"), [(r, e) for _, r, e in SPEC_EXAMPLES], ids=[i for i, _, _ in SPEC_EXAMPLES])
def test_specification_sentences_word_for_word(report: dict[str, Any], expected: str) -> None:
    assert answer(report) == expected


@pytest.mark.parametrize(
    ("n", "ahead", "expected"),
    [
        (1, 0, "I have queued 1 page for fetching (octopus-7-0): https://a.example/. No job is ahead of it."),
        (1, 1, "I have queued 1 page for fetching (octopus-7-0): https://a.example/. 1 job is ahead of it."),
        (2, 2, "I have queued 2 pages for fetching (octopus-7-0): https://a.example/ and https://b.example/x. 2 jobs are ahead of it."),
        (3, 63, "I have queued 3 pages for fetching (octopus-7-0): https://a.example/, https://b.example/x and https://h0.example/. 63 jobs are ahead of it."),
        (0, 0, "I have queued no pages for fetching (octopus-7-0). No job is ahead of it."),
    ],
)  # fmt: skip
def test_fetch_counts(n: int, ahead: int, expected: str) -> None:
    assert answer_fetch(fetch_report(n, ahead=ahead)) == expected  # type: ignore[arg-type]


def test_fetch_long_url_list_is_shortened() -> None:
    text = answer_fetch(fetch_report(16, ahead=0))  # type: ignore[arg-type]
    assert text.count("https://") == MAX_URLS_NAMED
    assert f"and {16 - MAX_URLS_NAMED} more. No job is ahead of it." in text
    assert text.startswith("I have queued 16 pages for fetching (octopus-7-0): https://a.example/, https://b.example/x, ")


def test_fetch_list_one_over_the_limit_is_named_whole() -> None:
    text = answer_fetch(fetch_report(MAX_URLS_NAMED + 1, ahead=0))  # type: ignore[arg-type]
    assert text.count("https://") == MAX_URLS_NAMED + 1 and "more" not in text


@pytest.mark.parametrize(
    ("reason", "limit", "expected"),
    [
        ("full", 1, "I could not queue this request because the queue is full (1 job is waiting)."),
        ("full", 2, "I could not queue this request because the queue is full (2 jobs are waiting)."),
        ("stopping", 64, "I could not queue this request because I am stopping."),
        ("the store is read-only.", 64, "I could not queue this request because the store is read-only."),
    ],
)
def test_fetch_not_queued(reason: str, limit: int, expected: str) -> None:
    report = {"operation": "fetch", "queued": False, "reason": reason, "limit": limit, "urls": [A]}
    assert answer_fetch(report) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("over", "expected"),
    [
        ({"state": "disallowed", "rule": None},
         "No, https://a.example/robots.txt disallows https://a.example/ for MovaBot."),
        ({"state": "unavailable", "status": None, "reason": None},
         "Yes, MovaBot may fetch https://a.example/: https://a.example/robots.txt is unavailable, so everything is allowed."),
        ({"state": "unreachable", "status": 429, "retry_unix": T_0852 + 1},
         "No, not for now: https://a.example/robots.txt is unreachable (HTTP 429), so I will not fetch from a.example before 2026-11-04 08:53 UTC."),
        ({"state": "unreachable", "status": None, "reason": "the name did not resolve.", "retry_unix": None},
         "No, not for now: https://a.example/robots.txt is unreachable (the name did not resolve), so I will not fetch from a.example for a while."),
        ({"state": "unreachable", "robots_url": "http://a.example:8080/robots.txt", "target": "http://a.example:8080/", "status": 500, "retry_unix": T_0852},
         "No, not for now: http://a.example:8080/robots.txt is unreachable (HTTP 500), so I will not fetch from a.example:8080 before 2026-11-04 08:52 UTC."),
        ({"state": "allowed", "agent": "OtherBot", "rule": "Allow: /"},
         "Yes, https://a.example/robots.txt allows OtherBot to fetch https://a.example/ (rule Allow: /)."),
    ],
)  # fmt: skip
def test_robots_variants(over: dict[str, Any], expected: str) -> None:
    assert answer_robots(robots_report(over.pop("state"), **over)) == expected  # type: ignore[arg-type]


def test_robots_unknown_state_is_a_bug() -> None:
    with pytest.raises(ValueError, match="robots state"):
        answer_robots(robots_report("maybe"))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stored", "failed", "host", "expected"),
    [
        (0, (0, 0, 0), None, "I have not stored any pages yet."),
        (1, (0, 0, 0), None, "I have stored 1 page."),
        (2, (0, 0, 0), "a.test", "I have stored 2 pages from a.test."),
        (1000, (0, 0, 0), None, "I have stored 1000 pages."),
        (0, (1, 0, 0), None, "I have not stored any pages yet. I could not fetch 1 page: robots.txt disallowed 1."),
        (0, (0, 2, 0), "a.test", "I have not stored any pages from a.test yet. I could not fetch 2 pages: 2 failed with errors."),
        (5, (0, 1, 0), None, "I have stored 5 pages. I could not fetch 1 more page: 1 failed with an error."),
        (5, (0, 0, 2), None, "I have stored 5 pages. I could not fetch 2 more pages: 2 were deferred by long crawl delays."),
        (5, (2, 0, 1), None, "I have stored 5 pages. I could not fetch 3 more pages: robots.txt disallowed 2 and 1 was deferred by a long crawl delay."),
        (5, (2, 1, 0), None, "I have stored 5 pages. I could not fetch 3 more pages: robots.txt disallowed 2 and 1 failed with an error."),
        (7, (3, 4, 5), None, "I have stored 7 pages. I could not fetch 12 more pages: robots.txt disallowed 3, 4 failed with errors and 5 were deferred by long crawl delays."),
    ],
)  # fmt: skip
def test_stats_counts_and_outcome_mixes(stored: int, failed: tuple[int, int, int], host: str | None, expected: str) -> None:
    assert answer_stats(stats_report(stored, *failed, host=host)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("sitemap_urls", "failed", "expected"),
    [
        (1, 0, "I have stored 5 pages. 1 URL came from sitemaps."),
        (4, 2, "I have stored 5 pages. I could not fetch 2 more pages: robots.txt disallowed 2. 4 URLs came from sitemaps."),
        (0, 0, "I have stored 5 pages."),  # control: no sitemaps, no sentence about them
    ],
)
def test_stats_names_urls_that_came_from_sitemaps(sitemap_urls: int, failed: int, expected: str) -> None:
    report = {**stats_report(5, disallowed=failed), "sitemap_urls": sitemap_urls}
    assert answer_stats(report) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("over", "expected"),
    [
        ({"title": None}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. It has no title. It links to 1 page."),
        ({"title": "   "}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. It has no title. It links to 1 page."),
        ({"links": 0}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It has no links."),
        ({"links": 2}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It links to 2 pages."),
        ({"links": 250, "body_bytes": 2_400_000}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 2.4 MB. Its title is “Mova”. It links to 250 pages."),
        ({"body_bytes": 1}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 1 byte. Its title is “Mova”. It links to 1 page."),
        ({"content_type": "text/html; charset=UTF-8"}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It links to 1 page."),
        ({"title": "Mova\n  — the  home", "links": 1}, "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova — the home”. It links to 1 page."),
        ({"outcome": "not_modified", "status": 304, "body_bytes": None},
         "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 304 (unchanged since the fetch before), text/html. Its title is “Mova”. It links to 1 page."),
        ({"final_url": B}, "I fetched https://a.example/ (redirected to https://b.example/x) at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It links to 1 page."),
        ({"final_url": None, "fetched_unix": None, "status": None, "content_type": None, "body_bytes": None, "title": None, "links": None},
         "I fetched https://a.example/."),
    ],
)  # fmt: skip
def test_page_fetched_variants(over: dict[str, Any], expected: str) -> None:
    assert answer_page(page_report(**over)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("status", [404, 410, 500, 503])
def test_page_stored_with_an_http_error_status_is_a_failure(status: int) -> None:
    # The journal records the answer as outcome "fetched"; the asker hears that it failed.
    report = page_report("fetched", status=status, title="Not Found", links=0)
    assert answer_page(report) == f"I could not fetch https://a.example/ because the server answered HTTP {status}."  # type: ignore[arg-type]


@pytest.mark.parametrize("status", [200, 203, 304, 399])
def test_page_below_400_is_fetched(status: int) -> None:  # negative control of the above
    assert answer_page(page_report("fetched", status=status)).startswith("I fetched https://a.example/ at ")  # type: ignore[arg-type]


def test_page_non_html_has_no_title_or_link_sentence() -> None:
    report = page_report(content_type="application/pdf", body_bytes=2_400_000, title=None, links=None)
    assert answer_page(report) == (  # type: ignore[arg-type]
        "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, application/pdf, 2.4 MB."
    )


def test_page_missing_title_is_said_only_for_html() -> None:  # negative control of the above
    html = answer_page(page_report(title=None, links=None))  # type: ignore[arg-type]
    pdf = answer_page(page_report(content_type="application/pdf", title=None, links=None))  # type: ignore[arg-type]
    assert "no title" in html and "title" not in pdf


@pytest.mark.parametrize(
    ("body_bytes", "expected_fact"),
    [
        (10_485_760, "HTTP 200, text/html, 10.5 MB, cut short at the size limit."),
        (None, "HTTP 200, text/html, cut short at the size limit."),
    ],
)
def test_page_truncated_body_is_mentioned(body_bytes: int | None, expected_fact: str) -> None:
    text = answer_page(page_report(truncated=True, body_bytes=body_bytes))  # type: ignore[arg-type]
    assert expected_fact in text
    assert "cut short" not in answer_page(page_report(truncated=False, body_bytes=body_bytes))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("over", "because"),
    [
        ({"outcome": "disallowed", "rule": None, "status": None}, "robots.txt disallows it"),
        ({"outcome": "error", "status": 500}, "the server answered HTTP 500"),
        ({"outcome": "error", "status": 404, "reason": "the page is gone"}, "the server answered HTTP 404"),
        ({"outcome": "error", "status": 301, "reason": "the redirects loop back to https://a.example/"},
         "the redirects loop back to https://a.example/"),
        ({"outcome": "error", "status": 302, "reason": None}, "the server answered HTTP 302"),
        ({"outcome": "error", "status": None, "reason": None}, "an error occurred"),
        ({"outcome": "deferred", "status": None, "reason": None}, "the site asks for a longer crawl delay than I wait"),
        ({"outcome": "deferred", "status": None, "reason": "its crawl delay of 120 s is above the limit of 60 s"},
         "its crawl delay of 120 s is above the limit of 60 s"),
    ],
)  # fmt: skip
def test_page_failures(over: dict[str, Any], because: str) -> None:
    assert answer_page(page_report("failed", **over)) == f"I could not fetch https://a.example/ because {because}."  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("done", "total", "waiting", "now", "expected"),
    [
        (0, 1, 0, A, "I am working on octopus-7-0: 0 of 1 page is done, now https://a.example/. No job is waiting."),
        (1, 1, 1, None, "I am working on octopus-7-0: 1 of 1 page is done. 1 job is waiting."),
        (0, 3, 2, A, "I am working on octopus-7-0: 0 of 3 pages are done, now https://a.example/. 2 jobs are waiting."),
        (2, 16, 64, B, "I am working on octopus-7-0: 2 of 16 pages are done, now https://b.example/x. 64 jobs are waiting."),
    ],
)  # fmt: skip
def test_status_working(done: int, total: int, waiting: int, now: str | None, expected: str) -> None:
    assert answer_status(status_working(done, total, waiting, now)) == expected  # type: ignore[arg-type]


IDLE = "I am idle and the queue is empty."


@pytest.mark.parametrize(
    ("last", "waiting", "expected"),
    [
        (None, 0, f"{IDLE} I have not run any job yet."),
        (None, 1, "I am idle and 1 job is waiting. I have not run any job yet."),
        (last_job(1, 1, 0), 0, f"{IDLE} The last job, octopus-6-0, fetched 1 page."),
        (last_job(2, 2, 0), 0, f"{IDLE} The last job, octopus-6-0, fetched 2 pages."),
        (last_job(1, 0, 1), 0, f"{IDLE} The last job, octopus-6-0, could not fetch 1 page."),
        (last_job(3, 0, 3), 2, "I am idle and 2 jobs are waiting. The last job, octopus-6-0, could not fetch 3 pages."),
        (last_job(5, 1, 2), 0, f"{IDLE} The last job, octopus-6-0, fetched 1 page and could not fetch 2."),
        (last_job(0, 0, 0), 0, f"{IDLE} The last job, octopus-6-0, had no pages to fetch."),
        (last_job(5, 2, 1, interrupted=True), 0,
         f"{IDLE} The last job, octopus-6-0, fetched 2 pages and could not fetch 1 before it was interrupted. 2 pages were not started."),
        (last_job(2, 1, 0, interrupted=True), 0,
         f"{IDLE} The last job, octopus-6-0, fetched 1 page before it was interrupted. 1 page was not started."),
        (last_job(2, 2, 0, interrupted=True), 0,
         f"{IDLE} The last job, octopus-6-0, fetched 2 pages before it was interrupted."),
        (last_job(4, 0, 0, interrupted=True), 0,
         f"{IDLE} The last job, octopus-6-0, was interrupted before it fetched anything."),
    ],
)  # fmt: skip
def test_status_idle_tells_the_last_job_in_the_past(last: dict[str, Any] | None, waiting: int, expected: str) -> None:
    assert answer_status(status_idle(last, waiting)) == expected  # type: ignore[arg-type]


def vocabulary(loads: int, failed_unix: float | None = None) -> dict[str, Any]:
    return {
        "file": "/srv/seaspider/vocab.json", "sha256": "0" * 64, "loaded_unix": T_0752, "loads": loads,
        "reload_error": None if failed_unix is None else {"unix": failed_unix, "reason": "vocab.json: not valid JSON"},
    }  # fmt: skip


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        ({**status_idle(None), "vocabulary": vocabulary(1)}, f"{IDLE} I have not run any job yet."),
        ({**status_idle(None), "vocabulary": vocabulary(2)},
         f"{IDLE} I have not run any job yet. I read prompts with vocab.json as reloaded at 2026-11-04 07:52 UTC."),
        ({**status_working(0, 1, 0, None), "vocabulary": vocabulary(1, T_0752 + 3600)},
         "I am working on octopus-7-0: 0 of 1 page is done. No job is waiting. The vocabulary file vocab.json did not "
         "load at 2026-11-04 08:52 UTC, so I still read prompts with the one loaded at 2026-11-04 07:52 UTC."),
        ({**status_idle(last_job(2, 1, 0, interrupted=True)), "vocabulary": vocabulary(3)},
         f"{IDLE} The last job, octopus-6-0, fetched 1 page before it was interrupted. 1 page was not started; I read "
         "prompts with vocab.json as reloaded at 2026-11-04 07:52 UTC."),
    ],
    ids=["loaded-once-says-nothing", "reloaded", "reload-failed", "three-sentences-at-most"],
)  # fmt: skip
def test_status_names_the_vocabulary_after_a_reload(report: dict[str, Any], expected: str) -> None:
    assert answer_status(report) == expected  # type: ignore[arg-type]


KINDS = [
    "negation", "condition", "unsupported_verb", "no_url", "too_many_urls", "url_outside_parse",
    "non_public_address", "invalid_url", "not_understood", "unknown_caller", "something_new",
]  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_every_refusal_kind_has_a_reason(kind: str) -> None:
    text = answer_refusal({"operation": None, "refused": True, "kind": kind, "reason": ""})
    assert text.startswith("I did not act on this request because ")
    assert text.endswith(".") and not text.endswith("..")
    assert len(text) > len("I did not act on this request because ") + 5


def test_refusal_keeps_the_given_reason_and_its_single_stop() -> None:
    given = "the prompt says not to fetch https://a.example/."
    text = answer({"operation": None, "refused": True, "kind": "negation", "reason": given})
    assert text == "I did not act on this request because the prompt says not to fetch https://a.example/."
    assert refusal_clause("negation", None) != refusal_clause("condition", None)


def test_refused_wins_over_operation() -> None:
    report = {"operation": "fetch", "refused": True, "kind": "negation", "reason": "it says not to"}
    assert answer(report) == "I did not act on this request because it says not to."


def test_unknown_operation_is_a_bug() -> None:
    with pytest.raises(ValueError, match="operation 'delete'"):
        answer({"operation": "delete"})
    with pytest.raises(ValueError, match="operation None"):
        answer({"operation": None})


def sitemaps_report(state: str, sitemaps: list[str] | None, **over: Any) -> dict[str, Any]:
    return {**robots_report(state, **over), "operation": "sitemaps", "sitemaps": sitemaps}


@pytest.mark.parametrize(
    ("report", "expected"),
    [
        (sitemaps_report("allowed", ["https://a.example/s1.xml", "https://cdn.example/s2.xml.gz"]),
         f"{ROBOTS} names 2 sitemaps: https://a.example/s1.xml and https://cdn.example/s2.xml.gz."),
        (sitemaps_report("disallowed", ["https://a.example/s.xml"]), f"{ROBOTS} names 1 sitemap: https://a.example/s.xml."),
        (sitemaps_report("allowed", []), f"{ROBOTS} names no sitemaps."),
        (sitemaps_report("unavailable", None, status=404), f"{ROBOTS} is unavailable (HTTP 404), so it names no sitemaps."),
        (sitemaps_report("unreachable", None, status=None, reason="the connection was refused"),
         f"I cannot tell: {ROBOTS} is unreachable (the connection was refused)."),
        (sitemaps_report("queued", None), f"I have queued a robots.txt check for {A}; ask me again in a moment."),
        (sitemaps_report("allowed", None), f"I cannot tell: I do not have the text of {ROBOTS}."),
    ],
    ids=["two", "one-even-when-the-target-is-disallowed", "none-listed", "no-robots-txt", "unreachable", "queued", "no-text"],
)
def test_sitemaps_answer_names_what_robots_txt_lists(report: dict[str, Any], expected: str) -> None:
    assert answer_sitemaps(report) == expected  # type: ignore[arg-type]
    assert answer(report) == expected


def test_sitemaps_answer_names_five_and_counts_the_rest() -> None:
    many = [f"https://a.example/s{i}.xml" for i in range(8)]
    said = answer_sitemaps(sitemaps_report("allowed", many))  # type: ignore[arg-type]
    assert said.startswith(f"{ROBOTS} names 8 sitemaps: https://a.example/s0.xml, ") and "and 3 more" in said
