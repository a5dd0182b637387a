"""Which IP addresses Sea Spider may talk to, and how host literals spell them. Pure: no DNS, no sockets.

Names are not judged here beyond `localhost`: the fetcher resolves them and calls `is_public` on
every address it got (a name with any non-public address is refused: DNS rebinding).
"""

from __future__ import annotations

import enum
import re
from ipaddress import IPv4Address, IPv4Network, IPv6Address, IPv6Network

__all__ = [
    "AddressKind",
    "address_kind",
    "describe",
    "format_ipv6",
    "is_public",
    "literal_ip",
    "parse_ipv4_host",
    "refusal_reason",
]

IPAddress = IPv4Address | IPv6Address


class AddressKind(enum.StrEnum):
    """What kind of address an IP is; everything but PUBLIC is refused unless private addresses are allowed."""

    PUBLIC = "public"
    THIS_NETWORK = "this-network"
    UNSPECIFIED = "unspecified"
    LOOPBACK = "loopback"
    PRIVATE = "private"
    CGNAT = "CGNAT"
    LINK_LOCAL = "link-local"
    PROTOCOL_ASSIGNMENT = "protocol-assignment"
    DOCUMENTATION = "documentation"
    BENCHMARKING = "benchmarking"
    MULTICAST = "multicast"
    RESERVED = "reserved"
    BROADCAST = "broadcast"
    UNIQUE_LOCAL = "unique-local"
    SITE_LOCAL = "site-local"
    TEREDO = "Teredo"
    DISCARD = "discard"
    LOCAL_NAT64 = "local-use NAT64"


# The noun phrase used in messages: "127.0.0.1 is a loopback address".
_PHRASES = {
    AddressKind.PUBLIC: "a public address",
    AddressKind.THIS_NETWORK: "a 'this network' address (0.0.0.0/8)",
    AddressKind.UNSPECIFIED: "the unspecified address",
    AddressKind.LOOPBACK: "a loopback address",
    AddressKind.PRIVATE: "a private address",
    AddressKind.CGNAT: "a shared carrier-grade NAT address (100.64.0.0/10)",
    AddressKind.LINK_LOCAL: "a link-local address",
    AddressKind.PROTOCOL_ASSIGNMENT: "an IETF protocol-assignment address",
    AddressKind.DOCUMENTATION: "a documentation address",
    AddressKind.BENCHMARKING: "a benchmarking address (198.18.0.0/15)",
    AddressKind.MULTICAST: "a multicast address",
    AddressKind.RESERVED: "a reserved address",
    AddressKind.BROADCAST: "the broadcast address",
    AddressKind.UNIQUE_LOCAL: "a unique-local address",
    AddressKind.SITE_LOCAL: "a site-local address",
    AddressKind.TEREDO: "a Teredo tunnel address",
    AddressKind.DISCARD: "a discard-only address",
    AddressKind.LOCAL_NAT64: "a local-use NAT64 address",
}

# Checked in order, so the more specific range comes first (broadcast before 240/4).
_V4_RANGES: tuple[tuple[IPv4Network, AddressKind], ...] = tuple(
    (IPv4Network(net), kind)
    for net, kind in (
        ("0.0.0.0/32", AddressKind.UNSPECIFIED),
        ("0.0.0.0/8", AddressKind.THIS_NETWORK),
        ("10.0.0.0/8", AddressKind.PRIVATE),
        ("100.64.0.0/10", AddressKind.CGNAT),
        ("127.0.0.0/8", AddressKind.LOOPBACK),
        ("169.254.0.0/16", AddressKind.LINK_LOCAL),
        ("172.16.0.0/12", AddressKind.PRIVATE),
        ("192.0.0.0/24", AddressKind.PROTOCOL_ASSIGNMENT),
        ("192.0.2.0/24", AddressKind.DOCUMENTATION),
        # RFC 7526: the 6to4 relay anycast prefix is deprecated; nothing to crawl there.
        ("192.88.99.0/24", AddressKind.RESERVED),
        ("192.168.0.0/16", AddressKind.PRIVATE),
        ("198.18.0.0/15", AddressKind.BENCHMARKING),
        ("198.51.100.0/24", AddressKind.DOCUMENTATION),
        ("203.0.113.0/24", AddressKind.DOCUMENTATION),
        ("224.0.0.0/4", AddressKind.MULTICAST),
        ("255.255.255.255/32", AddressKind.BROADCAST),
        ("240.0.0.0/4", AddressKind.RESERVED),
    )
)

