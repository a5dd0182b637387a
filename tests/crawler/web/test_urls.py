"""URLs: canonical form, refusals with reasons, RFC 3986 resolution, targets, tracking parameters."""

from __future__ import annotations

import ipaddress
import urllib.parse
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from seaspider.web import urls
from seaspider.web.addresses import format_ipv6, literal_ip, refusal_reason
from seaspider.errors import InvalidURL
from seaspider.web.urls import (
    MAX_URL_BYTES,
    URL,
    BadURL,
    URLProblem,
    canonicalize,
    parse_target,
    parse_url,
    resolve_link,
    sort_params,
    strip_tracking,
)


def test_public_names_are_pinned() -> None:
    assert urls.__all__ == [
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


CANONICAL = [
    ("lower-scheme-and-host", "HTTP://Example.COM/", "http://example.com/"),
    ("path-case-kept", "http://a.example/Path/File.HTML", "http://a.example/Path/File.HTML"),
    ("default-port-http", "http://a.example:80/", "http://a.example/"),
    ("default-port-https", "https://a.example:443/x", "https://a.example/x"),
    ("other-scheme-port-kept", "https://a.example:80/", "https://a.example:80/"),
    ("port-kept", "http://a.example:8080/", "http://a.example:8080/"),
    ("port-leading-zeros", "http://a.example:0080/", "http://a.example/"),
    ("port-empty", "http://a.example:/", "http://a.example/"),
    ("port-max", "http://a.example:65535/", "http://a.example:65535/"),
    ("empty-path", "http://a.example", "http://a.example/"),
    ("empty-path-with-query", "http://a.example?x=1", "http://a.example/?x=1"),
    ("fragment-dropped", "http://a.example/p#frag", "http://a.example/p"),
    ("fragment-with-query-chars", "http://a.example/p#a?b", "http://a.example/p"),
    ("empty-fragment", "http://a.example/p#", "http://a.example/p"),
    ("empty-query-kept", "http://a.example/p?", "http://a.example/p?"),
    ("dot-segments", "http://a.example/a/./b/../c", "http://a.example/a/c"),
    ("dots-above-root", "http://a.example/../../x", "http://a.example/x"),
    ("dotdot-last-is-directory", "http://a.example/a/b/..", "http://a.example/a/"),
    ("dot-last-is-directory", "http://a.example/a/.", "http://a.example/a/"),
    ("encoded-dots", "http://a.example/a/%2e%2E/b", "http://a.example/b"),
    ("dots-in-names-kept", "http://a.example/.a/b./..c", "http://a.example/.a/b./..c"),
    ("double-slash-kept", "http://a.example//x", "http://a.example//x"),
    ("unreserved-decoded", "http://a.example/%7Euser/%41%2d%5f%2E", "http://a.example/~user/A-_."),
    ("reserved-kept-hex-upper", "http://a.example/a%2fb%3f%3d", "http://a.example/a%2Fb%3F%3D"),
    ("stray-percent", "http://a.example/100%", "http://a.example/100%25"),
    ("bad-escapes", "http://a.example/%zz%4", "http://a.example/%25zz%254"),
    ("space-encoded", "http://a.example/a b", "http://a.example/a%20b"),
    ("utf8-encoded", "http://a.example/ä€", "http://a.example/%C3%A4%E2%82%AC"),
    ("utf8-escapes-kept", "http://a.example/%c3%a4", "http://a.example/%C3%A4"),
    ("brackets-in-path", "http://a.example/[x]", "http://a.example/%5Bx%5D"),
    ("controls-in-path", "http://a.example/a\x01b", "http://a.example/a%01b"),
    ("sub-delims-kept", "http://a.example/a;b=c,d!$&'()*+:@", "http://a.example/a;b=c,d!$&'()*+:@"),
    ("query-order-kept", "http://a.example/?b=2&a=1", "http://a.example/?b=2&a=1"),
    ("query-unreserved-decoded", "http://a.example/?q=%7e%41", "http://a.example/?q=~A"),
    ("query-plus-kept", "http://a.example/?q=a+b", "http://a.example/?q=a+b"),
    ("query-slash-question-kept", "http://a.example/?a=/b?c", "http://a.example/?a=/b?c"),
    ("query-space", "http://a.example/?q=a b", "http://a.example/?q=a%20b"),
    ("query-dots-kept", "http://a.example/?a/../b", "http://a.example/?a/../b"),
    ("query-utf8", "http://a.example/?q=ü", "http://a.example/?q=%C3%BC"),
    ("idna", "https://Bücher.Example/", "https://xn--bcher-kva.example/"),
    ("idna-ideographic-dot", "https://bücher。example/", "https://xn--bcher-kva.example/"),
    ("idna-eszett-non-transitional", "https://faß.example/", "https://xn--fa-hia.example/"),
    ("punycode-kept", "https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"),
    ("punycode-upper", "https://XN--BCHER-KVA.example/", "https://xn--bcher-kva.example/"),
    ("trailing-dot-host", "http://a.example./", "http://a.example/"),
    ("underscore-host", "http://my_host.example/", "http://my_host.example/"),
    ("hyphen-host", "http://a-b.example/", "http://a-b.example/"),
    ("single-label", "http://intranet/", "http://intranet/"),
    ("percent-encoded-host", "http://%61.example/", "http://a.example/"),
    ("ipv4-dotted", "http://93.184.216.34/", "http://93.184.216.34/"),
    ("ipv4-decimal", "http://2130706433/", "http://127.0.0.1/"),
    ("ipv4-hex", "http://0x7f.1/", "http://127.0.0.1/"),
    ("ipv4-hex-integer", "http://0x7F000001/", "http://127.0.0.1/"),
    ("ipv4-octal", "http://0177.0.0.1/", "http://127.0.0.1/"),
    ("ipv4-short", "http://127.1/", "http://127.0.0.1/"),
    ("ipv4-mixed", "http://0x7f.0.01/", "http://127.0.0.1/"),
    ("ipv4-trailing-dot", "http://127.0.0.1./", "http://127.0.0.1/"),
    ("ipv4-zero-padded", "http://0x000000007f.00000001/", "http://127.0.0.1/"),
    ("ipv4-fullwidth", "http://１２７．０．０．１/", "http://127.0.0.1/"),
    ("ipv4-percent-encoded", "http://%31%32%37.0.0.1/", "http://127.0.0.1/"),
    ("ipv4-public-decimal", "http://1572395042/", "http://93.184.216.34/"),
    ("ipv4-with-port", "http://0x7f.1:8080/x", "http://127.0.0.1:8080/x"),
    ("ipv6-compressed", "http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/"),
    ("ipv6-mapped-stays-ipv6", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/"),
    ("ipv6-port", "http://[::1]:8080/", "http://[::1]:8080/"),
    ("ipv6-default-port", "https://[::1]:443/", "https://[::1]/"),
    ("backslash-as-slash", "http://a.example\\b\\c", "http://a.example/b/c"),
    ("backslash-after-scheme", "http:\\\\a.example\\b", "http://a.example/b"),
    ("backslash-before-at", "http://a.example\\@evil.example/", "http://a.example/@evil.example/"),
    ("backslash-in-query-encoded", "http://a.example/?a\\b", "http://a.example/?a%5Cb"),
    ("outer-whitespace-stripped", "  http://a.example/ \n", "http://a.example/"),
    ("tab-and-newline-removed", "http://a.exa\tmple/p\nq\r", "http://a.example/pq"),
    ("scheme-upper", "HTTPS://a.example/", "https://a.example/"),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in CANONICAL], ids=[row[0] for row in CANONICAL])
def test_canonical_form(text: str, expected: str) -> None:
    assert canonicalize(text) == expected
    assert canonicalize(expected) == expected  # the canonical form is a fixed point


REFUSED = [
    ("userinfo", "http://user@a.example/", URLProblem.USERINFO, "user information"),
    ("userinfo-password", "http://user:pw@a.example/", URLProblem.USERINFO, "user information"),
    ("userinfo-empty", "http://@a.example/", URLProblem.USERINFO, "user information"),
    ("userinfo-encoded-at-host", "http://a%40b.example/", URLProblem.HOST, "'@'"),
    ("mailto", "mailto:someone@a.example", URLProblem.SCHEME, "mailto: scheme is not supported"),
    ("javascript", "javascript:alert(1)", URLProblem.SCHEME, "javascript: scheme"),
    ("ftp", "ftp://a.example/", URLProblem.SCHEME, "ftp: scheme"),
    ("file", "file:///etc/passwd", URLProblem.SCHEME, "file: scheme"),
    ("data", "data:text/html,hi", URLProblem.SCHEME, "data: scheme"),
    ("ws", "ws://a.example/", URLProblem.SCHEME, "ws: scheme"),
    ("port-zero", "http://a.example:0/", URLProblem.PORT, "outside 1 to 65535"),
    ("port-too-big", "http://a.example:65536/", URLProblem.PORT, "outside 1 to 65535"),
    ("port-huge", "http://a.example:" + "9" * 5000 + "/", URLProblem.PORT, "outside 1 to 65535"),
    ("port-letters", "http://a.example:http/", URLProblem.PORT, "not a number"),
    ("port-negative", "http://a.example:-1/", URLProblem.PORT, "not a number"),
    ("port-space", "http://a.example: 80/", URLProblem.PORT, "not a number"),
    ("empty-host", "http:///path", URLProblem.NO_HOST, "empty host"),
    ("only-scheme", "https://", URLProblem.NO_HOST, "empty host"),
    ("only-port", "http://:80/", URLProblem.NO_HOST, "empty host"),
    ("only-dot", "http://./", URLProblem.NO_HOST, "empty host"),
    ("no-slashes", "http:a.example", URLProblem.NO_HOST, "no host after 'http:'"),
    ("one-slash", "http:/a.example", URLProblem.NO_HOST, "no host"),
    ("space-in-host", "http://a b.example/", URLProblem.HOST, "contains ' '"),
    ("angle-in-host", "http://a<b.example/", URLProblem.HOST, "contains '<'"),
    ("star-in-host", "http://*.example/", URLProblem.HOST, "contains '*'"),
    ("null-in-host", "http://a%00.example/", URLProblem.HOST, "not allowed in a host name"),
    ("non-utf8-escape-in-host", "http://%ff.example/", URLProblem.HOST, "not UTF-8"),
    ("empty-label", "http://a..example/", URLProblem.HOST, "empty label"),
    ("leading-dot", "http://.a.example/", URLProblem.HOST, "empty label"),
    ("label-64", "http://" + "a" * 64 + ".example/", URLProblem.HOST, "more than the DNS limit of 63"),
    ("host-254", "http://" + ".".join(["a" * 50] * 5) + "/", URLProblem.HOST, "more than the DNS limit of 253"),
    ("bad-punycode", "http://xn--a.example/", URLProblem.HOST, "invalid punycode"),
    ("idna-disallowed", "http://a☃b.example/", URLProblem.HOST, "internationalised domain name"),
    ("ipv4-five-parts", "http://1.2.3.4.5/", URLProblem.HOST, "not a valid IPv4 address"),
    ("ipv4-part-over-255", "http://256.0.0.1/", URLProblem.HOST, "not a valid IPv4 address"),
    ("ipv4-too-big", "http://4294967296/", URLProblem.HOST, "not a valid IPv4 address"),
    ("ipv4-bad-octal", "http://09.0.0.1/", URLProblem.HOST, "not a valid IPv4 address"),
    ("ipv4-thousands-of-digits", "http://" + "1" * 5000 + "/", URLProblem.HOST, "out of range"),
    ("long-label-of-digits", "http://0x" + "0" * 5000 + "1.example/", URLProblem.HOST, "DNS limit of 63"),
    ("ends-in-number", "http://example.123/", URLProblem.HOST, "ends in a number"),
    ("ipv6-without-brackets", "http://::1/", URLProblem.HOST, "without brackets"),
    ("ipv6-zone", "http://[fe80::1%25eth0]/", URLProblem.HOST, "zone identifier"),
    ("ipv6-invalid", "http://[::g]/", URLProblem.HOST, "not a valid IPv6 address"),
    ("ipv6-unclosed", "http://[::1/", URLProblem.HOST, "unclosed"),
    ("ipv6-empty", "http://[]/", URLProblem.HOST, "empty bracket"),
    ("ipv6-trailing-text", "http://[::1]x/", URLProblem.HOST, "after the IPv6 address"),
    ("relative-path", "/a/b", URLProblem.RELATIVE, "not an absolute URL"),
    ("relative-name", "a.example/x", URLProblem.RELATIVE, "not an absolute URL"),
    ("scheme-relative", "//a.example/", URLProblem.RELATIVE, "not an absolute URL"),
    ("empty", "", URLProblem.EMPTY, "empty"),
    ("blank", " \t\n ", URLProblem.EMPTY, "empty"),
    ("too-long", "http://a.example/" + "x" * 8200, URLProblem.TOO_LONG, "more than the limit of 8192"),
    ("too-long-once-escaped", "http://a.example/" + "ä" * 1400, URLProblem.TOO_LONG, "once escaped"),
    ("unpaired-surrogate", "http://a.example/\ud800", URLProblem.NOT_TEXT, "surrogate"),
]


@pytest.mark.parametrize(
    ("text", "problem", "fragment"), [row[1:] for row in REFUSED], ids=[row[0] for row in REFUSED]
)
def test_refused_with_a_reason(text: str, problem: URLProblem, fragment: str) -> None:
    with pytest.raises(InvalidURL, match=fragment.replace("(", r"\(").replace("*", r"\*")) as caught:
        parse_url(text)
    error = caught.value
    assert isinstance(error, BadURL) and error.problem is problem and error.url == text
    assert error.exit_code == 2
    assert str(error).endswith(": " + error.reason)
    message = str(error)
    # One sentence: names the URL, says what is wrong and what to do; never a novel.
    assert message.count("\n") == 0 and ";" in message and len(message) < 400
    assert message.startswith(text.strip()[:40] if text.strip().isprintable() else "'")


def test_length_limit_is_exact() -> None:
    head = "http://a.example/"
    assert len(canonicalize(head + "x" * (MAX_URL_BYTES - len(head)))) == MAX_URL_BYTES
    with pytest.raises(InvalidURL, match="8193 bytes"):
        parse_url(head + "x" * (MAX_URL_BYTES - len(head) + 1))


def test_label_and_host_limits_are_exact() -> None:  # negative control of the refusals above
    assert parse_url("http://" + "a" * 63 + ".example/").host == "a" * 63 + ".example"
    host = ".".join(["a" * 63] * 3 + ["a" * 61])
    assert len(host) == 253 and parse_url(f"http://{host}/").host == host
    assert parse_url(f"http://{host}./").host == host  # the root dot does not count


def test_parts_and_properties() -> None:
    url = parse_url("HTTPS://Bücher.example:8443/a/../b?x=1#top")
    assert url == URL(scheme="https", host="xn--bcher-kva.example", port=8443, path="/b", query="x=1")
    assert str(url) == "https://xn--bcher-kva.example:8443/b?x=1"
    assert url.origin == "https://xn--bcher-kva.example:8443"
    assert url.authority == "xn--bcher-kva.example:8443"
    assert url.path_query == "/b?x=1"
    assert url.robots_url == "https://xn--bcher-kva.example:8443/robots.txt"
    assert url.effective_port == 8443


@pytest.mark.parametrize(
    ("text", "origin", "authority", "port", "path_query"),
    [
        ("http://a.example/", "http://a.example", "a.example", 80, "/"),
        ("https://a.example/p?", "https://a.example", "a.example", 443, "/p?"),
        ("http://[::1]:8080/x?y", "http://[::1]:8080", "[::1]:8080", 8080, "/x?y"),
        ("https://[2001:db8::1]/", "https://[2001:db8::1]", "[2001:db8::1]", 443, "/"),
        ("http://127.1:81", "http://127.0.0.1:81", "127.0.0.1:81", 81, "/"),
    ],
    ids=["http-default", "https-empty-query", "ipv6-port", "ipv6-default", "ipv4-short-port"],
)
def test_origin_authority_and_port(text: str, origin: str, authority: str, port: int, path_query: str) -> None:
    url = parse_url(text)
    assert (url.origin, url.authority, url.effective_port, url.path_query) == (origin, authority, port, path_query)
    assert url.robots_url == origin + "/robots.txt"


def test_url_is_frozen_and_hashable() -> None:
    url = parse_url("http://a.example/")
    with pytest.raises(AttributeError, match="cannot assign to field 'host'"):
        url.host = "b.example"  # type: ignore[misc]
    assert {url, parse_url("HTTP://A.EXAMPLE:80")} == {url}


SORTED = [
    ("sorted-by-name", "http://a/?b=2&a=1", "http://a/?a=1&b=2"),
    ("stable-for-equal-names", "http://a/?b=1&a=2&a=1", "http://a/?a=2&a=1&b=1"),
    ("empty-pieces-dropped", "http://a/?&b&&a&", "http://a/?a&b"),
    ("no-query", "http://a/p", "http://a/p"),
    ("empty-query", "http://a/p?", "http://a/p?"),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in SORTED], ids=[row[0] for row in SORTED])
