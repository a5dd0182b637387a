"""What a crawl reports: its summary (`seaspider fetch` prints it), the resume plan, the running totals."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from seaspider.web.records import Outcome

__all__ = ["OUTCOME_KEYS", "CrawlSummary", "ResumePlan", "RunCounts"]

OUTCOME_KEYS = tuple(str(o) for o in Outcome) + ("not_started",)


@dataclass(frozen=True, slots=True)
class CrawlSummary:
    """What one crawl did. `not_started` lists URLs never dispatched when a stop request came first
    (in memory only: a queue-file run counts them in `outcomes["not_started"]` and leaves them queued)."""

    planned: int  # URLs the run meant to fetch: queue after resume, uncertain ones, followed links, sitemap finds
    outcomes: Mapping[str, int]  # fetched, disallowed, deferred, error, not_modified, not_started
    bytes: int  # decoded body bytes of fetched pages
    wall_s: float
    hosts: int  # distinct hosts visited
    skipped_resume: int  # URLs skipped because the store already has a good, fresh record
    uncertain: int  # URLs in flight at a crash, fetched again in this run
    followed: int  # links added by follow mode
    links_lines: int  # lines written to links.jsonl
    interrupted: bool
    not_started: tuple[str, ...]
    store: str
    retries: int = 0  # retry lines journaled (a 429, a 503 or a failed connection tried again)
    bad_lines: int = 0  # queue lines that could not be used
    duplicates: int = 0  # queue lines repeating an earlier URL
    sitemaps: int = 0  # sitemap files read in this run
    sitemap_urls: int = 0  # page URLs sitemaps queued in this run (new, or due again by their lastmod)

    @property
    def visited(self) -> int:
        return sum(n for k, n in self.outcomes.items() if k != "not_started")

    @property
    def pages_per_s(self) -> float:
        return self.visited / self.wall_s if self.wall_s > 0 else 0.0

    def to_json(self, *, queue: str | None = None, bad_lines: int | None = None, duplicates: int | None = None) -> dict[str, Any]:
        """The summary object `seaspider fetch` prints (schemas/summary.schema.json)."""
        return {
            "queue": queue,
            "store": self.store,
            "planned": self.planned,
            "outcomes": {k: int(self.outcomes.get(k, 0)) for k in OUTCOME_KEYS},
            "bytes": self.bytes,
            "pages_per_s": round(self.pages_per_s, 3),
            "wall_s": round(self.wall_s, 3),
            "hosts": self.hosts,
            "skipped_resume": self.skipped_resume,
            "uncertain": self.uncertain,
            "bad_lines": self.bad_lines if bad_lines is None else bad_lines,
            "duplicates": self.duplicates if duplicates is None else duplicates,
            "followed": self.followed,
            "links_lines": self.links_lines,
            "sitemaps": self.sitemaps,
            "sitemap_urls": self.sitemap_urls,
            "retries": self.retries,
            "interrupted": self.interrupted,
        }


@dataclass(frozen=True, slots=True)
class ResumePlan:
    """What the resume rule leaves to fetch of URLs held in memory."""

    todo: tuple[str, ...]  # in dispatch-insertion order: uncertain URLs not in the queue, then the queue
    skipped: int  # queue URLs whose stored record is good and fresh
    uncertain: int  # URLs left uncertain by a crash that are fetched again


@dataclass
class RunCounts:
    """A run's running totals (event loop only)."""

    planned: int = 0
    visited: int = 0
    bytes: int = 0
    errors: int = 0
    followed: int = 0
    links: int = 0
    skipped: int = 0
    uncertain: int = 0
    retries: int = 0
    bad_lines: int = 0
    duplicates: int = 0
    listed: int = 0  # sitemap files and pages that sitemaps queued
    sitemap_urls: int = 0
    outcomes: dict[str, int] = dataclasses.field(default_factory=dict)
    hosts: set[str] = dataclasses.field(default_factory=set)  # in memory runs only; a queue run asks the frontier
