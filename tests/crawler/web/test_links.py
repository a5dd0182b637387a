"""Link extraction: canonical http(s) links, <base href>, charsets, nofollow marks, titles."""

from __future__ import annotations

import pytest

from seaspider.web.links import Link, detect_charset, extract_links, is_html

PAGE = "https://a.test/dir/page.html"


def _links(html: str | bytes, *, url: str = PAGE, content_type: str | None = "text/html", headers=None) -> list[Link]:
    body = html.encode("utf-8") if isinstance(html, str) else html
    return list(extract_links(body, url=url, content_type=content_type, headers=headers).links)


@pytest.mark.parametrize(
    ("href", "expected"),
    [
        ("other.html", "https://a.test/dir/other.html"),
        ("/root", "https://a.test/root"),
        ("../up", "https://a.test/up"),
        ("//b.test/x", "https://b.test/x"),
        ("HTTP://B.TEST:80/Y", "http://b.test/Y"),
        ("x#frag", "https://a.test/dir/x"),
        ("x?a=1&utm_source=news&b=2", "https://a.test/dir/x?a=1&b=2"),
        ("  spaced.html\n", "https://a.test/dir/spaced.html"),
        ("?q=1", "https://a.test/dir/page.html?q=1"),
        ("photo.JPG?size=2", None),
        ("movie.mp4", None),
        ("dump.tar.gz", None),
        ("song.mp3", None),
        ("mailto:someone@a.test", None),
        ("javascript:void(0)", None),
        ("ftp://a.test/file", None),
        ("data:text/html,hi", None),
        ("#top", None),
        ("", None),
        ("http://[bad", None),
    ],
    ids=[
        "relative", "absolute-path", "dot-dot", "scheme-relative", "case-and-default-port", "fragment-dropped",
        "utm-dropped", "whitespace-trimmed", "query-only", "image", "video", "archive", "audio", "mailto",
        "javascript", "ftp", "data", "fragment-only", "empty", "broken",
    ],
)  # fmt: skip
def test_href_becomes_canonical_link_or_is_dropped(href: str, expected: str | None) -> None:
    got = _links(f'<html><body><a href="{href}">x</a></body></html>')
    assert [link.url for link in got] == ([expected] if expected else [])


def test_document_order_and_each_url_once() -> None:
    got = _links('<a href="/b">b</a><a href="/a">a</a><a href="/b#2">b again</a><area href="/c">')
    assert [link.url for link in got] == ["https://a.test/b", "https://a.test/a", "https://a.test/c"]


def test_base_href_is_honoured_and_only_the_first_counts() -> None:
    html = '<head><base href="https://c.test/base/"><base href="https://d.test/"></head><a href="x">x</a>'
    assert [link.url for link in _links(html)] == ["https://c.test/base/x"]


def test_relative_base_href_resolves_against_the_page() -> None:
    assert [link.url for link in _links('<base href="/sub/"><a href="x">x</a>')] == ["https://a.test/sub/x"]


@pytest.mark.parametrize(
    ("rel", "nofollow"),
    [("nofollow", True), ("UGC", True), ("sponsored noopener", True), ("noopener", False), (None, False)],
    ids=["nofollow", "ugc", "sponsored", "other-rel", "no-rel"],
)
def test_rel_marks_nofollow(rel: str | None, nofollow: bool) -> None:
    attr = f' rel="{rel}"' if rel else ""
    assert _links(f'<a href="/x"{attr}>x</a>') == [Link("https://a.test/x", nofollow)]


@pytest.mark.parametrize(
    "meta",
    [
        '<meta name="robots" content="noindex, nofollow">',
        '<meta name="ROBOTS" content="none">',
        '<meta name="movabot" content="nofollow">',
    ],
    ids=["robots-nofollow", "robots-none", "our-token"],
)
def test_meta_robots_nofollow_marks_every_link(meta: str) -> None:
    got = extract_links(f"<head>{meta}</head><a href='/x'>x</a><a href='/y'>y</a>".encode(), url=PAGE, content_type="text/html")
    assert got.page_nofollow
    assert all(link.nofollow for link in got.links) and len(got.links) == 2


@pytest.mark.parametrize(
    "meta",
    ['<meta name="robots" content="noindex">', '<meta name="googlebot" content="nofollow">', '<meta name="description" content="nofollow">'],
    ids=["noindex-only", "other-robot", "not-robots"],
)
def test_meta_that_does_not_say_nofollow_for_us_is_ignored(meta: str) -> None:  # negative control
    assert _links(f"<head>{meta}</head><a href='/x'>x</a>") == [Link("https://a.test/x", False)]


