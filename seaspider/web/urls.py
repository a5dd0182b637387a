"""Absolute http(s) URLs: parse, canonicalise, resolve links. Pure: no DNS, no sockets, no clock.

Canonical text is what the queue deduplicates, the store keys and robots.txt rules match. Hosts
are judged for *syntax* here; whether an address may be contacted is `addresses.py`'s business.

Leniency follows browsers (the WHATWG URL standard) where links come from HTML: surrounding
spaces and controls are stripped, tabs and newlines inside are dropped, a backslash before the
query counts as a slash, and numeric hosts in every spelling browsers read (2130706433, 0x7f.1,
0177.0.0.1, 127.1) become dotted quads, so no spelling of an address slips past the policy.

Longer than the house's ~450 lines on purpose: canonicalisation is one concept whose steps (scheme,
host, port, path, query) share one vocabulary of refusals (`BadURL`, `URLProblem`); split, every part
would import the others' private helpers.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re
from dataclasses import dataclass
from ipaddress import IPv6Address
from urllib.parse import urlsplit

import idna

from seaspider.web.addresses import format_ipv6, parse_ipv4_host
from seaspider.errors import InvalidURL

__all__ = [
    "MAX_URL_BYTES",
    "URL",
    "BadURL",
    "URLProblem",
    "authority_of",
    "canonicalize",
    "host_of",
    "origin_of",
    "parse_target",
    "parse_url",
    "resolve_link",
    "sort_params",
    "strip_tracking",
]

# Far beyond what servers accept in practice (many stop at 8 KiB of request line); longer is junk or a trap.
MAX_URL_BYTES = 8 * 1024
# RFC 1035 2.3.4: 63 octets per label, 255 on the wire, which is 253 characters of dotted text.
MAX_LABEL_CHARS = 63
MAX_HOST_CHARS = 253
_DEFAULT_PORTS = {"http": 80, "https": 443}
_SHOWN_CHARS = 120  # how much of a bad URL a message quotes

_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
# WHATWG URL: leading and trailing C0 controls and spaces are stripped, tab and newline removed anywhere.
_STRIP = "".join(chr(c) for c in range(0x21))
_TAB_NEWLINE = re.compile(r"[\t\n\r]")
_UNRESERVED = "A-Za-z0-9\\-._~"
_SUB_DELIMS = "!$&'()*+,;="
# A valid escape, a stray '%', or a character that must be escaped (RFC 3986 3.3 / 3.4).
_PATH_FIX = re.compile(r"%[0-9A-Fa-f]{2}|%|[^" + _UNRESERVED + re.escape(_SUB_DELIMS) + r":@/]")
_QUERY_FIX = re.compile(r"%[0-9A-Fa-f]{2}|%|[^" + _UNRESERVED + re.escape(_SUB_DELIMS) + r":@/?]")
_UNRESERVED_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_LABEL_OK = re.compile(r"[a-z0-9_\-]+\Z")
_HOST_BAD = re.compile(r"[^a-z0-9_\-.]")
_PORT = re.compile(r"[0-9]*\Z")
_HEX_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")


class URLProblem(enum.StrEnum):
    """Why a URL was refused (the deputy and the realizer explain refusals by kind)."""

    EMPTY = "empty"
    NOT_TEXT = "not-text"
    TOO_LONG = "too-long"
    RELATIVE = "relative"
    SCHEME = "scheme"
    NO_HOST = "no-host"
    USERINFO = "userinfo"
    PORT = "port"
    HOST = "host"


class BadURL(InvalidURL):
    """An `InvalidURL` that also carries the offending text, the kind of problem and the bare reason.

    `reason` is the message without the URL in front ("the ftp: scheme is not supported; ..."),
    for answers that name the URL themselves.
    """

    def __init__(self, message: str, *, url: str, problem: URLProblem, reason: str) -> None:
        super().__init__(message)
        self.url = url
        self.problem = problem
        self.reason = reason


@dataclass(frozen=True, slots=True)
class URL:
    """A canonical absolute http(s) URL; `str(url)` is its canonical text.

    `host` is lower-case ASCII (IDNA A-labels, a dotted quad, or IPv6 in RFC 5952 form without
    brackets); `port` is None for the scheme's default; `query` is None when there is no '?'.
    """

    scheme: str
    host: str
    port: int | None
    path: str
    query: str | None

    def __str__(self) -> str:
        query = "" if self.query is None else "?" + self.query
        return f"{self.origin}{self.path}{query}"

    @classmethod
    def from_canonical(cls, text: str) -> URL:
        """Rebuild the URL whose canonical text `text` is: for text this program canonicalised and stored.

        Trusted, and cheap: it splits the text and neither checks nor canonicalises it, so
        `str(URL.from_canonical(text)) == text`. The disk frontier and the shared queue read their
        rows back with it; text from anywhere else (users, pages, servers) goes through `parse_url`.
        """
        scheme, sep, rest = text.partition("://")
        authority, slash, tail = rest.partition("/")
        if scheme not in _DEFAULT_PORTS or not sep or not slash:
            raise ValueError(f"{_shown(text)} is not the canonical text of an http(s) URL")
        path, mark, query = (slash + tail).partition("?")
        if authority.startswith("["):
            host, _, port = authority[1:].partition("]")
            port = port[1:]
        else:
            host, _, port = authority.partition(":")
        return cls(scheme, host, int(port) if port else None, path, query if mark else None)

    @property
    def authority(self) -> str:
        """host[:port] as it goes into the Host header (IPv6 in brackets)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return host if self.port is None else f"{host}:{self.port}"

    @property
    def origin(self) -> str:
        """scheme://host[:port], the unit robots.txt applies to."""
        return f"{self.scheme}://{self.authority}"

    @property
    def path_query(self) -> str:
        """The path and query, as robots.txt rules match them and the request line carries them."""
        return self.path if self.query is None else f"{self.path}?{self.query}"

    @property
    def robots_url(self) -> str:
        """Where this URL's robots.txt lives."""
        return f"{self.origin}/robots.txt"

    @property
    def effective_port(self) -> int:
        """The TCP port to connect to."""
        return _DEFAULT_PORTS[self.scheme] if self.port is None else self.port


