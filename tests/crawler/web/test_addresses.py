"""Address policy: which IPs are public, how literals are read, and why a host is refused."""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from ipaddress import IPv4Address, IPv6Address

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seaspider.web import addresses
from seaspider.web.addresses import (
    AddressKind,
    address_kind,
    describe,
    format_ipv6,
    is_public,
    literal_ip,
    refusal_reason,
)
from seaspider.web.urls import parse_url

# (address, kind): every non-public rule, with the edges of each range.
NON_PUBLIC = [
    ("0.0.0.0", "unspecified"),
    ("0.1.2.3", "this-network"),
    ("10.0.0.0", "private"),
    ("10.255.255.255", "private"),
    ("100.64.0.0", "CGNAT"),
    ("100.127.255.255", "CGNAT"),
    ("127.0.0.1", "loopback"),
    ("127.255.255.254", "loopback"),
    ("169.254.0.1", "link-local"),
    ("169.254.169.254", "link-local"),  # cloud metadata service
    ("172.16.0.0", "private"),
    ("172.31.255.255", "private"),
    ("192.0.0.8", "protocol-assignment"),
    ("192.0.0.255", "protocol-assignment"),
    ("192.0.2.1", "documentation"),
    ("192.88.99.1", "reserved"),
    ("192.168.0.1", "private"),
    ("192.168.255.255", "private"),
    ("198.18.0.0", "benchmarking"),
    ("198.19.255.255", "benchmarking"),
    ("198.51.100.7", "documentation"),
    ("203.0.113.9", "documentation"),
    ("224.0.0.1", "multicast"),
    ("239.255.255.255", "multicast"),
    ("240.0.0.1", "reserved"),
    ("255.255.255.254", "reserved"),
    ("255.255.255.255", "broadcast"),
    ("::", "unspecified"),
    ("::1", "loopback"),
    ("fc00::1", "unique-local"),
    ("fdff:ffff::1", "unique-local"),
    ("fe80::1", "link-local"),
    ("febf:ffff::1", "link-local"),
    ("fec0::1", "site-local"),
    ("feff::1", "site-local"),
    ("ff02::1", "multicast"),
    ("ff0e::1", "multicast"),
    ("2001:db8::1", "documentation"),
    ("2001:db8:ffff::1", "documentation"),
    ("3fff::1", "documentation"),
    ("100::1", "discard"),
    ("100::ffff:ffff:ffff:ffff", "discard"),
    ("2001::1", "Teredo"),
    ("2001:0:4136:e378:8000:63bf:3fff:fdd2", "Teredo"),
    ("2001:2::1", "protocol-assignment"),
    ("5f00::1", "reserved"),
    ("4000::1", "reserved"),  # outside 2000::/3, the only global unicast block
    ("::ffff:0:7f00:1", "reserved"),  # IPv4-translated (SIIT), not a mapped address
    ("64:ff9b:1::1", "local-use NAT64"),
    ("64:ff9b:1::5db8:d822", "local-use NAT64"),  # whole /48 is local use, whatever it embeds
    # IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms take the kind of the address they embed.
    ("::ffff:127.0.0.1", "loopback"),
    ("::ffff:10.0.0.1", "private"),
    ("::ffff:169.254.169.254", "link-local"),
    ("::ffff:100.64.0.1", "CGNAT"),
    ("::ffff:0.0.0.0", "unspecified"),
    ("::127.0.0.1", "loopback"),
    ("::10.0.0.1", "private"),
    ("::192.168.1.1", "private"),
    ("64:ff9b::7f00:1", "loopback"),
    ("64:ff9b::10.0.0.1", "private"),
    ("64:ff9b::c0a8:101", "private"),
    ("64:ff9b::198.18.0.1", "benchmarking"),
    ("2002:7f00:1::", "loopback"),
    ("2002:a00:1::1", "private"),
    ("2002:c0a8:101:1::1", "private"),
    ("2002:a9fe:a9fe::", "link-local"),
]

