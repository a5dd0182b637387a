"""Visiting one URL politely: robots check, address policy, a booked slot, a bounded GET, redirects.

`Fetcher` owns the resolver, the robots cache, the politeness booking and the pinned transport.
`visit` never raises for network or HTTP failures: they become `error` visits with an English reason.

A little over the house's ~450 lines: a visit, its redirect hops and its robots.txt all book the
same per-IP slots under one gate; the transport, decoding, reasons and robots cache live beside it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Protocol

import h11
import httpx

from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.errors import FetchError, InvalidURL
from seaspider.net.decoding import ACCEPT_ENCODING, read_bounded
from seaspider.net.reasons import os_reason, protocol_reason
from seaspider.net.shared import RobotsShare, SharedBooking
from seaspider.net.transport import PINNED_IP, PinnedTransport, Resolver
from seaspider.net.wiretap import WIRE, WireRecorder
from seaspider.web.politeness import Politeness, Slot, restore_from_unix
from seaspider.net.robots_cache import (
    Exchange,
    RobotsCache,
    RobotsEntry,
    always_verdict,
    fetch_robots,
    verdict_for,
)
from seaspider.web.urls import URL, parse_url, resolve_link, sort_params
from seaspider.web.records import KEPT_HEADERS, Hop, Outcome, RobotsFetch, RobotsSource, RobotsVerdict, Visit

__all__ = [
    "CONDITIONAL_HEADERS",
    "END_MARGIN_S",
    "Faults",
    "Fetcher",
    "HASH_OFF_LOOP_BYTES",
    "PolitenessState",
    "kept_headers",
    "media_type",
]

CONDITIONAL_HEADERS = frozenset({"if-none-match", "if-modified-since"})
# We take a request's end once its connection is closed (transport._close); the server notes its end
# when its write returns or when it sees our close, which on a busy machine can be a little later.
# The margin keeps the gap the server sees at or above the interval (about 0.5 % of the politeness bound).
END_MARGIN_S = 0.01
HASH_OFF_LOOP_BYTES = 1 << 20  # hashlib releases the GIL on big inputs; small ones are cheaper inline


class PolitenessState(Protocol):
    """What the store keeps for politeness across runs (implemented by the store writer)."""

    def load_ip_ends(self) -> dict[str, float]: ...

    def save_ip_end(self, ip: str, end_unix: float) -> None: ...

    def load_robots(self, origin: str) -> RobotsFetch | None: ...

    def book_ip(self, ip: str, start_unix: float, until_unix: float) -> None:
        """Make a request to `ip` durable before it goes out (blocks for an fsync)."""
        ...


@dataclass(frozen=True, slots=True)
class Faults:
    """Test-only fault injection for the negative controls; the crawler never sets these."""

    drop_ip_booking: bool = False
    ignore_disallow: bool = False
    skip_redirect_recheck: bool = False
    skip_write_ahead: bool = False  # send without booking the IP durably first (12.6's negative control)
    keep_cut_robots_line: bool = False  # a robots.txt exactly at the cap is read as complete (the old bug)
    end_before_close: bool = False  # a request's end is recorded before its socket is really closed (the old bug)
    local_booking_only: bool = False  # a cluster node books its IPs in its own process only (issue 16's negative control)
    unshared_robots: bool = False  # a cluster node fetches every robots.txt itself (issue 16's negative control)


def media_type(content_type: str | None) -> str | None:
    """`text/html` from `Text/HTML; charset=utf-8`; None when absent or empty."""
    if not content_type:
        return None
    kind = content_type.split(";", 1)[0].strip().lower()
    return kind or None


def kept_headers(headers: Mapping[str, str]) -> dict[str, str]:
    """The headers a page line keeps, in KEPT_HEADERS order."""
    return {name: headers[name] for name in KEPT_HEADERS if name in headers}


# ----- waiting for slots ---------------------------------------------------------------------


class _Gate:
    """The async face of `Politeness`: waits (never spins) until a slot for a host is booked."""

    def __init__(self, politeness: Politeness, clock: Clock) -> None:
        self.politeness = politeness
        self._clock = clock
        self._waiters: dict[str, set[asyncio.Future[None]]] = {}

    async def acquire(self, host: str, ips: tuple[str, ...]) -> Slot:
        loop = asyncio.get_running_loop()
        while True:
            now = self._clock.monotonic()
            slot = self.politeness.try_start(host, ips, now)
            if slot is not None:
                return slot
            opening = self.politeness.opening(host, ips)
            future: asyncio.Future[None] = loop.create_future()
            keys = (host, *ips)
            for key in keys:
                self._waiters.setdefault(key, set()).add(future)
            timer = None
            if opening.at_s is not None:
                # Sleep until the computed free moment; an end on one of our IPs or our host wakes us earlier.
                timer = loop.call_later(max(0.0, opening.at_s - now), _wake, future)
            try:
                await future
            finally:
                if timer is not None:
                    timer.cancel()
                for key in keys:
                    waiting = self._waiters.get(key)
                    if waiting is not None:
                        waiting.discard(future)
                        if not waiting:
                            del self._waiters[key]

    def release(self, slot: Slot) -> float:
        """End the slot now; returns the end time on the politeness clock."""
        now = self._clock.monotonic()
        self.politeness.end(slot, now)
        for key in (slot.ip, slot.host):
            for future in list(self._waiters.get(key, ())):
                _wake(future)
        return now


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


# ----- the fetcher ---------------------------------------------------------------------------


class Fetcher:
    """Visits URLs politely; one per process owns every politeness timer and the robots cache."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Clock | None = None,
        state: PolitenessState | None = None,
        on_robots: Callable[[RobotsFetch], None] | None = None,
        resolver: Resolver | None = None,
        faults: Faults | None = None,
        transport: PinnedTransport | None = None,
        booking: SharedBooking | None = None,
        robots_share: RobotsShare | None = None,
    ) -> None:
        """`booking` and `robots_share` are a cluster's (seaspider/cluster/): the per-IP booking and
        the robots.txt cache shared with the other nodes, consulted after this process's own."""
        self.config = config
        self.clock = clock or SystemClock()
        self._state = state
        self._on_robots = on_robots
        self.faults = faults or Faults()
        self._booking = None if booking is None or self.faults.local_booking_only else booking
        self._robots_share = None if robots_share is None or self.faults.unshared_robots else robots_share
        net = config.network
        self.resolver = resolver or Resolver(
            overrides=net.overrides(), allow_private=net.allow_private_addresses, ttl_s=net.dns_ttl_secs, clock=self.clock
        )
        self.politeness = Politeness(
            ip_interval_s=config.politeness.ip_interval_ms / 1000, margin_s=END_MARGIN_S, enforce_ip=not self.faults.drop_ip_booking
        )
        if state is not None:
            restore_from_unix(self.politeness, state.load_ip_ends(), now_unix=self.clock.time(), now_s=self.clock.monotonic())
        self._gate = _Gate(self.politeness, self.clock)
        self._robots = RobotsCache(
            ttl_s=config.robots.ttl_secs,
            unreachable_retry_s=config.robots.unreachable_retry_secs,
            _drop_cut_line=not self.faults.keep_cut_robots_line,
        )
        self._robots_inflight: dict[str, asyncio.Future[RobotsEntry]] = {}
        self._store_asked: set[str] = set()
        self._learned: dict[str, RobotsEntry] = {}  # origin -> the entry whose crawl-delay politeness knows
        self._transport = transport or PinnedTransport(
            connect_timeout_s=config.fetch.connect_timeout_ms / 1000, _close_lazily=self.faults.end_before_close
        )
        self._timeout_s = config.fetch.timeout_ms / 1000
        self._keep_encoded = config.storage.keep_encoded_bodies
        self._token = config.robot.token
        self._base_headers = [
            ("user-agent", config.user_agent),
            ("accept", "*/*"),
            ("accept-encoding", ACCEPT_ENCODING),
        ]
        self.requests_made = 0

    # ----- robots ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def robots_lines_to(self, sink: Callable[[RobotsFetch], None]) -> Iterator[None]:
        """Send the robots.txt fetches made inside the block to `sink`, then to the previous one.

        A fetcher kept across crawls (the service's) lends itself to each crawl this way, so robots
        lines are journaled in that crawl's order, through its journal thread."""
        previous = self._on_robots
        self._on_robots = sink
        try:
            yield
        finally:
            self._on_robots = previous

    def _target(self, url: URL | str) -> URL:
        """The URL a public method acts on, canonical with fetch.sort_query applied.

        The crawl hands `URL`s, parsed once where they entered it with fetch.sort_query applied
        (queue lines, sitemaps, followed links); sorting again here is a cheap guard for any other
        caller. Text, from callers that hold nothing else (a robots question, a test), is parsed
        here; InvalidURL if bad.
        """
        if isinstance(url, str):
            return parse_url(url, sort_query=self.config.fetch.sort_query)
        return sort_params(url) if self.config.fetch.sort_query else url

    def _entry_from_memory(self, url: URL) -> RobotsEntry | None:
        origin = url.origin
        now = self.clock.time()
        entry = self._robots.get(origin, now)
        if entry is None and self._state is not None and origin not in self._store_asked:
            # The store is asked once per origin: after that, every robots.txt of this origin is
            # one we fetched ourselves (and the store journaled it through on_robots).
            self._store_asked.add(origin)
            stored = self._state.load_robots(origin)
            if stored is not None:
                candidate = self._robots.put(stored, from_store=True)
                if candidate.expires_unix > now:
                    entry = candidate
        if entry is not None and self._learned.get(origin) is not entry:
            self._learn_delay(entry, url.host)
        return entry

    def _learn_delay(self, entry: RobotsEntry, host: str) -> None:
        """Politeness learns the Crawl-delay of `entry`, the robots.txt of `host`'s origin."""
        self._learned[entry.fetch.origin] = entry
        self.politeness.set_crawl_delay(host, entry.crawl_delay_s(self._token))

    async def _robots_entry(self, url: URL) -> RobotsEntry:
        origin = url.origin
        entry = self._entry_from_memory(url)
        if entry is not None:
            return entry
        waiting = self._robots_inflight.get(origin)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[RobotsEntry] = asyncio.get_running_loop().create_future()
        self._robots_inflight[origin] = future
        try:
            shared = None if self._robots_share is None else await self._robots_share.obtain(origin)
            if shared is not None:
                entry = self._robots.put(shared, from_store=True)  # another node fetched it: its record is in that node's store
            else:
                fetched = await fetch_robots(url, self._exchange, max_redirects=self.config.robots.max_redirects, now_unix=self.clock.time)
                entry = self._robots.put(fetched)
                if self._on_robots is not None:
                    self._on_robots(fetched)
                if self._robots_share is not None:
                    await self._robots_share.share(fetched)
            self._learn_delay(entry, url.host)
            future.set_result(entry)
            return entry
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()
            raise
        finally:
            del self._robots_inflight[origin]

    def _verdict(self, url: URL, entry: RobotsEntry | None) -> RobotsVerdict:
        if url.path == "/robots.txt" and url.query is None:
            return always_verdict(url)
        assert entry is not None
        return verdict_for(entry, url, self._token)

    async def check_robots(self, url: URL | str) -> RobotsVerdict:
        """The robots.txt verdict for `url`, fetching robots.txt politely when it is not cached."""
        target = self._target(url)
        return self._verdict(target, await self._robots_entry(target))

    def cached_verdict(self, url: URL | str) -> RobotsVerdict | None:
        """The verdict from memory or the stored state within its TTL; None if a request would be needed."""
        target = self._target(url)
        entry = self._entry_from_memory(target)
        if entry is None:
            return None
        return self._verdict(target, entry)

    def robots_entry(self, url: URL | str) -> RobotsEntry | None:
        """The cached robots.txt outcome for the origin of `url` (for explanations), or None."""
        return self._entry_from_memory(self._target(url))

    # ----- one request ------------------------------------------------------------------------

    async def _exchange(self, url: URL, max_bytes: int, extra: Mapping[str, str] | None = None, *, unchecked: bool = False) -> Exchange:
        """One request (`_request`) with the bytes that went over the wire captured, for WARC."""
        wire = WireRecorder(now_unix=self.clock.time, keep_body=self._keep_encoded)
        exchange = await self._request(url, max_bytes, extra, unchecked=unchecked, wire=wire)
        capture = wire.capture(failed=exchange.error is not None, truncated=exchange.truncated)
        return exchange if capture is None else dataclasses.replace(exchange, capture=capture)

    async def _request(self, url: URL, max_bytes: int, extra: Mapping[str, str] | None, *, unchecked: bool, wire: WireRecorder) -> Exchange:
        """Resolve, book, send one GET, read the bounded body, free the slot. Failures become `error`."""
        text = str(url)
        try:
            ips = await self.resolver.resolve(url.host, unchecked=unchecked)
        except FetchError as exc:
            return Exchange(text, None, None, {}, b"", False, error=str(exc))
        slot = await self._gate.acquire(url.host, ips)
        if self._booking is not None:
            # The cluster's word: no other node has a request to this IP in flight, and it has rested.
            try:
                await self._booking.book(slot.ip, url.host)
            except BaseException:
                self._gate.release(slot)  # nothing was sent
                raise
        elif self._state is not None and not self.faults.skip_write_ahead:
            # Write ahead: the IP and start are durable before the request goes out, so a run killed
            # now leaves the IP resting until it must have ended (start + timeout), plus its interval.
            start = self.clock.time()
            try:
                await asyncio.to_thread(self._state.book_ip, slot.ip, start, start + self._timeout_s + END_MARGIN_S)
            except BaseException:
                self._gate.release(slot)  # nothing was sent
                raise
        headers = list(self._base_headers)
        if extra:
            headers += [(name, value) for name, value in extra.items()]
        request = httpx.Request("GET", text, headers=headers, extensions={PINNED_IP: slot.ip, WIRE: wire})
        status: int | None = None
        response_headers: dict[str, str] = {}
        try:
            self.requests_made += 1
            async with asyncio.timeout(self._timeout_s):
                response = await self._transport.handle_async_request(request)
                wire.tap(response)
                status = response.status_code
                response_headers = {k.lower(): v for k, v in response.headers.items()}
                decoded = await read_bounded(response, max_bytes)
        except TimeoutError:
            return Exchange(text, slot.ip, status, response_headers, b"", False, error=f"no complete answer came within {self._timeout_s:g} s (fetch.timeout_ms)")
        except FetchError as exc:
            return Exchange(text, slot.ip, status, response_headers, b"", False, error=str(exc).rstrip("."))
        except h11.ProtocolError as exc:
            return Exchange(text, slot.ip, status, response_headers, b"", False, error=protocol_reason(exc, in_body=status is not None))
        except OSError as exc:
            return Exchange(text, slot.ip, status, response_headers, b"", False, error=f"the connection failed ({os_reason(exc)})")
        except httpx.HTTPError as exc:
            # Only our own transport runs under httpx here, so this would be a bug of ours: say so plainly.
            return Exchange(text, slot.ip, status, response_headers, b"", False, error=f"the response could not be read ({type(exc).__name__})")
        finally:
            try:
                if self._booking is not None:
                    # The shared end first: the local rest then starts after the server's, so this
                    # process never asks the cluster for the IP before the cluster's rest is over.
                    await self._booking.end(slot.ip, url.host, self.politeness.host_delay_s(url.host))
            finally:
                self._gate.release(slot)
                if self._state is not None:
                    self._state.save_ip_end(slot.ip, self.clock.time())
        return Exchange(text, slot.ip, status, response_headers, decoded.body, decoded.truncated, encoding_kept=decoded.encoding_kept)

    # ----- a visit ----------------------------------------------------------------------------

    async def visit(
        self, url: URL | str, *, depth: int = 0, parent: str | None = None, conditional: Mapping[str, str] | None = None
    ) -> Visit:
        """Visit `url`: robots, policy, slot, GET, redirects. Never raises for network or HTTP failures.

        The crawl hands the `URL` its frontier holds, used as it is (fetch.sort_query applied);
        text is parsed here, and text that is no URL becomes an `error` visit naming the problem.
        """
        start_s = self.clock.monotonic()
        asked = url if isinstance(url, str) else str(url)  # the page line's url: canonical once parsed

        def done(outcome: Outcome, final: str, chain: list[Hop], reason: str | None, *, verdict: RobotsVerdict | None,
                 last: Exchange | None = None, sha: str | None = None) -> Visit:
            headers = kept_headers(last.headers) if last is not None else {}
            fetched = outcome in (Outcome.FETCHED, Outcome.NOT_MODIFIED)
            return Visit(
                url=asked,
                final_url=final,
                outcome=outcome,
                status=last.status if last is not None else None,
                chain=tuple(chain),
                headers=headers,
                content_type=media_type(headers.get("content-type")),
                body=last.body if (last is not None and fetched) else b"",
                truncated=bool(last is not None and fetched and last.truncated),
                sha256=sha,
                robots=verdict,
                ms=int(round((self.clock.monotonic() - start_s) * 1000)),
                fetched_unix=self.clock.time(),
                reason=reason,
                depth=depth,
                parent=parent,
                user_agent=self.config.user_agent,
                encoding_kept=last.encoding_kept if (last is not None and fetched) else None,
            )

        try:
            current = self._target(url)
        except InvalidURL as exc:
            return done(Outcome.ERROR, asked, [], str(exc), verdict=None)
        asked = str(current)
        extra = {k.lower(): v for k, v in (conditional or {}).items() if k.lower() in CONDITIONAL_HEADERS}
        chain: list[Hop] = []
        seen = {asked}
        verdict: RobotsVerdict | None = None
        last: Exchange | None = None
        max_redirects = self.config.fetch.max_redirects
        for hop in range(max_redirects + 1):
            text = str(current)
            recheck = hop == 0 or not self.faults.skip_redirect_recheck
            if recheck:
                refused = self.resolver.check(current.host)
                if refused is not None:
                    where = "the redirect target " if hop else ""
                    return done(Outcome.ERROR, text, chain, f"{where}{text} is refused: {refused}", verdict=verdict)
                try:
                    # The address policy before robots.txt: a refused name gets no request at all,
                    # and its reason is the refusal, not "robots.txt unreachable".
                    await self.resolver.resolve(current.host)
                except FetchError as exc:
                    where = "the redirect target " if hop else ""
                    return done(Outcome.ERROR, text, chain, f"{where}{text} cannot be fetched: {exc}", verdict=verdict)
                entry = None
                if not (current.path == "/robots.txt" and current.query is None):
                    entry = await self._robots_entry(current)
                verdict = self._verdict(current, entry)
                if verdict.source is RobotsSource.UNREACHABLE:
                    retry = self.config.robots.unreachable_retry_secs
                    why = (entry.fetch.error if entry else None) or (f"HTTP {verdict.status}" if verdict.status is not None else "no answer")
                    return done(Outcome.ERROR, text, chain,
                                f"{verdict.url} is unreachable ({why}), so the site is closed for {retry} seconds before it is asked again",
                                verdict=verdict)
                if not verdict.allowed and not self.faults.ignore_disallow:
                    via = f" (reached by a redirect from {asked})" if hop else ""
                    return done(Outcome.DISALLOWED, text, chain, f"{verdict.url} disallows {text}{via} for {self._token} (rule {verdict.rule})", verdict=verdict)
                delay = verdict.crawl_delay_s
                if delay is not None and delay > self.config.politeness.max_crawl_delay_secs:
                    return done(Outcome.DEFERRED, text, chain,
                                f"{verdict.url} asks for a crawl-delay of {delay:g} s, more than politeness.max_crawl_delay_secs "
                                f"({self.config.politeness.max_crawl_delay_secs:g} s)", verdict=verdict)
            last = await self._exchange(current, self.config.fetch.max_body_bytes, extra if hop == 0 else None, unchecked=not recheck)
            if last.ip is not None:  # the chain lists requests sent; a refused lookup sent none
                chain.append(Hop(text, last.status, last.ip, last.capture))
            if last.error is not None:
                return done(Outcome.ERROR, text, chain, last.error, verdict=verdict, last=last)
            location = last.location
            if location is None:
                if last.status == 304 and extra:
                    return done(Outcome.NOT_MODIFIED, text, chain, None, verdict=verdict, last=last)
                sha = await _sha256(last.body)
                return done(Outcome.FETCHED, text, chain, None, verdict=verdict, last=last, sha=sha)
            try:
                target = parse_url(resolve_link(base=text, href=location), sort_query=self.config.fetch.sort_query)
            except InvalidURL as exc:
                return done(Outcome.ERROR, text, chain, f"HTTP {last.status} redirects to an unusable location: {exc}", verdict=verdict, last=last)
            if str(target) in seen:
                return done(Outcome.ERROR, text, chain, f"the redirects loop back to {target}", verdict=verdict, last=last)
            seen.add(str(target))
            current = target
        return done(Outcome.ERROR, str(current), chain,
                    f"more than {max_redirects} redirects (fetch.max_redirects)", verdict=verdict, last=last)

    async def aclose(self) -> None:
        """Nothing stays open between requests; kept so callers can close uniformly."""
        await self._transport.aclose()


async def _sha256(body: bytes) -> str:
    if len(body) >= HASH_OFF_LOOP_BYTES:
        return await asyncio.to_thread(lambda: hashlib.sha256(body).hexdigest())
    return hashlib.sha256(body).hexdigest()