def _shown(text: str) -> str:
    """The URL as quoted in a message: cut short, controls made visible."""
    cut = text if len(text) <= _SHOWN_CHARS else text[:_SHOWN_CHARS] + "…"
    return cut if cut.isprintable() else repr(cut)


def _q(part: str) -> str:
    """A quoted piece of a URL for a message, cut short."""
    return repr(part if len(part) <= _SHOWN_CHARS // 2 else part[: _SHOWN_CHARS // 2] + "…")


def _fail(text: str, problem: URLProblem, what: str) -> BadURL:
    return BadURL(f"{_shown(text)}: {what}", url=text, problem=problem, reason=what)


def _clean(text: str) -> str:
    """Browser pre-processing: strip outer controls and spaces, drop tabs and newlines, check the size."""
    if not isinstance(text, str):
        raise TypeError(f"a URL must be a str, not {type(text).__name__}")
    cleaned = _TAB_NEWLINE.sub("", text.strip(_STRIP))
    try:
        size = len(cleaned.encode("utf-8"))
    except UnicodeEncodeError as exc:
        raise _fail(text, URLProblem.NOT_TEXT, "the URL contains an unpaired surrogate, which is not text; "
                    "pass the URL as proper Unicode") from exc
    if size > MAX_URL_BYTES:
        raise _fail(text, URLProblem.TOO_LONG, f"the URL is {size} bytes long, more than the limit of "
                    f"{MAX_URL_BYTES}; use a shorter URL")
    if not cleaned:
        raise _fail(text, URLProblem.EMPTY, "the URL is empty; give a full URL such as https://example.org/")
    return cleaned


def _fix_escape(match: re.Match[str]) -> str:
    token = match.group()
    if len(token) == 3:
        char = chr(int(token[1:], 16))
        # RFC 3986 6.2.2.2: escaped unreserved characters are the characters themselves.
        return char if char in _UNRESERVED_CHARS else token.upper()
    if token == "%":
        return "%25"  # a stray '%' means itself
    return "".join(f"%{byte:02X}" for byte in token.encode("utf-8"))


def _normalise_escapes(text: str, pattern: re.Pattern[str]) -> str:
    """Percent-encoding in one form: unreserved decoded, hex upper-case, the rest encoded as UTF-8."""
    return pattern.sub(_fix_escape, text)


def _remove_dot_segments(path: str) -> str:
    """RFC 3986 5.2.4 for a path that starts with '/'."""
    if "." not in path:
        return path
    segments = path.split("/")[1:]
    out: list[str] = []
    last = len(segments) - 1
    for index, segment in enumerate(segments):
        if segment == "..":
            if out:
                out.pop()
        elif segment != ".":
            out.append(segment)
            continue
        if index == last:
            out.append("")  # "/a/b/.." is "/a/", a directory
    return "/" + "/".join(out)


def _sorted_query(query: str) -> str:
    # Stable by name, so repeated names keep their relative order ("a=2&a=1" stays).
    pieces = [piece for piece in query.split("&") if piece]
    return "&".join(sorted(pieces, key=lambda piece: piece.partition("=")[0]))


def _percent_decode_host(text: str, raw: str) -> str:
    if "%" not in raw:
        return raw
    data = _HEX_ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), raw)
    try:
        # Each decoded escape is one byte; the host is read as UTF-8, as browsers do.
        return data.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError) as exc:
        # Non-ASCII mixed with escapes: decode the escapes alone.
        pieces = re.split(r"((?:%[0-9A-Fa-f]{2})+)", raw)
        out = []
        for index, piece in enumerate(pieces):
            if index % 2:
                try:
                    out.append(bytes.fromhex(piece.replace("%", "")).decode("utf-8"))
                except UnicodeDecodeError:
                    raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} contains percent-escapes that "
                                "are not UTF-8; write the host name plainly") from exc
            else:
                out.append(piece)
        return "".join(out)


