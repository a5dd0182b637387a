"""The report shapes the service builds and `seaspider.service.answers` turns into English, and
the pure builders that make them from store records and robots verdicts.

Plain JSON-able dicts (the service sends them beside the answer), typed here as TypedDicts so both
sides agree. Times are Unix seconds (float); URLs are canonical strings; job ids look like
"octopus-7-0" (caller, request id, index). Knows nothing about sockets, the store's files or English.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NotRequired, TypedDict

from seaspider.web.records import RobotsFetch, RobotsSource, RobotsVerdict
from seaspider.web.robots import Robots
from seaspider.web.text import PageText, TextKind, cut
from seaspider.web.urls import origin_of

__all__ = [
    "OPERATIONS",
    "Operation",
    "CurrentJob",
    "FailedCounts",
    "FetchNotQueuedReport",
    "FetchQueuedReport",
    "FetchReport",
    "LastJob",
    "PageReport",
    "PageState",
    "ReadReport",
    "ReadState",
    "RefusalReport",
    "Report",
    "RobotsReport",
    "RobotsState",
    "SitemapsReport",
    "StatsReport",
    "StatusReport",
    "VocabularyReport",
    "page_report",
    "read_report",
    "refusal_report",
    "robots_queued_report",
    "robots_report",
    "robots_sitemaps",
    "sitemaps_report",
    "stats_report",
]

Operation = Literal["fetch", "robots", "sitemaps", "stats", "page", "status", "read"]
OPERATIONS: tuple[Operation, ...] = ("fetch", "robots", "sitemaps", "stats", "page", "status", "read")

RobotsState = Literal["allowed", "disallowed", "unavailable", "unreachable", "queued"]
PageState = Literal["fetched", "failed", "not_fetched"]
ReadState = Literal["text", "no_text", "not_fetched", "failed"]


class FetchQueuedReport(TypedDict):
    """A fetch job was queued: its id, its URLs and how many jobs wait before it."""

    operation: Literal["fetch"]
    queued: Literal[True]
    job: str
    urls: list[str]
    ahead: int


class FetchNotQueuedReport(TypedDict):
    """A fetch job was not queued; `reason` is "full" when the queue already holds `limit` jobs."""

    operation: Literal["fetch"]
    queued: Literal[False]
    reason: str
    limit: int
    urls: list[str]


FetchReport = FetchQueuedReport | FetchNotQueuedReport


class _RobotsFields(TypedDict):
    """What robots.txt says about `target` for `agent`, or why it cannot say yet.

    `status` is the robots.txt HTTP status; `rule`, `group` and `line` name the deciding rule;
    `retry_unix` is when an unreachable origin opens again; `reason` is an English clause for a
    failure without a status ("the connection was refused").
    """

    target: str
    agent: str
    robots_url: str
    state: RobotsState
    status: int | None
    rule: str | None
    group: str | None
    line: int | None
    fetched_unix: float | None
    retry_unix: float | None
    reason: str | None


class RobotsReport(_RobotsFields):
    """The robots answer; `sitemaps` are the robots.txt's Sitemap: lines in file order (None when no
    robots.txt body is known)."""

    operation: Literal["robots"]
    sitemaps: NotRequired[list[str] | None]


class SitemapsReport(_RobotsFields):
    """The robots report asked about its `sitemaps` ("What sitemaps does A have?"): the same fields."""

    operation: Literal["sitemaps"]
    sitemaps: list[str] | None


class FailedCounts(TypedDict):
    """URLs whose latest record is each kind of failure."""

    disallowed: int
    error: int
    deferred: int


class StatsReport(TypedDict):
    """Store counts, for one host or (host None) all of them.

    `stored` counts URLs whose latest record is fetched or not_modified; `sitemap_urls` counts URLs
    the store first recorded as listed by a sitemap.
    """

    operation: Literal["stats"]
    host: str | None
    stored: int
    failed: FailedCounts
    bodies: int
    bytes: int
    sitemap_urls: NotRequired[int]


class PageReport(TypedDict):
    """The latest record of one URL: what was fetched, or why not.

    `outcome` is the journal outcome (fetched, disallowed, deferred, error, not_modified); `reason`
    is an English clause for a failure without a status; `links` is None for non-HTML pages.
    """

    operation: Literal["page"]
    url: str
    state: PageState
    fetched_unix: float | None
    status: int | None
    content_type: str | None
    body_bytes: int | None
    truncated: bool
    title: str | None
    links: int | None
    outcome: str | None
    reason: str | None
    rule: str | None
    final_url: str | None


class CurrentJob(TypedDict):
    """The running job: progress, the URL in flight (None between URLs) and who asked for it."""

    job: str
    urls_total: int
    urls_done: int
    now: str | None
    asked_by: str


class LastJob(TypedDict):
    """The most recently finished job."""

    job: str
    urls_total: int
    fetched: int
    failed: int
    finished_unix: float
    interrupted: bool


class VocabularyReport(TypedDict):
    """The vocabulary reading prompts: its file, the sha256 of its bytes, when it was loaded, how many
    loads so far (1 until a reload), and the last reload that did not take (None once one takes)."""

    file: str
    sha256: str
    loaded_unix: float
    loads: int
    reload_error: dict[str, Any] | None


class StatusReport(TypedDict):
    """The worker: the running job (if working), how many wait, and the last finished job; the
    vocabulary in use when the service knows its file (`seaspider serve`)."""

    operation: Literal["status"]
    state: Literal["working", "idle"]
    current: CurrentJob | None
    waiting: int
    last: LastJob | None
    vocabulary: NotRequired[VocabularyReport]


class RefusalReport(TypedDict):
    """A request that was not acted on; `reason` completes «I did not act on this request because …»."""

    operation: None
    refused: Literal[True]
    kind: str
    reason: str


class ReadReport(TypedDict):
    """A span of a stored page's readable text (schemas/read-report.schema.json).

    `state` is "text" (the span is in `text`), "no_text" (the body is not text: its type and size are
    given), "not_fetched" or "failed" (the latest record is a failure, as in PageReport). `start` is
    0-based; `end` is `start` plus the characters given; `total_chars` is the length of the whole
    text, so a caller pages on from `end` while `more`. `complete` is False when the page was larger
    than one extraction reads (seaspider/web/text.py); `truncated` when the fetch cut the body.
    """

    operation: Literal["read"]
    url: str
    state: ReadState
    final_url: str | None
    fetched_unix: float | None
    status: int | None
    content_type: str | None
    body_bytes: int | None
    truncated: bool
    title: str | None
    kind: str | None
    start: int
    max_chars: int
    end: int
    total_chars: int | None
    more: bool
    complete: bool
    text: str | None
    outcome: str | None
    reason: str | None
    rule: str | None


Report = FetchReport | RobotsReport | SitemapsReport | StatsReport | PageReport | StatusReport | ReadReport | RefusalReport


def refusal_report(kind: str, reason: str) -> dict[str, Any]:
    """A refusal report: nothing was done, `reason` completes «I did not act on this request because …»."""
    return {"operation": None, "refused": True, "kind": str(kind), "reason": reason}


def robots_report(target: str, agent: str, verdict: RobotsVerdict, fetch: RobotsFetch | None, *, retry_secs: int) -> dict[str, Any]:
    """The robots report for a verdict and the robots.txt fetch it came from. Pure."""
    if verdict.source is RobotsSource.UNREACHABLE:
        state = "unreachable"
    elif verdict.source is RobotsSource.UNAVAILABLE:
        state = "unavailable"
    else:
        state = "allowed" if verdict.allowed else "disallowed"
    fetched = fetch.fetched_unix if fetch is not None else None
    return {
        "operation": "robots",
        "target": target,
        "agent": agent,
        "robots_url": verdict.url,
        "state": state,
        "status": verdict.status,
        "rule": verdict.rule,
        "group": verdict.group,
        "line": verdict.line,
        "fetched_unix": fetched,
        "retry_unix": fetched + retry_secs if state == "unreachable" and fetched is not None else None,
        "reason": fetch.error if state == "unreachable" and fetch is not None else None,
        "sitemaps": robots_sitemaps(fetch),
    }


def robots_sitemaps(fetch: RobotsFetch | None) -> list[str] | None:
    """The Sitemap: lines of a stored robots.txt, in file order; None when its body is not known."""
    if fetch is None or fetch.body is None or fetch.state is not RobotsSource.FETCHED:
        return None
    return Robots.parse(fetch.body).sitemaps


def sitemaps_report(robots: Mapping[str, Any]) -> dict[str, Any]:
    """A robots report (or a refusal) as the answer to "what sitemaps does A have?": the same facts,
    its `sitemaps` field the one asked about. Pure."""
    if robots.get("operation") != "robots":
        return dict(robots)  # a refusal (queue full, check failed) answers as it is
    return {**robots, "operation": "sitemaps"}


def robots_queued_report(target: str, agent: str) -> dict[str, Any]:
    """A robots check was queued and has no answer yet."""
    robots_url = origin_of(target) + "/robots.txt"
    return {
        "operation": "robots", "target": target, "agent": agent, "robots_url": robots_url, "state": "queued",
        "status": None, "rule": None, "group": None, "line": None, "fetched_unix": None, "retry_unix": None, "reason": None,
        "sitemaps": None,
    }


def stats_report(raw: Mapping[str, Any], host: str | None) -> dict[str, Any]:
    """The stats report from the store's stats JSON. Pure."""
    by_outcome = raw.get("pages") or {}  # URLs by the outcome of their latest page line
    stored = int(by_outcome.get("fetched", 0)) + int(by_outcome.get("not_modified", 0))
    bodies = raw.get("bodies", 0)
    byte_count = raw.get("bytes_raw", 0)
    return {
        "operation": "stats",
        "host": host,
        "stored": stored,
        "failed": {k: int(by_outcome.get(k, 0)) for k in ("disallowed", "error", "deferred")},
        "bodies": int(bodies),
        "bytes": int(byte_count),
        "sitemap_urls": int(raw.get("sitemap_urls", 0)),
    }


