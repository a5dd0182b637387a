"""Retries with back-off: which failed visits are tried again, after how long, and why.

Pure: a visit and the times in, a decision out; no clock, no I/O. A 429, a 503 or a connection
failure is retried up to `fetch.retries` times, after max(Retry-After, back-off), the back-off
doubling from 30 s; a Retry-After longer than `politeness.max_crawl_delay_secs` defers the URL.
"""

from __future__ import annotations

import email.utils
import enum
import math
from dataclasses import dataclass

from seaspider.web.records import Outcome, Visit

__all__ = ["BACKOFF_BASE_S", "RETRY_STATUSES", "RetryAction", "RetryDecision", "decide_retry", "parse_retry_after", "retry_cause"]

BACKOFF_BASE_S = 30.0  # the first retry waits at least this long; each further one twice as long
# RFC 9110 15.5.20 / RFC 6585 4: a server saying "not now" (it may send Retry-After).
RETRY_STATUSES = {429: "Too Many Requests", 503: "Service Unavailable"}


class RetryAction(enum.StrEnum):
    RETRY = "retry"  # try again after `wait_s`
    DEFER = "defer"  # record it deferred: the server asked for a longer wait than we accept
    RECORD = "record"  # record the visit as it is (not retryable, or the retries are used up)


@dataclass(frozen=True, slots=True)
class RetryDecision:
    """What to do with a visit, and the English reason for a retry or a deferral."""

    action: RetryAction
    reason: str | None = None
    wait_s: float = 0.0  # RETRY: from the end of this attempt to the next
    retry_after_s: float | None = None  # what the server's Retry-After asked for, if it sent one
    backoff_s: float = 0.0  # RETRY: the back-off of this attempt


def retry_cause(visit: Visit) -> str | None:
    """Why `visit` is worth trying again ("HTTP 503 Service Unavailable", "the connection failed: ..."), or None."""
    if visit.status in RETRY_STATUSES and visit.outcome is Outcome.FETCHED:
        return f"HTTP {visit.status} {RETRY_STATUSES[visit.status]}"
    # A request went out (its hop has an IP) and no status came back: refused, reset, timed out.
    # A failed lookup, a refused address or an unreachable robots.txt sent no request: not retried.
    if visit.outcome is Outcome.ERROR and visit.chain and visit.chain[-1].status is None and visit.chain[-1].ip is not None:
        return f"the connection failed: {(visit.reason or 'no answer').rstrip('.')}"
    return None


def parse_retry_after(value: str | None, *, now_unix: float) -> float | None:
    """Retry-After (RFC 9110 10.2.3) as seconds from now: delay-seconds or an HTTP-date; None when absent or unusable."""
    if value is None:
        return None
    text = value.strip()
    if text.isdigit():
        return float(int(text))
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None or when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - now_unix)


def decide_retry(
    visit: Visit, *, attempts: int, retries: int, max_delay_s: float, now_unix: float, backoff_base_s: float = BACKOFF_BASE_S
) -> RetryDecision:
    """Retry, defer or record `visit`, the `attempts`-th retry of its URL already made (0 for a first try)."""
    cause = retry_cause(visit)
    if cause is None:
        return RetryDecision(RetryAction.RECORD)
    retry_after = parse_retry_after(visit.headers.get("retry-after"), now_unix=now_unix) if visit.status in RETRY_STATUSES else None
    if retry_after is not None and retry_after > max_delay_s:
        return RetryDecision(
            RetryAction.DEFER,
            f"{visit.final_url} answered {cause} with Retry-After {retry_after:g} s, more than "
            f"politeness.max_crawl_delay_secs ({max_delay_s:g} s)",
            retry_after_s=retry_after,
        )
    if attempts >= retries:
        return RetryDecision(RetryAction.RECORD)
    backoff = backoff_base_s * math.pow(2, attempts)
    wait = max(retry_after or 0.0, backoff)
    why = f"{cause}; retry {attempts + 1} of {retries} after {wait:g} s"
    return RetryDecision(RetryAction.RETRY, why, wait_s=wait, retry_after_s=retry_after, backoff_s=backoff)