def test_sort_query_on_request(text: str, expected: str) -> None:
    assert canonicalize(text, sort_query=True) == expected
    assert canonicalize(expected, sort_query=True) == expected


def test_query_order_is_kept_by_default() -> None:  # negative control of sorting
    assert canonicalize("http://a/?b=2&a=1") == "http://a/?b=2&a=1"


# RFC 3986 5.4.1 (normal) and 5.4.2 (abnormal), in canonical form (an empty path is "/").
RFC_BASE = "http://a/b/c/d;p?q"
RFC_EXAMPLES = [
    ("g", "http://a/b/c/g"),
    ("./g", "http://a/b/c/g"),
    ("g/", "http://a/b/c/g/"),
    ("/g", "http://a/g"),
    ("//g", "http://g/"),
    ("?y", "http://a/b/c/d;p?y"),
    ("g?y", "http://a/b/c/g?y"),
    ("#s", "http://a/b/c/d;p?q"),
    ("g#s", "http://a/b/c/g"),
    ("g?y#s", "http://a/b/c/g?y"),
    (";x", "http://a/b/c/;x"),
    ("g;x", "http://a/b/c/g;x"),
    ("g;x?y#s", "http://a/b/c/g;x?y"),
    ("", "http://a/b/c/d;p?q"),
    (".", "http://a/b/c/"),
    ("./", "http://a/b/c/"),
    ("..", "http://a/b/"),
    ("../", "http://a/b/"),
    ("../g", "http://a/b/g"),
    ("../..", "http://a/"),
    ("../../", "http://a/"),
    ("../../g", "http://a/g"),
    # 5.4.2 abnormal examples
    ("../../../g", "http://a/g"),
    ("../../../../g", "http://a/g"),
    ("/./g", "http://a/g"),
    ("/../g", "http://a/g"),
    ("g.", "http://a/b/c/g."),
    (".g", "http://a/b/c/.g"),
    ("g..", "http://a/b/c/g.."),
    ("..g", "http://a/b/c/..g"),
    ("./../g", "http://a/b/g"),
    ("./g/.", "http://a/b/c/g/"),
    ("g/./h", "http://a/b/c/g/h"),
    ("g/../h", "http://a/b/c/h"),
    ("g;x=1/./y", "http://a/b/c/g;x=1/y"),
    ("g;x=1/../y", "http://a/b/c/y"),
    ("g?y/./x", "http://a/b/c/g?y/./x"),
    ("g?y/../x", "http://a/b/c/g?y/../x"),
    ("g#s/./x", "http://a/b/c/g"),
    ("g#s/../x", "http://a/b/c/g"),
    ("http:g", "http://a/b/c/g"),  # the RFC's backward-compatible reading, as browsers do
]