def page_report(url: str, line: Mapping[str, Any] | None, *, title: str | None, links: int | None) -> dict[str, Any]:
    """The page report from the latest page line of `url` (None: never fetched). Pure."""
    base: dict[str, Any] = {
        "operation": "page", "url": url, "state": "not_fetched", "fetched_unix": None, "status": None,
        "content_type": None, "body_bytes": None, "truncated": False, "title": None, "links": None,
        "outcome": None, "reason": None, "rule": None, "final_url": None,
    }
    if line is None:
        return base
    outcome = line.get("outcome")
    robots = line.get("robots") or {}
    fetched = outcome in ("fetched", "not_modified")
    base.update(
        state="fetched" if fetched else "failed",
        fetched_unix=line.get("fetched_unix"),
        status=line.get("status"),
        content_type=line.get("content_type"),
        body_bytes=line.get("body_bytes") if fetched else None,
        truncated=bool(line.get("truncated", False)),
        title=title if fetched else None,
        links=links if fetched else None,
        outcome=outcome,
        reason=line.get("reason"),
        rule=robots.get("rule") if outcome == "disallowed" else None,
        final_url=line.get("final_url"),
    )
    return base


def read_report(url: str, line: Mapping[str, Any] | None, page: PageText | None, *, start: int, max_chars: int) -> dict[str, Any]:
    """The read report from the latest page line of `url` and its body's text (None: no line or a failure). Pure."""
    base: dict[str, Any] = {
        "operation": "read", "url": url, "state": "not_fetched", "final_url": None, "fetched_unix": None,
        "status": None, "content_type": None, "body_bytes": None, "truncated": False, "title": None, "kind": None,
        "start": start, "max_chars": max_chars, "end": start, "total_chars": None, "more": False, "complete": True,
        "text": None, "outcome": None, "reason": None, "rule": None,
    }
    if line is None:
        return base
    outcome = line.get("outcome")
    status = line.get("status")
    base.update(
        final_url=line.get("final_url"), fetched_unix=line.get("fetched_unix"), status=status,
        content_type=line.get("content_type"), truncated=bool(line.get("truncated", False)), outcome=outcome,
    )
    # A 4xx/5xx answer is journaled as a fetched page; to a reader it is a failure, as in page_report.
    if outcome not in ("fetched", "not_modified") or (status is not None and status >= 400) or page is None:
        robots = line.get("robots") or {}
        base.update(state="failed", reason=line.get("reason"), rule=robots.get("rule") if outcome == "disallowed" else None)
        return base
    base.update(body_bytes=line.get("body_bytes"), kind=str(page.kind), complete=page.complete)
    if page.kind is TextKind.NONE:
        base.update(state="no_text")
        return base
    span = cut(page.text, start=start, max_chars=max_chars)
    base.update(
        state="text", title=page.title, end=start + len(span.text), total_chars=span.total,
        more=start + len(span.text) < span.total, text=span.text,
    )
    return base
