"""The follow policy: which links of a fetched page join the crawl in follow mode.

Pure and deterministic: links in, URLs to add out, in page order. Knows hosts, depths and caps;
knows nothing about fetching, robots.txt (the fetcher checks every URL) or the store. What was
seen and how full each directory is comes from a `SeenSet`: a set in memory for one run, or the
disk frontier's seen set for a crawl of any size.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol
from urllib.parse import urlsplit

from seaspider.config import FollowConfig
from seaspider.web.links import Link
from seaspider.web.urls import host_of

__all__ = ["FollowPolicy", "FollowResult", "Followed", "MemorySeen", "SeenSet", "Skip", "directory_of"]


class Skip(enum.StrEnum):
    """Why a link was not followed."""

    OFF_HOST = "off_host"  # another host than the page it was found on
    NOFOLLOW = "nofollow"  # rel nofollow/ugc/sponsored, meta robots or X-Robots-Tag
    DEPTH = "depth"  # the page is already at follow.max_depth
    SEEN = "seen"  # already queued or followed in this run
    MAX_PAGES = "max_pages"  # follow.max_pages reached for this run
    DIRECTORY = "directory"  # follow.max_per_directory reached: the trap guard


@dataclass(frozen=True, slots=True)
class Followed:
    """One link to add to the crawl: its URL, its depth, the page it was found on and its priority."""

    url: str
    depth: int
    parent: str
    priority: int = 0


class SeenSet(Protocol):
    """URLs already queued or followed, and how many of them each host directory holds."""

    def __contains__(self, url: str) -> bool: ...

    def directory_count(self, directory: str) -> int: ...

    def add(self, url: str) -> None:
        """Count `url` as seen (and in its directory) from now on."""
        ...


@dataclass
class MemorySeen:
    """The seen set of one run, in memory."""

    _urls: set[str] = field(default_factory=set)
    _per_directory: Counter[str] = field(default_factory=Counter)

    def __contains__(self, url: str) -> bool:
        return url in self._urls

    def directory_count(self, directory: str) -> int:
        return self._per_directory[directory]

    def add(self, url: str) -> None:
        if url not in self._urls:
            self._urls.add(url)
            self._per_directory[directory_of(url)] += 1


@dataclass(frozen=True, slots=True)
class FollowResult:
    """What `FollowPolicy.select` decided for one page."""

    followed: tuple[Followed, ...]
    skipped: tuple[tuple[str, Skip], ...]


def directory_of(url: str) -> str:
    """The trap guard's bucket: host and port plus the path up to its last '/'.

    `https://a.test/cal/2026/?d=1` and `https://a.test/cal/2026/x?sid=9` share `a.test/cal/2026/`,
    so a calendar or session-id maze in one directory is capped however many URLs it spells.
    """
    parts = urlsplit(url)
    path = parts.path or "/"
    return parts.netloc.lower() + path[: path.rfind("/") + 1]


@dataclass
class FollowPolicy:
    """Decides, page by page, which links follow mode adds; counts per run.

    Same host as the page's requested URL (so a redirect to another site does not widen the
    crawl), not nofollow, depth + 1 <= max_depth, at most max_pages followed per run, and at
    most max_per_directory distinct URLs per host directory (seeds included) so traps cannot
    eat the run.
    """

    config: FollowConfig
    seen: SeenSet = field(default_factory=MemorySeen)
    followed_count: int = 0
    skipped_counts: Counter[Skip] = field(default_factory=Counter)

    def note_seed(self, url: str) -> None:
        """Record a queued URL: never followed again and counted in its directory."""
        self.seen.add(url)

    def select(self, *, page_url: str, depth: int, links: Iterable[Link], priority: int = 0) -> FollowResult:
        """The links of the page at `page_url` (fetched at `depth`, with `priority`) to add, in page order.

        A followed link gets its page's priority minus one: a page's own links never jump ahead of it.
        """
        followed: list[Followed] = []
        skipped: list[tuple[str, Skip]] = []
        if not self.config.enabled:
            return FollowResult((), ())
        host = host_of(page_url)
        child_depth = depth + 1
        for link in links:
            reason = self._reason(link, host, child_depth)
            if reason is not None:
                skipped.append((link.url, reason))
                self.skipped_counts[reason] += 1
                continue
            self.seen.add(link.url)
            self.followed_count += 1
            followed.append(Followed(link.url, child_depth, page_url, priority - 1))
        return FollowResult(tuple(followed), tuple(skipped))

    def _reason(self, link: Link, host: str, child_depth: int) -> Skip | None:
        if host_of(link.url) != host:
            return Skip.OFF_HOST
        if link.nofollow:
            return Skip.NOFOLLOW
        if child_depth > self.config.max_depth:
            return Skip.DEPTH
        if link.url in self.seen:
            return Skip.SEEN
        if self.followed_count >= self.config.max_pages:
            return Skip.MAX_PAGES
        if self.seen.directory_count(directory_of(link.url)) >= self.config.max_per_directory:
            return Skip.DIRECTORY
        return None
