"""The resolver (overrides, cache, policy, DNS rebinding) and the pinned transport (exact IP, Host, no reuse)."""

from __future__ import annotations

import asyncio
import shutil
import ssl
import subprocess
from collections.abc import Sequence
from pathlib import Path

import httpx
import pytest
from fetchkit import logged

from seaspider.clock import FakeClock
from seaspider.demo.localweb import LocalWeb
from seaspider.net.transport import PINNED_IP, AddressRefused, PinnedTransport, ResolveFailed, Resolver, TransportError


class CountingLookup:
    """A stand-in for the system resolver (the network guard forbids real lookups in tests)."""

    def __init__(self, answers: dict[str, Sequence[str]]) -> None:
        self.answers = answers
        self.calls: list[str] = []

    async def __call__(self, host: str) -> Sequence[str]:
        self.calls.append(host)
        if host not in self.answers:
            raise OSError(-2, "Name or service not known")
        return self.answers[host]


def resolve(resolver: Resolver, host: str) -> tuple[str, ...]:
    return asyncio.run(resolver.resolve(host))


def test_overrides_come_first_and_lookups_are_cached_for_the_ttl() -> None:
    clock = FakeClock()
    lookup = CountingLookup({"a.example": ["93.184.216.34"], "b.example": ["93.184.216.35"]})
    r = Resolver(overrides={"b.example": ["2606:4700::1111"]}, ttl_s=10, clock=clock, lookup=lookup)
    assert resolve(r, "a.example") == ("93.184.216.34",)
    assert resolve(r, "b.example") == ("2606:4700::1111",)
    assert resolve(r, "a.example") == ("93.184.216.34",)
    assert lookup.calls == ["a.example"]
    clock.advance(10)
    resolve(r, "a.example")
    assert lookup.calls == ["a.example", "a.example"]


def test_failed_lookup_is_an_english_error_and_cached_briefly() -> None:
    clock = FakeClock()
    lookup = CountingLookup({})
    r = Resolver(ttl_s=3600, clock=clock, lookup=lookup)
    with pytest.raises(ResolveFailed, match="nowhere.example did not resolve"):
        resolve(r, "nowhere.example")
    with pytest.raises(ResolveFailed):
        resolve(r, "nowhere.example")
    assert len(lookup.calls) == 1
    clock.advance(61)
    with pytest.raises(ResolveFailed):
        resolve(r, "nowhere.example")
    assert len(lookup.calls) == 2


@pytest.mark.parametrize(
    ("answers", "kind"),
    [
        (["127.0.0.1"], "loopback"),
        (["93.184.216.34", "10.0.0.5"], "private"),
        (["169.254.169.254"], "link-local"),
        (["::1"], "loopback"),
        (["fd00::1"], "unique-local"),
        (["100.64.0.1"], "CGNAT"),
    ],
    ids=["loopback", "one-private-among-public", "metadata-link-local", "ipv6-loopback", "unique-local", "cgnat"],
)
def test_a_name_with_any_non_public_address_is_refused(answers: list[str], kind: str) -> None:
    r = Resolver(lookup=CountingLookup({"rebind.example": answers}))
    with pytest.raises(AddressRefused, match=f"rebind.example resolves to .*{kind}"):
        resolve(r, "rebind.example")


def test_overrides_are_checked_too_and_allow_private_admits_them() -> None:
    with pytest.raises(AddressRefused, match="loopback"):
        resolve(Resolver(overrides={"h1.test": "127.0.0.1"}), "h1.test")
    assert resolve(Resolver(overrides={"h1.test": "127.0.0.1"}, allow_private=True), "h1.test") == ("127.0.0.1",)


def test_public_addresses_stay_public() -> None:  # negative control
    r = Resolver(lookup=CountingLookup({"pub.example": ["93.184.216.34", "2606:4700::1111"]}))
    assert resolve(r, "pub.example") == ("93.184.216.34", "2606:4700::1111")


def test_literals_are_judged_without_a_lookup() -> None:
    lookup = CountingLookup({})
    r = Resolver(lookup=lookup)
    assert resolve(r, "93.184.216.34") == ("93.184.216.34",)
    with pytest.raises(AddressRefused, match="loopback"):
        resolve(r, "127.0.0.1")
    with pytest.raises(AddressRefused):
        resolve(r, "localhost")
    assert lookup.calls == []


