"""The built-in local web: an asyncio HTTP/1.1 server of H sites, each host on a loopback IP.

Used by the demo, the tests and the benchmarks, so nothing ever needs the internet. It binds one
listening socket per loopback IP (127.X.Y.Z, never 0.0.0.0), all on one port, serves robots.txt,
linked HTML pages, redirects and misbehaviour on demand, and logs every request (IP, host, path,
start and end on the system-wide monotonic clock, user agent) so tests can check politeness and
robots compliance from the server's side. Knows nothing about the crawler.

A little over the house's ~450 lines: the sites, the request log and the serving loop share one
lock and one log format; the wire format and the misbehaviours already live beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import errno
import functools
import json
import signal
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import asdict, dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from seaspider.demo.catalogue import shop_page
from seaspider.demo.http_wire import CLIENT_LEFT, SENT_AT, SentBytes, html_headers, parse_head, send, until_closed
from seaspider.demo.misbehaviours import BEHAVIOURS

__all__ = [
    "CLIENT_LEFT",
    "DEFAULT_ROBOTS",
    "LAST_MODIFIED",
    "LocalWeb",
    "MAX_HEAD_BYTES",
    "RequestRecord",
    "Response",
    "Site",
    "SpacingViolation",
    "ip_for",
    "main",
    "read_log",
    "spacing_violations",
]

DEFAULT_ROBOTS = "User-agent: *\nDisallow: /private/\n"
LAST_MODIFIED = "Wed, 04 Nov 2026 07:52:00 GMT"
MAX_HEAD_BYTES = 64 * 1024  # a request head larger than this is answered 431 and closed


@dataclass(frozen=True, slots=True)
class Response:
    """A configured answer for one (host, path)."""

    status: int = 200
    headers: tuple[tuple[str, str], ...] | list[tuple[str, str]] = ()
    body: bytes = b""
    delay_s: float = 0.0


@dataclass(frozen=True, slots=True)
class RequestRecord:
    """One request as the server saw it. `start`/`end` are `time.monotonic()` (system-wide on Linux)."""

    ip: str
    host: str
    path: str
    method: str
    user_agent: str
    headers: dict[str, str]
    start: float
    end: float
    status: int
    sent: bytes = b""  # every byte of the answer, head and body, when the web keeps them (keep_sent)


@dataclass(frozen=True, slots=True)
class SpacingViolation:
    """Two requests to one IP closer than allowed (gap_s < 0 means they overlapped)."""

    ip: str
    first: str
    second: str
    gap_s: float


@dataclass
class Site:
    """One site of the local web: its host name, loopback IP and robots.txt."""

    name: str
    index: int  # 1-based: h1.test is 1
    ip: str
    robots_status: int
    robots_body: str


def ip_for(ip_base: str, k: int) -> str:
    """The k-th (0-based) loopback IP under `ip_base` ("127.20" → 127.20.0.1, 127.20.0.2, …)."""
    parts = ip_base.split(".")
    if len(parts) != 2 or parts[0] != "127" or not (0 <= int(parts[1]) <= 255) or k >= 250 * 256:
        raise ValueError(f"ip_base {ip_base!r} must look like '127.N' and serve at most 64000 IPs")
    return f"{ip_base}.{k // 250}.{k % 250 + 1}"


class LocalWeb:
    """H sites on loopback IPs; `with LocalWeb(...) as web:` starts it in a background thread."""

    def __init__(
        self,
        hosts: int = 3,
        pages: int = 5,
        *,
        hosts_per_ip: int = 1,
        ip_base: str = "127.20",
        latency_s: float = 0.0,
        page_bytes: int = 2000,
        robots_body: str = DEFAULT_ROBOTS,
        robots_status: int = 200,
        port: int = 0,
        end_at_close: bool = False,
        keep_sent: bool = False,
    ) -> None:
        if hosts < 1 or pages < 1 or hosts_per_ip < 1:
            raise ValueError("hosts, pages and hosts_per_ip must be at least 1")
        self.pages = pages
        # The strict server's view of a request's end: when the client's connection is closed, not when
        # the last byte of the answer was handed to the kernel. A client that keeps its socket open while
        # it works shows up as a longer request, so spacing checked from the log covers that time too.
        self.end_at_close = end_at_close
        self.latency_s = latency_s
        self.page_bytes = page_bytes
        self.port = port
        self.keep_sent = keep_sent  # log the bytes of every answer (tests of byte-exact archives)
        self._sites: dict[str, Site] = {}
        for i in range(hosts):
            name = f"h{i + 1}.test"
            self._sites[name] = Site(name, i + 1, ip_for(ip_base, i // hosts_per_ip), robots_status, robots_body)
        self._routes: dict[tuple[str, str], Response] = {}
        self.log: list[RequestRecord] = []
        self.started: list[tuple[str, str, str]] = []  # (ip, host, target) as each request's head arrives
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._servers: list[asyncio.base_events.Server] = []
        self._tasks: set[asyncio.Task[Any]] = set()

    # ----- configuration -------------------------------------------------------------------

    @property
    def hosts(self) -> list[str]:
        return list(self._sites)

    @property
    def ips(self) -> list[str]:
        return sorted({s.ip for s in self._sites.values()}, key=lambda ip: tuple(map(int, ip.split("."))))

    def resolve_map(self) -> dict[str, str]:
        """Host name → IP, for the configuration's `network.resolve`."""
        return {s.name: s.ip for s in self._sites.values()}

    def _site(self, host: str | int) -> Site:
        if isinstance(host, int):
            return list(self._sites.values())[host]
        return self._sites[host.lower()]

    def url(self, host: str | int, path: str = "/") -> str:
        """`http://h1.test:PORT/path` (host by name or 0-based index)."""
        return f"http://{self._site(host).name}:{self.port}{path}"

    def set_robots(self, host: str | int, *, status: int = 200, body: str = "") -> None:
        site = self._site(host)
        site.robots_status, site.robots_body = status, body

    def set_route(self, host: str | int, path: str, response: Response) -> None:
        self._routes[(self._site(host).name, path)] = response

    # ----- the request log ---------------------------------------------------------------

    def requests(self, *, host: str | None = None, path: str | None = None, ip: str | None = None) -> list[RequestRecord]:
        """Logged requests filtered by host, path (with query) and IP, in arrival order."""
        return [
            r
            for r in list(self.log)
            if (host is None or r.host == host) and (path is None or r.path == path) and (ip is None or r.ip == ip)
        ]

    def clear_log(self) -> None:
        self.log.clear()
        self.started.clear()

    def spacing_violations(self, min_gap_s: float = 2.0) -> list[SpacingViolation]:
        """Pairs of requests to one IP that overlapped or left less than `min_gap_s` end to start."""
        return spacing_violations(self.log, min_gap_s)

    # ----- lifecycle -----------------------------------------------------------------------

    def start(self) -> LocalWeb:
        ready = threading.Event()
        failure: list[BaseException] = []

        def run() -> None:
            loop = asyncio.new_event_loop()
            self._loop = loop
            try:
                loop.run_until_complete(self._bind_all())
            except BaseException as exc:  # reported to the starting thread below
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._shutdown())
            loop.close()

        self._thread = threading.Thread(target=run, name="localweb", daemon=True)
        self._thread.start()
        ready.wait()
        if failure:
            raise failure[0]
        return self

    def stop(self) -> None:
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
        self._thread = None

    def __enter__(self) -> LocalWeb:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    async def _bind_all(self) -> None:
        # One port on every IP: bind the first with port 0 (or the asked port), reuse it for the
        # rest; if another program holds it on some IP, start over with a fresh port.
        for _attempt in range(20):
            self._servers = []
            try:
                for ip in self.ips:
                    server = await asyncio.start_server(
                        functools.partial(self._serve_connection, ip=ip), host=ip, port=self.port, reuse_address=True, backlog=512
                    )
                    if self.port == 0:
                        self.port = server.sockets[0].getsockname()[1]
                    self._servers.append(server)
                return
            except OSError as exc:
                if exc.errno != errno.EADDRINUSE:
                    raise
                for server in self._servers:
                    server.close()
                self.port = 0
        raise OSError(errno.EADDRINUSE, "no port is free on every loopback IP")

    async def _shutdown(self) -> None:
        for server in self._servers:
            server.close()
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)

    async def serve_forever(self, ready: asyncio.Event | None = None) -> None:
        """Run in the current event loop (the subprocess mode); returns when cancelled."""
        self._loop = asyncio.get_running_loop()
        await self._bind_all()
        if ready is not None:
            ready.set()
        try:
            await asyncio.Event().wait()
        finally:
            await self._shutdown()

    # ----- HTTP ----------------------------------------------------------------------------

    async def _serve_connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, ip: str) -> None:
        task = asyncio.current_task()
        assert task is not None
        self._tasks.add(task)
        try:
            while True:
                try:
                    head = await reader.readuntil(b"\r\n\r\n")
                except asyncio.LimitOverrunError:
                    writer.write(b"HTTP/1.1 431 Request Header Fields Too Large\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                    break
                except (asyncio.IncompleteReadError, ConnectionError):
                    break
                start = time.monotonic()
                method, target, headers = parse_head(head)
                if method is None:
                    writer.write(b"HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
                    break
                length = int(headers.get("content-length", "0") or 0)
                if length:
                    await reader.readexactly(min(length, 1 << 20))
                host = headers.get("host", "").split(":")[0].lower()
                self.started.append((ip, host, target))
                out = SentBytes(writer) if self.keep_sent else writer
                SENT_AT.set(None)
                closing = headers.get("connection", "").lower() == "close"
                try:
                    keep_open, status = await self._respond(out, ip, host, method, target, headers)  # type: ignore[arg-type]
                except ConnectionError:
                    keep_open, status = False, CLIENT_LEFT  # still a request to this IP: it is logged
                if self.end_at_close and (closing or not keep_open) and status != CLIENT_LEFT:
                    if writer.can_write_eof():
                        writer.write_eof()  # our side is done (a client reading to the end sees it), then wait for theirs
                    await until_closed(reader)
                sent = out.take() if isinstance(out, SentBytes) else b""
                # The end is when the last byte left us (taken in send), not when this task next ran:
                # on a loaded machine the loop may come back late, and a late end would shorten the gap
                # the log shows. With end_at_close the end is the client's close, as asked.
                sent_at = SENT_AT.get()
                end = sent_at if sent_at is not None and not self.end_at_close else time.monotonic()
                self.log.append(
                    RequestRecord(ip, host, target, method, headers.get("user-agent", ""), headers, start, end, status, sent)
                )
                if not keep_open or closing:
                    break
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            self._tasks.discard(task)
            try:
                writer.close()
            except RuntimeError:
                pass

    async def _respond(
        self, writer: asyncio.StreamWriter, ip: str, host: str, method: str, target: str, headers: dict[str, str]
    ) -> tuple[bool, int]:
        """Write the answer; return (keep the connection open, status)."""
        site = self._sites.get(host)
        if site is None or site.ip != ip:
            return await send(writer, 421, [("content-type", "text/plain")], b"misdirected request\n"), 421
        if self.latency_s:
            await asyncio.sleep(self.latency_s)
        parts = urlsplit(target)
        path, query = parts.path, parse_qs(parts.query)
        route = self._routes.get((host, target)) or self._routes.get((host, path))
        if route is not None:
            if route.delay_s:
                await asyncio.sleep(route.delay_s)
            return await send(writer, route.status, list(route.headers), route.body, head_only=method == "HEAD"), route.status
        if path == "/robots.txt":
            body = site.robots_body.encode()
            return await send(writer, site.robots_status, [("content-type", "text/plain")], body), site.robots_status
        behaviour = BEHAVIOURS.get(path)
        if behaviour is not None:
            return await behaviour(self, writer, site, query)
        if path.startswith("/status/") and path[8:].isdigit():
            code = int(path[8:])
            return await send(writer, code, [("content-type", "text/plain")], f"status {code}\n".encode()), code
        return await self._page(writer, site, path, headers)

    async def _page(self, writer: asyncio.StreamWriter, site: Site, path: str, headers: dict[str, str]) -> tuple[bool, int]:
        if path == "/":
            return await send(writer, 200, html_headers(), self._index_html(site)), 200
        if path.startswith("/p/") and path[3:].isdigit() and 1 <= int(path[3:]) <= self.pages:
            n = int(path[3:])
            etag = f'"{site.name}-p{n}"'
            if headers.get("if-none-match") == etag:
                return await send(writer, 304, [("etag", etag)], b""), 304
            extra = [("etag", etag), ("last-modified", LAST_MODIFIED)]
            return await send(writer, 200, html_headers() + extra, self.page_html(site, n)), 200
        if path.startswith("/private/"):
            return await send(writer, 200, html_headers(), b"<html><title>secret</title><p>robots.txt forbids this page.</p></html>"), 200
        shop = shop_page(path) if path.startswith("/shop/") else None  # the catalogue (demo/catalogue.py)
        if shop is not None:
            return await send(writer, 200, [("content-type", shop.content_type)], shop.body), 200
        return await send(writer, 404, [("content-type", "text/plain")], b"not found\n"), 404

    def _index_html(self, site: Site) -> bytes:
        nxt = self._site(site.index % len(self._sites))
        items = "".join(f'<li><a href="/p/{n}">page {n}</a></li>' for n in range(1, self.pages + 1))
        return (
            f"<!doctype html><html><head><title>{site.name}</title></head><body><h1>{site.name}</h1><ul>{items}</ul>"
            f'<p><a href="/private/secret">private</a> <a rel="nofollow" href="/p/nofollow">nofollow</a> '
            f'<a href="http://{nxt.name}:{self.port}/">next site</a> <a href="/img/logo.png">logo</a> '
            f'<a href="mailto:nobody@example.invalid">mail</a></p></body></html>'
        ).encode()

    def page_html(self, site: Site, n: int) -> bytes:
        """Page n of a site: linked to the next page, filled to the configured size."""
        nxt = n % self.pages + 1
        head = (
            f"<!doctype html><html><head><title>{site.name} page {n}</title></head><body><h1>Page {n}</h1>"
            f'<p><a href="/p/{nxt}">next</a> <a href="/">home</a> <a href="#top">top</a></p><p>'
        )
        tail = "</p></body></html>"
        filler = max(0, self.page_bytes - len(head) - len(tail))
        words = ("polite spider fetches page text " * (filler // 32 + 1))[:filler]
        return (head + words + tail).encode()


def spacing_violations(log: list[RequestRecord], min_gap_s: float = 2.0) -> list[SpacingViolation]:
    """Requests to one IP that overlapped or started less than `min_gap_s` after the previous ended."""
    by_ip: dict[str, list[RequestRecord]] = defaultdict(list)
    for record in log:
        by_ip[record.ip].append(record)
    found = []
    for ip, records in by_ip.items():
        records.sort(key=lambda r: r.start)
        for before, after in zip(records, records[1:]):
            gap = after.start - before.end
            if gap < min_gap_s:
                found.append(SpacingViolation(ip, f"{before.host}{before.path}", f"{after.host}{after.path}", round(gap, 4)))
    return found


def read_log(path: str) -> Iterator[RequestRecord]:
    """Records written by the subprocess mode's `--log FILE`."""
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            yield RequestRecord(**json.loads(line))


def main(argv: list[str] | None = None) -> int:
    """Subprocess mode: print {"port", "resolve"} and serve until stdin closes or SIGTERM."""
    parser = argparse.ArgumentParser(prog="python -m seaspider.demo.localweb", description="Serve the built-in local web on loopback IPs.")
    parser.add_argument("--hosts", type=int, default=3)
    parser.add_argument("--pages", type=int, default=5)
    parser.add_argument("--hosts-per-ip", type=int, default=1)
    parser.add_argument("--ip-base", default="127.30")
    parser.add_argument("--latency-ms", type=float, default=0.0)
    parser.add_argument("--page-bytes", type=int, default=2000)
    parser.add_argument("--log", help="write the request log here as JSONL when stopping")
    args = parser.parse_args(argv)
    web = LocalWeb(
        args.hosts, args.pages, hosts_per_ip=args.hosts_per_ip, ip_base=args.ip_base, latency_s=args.latency_ms / 1000, page_bytes=args.page_bytes
    )

    async def serve() -> None:
        loop = asyncio.get_running_loop()
        ready = asyncio.Event()
        server = asyncio.ensure_future(web.serve_forever(ready))
        stop = asyncio.Event()
        loop.add_signal_handler(signal.SIGTERM, stop.set)
        loop.add_signal_handler(signal.SIGINT, stop.set)
        loop.add_reader(sys.stdin.fileno(), lambda: stop.set() if not sys.stdin.buffer.read1(1 << 16) else None)  # type: ignore[union-attr]
        await ready.wait()
        print(json.dumps({"port": web.port, "resolve": web.resolve_map(), "hosts": web.hosts}), flush=True)
        await stop.wait()
        server.cancel()
        await asyncio.gather(server, return_exceptions=True)

    asyncio.run(serve())
    if args.log:
        with open(args.log, "w", encoding="utf-8") as out:
            for record in web.log:
                fields = asdict(record)
                fields.pop("sent")  # bytes are not JSON, and the subprocess mode never keeps them
                out.write(json.dumps(fields) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