def _canonical_host(text: str, raw: str) -> str:
    """The host in canonical form, or BadURL: IPv6 compressed, IPv4 dotted, names as IDNA ASCII."""
    host, problem, reason = _host_or_reason(raw)
    if host is None:
        raise BadURL(f"{_shown(text)}: {reason}", url=text, problem=problem or URLProblem.HOST, reason=reason)
    return host


# A crawl meets the same few hosts over and over; IDNA and the IPv4 reader are the costly part of a parse.
@functools.lru_cache(maxsize=8192)
def _host_or_reason(raw: str) -> tuple[str | None, URLProblem | None, str]:
    """(canonical host, None, "") or (None, problem, reason): a pure function of the raw host, so cached."""
    try:
        return _canonical_host_uncached("", raw), None, ""
    except BadURL as exc:
        return None, exc.problem, exc.reason


def _canonical_host_uncached(text: str, raw: str) -> str:
    if raw.startswith("["):
        inner = raw[1:-1] if raw.endswith("]") else None
        if inner is None or "%" in inner or not inner:
            why = "an IPv6 zone identifier" if inner and "%" in inner else "an unclosed or empty bracket"
            raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} has {why}; give a plain IPv6 address "
                        "in brackets, such as [2001:db8::1]")
        try:
            return format_ipv6(IPv6Address(inner))
        except ValueError as exc:
            raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} is not a valid IPv6 address; check "
                        "the address between the brackets") from exc
    host = _percent_decode_host(text, raw)
    if not host.isascii():
        try:
            # UTS 46 (non-transitional, as browsers): full-width dots and digits, case folding.
            host = idna.uts46_remap(host, std3_rules=False, transitional=False)
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} is not a valid internationalised "
                        "domain name; check its spelling") from exc
    host = host.lower()
    try:
        address = parse_ipv4_host(host)
    except ValueError as exc:
        raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} ends in a number but is not a valid IPv4 "
                    f"address ({exc}); give a host name or a dotted address such as 192.0.2.1") from exc
    if address is not None:
        return str(address)
    if host.endswith("."):
        host = host[:-1]  # "example.org." and "example.org" are the same host
    if not host:
        raise _fail(text, URLProblem.NO_HOST, "the URL has an empty host; give one after '//', as in "
                    "https://example.org/")
    labels = []
    for label in host.split("."):
        labels.append(_canonical_label(text, raw, label))
    result = ".".join(labels)
    if len(result) > MAX_HOST_CHARS:
        raise _fail(text, URLProblem.HOST, f"the host is {len(result)} characters long, more than the DNS "
                    f"limit of {MAX_HOST_CHARS}; check the host name")
    return result