# Ranges judged as a whole; the prefixes that embed an IPv4 address are handled in `_classify`.
_V6_RANGES: tuple[tuple[IPv6Network, AddressKind], ...] = tuple(
    (IPv6Network(net), kind)
    for net, kind in (
        ("::/128", AddressKind.UNSPECIFIED),
        ("::1/128", AddressKind.LOOPBACK),
        # RFC 8215: the local-use translation prefix is not globally reachable (IANA), whatever it embeds.
        ("64:ff9b:1::/48", AddressKind.LOCAL_NAT64),
        ("100::/64", AddressKind.DISCARD),
        ("2001::/32", AddressKind.TEREDO),
        # The rest of 2001::/23 is IETF protocol assignments: no web servers there.
        ("2001::/23", AddressKind.PROTOCOL_ASSIGNMENT),
        ("2001:db8::/32", AddressKind.DOCUMENTATION),
        ("3fff::/20", AddressKind.DOCUMENTATION),  # RFC 9637
        ("5f00::/16", AddressKind.RESERVED),  # RFC 9602: SRv6 segment identifiers
        ("fc00::/7", AddressKind.UNIQUE_LOCAL),
        ("fe80::/10", AddressKind.LINK_LOCAL),
        ("fec0::/10", AddressKind.SITE_LOCAL),
        ("ff00::/8", AddressKind.MULTICAST),
    )
)

_GLOBAL_UNICAST = IPv6Network("2000::/3")
_MAPPED = IPv6Network("::ffff:0:0/96")
_COMPATIBLE = IPv6Network("::/96")
_NAT64 = IPv6Network("64:ff9b::/96")
_SIX_TO_FOUR = IPv6Network("2002::/16")

# How the embedded IPv4 address is named in messages.
_EMBEDDINGS = {
    "mapped": "an IPv4-mapped IPv6 address",
    "compatible": "an IPv4-compatible IPv6 address",
    "nat64": "a NAT64 address",
    "6to4": "a 6to4 address",
}

_HEX_PART = re.compile(r"0[xX][0-9A-Fa-f]*\Z")
_OCT_PART = re.compile(r"0[0-7]+\Z")
_DEC_PART = re.compile(r"(?:0|[1-9][0-9]*)\Z")
_DIGITS = re.compile(r"[0-9]+\Z")


def _ipv4_number(part: str) -> int | None:
    """One dotted part as browsers read it (WHATWG URL 'IPv4 number parser'); None if not a number."""
    if _HEX_PART.match(part):
        return int(part[2:], 16) if len(part) > 2 else 0
    if _OCT_PART.match(part):
        return int(part, 8)
    if _DEC_PART.match(part):
        # More than 10 digits is out of range anyway; never feed int() thousands of digits.
        return int(part) if len(part) <= 10 else 2**40
    return None


def _ends_in_number(host: str) -> bool:
    """WHATWG 'ends in a number': such a host must be an IPv4 address or it is invalid."""
    parts = host.split(".")
    if parts[-1] == "" and len(parts) > 1:
        parts.pop()
    last = parts[-1]
    return bool(last) and (_DIGITS.match(last) is not None or _HEX_PART.match(last) is not None)


