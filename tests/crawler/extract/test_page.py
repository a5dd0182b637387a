"""One page into records: scoping, text, attributes, URLs, regex, charsets, and the limits of a hostile page."""

from __future__ import annotations

import pytest

from seaspider.extract import page as page_module
from seaspider.extract.page import MAX_ITEMS_PER_FIELD, MAX_RECORDS_PER_PAGE, Value, evaluate, parse_page
from seaspider.extract.rules import RuleSet, build_rules, inline_rules

URL = "https://shop.example/list/page-2?sort=price"


def rule_set(fields: dict[str, object], container: str | None = None) -> RuleSet:
    spec: dict[str, object] = {"url": "*", "fields": fields}
    if container is not None:
        spec["container"] = container
    return build_rules({"rules": {"r": spec}}, source="r.json").sets[0]


def records(html: str | bytes, fields: dict[str, object], container: str | None = None, *, url: str = URL,
            header: str | None = "text/html; charset=utf-8") -> list[dict[str, Value]]:
    body = html.encode() if isinstance(html, str) else html
    page = parse_page(body, url=url, content_type="text/html", content_type_header=header)
    assert page is not None
    rules = rule_set(fields, container)
    return [dict(zip(rules.field_names, values, strict=True)) for values in evaluate(page, rules)]


def test_public_names_are_pinned() -> None:
    assert page_module.__all__ == [
        "MAX_ITEMS_PER_FIELD", "MAX_PAGE_BYTES", "MAX_PAGE_ELEMENTS", "MAX_RECORDS_PER_PAGE", "MAX_SCOPE_ELEMENTS_PER_PAGE",
        "MAX_TEXT_STEPS_PER_PAGE", "MAX_VALUE_CHARS", "URL_ATTRIBUTES", "Cuts", "ParsedPage", "Value", "evaluate", "parse_page",
    ]  # fmt: skip


CARDS = """<html><body>
<div class=card><h3>First</h3><span class=price>£1</span></div>
<div class=card><h3>Second</h3></div>
<h3>Outside</h3><span class=price>£9</span>
</body></html>"""


def test_container_makes_one_record_per_match_with_fields_scoped_inside() -> None:
    assert records(CARDS, {"name": "h3", "price": ".price"}, "div.card") == [
        {"name": "First", "price": "£1"},
        {"name": "Second", "price": None},  # not the £9 outside its card
    ]


def test_without_container_one_record_per_page_takes_the_first_match() -> None:
    assert records(CARDS, {"name": "h3", "prices": {"selector": ".price", "all": True}}) == [{"name": "First", "prices": ("£1", "£9")}]


def test_a_container_matching_nothing_makes_no_record() -> None:
    assert records(CARDS, {"name": "h3"}, "article") == []


def test_text_is_folded_without_script_and_style_and_blocks_stand_apart() -> None:
    html = """<html><head><style>p { color: red }</style><script type="application/ld+json">{"@type":  "Product"}</script></head>
    <body><div class=d>
      Sea   <b>spi</b>der
      <script>var x = "not text";</script>tail
      <ul><li>toy</li><li>soft</li></ul><p>one</p><p>two<br>three</p>
    </div></body></html>"""
    got = records(html, {"d": ".d", "ld": "script[type='application/ld+json']", "style": "style"})
    assert got == [{"d": "Sea spider tail toy soft one two three", "ld": '{"@type": "Product"}', "style": "p { color: red }"}]


def test_empty_selector_is_the_container_itself() -> None:
    got = records('<div class=c data-id=" 7 ">Seven <i>ish</i></div>', {"text": "", "id": "@data-id"}, "div.c")
    assert got == [{"text": "Seven ish", "id": "7"}]


def test_urls_are_absolute_and_canonical_like_links() -> None:
    html = """<html><body>
    <a href="../item/1?utm_source=x&amp;id=2#reviews">one</a>
    <a href=" HTTP://Other.EXAMPLE:80/a/./b ">two</a>
    <a href="mailto:shop@example.com">mail</a>
    <img src="/img/1.png" alt="../not-a-url">
    </body></html>"""
    fields = {"links": {"selector": "a", "attribute": "href", "all": True}, "img": "img@src", "alt": "img@alt"}
    assert records(html, fields) == [{
        "links": ("https://shop.example/item/1?id=2", "http://other.example/a/b", "mailto:shop@example.com"),
        "img": "https://shop.example/img/1.png",
        "alt": "../not-a-url",  # not a URL attribute: as written
    }]  # fmt: skip