@pytest.mark.parametrize(("href", "expected"), RFC_EXAMPLES, ids=[repr(h) for h, _ in RFC_EXAMPLES])
def test_rfc_3986_resolution_examples(href: str, expected: str) -> None:
    assert resolve_link(base=RFC_BASE, href=href) == expected


LINKS = [
    ("absolute-other-host", "http://a.example/x/y", "HTTPS://B.example/z#f", "https://b.example/z"),
    ("scheme-relative-keeps-scheme", "https://a.example/x", "//b.example/y", "https://b.example/y"),
    ("query-only-empty", "http://a.example/p?q", "?", "http://a.example/p?"),
    ("base-port-kept", "http://a.example:8080/x/y", "z", "http://a.example:8080/x/z"),
    ("base-ipv6", "http://[::1]:8080/x/y", "../z", "http://[::1]:8080/z"),
    ("backslashes", "http://a.example/x/y", "\\c\\d", "http://a.example/c/d"),
    ("whitespace-and-newline", "http://a.example/x/", "  a\nb.html ", "http://a.example/x/ab.html"),
    ("other-http-scheme-without-slashes", "http://a.example/", "https:b.example/p", "https://b.example/p"),
    ("encoded-in-link", "http://a.example/", "ä b?q=ü", "http://a.example/%C3%A4%20b?q=%C3%BC"),
    ("encoded-dots", "http://a.example/x/y/", "%2e%2e/z", "http://a.example/x/z"),
    ("decimal-host-link", "http://a.example/", "http://2130706433/", "http://127.0.0.1/"),
    ("tracking-kept", "http://a.example/", "/p?utm_source=x", "http://a.example/p?utm_source=x"),
    ("base-fragment-ignored", "http://a.example/p?q#frag", "", "http://a.example/p?q"),
]


