"""Readable text from stored bytes: document order, dropped and hidden elements, links, charsets, spans and bounds."""

from __future__ import annotations

import pytest

from seaspider.web import text as text_module
from seaspider.web.text import (
    MAX_ELEMENTS,
    MAX_MAX_CHARS,
    MAX_TEXT_CHARS,
    PageText,
    TextKind,
    cut,
    declared_type,
    is_text_type,
    page_text,
)

PAGE = "https://a.test/dir/page.html"


def _html(body: str | bytes, *, url: str = PAGE, content_type: str | None = "text/html") -> PageText:
    data = body.encode("utf-8") if isinstance(body, str) else body
    return page_text(data, url=url, content_type=content_type)


def test_public_names_are_deliberate() -> None:
    assert text_module.__all__ == [
        "DEFAULT_MAX_CHARS", "MAX_ELEMENTS", "MAX_MAX_CHARS", "MAX_PARSE_BYTES", "MAX_TEXT_CHARS", "PageText",
        "TextKind", "TextSpan", "cut", "declared_type", "is_text_type", "media_type_of", "page_text",
    ]


def test_title_headings_paragraphs_lists_and_cells_in_document_order() -> None:
    got = _html(
        "<html><head><title> The  Title </title></head><body>"
        "<h1>Top</h1><p>First   paragraph\nwith <b>bold</b> words.</p>"
        "<ul><li>one</li><li>two</li></ul><h2>Second</h2>"
        "<table><tr><th>Name</th><th>Size</th></tr><tr><td>a</td><td>1</td></tr></table><p>End.</p></body></html>"
    )
    assert got.kind is TextKind.HTML and got.title == "The Title" and got.complete
    assert got.text == (
        "The Title\n\n# Top\n\nFirst paragraph with bold words.\n\n- one\n- two\n\n## Second\n\n"
        "Name | Size\na | 1\n\nEnd."
    )


def test_links_are_markdown_with_absolute_urls() -> None:
    got = _html(
        '<p>See <a href="../other.html">the  other page</a>, <a href="https://b.test/x#frag">b</a> and '
        '<a href="/r?utm_source=x&amp;q=1">root</a>.</p>'
    )
    assert got.text == (
        "See [the other page](https://a.test/other.html), [b](https://b.test/x) and [root](https://a.test/r?utm_source=x&q=1)."
    )


def test_links_resolve_against_the_first_base_href() -> None:
    got = _html('<head><base href="https://c.test/base/"><base href="https://d.test/"></head><p><a href="x">x</a></p>')
    assert got.text == "[x](https://c.test/base/x)"


@pytest.mark.parametrize(
    ("html", "expected"),
    [
        ('<p><a href="javascript:alert(1)">click</a></p>', "click"),
        ('<p><a href="mailto:a@b.test">mail</a></p>', "mail"),
        ('<p><a href="#top">top</a></p>', "top"),
        ('<p><a href="http://[bad">broken</a></p>', "broken"),
        ('<p>a <a href="/empty"></a> b</p>', "a b"),
        ('<p><a href="/img"><img src="i.png" alt="Logo"></a></p>', "[Logo](https://a.test/img)"),
        ('<p><a href="/t">a [b] c</a></p>', "[a \\[b\\] c](https://a.test/t)"),
    ],
    ids=["javascript", "mailto", "fragment", "broken-href", "no-text", "image-alt", "brackets-escaped"],
)
def test_links_that_are_not_web_links_stay_text(html: str, expected: str) -> None:
    assert _html(html).text == expected


def test_a_link_around_blocks_gets_a_line_of_its_own() -> None:
    got = _html('<a href="/card"><h3>Card</h3><p>Summary text</p></a><p>After</p>')
    assert got.text == "### Card\n\nSummary text\n\n[Card Summary text](https://a.test/card)\n\nAfter"


@pytest.mark.parametrize(
    "dropped",
    [
        "<script>var secret = 1;</script>",
        "<style>p { color: red }</style>",
        "<noscript>enable javascript</noscript>",
        "<template><p>a template</p></template>",
        "<div hidden>hidden attribute</div>",
        '<div aria-hidden="true">aria hidden</div>',
        '<p style="color: red; display : none">inline none</p>',
        '<span style="visibility:hidden">invisible</span>',
        "<iframe>frame fallback</iframe>",
        "<svg><text>vector text</text></svg>",
        "<select><option>choice</option></select>",
    ],
    ids=["script", "style", "noscript", "template", "hidden", "aria-hidden", "display-none", "visibility-hidden",
         "iframe", "svg", "select"],
)
def test_dropped_and_hidden_elements_give_no_text(dropped: str) -> None:
    got = _html(f"<body><p>before</p>{dropped}<p>after</p></body>")
    assert got.text == "before\n\nafter"


def test_visible_text_beside_hidden_text_stays() -> None:  # negative control for the hidden rules
    got = _html('<p style="color: red">shown</p><p style="display: block">block</p><div aria-hidden="false">aria</div>')
    assert got.text == "shown\n\nblock\n\naria"


def test_whitespace_is_folded_and_br_starts_a_line() -> None:
    got = _html("<div>  a\t\tb \n\n c<br>d   </div>   <div>\n e </div><p>f</p>")
    assert got.text == "a b c\nd\ne\n\nf"  # a paragraph stands apart by a blank line


