"""robots.txt fetching and caching: status classes, TTL, the unreachable window, redirects, verdicts.

The cache and the verdicts are pure (times are passed in); `fetch_robots` does the requests
through an `exchange` callable the fetcher provides, so every hop is booked like any request.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace

from seaspider.errors import InvalidURL
from seaspider.web.capture import Capture
from seaspider.web.robots import MAX_ROBOTS_BYTES, Robots
from seaspider.web.urls import URL, parse_url, resolve_link
from seaspider.web.records import Hop, RobotsFetch, RobotsSource, RobotsVerdict

__all__ = [
    "Exchange",
    "ExchangeFn",
    "REDIRECT_STATUSES",
    "RobotsCache",
    "RobotsEntry",
    "always_verdict",
    "classify",
    "explain",
    "fetch_robots",
    "verdict_for",
]

REDIRECT_STATUSES = frozenset({301, 302, 303, 307, 308})


@dataclass(frozen=True, slots=True)
class Exchange:
    """One request as the fetcher made it: status and body, or the English reason it failed."""

    url: str
    ip: str | None
    status: int | None
    headers: dict[str, str]
    body: bytes
    truncated: bool
    error: str | None = None
    encoding_kept: str | None = None  # a Content-Encoding we could not decode: `body` is as sent
    capture: Capture | None = None  # the bytes sent and received, for WARC

    @property
    def location(self) -> str | None:
        return self.headers.get("location") if self.status in REDIRECT_STATUSES else None


ExchangeFn = Callable[[URL, int], Awaitable[Exchange]]  # (url, max_body_bytes) -> Exchange


def classify(status: int | None) -> RobotsSource:
    """RFC 9309 2.3.1: 2xx rules apply; 4xx (not 429) unavailable; 5xx, 429, no answer unreachable."""
    if status is None or status == 429 or status >= 500:
        return RobotsSource.UNREACHABLE
    if 200 <= status < 300:
        return RobotsSource.FETCHED
    # 4xx, and a 3xx chain that ended without a usable target (RFC 9309 2.3.1.2: may assume unavailable).
    return RobotsSource.UNAVAILABLE


@dataclass(frozen=True, slots=True)
class RobotsEntry:
    """A robots.txt outcome for one origin, parsed once, valid until `expires_unix`."""

    fetch: RobotsFetch
    robots: Robots | None
    from_store: bool
    expires_unix: float

    @property
    def state(self) -> RobotsSource:
        return self.fetch.state

    def crawl_delay_s(self, token: str) -> float | None:
        return None if self.robots is None else self.robots.crawl_delay(token)


class RobotsCache:
    """robots.txt outcomes per origin: TTL for fetched/unavailable, a shorter window for unreachable."""

    def __init__(self, *, ttl_s: float, unreachable_retry_s: float, _drop_cut_line: bool = True) -> None:
        self.ttl_s = ttl_s
        self.unreachable_retry_s = unreachable_retry_s
        self._drop_cut_line = _drop_cut_line  # test-only: False reads a body at the cap as complete
        self._entries: dict[str, RobotsEntry] = {}

    def lifetime_s(self, state: RobotsSource) -> float:
        """How long an outcome of this kind is kept."""
        return self.unreachable_retry_s if state is RobotsSource.UNREACHABLE else self.ttl_s

    def get(self, origin: str, now_unix: float) -> RobotsEntry | None:
        """The entry for `origin` if it has not expired."""
        entry = self._entries.get(origin)
        if entry is None or entry.expires_unix <= now_unix:
            return None
        return entry

    def put(self, fetch: RobotsFetch, *, from_store: bool = False) -> RobotsEntry:
        """Keep `fetch` for its origin (parsed now); returns the entry, even if already expired."""
        robots = None
        if fetch.state is RobotsSource.FETCHED:
            robots = Robots.parse(fetch.body or b"", _drop_cut_line=self._drop_cut_line)
        entry = RobotsEntry(fetch, robots, from_store, fetch.fetched_unix + self.lifetime_s(fetch.state))
        current = self._entries.get(fetch.origin)
        if current is None or current.fetch.fetched_unix <= fetch.fetched_unix:
            self._entries[fetch.origin] = entry
        return entry


def verdict_for(entry: RobotsEntry, url: URL, token: str) -> RobotsVerdict:
    """The decision `entry` gives for `url` and the robot `token`, with its reason."""
    fetch = entry.fetch
    robots_url = url.robots_url
    if entry.state is RobotsSource.UNREACHABLE:
        return RobotsVerdict(robots_url, RobotsSource.UNREACHABLE, fetch.status, allowed=False)
    if entry.state is RobotsSource.UNAVAILABLE or entry.robots is None:
        return RobotsVerdict(robots_url, RobotsSource.UNAVAILABLE, fetch.status, allowed=True)
    decision = entry.robots.decide(token, url.path_query)
    return RobotsVerdict(
        robots_url,
        RobotsSource.CACHE if entry.from_store else RobotsSource.FETCHED,
        fetch.status,
        allowed=decision.allowed,
        group=decision.group,
        rule=decision.rule,
        line=decision.line,
        crawl_delay_s=entry.robots.crawl_delay(token),
    )


def always_verdict(url: URL) -> RobotsVerdict:
    """RFC 9309 2.2.2: /robots.txt itself is always allowed (no robots.txt needed to fetch it)."""
    return RobotsVerdict(url.robots_url, RobotsSource.ALWAYS, None, allowed=True)


async def fetch_robots(origin: URL, exchange: ExchangeFn, *, max_redirects: int, now_unix: Callable[[], float]) -> RobotsFetch:
    """Fetch `origin`'s robots.txt, following up to `max_redirects` redirects, and classify the answer."""
    first = replace(origin, path="/robots.txt", query=None)  # origin.robots_url, not parsed again
    url = first
    chain: list[Hop] = []
    seen = {str(url)}
    last: Exchange | None = None
    error: str | None = None
    for _hop in range(max_redirects + 1):
        last = await exchange(url, MAX_ROBOTS_BYTES)
        chain.append(Hop(str(url), last.status, last.ip, last.capture))
        if last.error is not None:
            error = last.error
            break
        location = last.location
        if location is None:
            break
        try:
            target = parse_url(resolve_link(base=str(url), href=location))
        except InvalidURL as exc:
            error = f"robots.txt redirected to an unusable location ({exc})"
            break  # a 3xx without a usable target: unavailable (classified by its status)
        if str(target) in seen:
            error = f"robots.txt redirects in a loop back to {target}"
            break
        seen.add(str(target))
        url = target
    else:
        error = f"robots.txt redirected more than {max_redirects} times"
    assert last is not None
    state = classify(last.status)
    if last.error is not None and state is RobotsSource.FETCHED:
        # RFC 9309 2.3.1.4: a network error is "unreachable", even after a 2xx status line: a body that
        # timed out or was reset halfway is not an empty robots.txt that allows everything.
        state = RobotsSource.UNREACHABLE
    elif last.encoding_kept is not None and state is RobotsSource.FETCHED:
        # Rules cannot be read from bytes we could not decode; parsing them would allow everything.
        state = RobotsSource.UNREACHABLE
        error = f"robots.txt came with Content-Encoding {last.encoding_kept}, which Sea Spider cannot decode"
    body = last.body if state is RobotsSource.FETCHED else None
    return RobotsFetch(
        url=str(first),
        origin=origin.origin,
        status=last.status,
        state=state,
        body=body,
        fetched_unix=now_unix(),
        ip=last.ip,
        chain=tuple(chain),
        error=error if state is not RobotsSource.FETCHED else None,
    )