@pytest.mark.parametrize(("base", "href", "expected"), [row[1:] for row in LINKS], ids=[row[0] for row in LINKS])
def test_resolve_link(base: str, href: str, expected: str) -> None:
    assert resolve_link(base=base, href=href) == expected


LINKS_REFUSED = [
    ("rfc-other-scheme", RFC_BASE, "g:h", URLProblem.SCHEME),
    ("mailto", RFC_BASE, "mailto:a@b.example", URLProblem.SCHEME),
    ("javascript", RFC_BASE, "javascript:void(0)", URLProblem.SCHEME),
    ("javascript-padded", RFC_BASE, " JavaScript:alert(1)", URLProblem.SCHEME),
    ("ftp", RFC_BASE, "ftp://a.example/", URLProblem.SCHEME),
    ("data", RFC_BASE, "data:,x", URLProblem.SCHEME),
    ("tel", RFC_BASE, "tel:+100", URLProblem.SCHEME),
    ("userinfo-scheme-relative", RFC_BASE, "//user@evil.example/", URLProblem.USERINFO),
    ("bad-host", RFC_BASE, "//a b/", URLProblem.HOST),
    ("bad-port", RFC_BASE, "http://a.example:99999/", URLProblem.PORT),
    ("relative-base", "/rel/", "g", URLProblem.RELATIVE),
    ("non-http-base", "ftp://a.example/", "g", URLProblem.SCHEME),
]


