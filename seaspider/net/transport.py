"""The network edge: a caching resolver that applies the address policy, and a pinned HTTP/1.1 transport.

The resolver is the only place a host name becomes IPs; the transport never resolves anything:
it connects to exactly the IP it is given (the one politeness booked), sends the Host header and
TLS SNI / certificate check for the name, speaks HTTP/1.1 through h11, and closes.

Why a hand-written transport over h11 instead of httpx's pool: it is the only way to connect to
exactly the IP that was checked (no second resolution), and it costs 2.5x less CPU per request than
httpx's connection pool did in bench_fetch.py (measured when it was written); it keeps no idle
connection, which politeness wants anyway.
"""

from __future__ import annotations

import asyncio
import socket
import ssl
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass

import h11
import httpx

from seaspider.web.addresses import address_kind, is_public, literal_ip, refusal_reason
from seaspider.clock import Clock, SystemClock
from seaspider.errors import FetchError
from seaspider.net.reasons import MAX_HEAD_BYTES, closed_early, head_too_long, os_reason, protocol_reason, tls_reason
from seaspider.net.wiretap import WIRE, WireRecorder

__all__ = [
    "AddressRefused",
    "FAILED_LOOKUP_TTL_S",
    "Lookup",
    "PINNED_IP",
    "PinnedTransport",
    "READ_CHUNK_BYTES",
    "ResolveFailed",
    "Resolver",
    "TransportError",
    "default_ssl_context",
    "system_lookup",
]

PINNED_IP = "seaspider.pinned_ip"  # httpx request extension naming the IP to connect to
READ_CHUNK_BYTES = 64 * 1024
FAILED_LOOKUP_TTL_S = 60.0  # a name that did not resolve is asked again after at most a minute


class AddressRefused(FetchError):
    """The host is, or resolves to, an address the policy refuses (loopback, private, ...)."""


class ResolveFailed(FetchError):
    """The host name did not resolve to any address."""


Lookup = Callable[[str], Awaitable[Sequence[str]]]


async def system_lookup(host: str) -> list[str]:
    """The system resolver, run off the event loop; addresses in the order it gives them, deduplicated."""
    loop = asyncio.get_running_loop()
    infos = await loop.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    out: list[str] = []
    for _family, _type, _proto, _name, sockaddr in infos:
        ip = str(sockaddr[0]).split("%")[0]
        if ip not in out:
            out.append(ip)
    return out


@dataclass(frozen=True, slots=True)
class _Cached:
    ips: tuple[str, ...]
    error: FetchError | None
    expires_s: float