def _canonical_label(text: str, raw: str, label: str) -> str:
    """One DNS label in ASCII form, checked."""
    if not label:
        raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} has an empty label (two dots in a row or a "
                    "leading dot); remove the extra dot")
    if label.isascii():
        if not _LABEL_OK.match(label):
            bad = _HOST_BAD.search(label)
            char = bad.group() if bad else label[0]
            raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} contains {_q(char)}, which is not allowed in "
                        "a host name; use only letters, digits, '-', '_' and '.'")
        if label.startswith("xn--"):
            try:
                valid = idna.alabel(idna.ulabel(label)).decode("ascii") == label
            except (idna.IDNAError, UnicodeError, ValueError):
                valid = False
            if not valid:
                raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} has an invalid punycode label "
                            f"{_q(label)}; check the host name")
    else:
        try:
            label = idna.alabel(label).decode("ascii")
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} is not a valid internationalised domain "
                        f"name ({exc}); check its spelling") from exc
    if len(label) > MAX_LABEL_CHARS:
        raise _fail(text, URLProblem.HOST, f"the host {_q(raw)} has a label of {len(label)} characters, more "
                    f"than the DNS limit of {MAX_LABEL_CHARS}; check the host name")
    return label


def _canonical_port(text: str, scheme: str, raw: str) -> int | None:
    if not _PORT.match(raw):
        raise _fail(text, URLProblem.PORT, f"the port {_q(raw)} is not a number; give a port from 1 to 65535 "
                    "or leave it out")
    if raw == "":
        return None  # "http://h:/" is allowed by RFC 3986 3.2.3 and means the default port
    digits = raw.lstrip("0")
    if len(digits) > 5 or not 1 <= int(digits or "0") <= 65535:
        raise _fail(text, URLProblem.PORT, f"the port {_q(raw)} is outside 1 to 65535; give a port in that range "
                    "or leave it out")
    port = int(digits)
    return None if port == _DEFAULT_PORTS[scheme] else port


def _split_reference(text: str) -> tuple[str, str | None]:
    """(everything before '?', query or None); the fragment is dropped; backslashes before '?' become '/'."""
    text = text.partition("#")[0]
    head, mark, query = text.partition("?")
    return head.replace("\\", "/"), (query if mark else None)