@pytest.mark.parametrize(
    ("base", "href", "problem"), [row[1:] for row in LINKS_REFUSED], ids=[row[0] for row in LINKS_REFUSED]
)
def test_resolve_link_refuses(base: str, href: str, problem: URLProblem) -> None:
    with pytest.raises(BadURL) as caught:
        resolve_link(base=base, href=href)
    assert caught.value.problem is problem


def test_resolve_link_arguments_are_keyword_only() -> None:
    with pytest.raises(TypeError, match="positional arguments"):
        resolve_link("http://a/", "g")  # type: ignore[misc]


TARGETS = [
    ("bare-host", "mova.elamur.ai", "https://mova.elamur.ai/"),
    ("host-port-path-query", "A.Example:8080/x?y", "https://a.example:8080/x?y"),
    ("host-path", "a.example/docs/", "https://a.example/docs/"),
    ("localhost-port", "localhost:8080", "https://localhost:8080/"),
    ("ipv4", "93.184.216.34", "https://93.184.216.34/"),
    ("ipv6", "[2001:db8::1]:8443/x", "https://[2001:db8::1]:8443/x"),
    ("full-http-url", "http://a.example/x", "http://a.example/x"),
    ("full-https-url", "https://a.example", "https://a.example/"),
    ("scheme-relative", "//a.example/x", "https://a.example/x"),
    ("idna", "bücher.example", "https://xn--bcher-kva.example/"),
    ("whitespace", "  a.example \n", "https://a.example/"),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in TARGETS], ids=[row[0] for row in TARGETS])