def explain(verdict: RobotsVerdict, url: str, token: str, *, retry_s: float | None = None, error: str | None = None) -> str:
    """The English answer to "may `token` fetch `url`?" from its verdict, naming the deciding rule."""
    robots_url = verdict.url
    if verdict.source is RobotsSource.ALWAYS:
        return f"Yes, {token} may always fetch {url}: robots.txt itself is never disallowed."
    if verdict.source is RobotsSource.UNREACHABLE:
        why = (error or (f"HTTP {verdict.status}" if verdict.status is not None else "no answer came")).rstrip(".")
        window = f" for {retry_s:g} seconds" if retry_s is not None else ""
        return f"No, {token} may not fetch {url} now: {robots_url} is unreachable ({why}), so the site is closed{window}."
    if verdict.source is RobotsSource.UNAVAILABLE:
        status = f" (HTTP {verdict.status})" if verdict.status is not None else ""
        return f"Yes, {token} may fetch {url}: {robots_url} is unavailable{status}, so everything is allowed."
    if verdict.allowed:
        rule = f"rule {verdict.rule}" if verdict.rule else "no rule matches it"
        return f"Yes, {robots_url} allows {token} to fetch {url} ({rule})."
    return f"No, {robots_url} disallows {url} for {token} (rule {verdict.rule})."