def _build(text: str, scheme: str, rest: str, *, sort_query: bool) -> URL:
    """Parse what follows 'scheme:' (starting with '//') into a canonical URL."""
    head, query = _split_reference(rest)
    if not head.startswith("//"):
        raise _fail(text, URLProblem.NO_HOST, f"the URL has no host after '{scheme}:'; write it as "
                    f"{scheme}://host/path")
    authority, slash, path = head[2:].partition("/")
    if "@" in authority:
        raise _fail(text, URLProblem.USERINFO, "the URL contains user information ('name@' or "
                    "'name:password@'), which Sea Spider does not send; remove it")
    if authority.startswith("["):
        closing = authority.find("]")
        raw_host = authority if closing < 0 else authority[: closing + 1]
        after = "" if closing < 0 else authority[closing + 1 :]
        if after and not after.startswith(":"):
            raise _fail(text, URLProblem.HOST, f"the host {_q(authority)} has text after the IPv6 address; "
                        "only ':port' may follow it")
        raw_port = after[1:] if after else None
    else:
        raw_host, colon, port_part = authority.rpartition(":")
        raw_port_text: str | None = port_part
        if not colon:
            raw_host, raw_port_text = authority, None
        elif ":" in raw_host:
            raise _fail(text, URLProblem.HOST, f"the host {_q(authority)} looks like an IPv6 address without "
                        "brackets; write it as [address]")
        raw_port = raw_port_text
    if not raw_host:
        raise _fail(text, URLProblem.NO_HOST, "the URL has an empty host; give one after '//', as in "
                    "https://example.org/")
    host = _canonical_host(text, raw_host)
    port = None if raw_port is None else _canonical_port(text, scheme, raw_port)
    path = _remove_dot_segments(_normalise_escapes("/" + path, _PATH_FIX)) if slash else "/"
    if query is not None:
        query = _normalise_escapes(query, _QUERY_FIX)
        if sort_query:
            query = _sorted_query(query)
    url = URL(scheme=scheme, host=host, port=port, path=path, query=query)
    size = len(str(url))
    if size > MAX_URL_BYTES:
        raise _fail(text, URLProblem.TOO_LONG, f"the URL is {size} bytes long once escaped, more than the "
                    f"limit of {MAX_URL_BYTES}; use a shorter URL")
    return url


def _scheme_of(text: str, cleaned: str) -> tuple[str, str]:
    """(lower-case http/https scheme, the rest after ':'), or BadURL."""
    match = _SCHEME.match(cleaned)
    if match is None:
        raise _fail(text, URLProblem.RELATIVE, "this is not an absolute URL (it has no scheme); give a full "
                    "URL such as https://example.org/page")
    scheme = match.group()[:-1].lower()
    if scheme not in _DEFAULT_PORTS:
        raise _fail(text, URLProblem.SCHEME, f"the {scheme}: scheme is not supported; only http:// and "
                    "https:// URLs can be fetched")
    return scheme, cleaned[match.end() :]


def parse_url(text: str, *, sort_query: bool = False) -> URL:
    """Parse an absolute http(s) URL into canonical parts; raises InvalidURL (a BadURL) with the reason."""
    cleaned = _clean(text)
    scheme, rest = _scheme_of(text, cleaned)
    return _build(text, scheme, rest, sort_query=sort_query)


def canonicalize(text: str, *, sort_query: bool = False) -> str:
    """The canonical text of an absolute http(s) URL."""
    return str(parse_url(text, sort_query=sort_query))


# A page's links all resolve against one base: parse it once (URL is frozen, so sharing is safe).
@functools.lru_cache(maxsize=256)
def _parse_base(base: str) -> URL:
    return parse_url(base)