def test_parse_target(text: str, expected: str) -> None:
    assert str(parse_target(text)) == expected


TARGETS_REFUSED = [
    ("mailto", "mailto:a@b.example", URLProblem.SCHEME),
    ("javascript", "javascript:alert(1)", URLProblem.SCHEME),
    ("ftp", "ftp://a.example/", URLProblem.SCHEME),
    ("http-without-slashes", "http:a.example", URLProblem.NO_HOST),
    ("userinfo", "user@a.example", URLProblem.USERINFO),
    ("bad-port", "a.example:70000", URLProblem.PORT),
    ("port-word", "a.example:abc", URLProblem.PORT),
    ("empty", "", URLProblem.EMPTY),
    ("spaces", "a example", URLProblem.HOST),
]


@pytest.mark.parametrize(
    ("text", "problem"), [row[1:] for row in TARGETS_REFUSED], ids=[row[0] for row in TARGETS_REFUSED]
)
def test_parse_target_refuses(text: str, problem: URLProblem) -> None:
    with pytest.raises(BadURL) as caught:
        parse_target(text)
    assert caught.value.problem is problem
    assert caught.value.url == text and str(caught.value) == f"{text}: {caught.value.reason}"


TRACKING = [
    ("utm-dropped", "http://a/p?utm_source=x&id=1&utm_medium=y", "http://a/p?id=1"),
    ("all-utm-drops-query", "http://a/p?utm_source=x&UTM_Campaign=z", "http://a/p"),
    ("utm-without-value", "http://a/p?utm_term&b=2", "http://a/p?b=2"),
    ("escaped-underscore", "http://a/p?utm%5Fsource=x&b=2", "http://a/p?b=2"),
    ("no-utm-kept", "http://a/p?utmost=1&x_utm_a=2", "http://a/p?utmost=1&x_utm_a=2"),
    ("utm-in-value-kept", "http://a/p?ref=utm_x", "http://a/p?ref=utm_x"),
    ("no-query", "http://a/p", "http://a/p"),
    ("empty-query", "http://a/p?", "http://a/p?"),
]