@pytest.mark.parametrize(
    ("header", "nofollow"),
    [
        ("nofollow", True),
        ("noindex, NOFOLLOW", True),
        ("none", True),
        ("movabot: nofollow", True),
        ("googlebot: nofollow", False),
        ("googlebot: noindex, nofollow, movabot: noarchive", False),
        ("noarchive", False),
        ("unavailable_after: 25 Jun 2010 15:00:00 PST, nofollow", True),
    ],
    ids=["nofollow", "case", "none", "our-token", "other-robot", "other-robot-list", "other-directive", "dated"],
)
def test_x_robots_tag_header(header: str, nofollow: bool) -> None:
    got = _links("<a href='/x'>x</a>", headers={"X-Robots-Tag": header})
    assert got == [Link("https://a.test/x", nofollow)]


def test_linked_both_ways_counts_as_followable() -> None:
    assert _links('<a href="/x" rel="nofollow">1</a><a href="/x">2</a>') == [Link("https://a.test/x", False)]


def test_title_is_extracted_and_whitespace_collapsed() -> None:
    got = extract_links(b"<html><head><title>\n  Mova   page </title></head></html>", url=PAGE, content_type="text/html")
    assert got.title == "Mova page"


@pytest.mark.parametrize(
    ("content_type", "body", "scanned"),
    [
        ("text/html", b"<a href='/x'>", True),
        ("application/xhtml+xml", b"<a href='/x'>", True),
        ("text/plain", b"<a href='/x'>", False),
        ("application/json", b'{"a": "<a href=/x>"}', False),
        ("image/png", b"\x89PNG<a href='/x'>", False),
        (None, b"<!DOCTYPE html><a href='/x'>", True),
        (None, b"just text <a href='/x'>", False),
    ],
    ids=["html", "xhtml", "text", "json", "png", "sniffed-html", "sniffed-text"],
)
def test_only_html_is_scanned(content_type: str | None, body: bytes, scanned: bool) -> None:
    got = extract_links(body, url=PAGE, content_type=content_type)
    assert got.scanned is scanned
    assert len(got.links) == (1 if scanned else 0)


@pytest.mark.parametrize(
    ("body", "header", "expected"),
    [
        (b"\xef\xbb\xbf<p>", "text/html; charset=iso-8859-5", "utf-8"),
        (b"<p>", "text/html; charset=KOI8-R", "koi8-r"),
        (b"<p>", 'text/html; charset="Shift_JIS"', "shift_jis"),
        (b'<meta charset="windows-1251"><p>', "text/html", "cp1251"),
        (b'<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-2">', None, "iso8859-2"),
        (b"<p>caf\xc3\xa9", None, "utf-8"),
        (b"<p>caf\xe9", None, "cp1252"),
        (b"<p>", "text/html; charset=latin1", "cp1252"),
        (b'<meta charset="utf-16">', None, "utf-8"),
        (b'<meta charset="no-such-charset"><p>caf\xe9', None, "cp1252"),
    ],
    ids=["bom-wins", "header", "quoted-header", "meta-charset", "meta-http-equiv", "valid-utf8", "latin-bytes", "latin1-is-1252", "utf16-meta-lie", "unknown-label"],
)  # fmt: skip
def test_charset_detection(body: bytes, header: str | None, expected: str) -> None:
    assert detect_charset(body, header) == expected


def test_non_utf8_page_links_and_title_decode() -> None:
    body = '<meta charset="windows-1251"><title>Привет</title><a href="/путь">x</a>'.encode("cp1251")
    got = extract_links(body, url=PAGE, content_type="text/html")
    assert got.title == "Привет"
    assert [link.url for link in got.links] == ["https://a.test/%D0%BF%D1%83%D1%82%D1%8C"]


@pytest.mark.parametrize(
    "body",
    [b"", b"   ", b"<", b"<a href=", b"\x00\x01\x02<a href='/x'", b"<html><body><a href='/x'><div></a></p></span>", b"\xff\xfe\x00"],
    ids=["empty", "blank", "lone-lt", "cut-attr", "binary", "misnested", "utf16-bom-garbage"],
)
def test_broken_html_never_raises(body: bytes) -> None:
    got = extract_links(body, url=PAGE, content_type="text/html")
    assert got.scanned
    assert all(link.url.startswith("https://a.test/") for link in got.links)


def test_is_html_ignores_parameters_and_case() -> None:
    assert is_html("TEXT/HTML; charset=utf-8", b"")
    assert not is_html("text/htmlx", b"<html>")  # negative control


def test_utf8_page_cut_inside_a_character_is_still_utf8() -> None:
    body = "<p>café ünïcode €".encode("utf-8")[:-1]  # max_body_bytes cut the euro sign
    assert detect_charset(body, None) == "utf-8"
    assert detect_charset(b"<p>plain ascii \xe2\x82", None) == "cp1252"  # negative control: no earlier UTF-8


# -------------------------------------------------------------------------- issue 12: bounds on one page


def _many(n: int) -> bytes:
    return b"<html><head><title>many</title></head><body>" + b"".join(b"<a href='/l/%d'>l</a>" % i for i in range(n)) + b"</body></html>"