PUBLIC = [
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "9.255.255.255",
    "11.0.0.0",
    "100.63.255.255",
    "100.128.0.0",
    "126.255.255.255",
    "128.0.0.0",
    "169.253.255.255",
    "169.255.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.0.1.255",
    "192.0.3.0",
    "192.167.255.255",
    "192.169.0.0",
    "198.17.255.255",
    "198.20.0.0",
    "223.255.255.255",
    "2606:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001::1",
    "2001:200::1",  # just past 2001::/23
    "2001:db9::1",  # just past the documentation /32
    "3ffe:ffff::1",  # just below 3fff::/20
    "::ffff:93.184.216.34",
    "::93.184.216.34",
    "64:ff9b::5db8:d822",
    "2002:5db8:d822::1",
]

# Loopback in every literal spelling the URL layer accepts.
LOOPBACK_SPELLINGS = [
    ("dotted", "127.0.0.1"),
    ("decimal", "2130706433"),
    ("hex-integer", "0x7f000001"),
    ("hex-parts", "0x7f.0x0.0x0.0x1"),
    ("hex-short", "0x7f.1"),
    ("octal", "0177.0.0.1"),
    ("octal-integer", "017700000001"),
    ("short", "127.1"),
    ("short-three", "127.0.1"),
    ("mixed", "0x7f.0.01"),
    ("upper-hex", "0X7F.1"),
    ("trailing-dot", "127.0.0.1."),
    ("other-loopback", "127.42.0.7"),
    ("ipv6", "[::1]"),
    ("ipv6-bare", "::1"),
    ("ipv6-long", "[0:0:0:0:0:0:0:1]"),
    ("mapped-dotted", "[::ffff:127.0.0.1]"),
    ("mapped-hex", "[::ffff:7f00:1]"),
    ("compatible", "[::127.0.0.1]"),
    ("nat64", "[64:ff9b::7f00:1]"),
    ("nat64-dotted", "[64:ff9b::127.0.0.1]"),
    ("6to4", "[2002:7f00:1::]"),
    ("localhost", "localhost"),
    ("localhost-upper", "LocalHost"),
    ("localhost-dot", "localhost."),
    ("sub-localhost", "app.localhost"),
]


def test_public_names_are_pinned() -> None:
    assert addresses.__all__ == [
        "AddressKind",
        "address_kind",
        "describe",
        "format_ipv6",
        "is_public",
        "literal_ip",
        "parse_ipv4_host",
        "refusal_reason",
    ]


@pytest.mark.parametrize(("ip", "kind"), NON_PUBLIC, ids=[f"{ip}-{kind}" for ip, kind in NON_PUBLIC])
def test_non_public_address_is_refused(ip: str, kind: str) -> None:
    assert is_public(ip) is False
    assert is_public(ipaddress.ip_address(ip)) is False
    assert address_kind(ip) == kind
    reason = refusal_reason(ip)
    assert reason is not None and " address" in reason
    assert format_ipv6(IPv6Address(ip)) in reason if ":" in ip else ip in reason


@pytest.mark.parametrize("ip", PUBLIC, ids=PUBLIC)
def test_public_address_stays_public(ip: str) -> None:  # negative control of the table above
    assert is_public(ip) is True
    assert address_kind(ip) is AddressKind.PUBLIC
    assert refusal_reason(ip) is None
    assert refusal_reason(f"[{ip}]" if ":" in ip else ip) is None


def _non_public_rows_passed(policy: Callable[[str], bool]) -> list[str]:
    """The rows of NON_PUBLIC that a policy would let through."""
    return [ip for ip, _ in NON_PUBLIC if policy(ip)]


def test_table_catches_what_the_standard_library_lets_through() -> None:
    # Negative control: a naive policy (ipaddress's is_global) fails the table, ours passes it.
    assert _non_public_rows_passed(is_public) == []
    naive = _non_public_rows_passed(lambda ip: ipaddress.ip_address(ip).is_global)
    assert "64:ff9b::7f00:1" in naive and "2002:7f00:1::" in naive


@pytest.mark.parametrize(("name", "host"), LOOPBACK_SPELLINGS, ids=[name for name, _ in LOOPBACK_SPELLINGS])
def test_every_spelling_of_loopback_is_refused(name: str, host: str) -> None:
    reason = refusal_reason(host)
    assert reason is not None and ("loopback" in reason or "localhost" in reason)
    if host.strip("[]").rstrip(".").lower() not in ("localhost", "app.localhost") and ":" not in host.strip("[]"):
        assert literal_ip(host) == IPv4Address("127.0.0.1") or literal_ip(host) in ipaddress.ip_network("127.0.0.0/8")
    if ":" not in host or host.startswith("["):
        # The URL layer canonicalises first; the canonical host is refused too.
        assert refusal_reason(parse_url(f"http://{host}/").host) is not None