@pytest.mark.parametrize(("text", "expected"), [row[1:] for row in TRACKING], ids=[row[0] for row in TRACKING])
def test_strip_tracking(text: str, expected: str) -> None:
    assert str(strip_tracking(parse_url(text))) == expected


FROM_CANONICAL = [
    ("root", "http://a.example/"),
    ("port-path-query", "https://a.example:8443/x/y?b=2&a=1"),
    ("empty-query", "http://a.example/p?"),
    ("question-mark-in-query", "http://a.example/p?a=?b"),
    ("colon-and-at-in-path", "http://a.example/a:b@c"),
    ("ipv4", "http://192.0.2.1:81/"),
    ("ipv6-with-port", "http://[2001:db8::1]:8080/x?q"),
    ("ipv6", "https://[::1]/"),
    ("punycode", "https://xn--bcher-kva.example/%C3%A4"),
]


@pytest.mark.parametrize("text", [row[1] for row in FROM_CANONICAL], ids=[row[0] for row in FROM_CANONICAL])
def test_from_canonical_rebuilds_what_parse_url_gives(text: str) -> None:
    assert str(parse_url(text)) == text  # the table holds canonical text only
    rebuilt = URL.from_canonical(text)
    assert rebuilt == parse_url(text) and str(rebuilt) == text


def test_from_canonical_trusts_its_text_and_parse_url_does_not() -> None:
    # Not canonical: parse_url settles it; the trusted constructor keeps it as it is (its callers store canonical text only).
    assert str(parse_url("http://A.example:80/%7e")) == "http://a.example/~"
    assert str(URL.from_canonical("http://A.example:80/%7e")) == "http://A.example:80/%7e"
    with pytest.raises(ValueError, match="is not the canonical text of an http"):
        URL.from_canonical("ftp://a.example/")
    with pytest.raises(ValueError, match="is not the canonical text of an http"):
        URL.from_canonical("http://a.example")  # canonical text always has a path


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("http://a/p?b=2&a=1", "http://a/p?a=1&b=2"),
        ("http://a/p?a=2&b=1&a=1", "http://a/p?a=2&a=1&b=1"),  # stable: repeated names keep their order
        ("http://a/p?a=1&b=2", "http://a/p?a=1&b=2"),
        ("http://a/p?", "http://a/p?"),
        ("http://a/p", "http://a/p"),
    ],
    ids=["sorted", "stable", "already-sorted", "empty-query", "no-query"],
)
def test_sort_params_orders_the_query_as_parse_url_does(text: str, expected: str) -> None:
    url = parse_url(text)
    assert str(sort_params(url)) == expected == str(parse_url(text, sort_query=True))
    assert str(url) == text  # negative control: the URL itself is left as it was


# Every browser spelling of loopback lands on the canonical address, so the policy sees it.
LOOPBACK_URLS = [
    "http://127.0.0.1/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://0x7f.1/",
    "http://0177.0.0.1/",
    "http://0177.1/",
    "http://127.1/",
    "http://127.0.1/",
    "http://0x7f.0.0.0x1/",
    "http://0x7f.0.01/",
    "http://127.0.0.1./",
    "http://%31%32%37.0.0.1/",
    "http://１２７．０．０．１/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://[64:ff9b::7f00:1]/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://a.localhost/",
]


def _loopback_escapes(host_of: Callable[[str], str | None]) -> list[str]:
    """The URLs whose extracted host is not recognisably loopback (a naive reader lets them through)."""
    escaped = []
    for text in LOOPBACK_URLS:
        host = host_of(text)
        if host is None:
            escaped.append(text)
            continue
        if host == "localhost" or host.endswith(".localhost"):
            continue
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            escaped.append(text)
            continue
        mapped = getattr(ip, "ipv4_mapped", None) or ip
        if not (mapped.is_loopback or str(ip).startswith("64:ff9b::7f")):
            escaped.append(text)
    return escaped


def test_every_loopback_spelling_becomes_a_plain_address() -> None:
    assert _loopback_escapes(lambda text: parse_url(text).host) == []
    assert all(refusal_reason(parse_url(text).host) for text in LOOPBACK_URLS)


def test_naive_host_extraction_lets_spellings_escape() -> None:
    # Negative control: urllib's hostname keeps 2130706433, 0x7f.1, 127.1 ... as "names".
    escaped = _loopback_escapes(lambda text: urllib.parse.urlsplit(text).hostname)
    assert "http://2130706433/" in escaped and "http://0x7f.1/" in escaped and "http://127.1/" in escaped