def parse_ipv4_host(host: str) -> IPv4Address | None:
    """The IPv4 address a host denotes in any browser spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1).

    Returns None for hosts that do not end in a number (names); raises ValueError, saying what is
    wrong without repeating the host, for hosts that end in a number but are no valid IPv4 address
    (browsers refuse those too, e.g. `1.2.3.4.5`).
    """
    if not _ends_in_number(host):
        return None
    parts = host.split(".")
    if parts[-1] == "":
        parts.pop()  # one trailing dot is allowed, as in "127.0.0.1."
    if len(parts) > 4:
        raise ValueError("it has more than four numeric parts")
    numbers = []
    for part in parts:
        number = _ipv4_number(part)
        if number is None:
            raise ValueError(f"{part[:20]!r} is not a number")
        numbers.append(number)
    if any(n > 255 for n in numbers[:-1]):
        raise ValueError("a part before the last is above 255")
    # The last part fills the remaining bytes: 127.1 is 127.0.0.1, 2130706433 is 127.0.0.1.
    if numbers[-1] >= 256 ** (5 - len(numbers)):
        raise ValueError("the number is out of range")
    value = numbers[-1]
    for index, number in enumerate(numbers[:-1]):
        value += number << (8 * (3 - index))
    return IPv4Address(value)


def format_ipv6(ip: IPv6Address) -> str:
    """RFC 5952 text (lower-case, longest zero run compressed, no dotted quad) on every Python version."""
    groups = [int.from_bytes(ip.packed[i : i + 2], "big") for i in range(0, 16, 2)]
    best_start, best_len, start = -1, 0, -1
    for index, group in enumerate([*groups, 1]):
        if group == 0 and start < 0:
            start = index
        elif group != 0 and start >= 0:
            # RFC 5952 4.2.2-4.2.3: a single zero group is not compressed; the first longest run wins.
            if index - start > best_len and index - start > 1:
                best_start, best_len = start, index - start
            start = -1
    text = [format(g, "x") for g in groups]
    if best_len:
        head = ":".join(text[:best_start])
        tail = ":".join(text[best_start + best_len :])
        return f"{head}::{tail}"
    return ":".join(text)


def literal_ip(host: str) -> IPAddress | None:
    """The address a host literal denotes, in any spelling the URL layer accepts; None for names.

    Accepts IPv6 with or without brackets (no zone identifiers) and every IPv4 spelling browsers
    read (decimal integer, hex, octal, short forms, mixed, one trailing dot). Invalid numeric
    hosts (such as `1.2.3.4.5`) are not names either, but denote no address: None.
    """
    if not isinstance(host, str):
        raise TypeError(f"literal_ip expects a str, not {type(host).__name__}")
    text = host.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1]
    if ":" in text:
        if "%" in text:  # zone identifiers name an interface of this machine, never a web host
            return None
        try:
            return IPv6Address(text)
        except ValueError:
            return None
    try:
        return parse_ipv4_host(text)
    except ValueError:
        return None


def _as_ip(ip: str | IPAddress) -> IPAddress:
    """Accept an address object or any literal spelling; a name or garbage is a ValueError."""
    if isinstance(ip, IPv4Address | IPv6Address):
        return ip
    if not isinstance(ip, str):
        raise TypeError(f"expected an IP address or str, not {type(ip).__name__}")
    parsed = literal_ip(ip)
    if parsed is None and "%" in ip and ":" in ip:
        # getaddrinfo reports scoped addresses as "fe80::1%eth0"; judge them, never crash on them.
        try:
            parsed = IPv6Address(ip.strip().strip("[]"))
        except ValueError:
            parsed = None
    if parsed is None:
        raise ValueError(f"{ip!r} is not an IP address")
    return parsed


