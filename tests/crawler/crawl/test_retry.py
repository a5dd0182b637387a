"""Retries with back-off (crawl/retry.py): which visits are tried again, after how long, and why."""

from __future__ import annotations

import email.utils

import pytest
from storekit import visit

from seaspider.crawl.retry import RetryAction, decide_retry, parse_retry_after, retry_cause
from seaspider.web.records import Hop, Outcome

NOW = 1_790_000_000.0


def _answer(status: int | None, *, retry_after: str | None = None, error: str | None = None):  # type: ignore[no-untyped-def]
    headers = {"content-type": "text/plain"}
    if retry_after is not None:
        headers["retry-after"] = retry_after
    v = visit("https://a.test/x", b"busy", status=status, headers=headers, outcome=Outcome.ERROR if error else Outcome.FETCHED, reason=error)
    if status is None:
        import dataclasses

        v = dataclasses.replace(v, chain=(Hop("https://a.test/x", None, "192.0.2.7"),), body=b"", sha256=None)
    return v


@pytest.mark.parametrize(
    ("status", "error", "cause"),
    [
        (429, None, "HTTP 429 Too Many Requests"),
        (503, None, "HTTP 503 Service Unavailable"),
        (None, "the connection was refused", "the connection failed: the connection was refused"),
        (500, None, None),
        (404, None, None),
        (200, None, None),
    ],
    ids=["429", "503", "connection-failure", "500-not-retried", "404-not-retried", "200-not-retried"],
)
def test_which_visits_are_retried(status: int | None, error: str | None, cause: str | None) -> None:
    assert retry_cause(_answer(status, error=error)) == cause


def test_an_error_without_a_request_is_not_retried() -> None:  # a failed lookup, a refused address
    v = visit("https://a.test/x", outcome=Outcome.ERROR, status=None, reason="a.test did not resolve")
    assert v.chain == () and retry_cause(v) is None


@pytest.mark.parametrize(("attempts", "wait"), [(0, 30.0), (1, 60.0)], ids=["first-retry-30s", "second-retry-60s"])
def test_backoff_doubles_from_30_seconds(attempts: int, wait: float) -> None:
    d = decide_retry(_answer(503), attempts=attempts, retries=2, max_delay_s=60, now_unix=NOW)
    assert d.action is RetryAction.RETRY and d.wait_s == wait and d.backoff_s == wait
    assert d.reason == f"HTTP 503 Service Unavailable; retry {attempts + 1} of 2 after {wait:g} s"


def test_retries_used_up_records_the_visit_as_it_is() -> None:
    assert decide_retry(_answer(503), attempts=2, retries=2, max_delay_s=60, now_unix=NOW).action is RetryAction.RECORD


def test_zero_retries_never_retries() -> None:  # negative control for fetch.retries
    assert decide_retry(_answer(429), attempts=0, retries=0, max_delay_s=60, now_unix=NOW).action is RetryAction.RECORD


def test_retry_after_longer_than_the_backoff_wins() -> None:
    d = decide_retry(_answer(429, retry_after="45"), attempts=0, retries=2, max_delay_s=60, now_unix=NOW)
    assert d.action is RetryAction.RETRY and d.wait_s == 45.0 and d.retry_after_s == 45.0 and d.backoff_s == 30.0


def test_retry_after_shorter_than_the_backoff_does_not_shorten_it() -> None:
    d = decide_retry(_answer(503, retry_after="1"), attempts=0, retries=2, max_delay_s=60, now_unix=NOW)
    assert d.wait_s == 30.0


def test_retry_after_above_max_crawl_delay_defers_even_after_the_retries() -> None:
    for attempts in (0, 2):
        d = decide_retry(_answer(503, retry_after="3600"), attempts=attempts, retries=2, max_delay_s=60, now_unix=NOW)
        assert d.action is RetryAction.DEFER
        assert d.reason == ("https://a.test/x answered HTTP 503 Service Unavailable with Retry-After 3600 s, "
                            "more than politeness.max_crawl_delay_secs (60 s)")  # fmt: skip


def test_retry_after_as_an_http_date() -> None:
    date = email.utils.formatdate(NOW + 90, usegmt=True)
    assert parse_retry_after(date, now_unix=NOW) == pytest.approx(90.0)
    assert parse_retry_after(email.utils.formatdate(NOW - 90, usegmt=True), now_unix=NOW) == 0.0  # in the past: now


@pytest.mark.parametrize("value", [None, "", "soon", "-5", "1.5", "Mon, 99 Foo 2026"], ids=["absent", "empty", "word", "negative", "fraction", "bad-date"])
def test_unusable_retry_after_is_ignored(value: str | None) -> None:
    assert parse_retry_after(value, now_unix=NOW) is None