def _spell_ipv4(value: int, style: list[int]) -> str:
    """An IPv4 address in a browser spelling: style picks the number of parts and each part's base."""
    parts_count = (style[0] % 4) + 1
    octets = value.to_bytes(4, "big")
    numbers = list(octets[: parts_count - 1]) + [int.from_bytes(octets[parts_count - 1 :], "big")]
    spelled = []
    for index, number in enumerate(numbers):
        base = style[1 + index] % 3
        if base == 0:
            spelled.append(str(number))
        elif base == 1:
            spelled.append(hex(number) if style[5] % 2 else hex(number).upper().replace("0X", "0x"))
        else:
            spelled.append("0" + format(number, "o"))
    return ".".join(spelled)


@given(
    st.integers(min_value=0, max_value=2**32 - 1),
    st.lists(st.integers(min_value=0, max_value=11), min_size=6, max_size=6),
)
@settings(max_examples=400, deadline=None)
def test_every_ipv4_spelling_becomes_the_dotted_quad(value: int, style: list[int]) -> None:
    spelled = _spell_ipv4(value, style)
    assert parse_url(f"http://{spelled}/").host == str(ipaddress.IPv4Address(value))


def _assert_canonical_or_refused(text: str, **options: bool) -> None:
    try:
        once = canonicalize(text, **options)
    except InvalidURL:
        return
    assert canonicalize(once, **options) == once
    parsed = parse_url(once, **options)
    assert parsed == parse_url(text, **options)
    # What the disk frontier stores comes back as the same URL without a parse.
    assert URL.from_canonical(once) == parsed
    assert sort_params(parse_url(text)) == parse_url(text, sort_query=True)
    # Safe to put on a request line and in a Host header as is: printable ASCII, no spaces.
    assert all(33 <= ord(char) < 127 for char in once)
    # The host is a literal the policy reads, or a name that is no spelling of an address.
    ip = literal_ip(parsed.host)
    if ip is None:
        assert ":" not in parsed.host and not parsed.host.replace(".", "").isdigit()
        assert refusal_reason(parsed.host) is None or "localhost" in parsed.host
    else:
        assert parsed.host == (f"{ip}" if ip.version == 4 else format_ipv6(ip))


@given(st.text(max_size=300))
@settings(max_examples=400, deadline=None)
def test_arbitrary_text_is_canonical_or_refused(text: str) -> None:
    _assert_canonical_or_refused(text)


_URL_CHARS = "aAzZ09-._~%2e%2E%41%zz!$&'()*+,;=:@/?#[]\\ äß€\t\n\x00\x7f。１"
_HOST_CHARS = "aAbxXn-0179.%:[]_@ ü。"
_HOSTS = [
    "a.example", "A.Example.", "0x7f.1", "127.1", "2130706433", "[::1]", "[::FFFF:127.0.0.1]",
    "bücher.example", "XN--BCHER-KVA.example", "%61.example", "my_host", "１２７．０．０．１", "faß.de",
]


@given(
    st.sampled_from(["http", "HTTPS", "https", "hTtP", "ftp"]),
    st.sampled_from(["://", "://", "://", ":\\\\", ":", ":///"]),
    st.one_of(st.sampled_from(_HOSTS), st.text(alphabet=_HOST_CHARS, max_size=30)),
    st.one_of(st.just(""), st.integers(min_value=-1, max_value=70000).map(lambda p: f":{p}")),
    st.one_of(st.text(alphabet=_URL_CHARS, max_size=60), st.text(alphabet=_URL_CHARS, max_size=60).map("/".__add__)),
    st.booleans(),
)
@pytest.mark.slow
@settings(max_examples=600, deadline=None)
def test_url_like_text_is_canonical_or_refused(
    scheme: str, sep: str, host: str, port: str, rest: str, sort_query: bool
) -> None:
    _assert_canonical_or_refused(f"{scheme}{sep}{host}{port}{rest}", sort_query=sort_query)


@given(st.text(alphabet=_URL_CHARS + "gh", max_size=60))
@settings(max_examples=400, deadline=None)
def test_resolved_links_are_canonical_or_refused(href: str) -> None:
    try:
        resolved = resolve_link(base="http://a.example/b/c/d;p?q", href=href)
    except InvalidURL:
        return
    assert canonicalize(resolved) == resolved
    assert resolved.startswith(("http://", "https://"))


@given(st.text(max_size=80))
@settings(max_examples=300, deadline=None)
def test_targets_are_canonical_or_refused(text: str) -> None:
    try:
        url = parse_target(text)
    except InvalidURL:
        return
    assert canonicalize(str(url)) == str(url)
