"""The records that pass between fetching, the store and the crawl: plain frozen values, no I/O.

`Visit` is what `fetch.visit(url)` returns and what the store journals as a `page` line.
`RobotsVerdict` explains the robots.txt decision for one URL; `RobotsFetch` is one fetch of a
robots.txt file (journaled as a `robots` line).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from seaspider.web.capture import Capture

__all__ = ["Hop", "KEPT_HEADERS", "Outcome", "Retry", "RobotsFetch", "RobotsSource", "RobotsVerdict", "Visit"]


class Outcome(enum.StrEnum):
    FETCHED = "fetched"
    DISALLOWED = "disallowed"
    DEFERRED = "deferred"
    ERROR = "error"
    NOT_MODIFIED = "not_modified"


# The response headers a page line keeps (lower-case names), in this order.
KEPT_HEADERS = (
    "content-type",
    "content-length",
    "content-encoding",
    "content-language",
    "last-modified",
    "etag",
    "location",
    "retry-after",
    "x-robots-tag",
    "date",
)


@dataclass(frozen=True, slots=True)
class Hop:
    """One request of a visit: the URL asked for, the HTTP status (None if none came) and the IP used."""

    url: str
    status: int | None
    ip: str | None
    capture: Capture | None = None  # the bytes sent and received, for WARC; None when no answer came

    def to_json(self) -> dict[str, Any]:
        return {"url": self.url, "status": self.status, "ip": self.ip}


class RobotsSource(enum.StrEnum):
    FETCHED = "fetched"  # parsed from a 2xx robots.txt fetched in this run
    CACHE = "cache"  # parsed from a stored robots.txt still within its TTL
    UNAVAILABLE = "unavailable"  # 4xx (not 429): everything allowed
    UNREACHABLE = "unreachable"  # 5xx, 429 or network failure: nothing allowed for a while
    ALWAYS = "always"  # /robots.txt itself is always allowed


@dataclass(frozen=True, slots=True)
class RobotsVerdict:
    """Why a URL was or was not allowed: robots URL, where the rules came from, group, rule, line."""

    url: str
    source: RobotsSource
    status: int | None
    allowed: bool
    group: str | None = None
    rule: str | None = None
    line: int | None = None
    crawl_delay_s: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "source": str(self.source),
            "status": self.status,
            "group": self.group,
            "decision": "allowed" if self.allowed else "disallowed",
            "rule": self.rule,
            "line": self.line,
            "crawl_delay": self.crawl_delay_s,
        }


@dataclass(frozen=True, slots=True)
class RobotsFetch:
    """One fetch of a robots.txt file. `body` is kept only for a 2xx answer."""

    url: str
    origin: str  # "https://host:port" as canonicalised (default port dropped)
    status: int | None
    state: RobotsSource  # FETCHED, UNAVAILABLE or UNREACHABLE
    body: bytes | None
    fetched_unix: float
    ip: str | None
    chain: tuple[Hop, ...] = ()
    error: str | None = None  # why it was unreachable, in English, when there was no status


@dataclass(frozen=True, slots=True)
class Visit:
    """The outcome of visiting one URL: everything the journal's page line needs."""

    url: str
    final_url: str
    outcome: Outcome
    status: int | None
    chain: tuple[Hop, ...]
    headers: dict[str, str]  # KEPT_HEADERS present in the final response
    content_type: str | None  # media type only, lower-case ("text/html")
    body: bytes  # decoded body (possibly cut at fetch.max_body_bytes); b"" when none
    truncated: bool
    sha256: str | None  # hex sha256 of `body` when fetched, else None
    robots: RobotsVerdict | None
    ms: int  # wall time of the visit, politeness waits included
    fetched_unix: float
    reason: str | None = None  # English reason for error/deferred/disallowed outcomes
    depth: int = 0
    parent: str | None = None
    user_agent: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    encoding_kept: str | None = None  # a Content-Encoding we could not decode: `body` is stored as sent
    links_truncated: bool = False  # the page had more links than fetch.max_links_per_page; the rest were not kept


@dataclass(frozen=True, slots=True)
class Retry:
    """A visit to be tried again (a 429, a 503, a failed connection): what a `retry` journal line records."""

    url: str
    attempt: int  # 1 for the first retry of this URL
    reason: str  # English: the cause, and when it is tried again
    status: int | None
    ip: str | None
    retry_after_s: float | None  # what the server's Retry-After asked for, if it sent one
    backoff_s: float
    not_before_unix: float  # the next attempt does not start before this
    depth: int = 0
    parent: str | None = None