class Resolver:
    """Names to checked IPs: `network.resolve` overrides first, then the system, cached for the TTL.

    Every address is checked against the policy; a name with ANY non-public address is refused
    as a whole (a DNS-rebinding name cannot hide a loopback address among public ones).
    """

    def __init__(
        self,
        *,
        overrides: Mapping[str, str | Sequence[str]] | None = None,
        allow_private: bool = False,
        ttl_s: float = 3600.0,
        clock: Clock | None = None,
        lookup: Lookup | None = None,
        public: Callable[[str], bool] | None = None,
    ) -> None:
        self._overrides = {
            host.lower().rstrip("."): (ips,) if isinstance(ips, str) else tuple(ips) for host, ips in (overrides or {}).items()
        }
        self.allow_private = allow_private
        self._ttl_s = ttl_s
        self._clock = clock or SystemClock()
        self._lookup = lookup or system_lookup
        # Tests that must treat some loopback IPs as "public" (the local web) pass their own predicate.
        self._is_public = public or is_public
        self._cache: dict[str, _Cached] = {}
        self._inflight: dict[str, asyncio.Future[tuple[str, ...]]] = {}

    def cached(self, host: str) -> tuple[str, ...] | None:
        """The checked IPs of `host` if known and fresh, without a lookup; None otherwise (also on refusal)."""
        entry = self._cache.get(host)
        if entry is None or entry.error is not None or entry.expires_s <= self._clock.monotonic():
            return None
        return entry.ips

    def check(self, host: str) -> str | None:
        """The English reason `host` is refused before any lookup (a literal or localhost), else None."""
        return refusal_reason(host, allow_private=self.allow_private)

    def peek(self, host: str) -> tuple[str, ...] | FetchError | None:
        """What a `resolve` would give now without a lookup: IPs, the error, or None if unknown or stale."""
        entry = self._cache.get(host)
        if entry is None or entry.expires_s <= self._clock.monotonic():
            return None
        return entry.error if entry.error is not None else entry.ips

    async def resolve(self, host: str, *, unchecked: bool = False) -> tuple[str, ...]:
        """Checked IPs of `host` (a canonical URL host); raises AddressRefused or ResolveFailed.

        `unchecked=True` skips the address policy and the cache: fault injection for the
        negative-control tests only (the redirect re-check switched off), never used by the crawler.
        """
        if unchecked:
            literal = literal_ip(host)
            return (str(literal),) if literal is not None else self._overrides.get(host) or tuple(await self._lookup(host))
        now = self._clock.monotonic()
        entry = self._cache.get(host)
        if entry is not None and entry.expires_s > now:
            if entry.error is not None:
                raise entry.error
            return entry.ips
        waiting = self._inflight.get(host)
        if waiting is not None:
            return await asyncio.shield(waiting)
        future: asyncio.Future[tuple[str, ...]] = asyncio.get_running_loop().create_future()
        self._inflight[host] = future
        try:
            ips = await self._resolve_uncached(host)
        except FetchError as exc:
            self._cache[host] = _Cached((), exc, self._clock.monotonic() + min(self._ttl_s, FAILED_LOOKUP_TTL_S))
            future.set_exception(exc)
            future.exception()  # retrieved here, so a lone failure is not reported as "never retrieved"
            raise
        else:
            self._cache[host] = _Cached(ips, None, self._clock.monotonic() + self._ttl_s)
            future.set_result(ips)
            return ips
        finally:
            del self._inflight[host]

    async def _resolve_uncached(self, host: str) -> tuple[str, ...]:
        reason = self.check(host)
        if reason is not None:
            raise AddressRefused(reason)
        literal = literal_ip(host)
        if literal is not None:
            return (str(literal),)
        if host in self._overrides:
            ips = self._overrides[host]
        else:
            try:
                ips = tuple(await self._lookup(host))
            except OSError as exc:
                raise ResolveFailed(f"{host} did not resolve ({os_reason(exc)}).") from exc
            except UnicodeError as exc:
                raise ResolveFailed(f"{host} did not resolve (the name is not valid for DNS).") from exc
        if not ips:
            raise ResolveFailed(f"{host} did not resolve to any address.")
        if not self.allow_private:
            for ip in ips:
                if not self._is_public(ip):
                    raise AddressRefused(
                        f"{host} resolves to {ip}, a {address_kind(ip)} address, and private addresses are not allowed "
                        "(set network.allow_private_addresses to fetch from them)."
                    )
        return ips


# ----- the pinned transport ------------------------------------------------------------------


class TransportError(FetchError):
    """The connection failed or the server broke HTTP/1.1."""


def default_ssl_context() -> ssl.SSLContext:
    """Certificate and host-name checks on, the system's trust store."""
    return ssl.create_default_context()


class _Body(httpx.AsyncByteStream):
    """The response body as h11 Data events; closing it closes the connection (none is kept idle)."""

    def __init__(self, conn: h11.Connection, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, *, close_lazily: bool) -> None:
        self._conn = conn
        self._reader = reader
        self._writer = writer
        self._close_lazily = close_lazily
        self._closed = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        try:
            while True:
                event = _next_event(self._conn, in_body=True)
                if event is h11.NEED_DATA:
                    try:
                        data = await self._reader.read(READ_CHUNK_BYTES)
                    except OSError as exc:
                        raise TransportError(f"the connection failed while reading the body ({os_reason(exc)})") from exc
                    self._conn.receive_data(data)
                    continue
                if isinstance(event, h11.Data):
                    yield bytes(event.data)
                elif isinstance(event, (h11.EndOfMessage, h11.ConnectionClosed)):
                    return
        finally:
            await self.aclose()

    async def aclose(self) -> None:
        if not self._closed:
            self._closed = True
            await _close(self._writer, lazily=self._close_lazily)


def _next_event(conn: h11.Connection, *, in_body: bool) -> object:
    try:
        return conn.next_event()
    except h11.ProtocolError as exc:
        raise TransportError(protocol_reason(exc, in_body=in_body)) from exc


async def _close(writer: asyncio.StreamWriter, *, lazily: bool = False) -> None:
    """Close the connection, and return only once it is really closed.

    abort() alone only schedules the socket's close for the loop's next turn. A request's end is recorded
    after this returns, and CPU work may follow on the loop (parsing a big robots.txt), so the server must
    have seen the end by then: shutdown() sends it at once, and the wait lets the socket go before we
    return. Then the end we record never comes before the end the server sees.
    `lazily` is the old order (abort and return), kept for the negative-control tests only.
    """
    if not lazily:
        sock = writer.get_extra_info("socket")
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already reset or closed by the server
    try:
        writer.transport.abort()  # no lingering FIN handshake or idle socket is worth waiting for
    except RuntimeError:
        return  # the loop is closing: nothing left to wait for
    if lazily:
        return
    try:
        await writer.wait_closed()
    except OSError:
        pass  # the connection failed as it closed: it is closed all the same