def _classify(ip: IPAddress) -> tuple[AddressKind, str | None, IPv4Address | None]:
    """Kind of `ip`, and for IPv6 forms that embed an IPv4 address: how, and which address."""
    if isinstance(ip, IPv4Address):
        for net, kind in _V4_RANGES:
            if ip in net:
                return kind, None, None
        return AddressKind.PUBLIC, None, None
    for v6_net, kind in _V6_RANGES[:2]:  # :: and ::1 sit inside ::/96 but are not IPv4-compatible forms
        if ip in v6_net:
            return kind, None, None
    embedded: tuple[str, IPv4Address] | None = None
    if ip in _MAPPED:
        embedded = ("mapped", IPv4Address(ip.packed[12:]))
    elif ip in _COMPATIBLE:
        embedded = ("compatible", IPv4Address(ip.packed[12:]))
    elif ip in _NAT64:
        embedded = ("nat64", IPv4Address(ip.packed[12:]))
    elif ip in _SIX_TO_FOUR:
        embedded = ("6to4", IPv4Address(ip.packed[2:6]))
    if embedded is not None:
        kind, _, _ = _classify(embedded[1])
        return kind, embedded[0], embedded[1]
    for v6_net, kind in _V6_RANGES[2:]:
        if ip in v6_net:
            return kind, None, None
    if ip not in _GLOBAL_UNICAST:
        # Only 2000::/3 is allocated for global unicast; the rest is IETF-reserved.
        return AddressKind.RESERVED, None, None
    return AddressKind.PUBLIC, None, None


def address_kind(ip: str | IPAddress) -> AddressKind:
    """The kind of an address (for an IPv6 form embedding IPv4: the kind of the embedded address)."""
    return _classify(_as_ip(ip))[0]


def is_public(ip: str | IPAddress) -> bool:
    """True only for globally reachable unicast addresses Sea Spider may fetch from."""
    address = _as_ip(ip)
    if isinstance(address, IPv6Address) and address.scope_id:
        return False  # a zone names an interface of this machine: link-scoped, never the public web
    return _classify(address)[0] is AddressKind.PUBLIC


def _display(ip: IPAddress) -> str:
    return format_ipv6(ip) if isinstance(ip, IPv6Address) else str(ip)


def describe(ip: str | IPAddress) -> str:
    """English clause for an address: '127.0.0.1 is a loopback address' (also for public ones)."""
    address = _as_ip(ip)
    kind, how, inner = _classify(address)
    if how is not None and inner is not None:
        return f"{_display(address)} is {_EMBEDDINGS[how]} of {inner}, {_PHRASES[kind]}"
    return f"{_display(address)} is {_PHRASES[kind]}"


def _is_localhost(name: str) -> bool:
    # RFC 6761 6.3: localhost and every name under it mean this machine.
    return name == "localhost" or name.endswith(".localhost")


def refusal_reason(host: str, *, allow_private: bool = False) -> str | None:
    """Why a host may not be fetched before any lookup ('127.0.0.1 is a loopback address'), or None.

    Judges literal addresses (in any spelling) and localhost/*.localhost. Other names return None:
    the fetcher judges their resolved addresses with `is_public`.
    """
    if not isinstance(host, str):
        raise TypeError(f"refusal_reason expects a str host, not {type(host).__name__}")
    if allow_private:
        return None
    name = host.strip().lower()
    if name.endswith(".") and not name.endswith(".."):
        name = name[:-1]
    if _is_localhost(name):
        return f"{name} is a name of this machine (localhost)"
    address = literal_ip(name)
    if address is None:
        if ":" in name or _ends_in_number(name):
            # Fail closed: something numeric we cannot read is never treated as a harmless name.
            return f"{name} is not a valid IP address"
        return None
    kind, how, inner = _classify(address)
    if kind is AddressKind.PUBLIC:
        return None
    shown = _display(address)
    spelled = name.strip("[]")
    # Name the odd IPv4 spelling too, so the reader sees why 0x7f.1 is refused.
    same = spelled == shown or isinstance(address, IPv6Address)
    prefix = shown if same else f"{spelled} means {shown}, which"
    if how is not None and inner is not None:
        return f"{prefix} is {_EMBEDDINGS[how]} of {inner}, {_PHRASES[kind]}"
    return f"{prefix} is {_PHRASES[kind]}"