def test_links_are_capped_in_page_order_and_the_cut_is_said() -> None:
    got = extract_links(_many(50), url=PAGE, content_type="text/html", max_links=10)
    assert [link.url for link in got.links] == [f"https://a.test/l/{i}" for i in range(10)]
    assert got.truncated is True and got.title == "many"


@pytest.mark.parametrize("n", [9, 10], ids=["under", "exactly-at"])
def test_a_page_within_the_cap_is_not_truncated(n: int) -> None:  # negative control
    got = extract_links(_many(n), url=PAGE, content_type="text/html", max_links=10)
    assert len(got.links) == n and got.truncated is False


def test_repeats_of_kept_links_do_not_count_as_more() -> None:
    body = b"".join(b"<a href='/same'>x</a>" for _ in range(100)) + b"<a href='/other'>y</a>"
    got = extract_links(body, url=PAGE, content_type="text/html", max_links=2)
    assert [link.url for link in got.links] == ["https://a.test/same", "https://a.test/other"] and not got.truncated


def test_extraction_memory_follows_the_cap_not_the_page() -> None:
    import tracemalloc

    body = _many(20_000)  # 440 KB, 20,000 links

    def peak(max_links: int) -> int:
        tracemalloc.start()
        try:
            extract_links(body, url=PAGE, content_type="text/html", max_links=max_links)
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    capped = peak(200)
    assert capped < 1 << 20  # no tree and no copy of the page: a 64 KiB slice and the 200 links kept
    assert peak(20_000) > 10 * capped  # negative control: keeping them all costs in proportion


DEEP_LEVELS = [300, 5_000]


@pytest.mark.parametrize("levels", DEEP_LEVELS, ids=["300-levels", "5000-levels"])
def test_deeply_nested_links_are_all_found(levels: int) -> None:
    half = levels // 2
    body = (b"<html><body><a href='/top'>t</a>" + b"<div>" * half + b"<a href='/half'>h</a>" + b"<div>" * (levels - half)
            + b"<a href='/bottom'>b</a>" + b"</div>" * levels + b"<a href='/after'>a</a></body></html>")
    got = extract_links(body, url=PAGE, content_type="text/html")
    assert [link.url for link in got.links] == [f"https://a.test/{name}" for name in ("top", "half", "bottom", "after")]


def test_a_tree_parse_loses_the_deep_links_the_test_above_finds() -> None:  # negative control
    from lxml import etree

    body = b"<html><body>" + b"<div>" * 300 + b"<a href='/bottom'>b</a>" + b"</div>" * 300 + b"</body></html>"
    tree = etree.fromstring(body, etree.HTMLParser(recover=True))
    assert tree is None or not [el for el in tree.iter("a")]  # libxml2's tree stops at depth 256


def test_a_late_base_applies_to_every_link_as_in_browsers() -> None:
    got = _links('<a href="x">x</a><base href="https://c.test/base/"><a href="y">y</a>')
    assert [link.url for link in got] == ["https://c.test/base/x", "https://c.test/base/y"]


def test_meta_nofollow_late_in_the_page_marks_every_link() -> None:
    got = _links('<a href="/x">x</a><meta name="robots" content="nofollow"><a href="/y">y</a>')
    assert [link.nofollow for link in got] == [True, True]


def test_a_page_cut_at_the_cap_leaves_nothing_behind_for_the_next() -> None:
    # One parser per thread is reused: the rest of a cut page must not reach the next page's links.
    first = extract_links(_many(100), url=PAGE, content_type="text/html", max_links=3)
    second = extract_links(b"<title>next</title><a href='/only'>o</a>", url=PAGE, content_type="text/html", max_links=3)
    assert first.truncated and len(first.links) == 3
    assert [link.url for link in second.links] == ["https://a.test/only"] and not second.truncated
    assert second.title == "next"


def test_each_thread_reads_with_its_own_parser() -> None:
    from concurrent.futures import ThreadPoolExecutor

    def links_of(n: int) -> list[str]:
        return [link.url for link in extract_links(_many(n), url=PAGE, content_type="text/html").links]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(links_of, [200, 300, 400, 500] * 4))
    assert [len(found) for found in results] == [200, 300, 400, 500] * 4


def test_sorted_queries_merge_links_that_differ_only_in_parameter_order() -> None:
    html = ('<a href="/s?b=2&a=1" rel="nofollow">1</a><a href="/s?a=1&b=2">2</a>'
            '<a href="/t?z=1&y=2" rel="nofollow">3</a><a href="/plain">4</a>')
    page = extract_links(html.encode(), url=PAGE, content_type="text/html")
    assert [link.url for link in page.links] == [  # negative control: as found, each spelling apart
        "https://a.test/s?b=2&a=1", "https://a.test/s?a=1&b=2", "https://a.test/t?z=1&y=2", "https://a.test/plain"]
    assert list(page.with_sorted_queries().links) == [
        Link("https://a.test/s?a=1&b=2", False),  # followable: one of its spellings was
        Link("https://a.test/t?y=2&z=1", True),
        Link("https://a.test/plain", False),
    ]