def test_base_href_decides_where_relative_urls_point() -> None:
    with_base = '<html><head><base href="/shop/"><base href="/ignored/"></head><body><a href="item/1">x</a></body></html>'
    assert records(with_base, {"u": "a@href"}) == [{"u": "https://shop.example/shop/item/1"}]
    without = "<html><body><a href='item/1'>x</a></body></html>"  # negative control
    assert records(without, {"u": "a@href"}) == [{"u": "https://shop.example/list/item/1"}]


def test_a_missing_attribute_looks_at_the_next_match() -> None:
    html = "<html><body><a>no href</a><a href='/2'>two</a><a href='/3'>three</a></body></html>"
    assert records(html, {"first": "a@href", "every": {"selector": "a", "attribute": "href", "all": True}, "none": "a@title"}) == [
        {"first": "https://shop.example/2", "every": ("https://shop.example/2", "https://shop.example/3"), "none": None}
    ]


@pytest.mark.parametrize(
    ("regex", "expected_one", "expected_all"),
    [
        ("([0-9]+\\.[0-9]+)", "12.50", ("12.50", "7.00")),
        ("[0-9]+", "12", ("12", "7", "3")),
        ("^€", None, ()),
    ],
    ids=["first-group", "whole-match", "no-match-drops"],
)
def test_regex_post_filter(regex: str, expected_one: str | None, expected_all: tuple[str, ...]) -> None:
    html = "<html><body><p>Price: £12.50</p><p>£7.00</p><p>3 left</p></body></html>"
    got = records(html, {"one": {"selector": "p", "regex": regex}, "every": {"selector": "p", "regex": regex, "all": True}})
    assert got == [{"one": expected_one, "every": expected_all}]


@pytest.mark.parametrize(
    ("body", "header"),
    [
        ("<html><body><h1>Café £9</h1></body></html>".encode("cp1252"), "text/html; charset=windows-1252"),
        ('<html><head><meta charset="iso-8859-1"></head><body><h1>Café £9</h1></body></html>'.encode("latin-1"), "text/html"),
        ("\ufeff<html><body><h1>Café £9</h1></body></html>".encode(), None),
        ("<html><body><h1>Café £9</h1></body></html>".encode(), None),
    ],
    ids=["header", "meta", "bom", "utf-8-check"],
)
def test_charset_from_headers_and_meta(body: bytes, header: str | None) -> None:
    assert records(body, {"h": "h1"}, header=header) == [{"h": "Café £9"}]


def test_a_wrong_charset_is_visible() -> None:  # negative control: the charset is really used
    body = "<html><body><h1>Café</h1></body></html>".encode("cp1252")
    assert records(body, {"h": "h1"}, header="text/html; charset=utf-8") == [{"h": "Caf\ufffd"}]


def test_not_html_is_no_page() -> None:
    assert parse_page(b'{"a": 1}', url=URL, content_type="application/json", content_type_header="application/json") is None
    assert parse_page(b"   ", url=URL, content_type="text/html", content_type_header=None) is None
    assert parse_page(b"<html><body>x</body></html>", url=URL, content_type=None, content_type_header=None) is not None


def test_many_cards_are_kept_up_to_the_record_limit() -> None:
    ok = "<html><body>" + "<p class=c>x</p>" * 500 + "</body></html>"
    page = parse_page(ok.encode(), url=URL, content_type="text/html", content_type_header=None)
    assert page is not None
    assert len(evaluate(page, inline_rules("p.c", "t=").sets[0])) == 500 and not page.cuts.any()
    many = "<html><body>" + "<p class=c>x</p>" * (MAX_RECORDS_PER_PAGE + 5) + "</body></html>"
    page = parse_page(many.encode(), url=URL, content_type="text/html", content_type_header=None)
    assert page is not None
    assert len(evaluate(page, inline_rules("p.c", "t=").sets[0])) == MAX_RECORDS_PER_PAGE
    assert page.cuts.records_dropped == 5


def test_a_list_field_stops_at_the_item_limit() -> None:
    html = "<html><body>" + "<i>x</i>" * (MAX_ITEMS_PER_FIELD + 3) + "</body></html>"
    page = parse_page(html.encode(), url=URL, content_type="text/html", content_type_header=None)
    assert page is not None
    ((items,),) = evaluate(page, rule_set({"i": {"selector": "i", "all": True}}))
    assert isinstance(items, tuple) and len(items) == MAX_ITEMS_PER_FIELD and page.cuts.items_dropped == 3


def test_a_long_value_is_cut_at_the_value_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page_module, "MAX_VALUE_CHARS", 10)
    page = parse_page(b"<html><body><p>0123456789abc</p><p>short</p></body></html>", url=URL, content_type="text/html", content_type_header=None)
    assert page is not None
    assert evaluate(page, rule_set({"p": {"selector": "p", "all": True}})) == ((("0123456789", "short"),),)
    assert page.cuts.values_cut == 1
