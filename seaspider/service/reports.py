"""The report shapes the service builds and `seaspider.service.answers` turns into English.

Plain JSON-able dicts (the service sends them beside the answer), typed here as TypedDicts so both
sides agree. Times are Unix seconds (float); URLs are canonical strings; job ids look like
"octopus-7-0" (caller, request id, index). Knows nothing about sockets, the store or English.
"""

from __future__ import annotations

from typing import Literal, TypedDict

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
    "RefusalReport",
    "Report",
    "RobotsReport",
    "RobotsState",
    "StatsReport",
    "StatusReport",
]

Operation = Literal["fetch", "robots", "stats", "page", "status"]
OPERATIONS: tuple[Operation, ...] = ("fetch", "robots", "stats", "page", "status")

RobotsState = Literal["allowed", "disallowed", "unavailable", "unreachable", "queued"]
PageState = Literal["fetched", "failed", "not_fetched"]


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


class RobotsReport(TypedDict):
    """What robots.txt says about `target` for `agent`, or why it cannot say yet.

    `status` is the robots.txt HTTP status; `rule`, `group` and `line` name the deciding rule;
    `retry_unix` is when an unreachable origin opens again; `reason` is an English clause for a
    failure without a status ("the connection was refused").
    """

    operation: Literal["robots"]
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


class FailedCounts(TypedDict):
    """URLs whose latest record is each kind of failure."""

    disallowed: int
    error: int
    deferred: int


class StatsReport(TypedDict):
    """Store counts, for one host or (host None) all of them.

    `stored` counts URLs whose latest record is fetched or not_modified.
    """

    operation: Literal["stats"]
    host: str | None
    stored: int
    failed: FailedCounts
    bodies: int
    bytes: int


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


class StatusReport(TypedDict):
    """The worker: the running job (if working), how many wait, and the last finished job."""

    operation: Literal["status"]
    state: Literal["working", "idle"]
    current: CurrentJob | None
    waiting: int
    last: LastJob | None


class RefusalReport(TypedDict):
    """A request that was not acted on; `reason` completes «I did not act on this request because …»."""

    operation: None
    refused: Literal[True]
    kind: str
    reason: str


Report = FetchReport | RobotsReport | StatsReport | PageReport | StatusReport | RefusalReport