@pytest.mark.parametrize(("name", "host"), LOOPBACK_SPELLINGS, ids=[name for name, _ in LOOPBACK_SPELLINGS])
def test_allow_private_lets_every_spelling_through(name: str, host: str) -> None:
    assert refusal_reason(host, allow_private=True) is None


def test_naive_literal_reading_would_miss_spellings() -> None:
    # Negative control: reading literals with ipaddress alone lets the odd spellings through as "names".
    def naive(host: str) -> IPv4Address | IPv6Address | None:
        try:
            return ipaddress.ip_address(host.strip("[]"))
        except ValueError:
            return None

    missed = [h for _, h in LOOPBACK_SPELLINGS if naive(h) is None and "localhost" not in h.lower()]
    assert {"2130706433", "0x7f.1", "0177.0.0.1", "127.1"} <= set(missed)
    assert all(literal_ip(h) is not None for h in missed)


LITERALS = [
    ("dotted", "93.184.216.34", "93.184.216.34"),
    ("decimal", "1572395042", "93.184.216.34"),
    ("hex", "0x5db8d822", "93.184.216.34"),
    ("octal-part", "0135.184.216.34", "93.184.216.34"),
    ("short-two", "93.12113954", "93.184.216.34"),
    ("zero", "0", "0.0.0.0"),
    ("empty-hex", "0x", "0.0.0.0"),
    ("max", "4294967295", "255.255.255.255"),
    ("trailing-dot", "10.1.", "10.0.0.1"),
    ("ipv6-brackets", "[2606:4700::1111]", "2606:4700::1111"),
    ("ipv6-upper", "2606:4700:0:0:0:0:0:1111", "2606:4700::1111"),
    ("ipv6-mapped", "::ffff:1.2.3.4", "::ffff:102:304"),
]


@pytest.mark.parametrize(("name", "host", "ip"), LITERALS, ids=[row[0] for row in LITERALS])
def test_literal_ip_reads_every_spelling(name: str, host: str, ip: str) -> None:
    assert literal_ip(host) == ipaddress.ip_address(ip)


NOT_LITERALS = [
    ("name", "example.org"),
    ("idna", "xn--bcher-kva.example"),
    ("number-label-inside", "1.example"),
    ("five-parts", "1.2.3.4.5"),
    ("part-over-255", "256.1.1.1"),
    ("last-too-big", "4294967296"),
    ("bad-octal", "08.0.0.1"),
    ("name-ending-in-number", "example.123"),
    ("zone-id", "fe80::1%eth0"),
    ("bad-ipv6", "[::g]"),
    ("empty", ""),
]


@pytest.mark.parametrize(("name", "host"), NOT_LITERALS, ids=[row[0] for row in NOT_LITERALS])
def test_literal_ip_is_none_for_names_and_junk(name: str, host: str) -> None:
    assert literal_ip(host) is None


@pytest.mark.parametrize(
    "host", ["1.2.3.4.5", "256.1.1.1", "example.123", "fe80::1%eth0", "[::g]", "08.0.0.1"]
)
def test_numeric_junk_is_refused_not_treated_as_a_name(host: str) -> None:
    # Fail closed: a host that looks numeric but denotes no address is never passed on as a name.
    assert refusal_reason(host) == f"{host.lower()} is not a valid IP address"


@pytest.mark.parametrize("host", ["example.org", "a.example", "localhost.example", "mylocalhost", "localhost-x.org"])
def test_names_are_left_to_the_resolver(host: str) -> None:
    assert refusal_reason(host) is None


REASONS = [
    ("127.0.0.1", "127.0.0.1 is a loopback address"),
    ("0x7f.1", "0x7f.1 means 127.0.0.1, which is a loopback address"),
    ("2130706433", "2130706433 means 127.0.0.1, which is a loopback address"),
    ("10.0.0.1", "10.0.0.1 is a private address"),
    ("[::1]", "::1 is a loopback address"),
    ("[::ffff:127.0.0.1]", "::ffff:7f00:1 is an IPv4-mapped IPv6 address of 127.0.0.1, a loopback address"),
    ("64:ff9b::a00:1", "64:ff9b::a00:1 is a NAT64 address of 10.0.0.1, a private address"),
    ("localhost", "localhost is a name of this machine (localhost)"),
    ("WWW.Localhost.", "www.localhost is a name of this machine (localhost)"),
]