@pytest.mark.parametrize(
    ("body", "content_type", "expected"),
    [
        ("café".encode("cp1252"), "text/html; charset=windows-1252", "café"),
        (b'<meta charset="iso-8859-1"><p>caf\xe9</p>', "text/html", "café"),
        ("<p>café</p>".encode("utf-8"), "text/html", "café"),
        (b"\xef\xbb\xbf<p>bom</p>", "text/html", "bom"),
        ("<p>naïve</p>".encode("utf-16"), "text/html", "naïve"),
        (b"<p>caf\xe9</p>", "text/html", "café"),  # not UTF-8 and undeclared: windows-1252
    ],
    ids=["header", "meta", "utf8-sniffed", "utf8-bom", "utf16-bom", "cp1252-sniffed"],
)
def test_charsets_declared_or_sniffed(body: bytes, content_type: str, expected: str) -> None:
    assert _html(body, content_type=content_type).text == expected


def test_the_kept_header_carries_the_charset() -> None:
    headers = {"Content-Type": "text/html; charset=koi8-r", "etag": "x"}
    assert declared_type(headers, "text/html") == "text/html; charset=koi8-r"
    assert declared_type({}, "text/html") == "text/html"  # no header kept: the media type alone
    body = "<p>привет</p>".encode("koi8-r")
    assert _html(body, content_type=declared_type(headers, "text/html")).text == "привет"
    assert _html(body, content_type="text/html").text != "привет"  # negative control: sniffing alone guesses wrong


def test_plain_text_types_are_returned_as_decoded() -> None:
    got = page_text("a  b\r\n\tc\rd".encode("latin-1"), url=PAGE, content_type="text/plain; charset=iso-8859-1")
    assert got.kind is TextKind.PLAIN and got.text == "a  b\n\tc\nd" and got.charset == "cp1252"
    assert page_text(b'{"a": [1, 2]}', url=PAGE, content_type="application/json").text == '{"a": [1, 2]}'
    assert page_text(b"<feed/>", url=PAGE, content_type="application/atom+xml").kind is TextKind.PLAIN


def test_other_types_have_no_text() -> None:
    png = page_text(b"\x89PNG\r\n\x1a\n" + bytes(64), url=PAGE, content_type="image/png")
    assert png == PageText(TextKind.NONE, "", None, None, "image/png", True)
    assert page_text(bytes(64), url=PAGE, content_type=None).kind is TextKind.NONE  # NUL bytes, no type
    assert page_text(b"just words", url=PAGE, content_type=None).kind is TextKind.PLAIN


@pytest.mark.parametrize(
    ("media_type", "is_text"),
    [("text/plain", True), ("text/csv", True), ("application/json", True), ("application/ld+json", True),
     ("application/rss+xml", True), ("image/png", False), ("application/pdf", False), ("application/zip", False),
     (None, False)],
)
def test_text_types(media_type: str | None, is_text: bool) -> None:
    assert is_text_type(media_type) is is_text


def test_the_title_is_the_documents_not_a_drawings() -> None:
    got = _html("<body><svg><title>icon</title></svg><p>text</p></body>")
    assert got.title is None and got.text == "text"
    assert _html("<title>Page</title><svg><title>icon</title></svg>").title == "Page"


def test_empty_and_blank_pages_have_empty_text() -> None:
    assert _html(b"").text == ""
    assert _html(b"  \n ").text == ""
    assert _html("<html><head><title>Only a title</title></head><body></body></html>").text == "Only a title"


def test_spans_page_through_the_whole_text() -> None:
    text = "".join(chr(ord("a") + i % 26) for i in range(1000))
    pieces, start = [], 0
    while True:
        span = cut(text, start=start, max_chars=300)
        pieces.append(span.text)
        if not span.more:
            break
        start = span.end
    assert "".join(pieces) == text and len(pieces) == 4
    assert cut(text, start=5000, max_chars=10).text == "" and not cut(text, start=5000, max_chars=10).more
    with pytest.raises(ValueError, match="max_chars 0"):
        cut(text, max_chars=0)
    with pytest.raises(ValueError, match=f"max_chars {MAX_MAX_CHARS + 1}"):
        cut(text, max_chars=MAX_MAX_CHARS + 1)
    with pytest.raises(ValueError, match="start -1"):
        cut(text, start=-1)


def test_nesting_ten_thousand_deep_is_read_without_recursion() -> None:
    deep = "<div>" * 10_000 + "deep text" + "</div>" * 10_000
    assert _html(deep).text == "deep text"
    spans = "<span><b>" * 5_000 + "inline" + "</b></span>" * 5_000
    assert _html(spans).text == "inline"
    unclosed_links = '<a href="/x">' * 10_000 + "linked"
    assert _html(unclosed_links).text == "[linked](https://a.test/x)"


@pytest.mark.slow
def test_a_million_links_stop_at_the_element_bound() -> None:
    page = b"<html><body>" + b'<a href="/p">link</a> ' * 1_000_000 + b"</body></html>"  # 22 MB
    got = page_text(page, url=PAGE, content_type="text/html")
    assert not got.complete
    links = got.text.count("[link](https://a.test/p)")
    assert MAX_ELEMENTS - 10 <= links <= MAX_ELEMENTS  # the element count bounds the work (html and body count too)


def test_an_endless_paragraph_stops_at_the_text_bound() -> None:
    got = page_text(b"<p>" + b"word " * 1_000_000 + b"</p>", url=PAGE, content_type="text/html")
    assert not got.complete and len(got.text) <= MAX_TEXT_CHARS
    plain = page_text(b"x" * (MAX_TEXT_CHARS + 10), url=PAGE, content_type="text/plain")
    assert not plain.complete and len(plain.text) == MAX_TEXT_CHARS


def test_a_page_inside_the_bounds_is_complete() -> None:  # negative control for the bounds
    page = b"<html><body>" + b"".join(b'<a href="/p%d">link %d</a> ' % (i, i) for i in range(1000)) + b"</body></html>"
    got = page_text(page, url=PAGE, content_type="text/html")
    assert got.complete and got.text.count("](https://a.test/p") == 1000