def resolve_link(*, base: str, href: str) -> str:
    """Resolve a reference against a base URL (RFC 3986 5.2); the result is canonical, else InvalidURL."""
    base_url = _parse_base(base)
    if not isinstance(href, str):
        raise TypeError(f"a link must be a str, not {type(href).__name__}")
    # An empty reference is the base document itself (RFC 3986 5.4.1).
    reference = _clean(href) if href.strip(_STRIP) else ""
    if _SCHEME.match(reference):
        scheme, rest = _scheme_of(reference, reference)
        rest_slashed = rest.partition("?")[0].partition("#")[0].replace("\\", "/")
        if not rest_slashed.startswith("//"):
            if scheme == base_url.scheme:
                # RFC 3986 5.4.2 "http:g": browsers (and the RFC's backward-compatible mode) read it as relative.
                reference = rest
            else:
                # WHATWG: another special scheme without '//' still names a host ("http:g" from https is http://g/).
                return str(_build(reference, scheme, "//" + rest.lstrip("/\\"), sort_query=False))
        else:
            return str(_build(reference, scheme, rest, sort_query=False))
    head, query = _split_reference(reference)
    if head.startswith("//"):
        return str(_build(href, base_url.scheme, head + ("" if query is None else "?" + query), sort_query=False))
    if head == "":
        path = base_url.path
        if query is None:
            query = base_url.query
    elif head.startswith("/"):
        path = head
    else:
        # RFC 3986 5.2.3: merge with the base path up to its last '/'.
        path = base_url.path[: base_url.path.rfind("/") + 1] + head
    rest = "//" + base_url.authority + path + ("" if query is None else "?" + query)
    return str(_build(href, base_url.scheme, rest, sort_query=False))


def parse_target(text: str) -> URL:
    """A URL or a bare host from English or the command line: 'mova.elamur.ai' means https://mova.elamur.ai/."""
    cleaned = _clean(text)
    match = _SCHEME.match(cleaned)
    if match is not None:
        scheme = match.group()[:-1]
        after = cleaned[match.end() :]
        # "host:8080/x" is a host with a port, not a scheme; a dotted "scheme" is a host too.
        looks_like_port = after[:1].isdigit() or after == ""
        if not looks_like_port and "." not in scheme:
            return parse_url(text)
    full = "https:" + cleaned if cleaned.startswith("//") else "https://" + cleaned
    try:
        return parse_url(full)
    except BadURL as exc:
        # Name what the caller wrote, not the https:// we put in front of it.
        raise BadURL(f"{_shown(text)}: {exc.reason}", url=text, problem=exc.problem, reason=exc.reason) from exc


def sort_params(url: URL) -> URL:
    """The URL with its query parameters sorted by name, as `parse_url(..., sort_query=True)` gives them."""
    if url.query is None:
        return url
    query = _sorted_query(url.query)
    return url if query == url.query else dataclasses.replace(url, query=query)


def strip_tracking(url: URL) -> URL:
    """The URL without utm_* query parameters (campaign tags that make one page look like many)."""
    if url.query is None or "utm_" not in url.query.lower():
        return url
    pieces = url.query.split("&")
    kept = [piece for piece in pieces if not piece.partition("=")[0].lower().startswith("utm_")]
    if len(kept) == len(pieces):
        return url
    return dataclasses.replace(url, query="&".join(kept) if kept else None)


# scheme://[userinfo@]host[:port]... ; the host may be an [IPv6] literal.
_HOST_OF = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://(?:[^@/?#]*@)?(\[[^\]/?#]*\]|[^:/?#]*)")
_ORIGIN_OF = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*")


def host_of(url: str) -> str:
    """The lower-case host of a URL's text ("" when it has none), as urlsplit(url).hostname gives it.

    The one host helper for URL text (journal lines, reports, links); parsed `URL`s have `.host`.
    """
    m = _HOST_OF.match(url)
    if m is None:
        try:
            return urlsplit(url).hostname or ""
        except ValueError:
            return ""
    host = m.group(1)
    # An index rebuild calls this once per line: the expression is several times urlsplit's speed.
    return (host[1:-1] if host.startswith("[") else host).lower()


def origin_of(url: str) -> str:
    """scheme://authority of a canonical URL's text (the unit robots.txt applies to)."""
    m = _ORIGIN_OF.match(url)
    return m.group(0) if m is not None else url


def authority_of(url: str) -> str:
    """host[:port] of a URL's text without any user information, as an answer names a site."""
    return urlsplit(url).netloc.rpartition("@")[2] or url