def test_concurrent_resolutions_of_one_name_share_one_lookup() -> None:
    lookup = CountingLookup({"a.example": ["93.184.216.34"]})
    r = Resolver(lookup=lookup)

    async def many() -> list[tuple[str, ...]]:
        return await asyncio.gather(*(r.resolve("a.example") for _ in range(10)))

    assert asyncio.run(many()) == [("93.184.216.34",)] * 10
    assert lookup.calls == ["a.example"]


def test_transport_connects_to_exactly_the_pinned_ip_with_the_host_header() -> None:
    with LocalWeb(hosts=2, pages=1, hosts_per_ip=1, ip_base="127.32") as web:
        transport = PinnedTransport(connect_timeout_s=2)

        async def get(url: str, ip: str) -> int:
            response = await transport.handle_async_request(httpx.Request("GET", url, extensions={PINNED_IP: ip}))
            await response.aread()
            return response.status_code

        ip1, ip2 = web.resolve_map()["h1.test"], web.resolve_map()["h2.test"]
        # h1's name sent to h2's IP: the server sees the mismatch (421) — proof the IP, not the name, was used.
        assert asyncio.run(get(web.url("h1.test", "/p/1"), ip2)) == 421
        assert asyncio.run(get(web.url("h1.test", "/p/1"), ip1)) == 200
        records = logged(web, 2)
    assert [(r.ip, r.host, r.headers["connection"]) for r in records] == [(ip2, "h1.test", "close"), (ip1, "h1.test", "close")]


def test_transport_refuses_a_request_without_a_pinned_ip() -> None:
    transport = PinnedTransport(connect_timeout_s=1)
    with pytest.raises(TypeError, match="booked IP"):
        asyncio.run(transport.handle_async_request(httpx.Request("GET", "http://a.example/")))


def _self_signed(tmp: Path, name: str) -> tuple[Path, Path]:
    """A certificate for `name` made by the openssl command (skips the test when it is missing)."""
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not installed")
    cert, key = tmp / f"{name}.crt", tmp / f"{name}.key"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", f"/CN={name}",
         "-addext", f"subjectAltName=DNS:{name}", "-keyout", str(key), "-out", str(cert)],
        check=True, capture_output=True,
    )
    return cert, key


@pytest.mark.parametrize(("served_name", "ok"), [("tls.test", True), ("other.test", False)], ids=["name-matches", "name-differs"])
def test_tls_goes_to_the_pinned_ip_with_sni_and_a_certificate_check_for_the_name(tmp_path: Path, served_name: str, ok: bool) -> None:
    cert, key = _self_signed(tmp_path, served_name)
    server_ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_ctx.load_cert_chain(cert, key)
    client_ctx = ssl.create_default_context(cafile=str(cert))
    seen_sni: list[str | None] = []
    server_ctx.sni_callback = lambda sock, name, ctx: seen_sni.append(name)  # type: ignore[assignment,return-value]

    async def scenario() -> int | str:
        async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            try:
                await reader.readuntil(b"\r\n\r\n")
                writer.write(b"HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok")
                await writer.drain()
            except (OSError, asyncio.IncompleteReadError):
                pass
            finally:
                writer.close()

        server = await asyncio.start_server(handle, "127.34.0.1", 0, ssl=server_ctx)
        port = server.sockets[0].getsockname()[1]
        transport = PinnedTransport(connect_timeout_s=5, ssl_context=client_ctx)
        try:
            request = httpx.Request("GET", f"https://tls.test:{port}/", extensions={PINNED_IP: "127.34.0.1"})
            response = await transport.handle_async_request(request)
            await response.aread()
            return response.status_code
        except TransportError as exc:
            return str(exc)
        finally:
            server.close()

    result = asyncio.run(scenario())
    assert seen_sni == ["tls.test"]  # SNI carries the name, not the IP
    if ok:
        assert result == 200
    else:
        assert isinstance(result, str) and "TLS handshake with tls.test at 127.34.0.1 failed" in result