class PinnedTransport(httpx.AsyncBaseTransport):
    """An httpx transport that connects to the IP in `request.extensions[PINNED_IP]` and nowhere else.

    One connection per request, `Connection: close`, no pool: a connection never outlives its
    politeness slot and is never shared between sites that happen to share an address. A response
    head over MAX_HEAD_BYTES is refused, however it arrives.
    """

    def __init__(self, *, connect_timeout_s: float, ssl_context: ssl.SSLContext | None = None, _close_lazily: bool = False) -> None:
        self._connect_timeout_s = connect_timeout_s
        self._ssl_context = ssl_context
        self._close_lazily = _close_lazily  # test-only: return before the socket is really closed

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        ip = request.extensions.get(PINNED_IP)
        if not isinstance(ip, str):
            raise TypeError("PinnedTransport needs the booked IP in request.extensions['seaspider.pinned_ip']")
        url = request.url
        https = url.scheme == "https"
        port = url.port or (443 if https else 80)
        wire: WireRecorder | None = request.extensions.get(WIRE)
        if wire is not None:
            wire.begin()  # WARC records what was sent and received (seaspider/net/wiretap.py)
        if https and self._ssl_context is None:
            self._ssl_context = default_ssl_context()
        try:
            async with asyncio.timeout(self._connect_timeout_s):
                reader, writer = await asyncio.open_connection(
                    ip,
                    port,
                    ssl=self._ssl_context if https else None,
                    # SNI and the certificate check are for the name (ASCII/IDNA form), never the IP.
                    server_hostname=url.raw_host.decode("ascii") if https else None,
                    limit=READ_CHUNK_BYTES,
                )
        except TimeoutError as exc:
            raise TransportError(f"connecting to {ip} port {port} took longer than {self._connect_timeout_s:g} s") from exc
        except ssl.SSLError as exc:
            raise TransportError(f"the TLS handshake with {url.host} at {ip} failed: {tls_reason(exc)}") from exc
        except OSError as exc:
            raise TransportError(f"connecting to {ip} port {port} failed ({os_reason(exc)})") from exc
        try:
            return await self._exchange(request, reader, writer)
        except BaseException:
            await _close(writer, lazily=self._close_lazily)
            raise

    async def _exchange(self, request: httpx.Request, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> httpx.Response:
        # h11's own bound only bites while it waits for more data; ours below counts every byte of the head.
        conn = h11.Connection(h11.CLIENT, max_incomplete_event_size=MAX_HEAD_BYTES + 1)
        headers = [(k, v) for k, v in request.headers.raw if k.lower() not in (b"connection", b"host")]
        target = request.url.raw_path
        head = conn.send(h11.Request(method=request.method, target=target, headers=[(b"host", request.url.netloc), *headers, (b"connection", b"close")]))
        end = conn.send(h11.EndOfMessage())
        received = 0  # bytes of the response head(s) so far, 1xx heads included
        wire: WireRecorder | None = request.extensions.get(WIRE)
        if wire is not None:
            wire.sent((head or b"") + (end or b""))
        try:
            writer.write((head or b"") + (end or b""))
            while True:
                event = _next_event(conn, in_body=False)
                if event is h11.NEED_DATA:
                    if received >= MAX_HEAD_BYTES:
                        raise TransportError(head_too_long())
                    # Never read past the cap while the head is incomplete: one giant header cannot slip through.
                    data = await reader.read(min(READ_CHUNK_BYTES, MAX_HEAD_BYTES - received))
                    if not data:
                        raise TransportError(closed_early() if received == 0 else "the server closed the connection in the middle of the response headers")
                    received += len(data)
                    if wire is not None:
                        wire.received(data)
                    conn.receive_data(data)
                    continue
                if isinstance(event, h11.InformationalResponse):
                    if wire is not None:
                        wire.interim_ended(conn.trailing_data[0])
                    continue
                if isinstance(event, h11.Response):
                    if wire is not None:
                        wire.head_ended(conn.trailing_data[0])
                    break
                if isinstance(event, h11.ConnectionClosed):
                    raise TransportError(closed_early())
        except OSError as exc:
            raise TransportError(f"the connection failed ({os_reason(exc)})") from exc
        return httpx.Response(
            status_code=event.status_code,
            headers=[(bytes(k), bytes(v)) for k, v in event.headers],
            stream=_Body(conn, reader, writer, close_lazily=self._close_lazily),
            extensions={"http_version": b"HTTP/1.1", "reason_phrase": bytes(event.reason)},
            request=request,
        )