@pytest.mark.parametrize(("host", "reason"), REASONS, ids=[row[0] for row in REASONS])
def test_refusal_reason_is_plain_english(host: str, reason: str) -> None:
    assert refusal_reason(host) == reason


def test_describe_names_public_addresses_too() -> None:
    assert describe("93.184.216.34") == "93.184.216.34 is a public address"
    assert describe(IPv6Address("::ffff:a00:1")) == "::ffff:a00:1 is an IPv4-mapped IPv6 address of 10.0.0.1, a private address"


def test_is_public_refuses_names_and_wrong_types() -> None:
    with pytest.raises(ValueError, match="example.org"):
        is_public("example.org")
    with pytest.raises(TypeError, match="int"):
        is_public(2130706433)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="str"):
        refusal_reason(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("ip", ["fe80::1%eth0", "fe80::1%2", "ff02::1%lo", "2606:4700::1111%eth0"])
def test_scoped_addresses_from_the_resolver_are_judged_not_crashed_on(ip: str) -> None:
    # getaddrinfo may report link-local answers with a zone; they are refused, never a ValueError.
    assert is_public(ip) is False


def test_is_public_accepts_any_literal_spelling() -> None:
    assert is_public("0x7f.1") is False
    assert is_public("1572395042") is True


FORMATS = [
    ("::", "::"),
    ("::1", "::1"),
    ("1::", "1::"),
    ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),  # RFC 5952 4.2.3: the first of equal runs
    ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),  # 4.2.2: one zero group is not compressed
    ("2001:0db8:0000:0000:0000:0000:0002:0001", "2001:db8::2:1"),
    ("::ffff:127.0.0.1", "::ffff:7f00:1"),
    ("FE80::ABCD", "fe80::abcd"),
    ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),  # the longest run wins
]


@pytest.mark.parametrize(("text", "expected"), FORMATS, ids=[row[0] for row in FORMATS])
def test_ipv6_text_follows_rfc_5952(text: str, expected: str) -> None:
    assert format_ipv6(IPv6Address(text)) == expected


@given(st.integers(min_value=0, max_value=2**128 - 1))
@settings(max_examples=300, deadline=None)
def test_ipv6_text_round_trips(value: int) -> None:
    ip = IPv6Address(value)
    text = format_ipv6(ip)
    assert IPv6Address(text) == ip
    assert "." not in text and text == text.lower()


@given(st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=400, deadline=None)
def test_embedded_forms_are_judged_like_the_address_they_embed(value: int) -> None:
    v4 = IPv4Address(value)
    verdict = is_public(v4)
    assert is_public(IPv6Address(b"\0" * 10 + b"\xff\xff" + v4.packed)) is verdict  # mapped
    assert is_public(IPv6Address(b"\0" * 12 + v4.packed)) is verdict  # compatible (:: and ::1 are non-public too)
    assert is_public(IPv6Address(b"\0\x64\xff\x9b" + b"\0" * 8 + v4.packed)) is verdict  # NAT64
    assert is_public(IPv6Address(b"\x20\x02" + v4.packed + b"\0" * 10)) is verdict  # 6to4


@given(st.integers(min_value=0, max_value=2**32 - 1))
@settings(max_examples=400, deadline=None)
def test_public_ipv4_is_global_for_the_standard_library_too(value: int) -> None:
    # Our list is a superset of the standard library's non-global ranges (it adds multicast and more).
    ip = IPv4Address(value)
    if is_public(ip):
        assert ip.is_global and not ip.is_multicast


@given(st.integers(min_value=0x2000 << 112, max_value=(0x4000 << 112) - 1))
@settings(max_examples=300, deadline=None)
def test_public_global_unicast_ipv6_is_global_for_the_standard_library_too(value: int) -> None:
    ip = IPv6Address(value)
    if is_public(ip) and ip not in ipaddress.ip_network("2002::/16"):
        assert ip.is_global
