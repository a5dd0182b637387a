"""CSS selectors: cssselect's grammar, scoped inside an element, and errors that name the character."""

from __future__ import annotations

import pytest
from lxml import etree

from seaspider.extract import selectors
from seaspider.extract.selectors import SelectorProblem, compile_selector

DOC = etree.fromstring(
    "<html><body><div id=outer class=box><p class=a>one</p><div class=box><p class=a>two</p></div></div>"
    "<p class=a>three</p><ul><li>x</li><li>y</li><li>z</li></ul></body></html>",
    etree.HTMLParser(),
)


def texts(found: list[etree._Element]) -> list[str]:
    return ["".join(el.itertext()) for el in found]


def test_public_names_are_pinned() -> None:
    assert selectors.__all__ == ["Selector", "SelectorProblem", "compile_selector"]


@pytest.mark.parametrize(
    ("css", "expected"),
    [
        ("p.a", ["one", "two", "three"]),
        ("div > p", ["one", "two"]),
        ("li:nth-child(2n+1)", ["x", "z"]),
        ("li:not(:first-child)", ["y", "z"]),
        ("p:contains('tw')", ["two"]),
        ("#outer p, ul li:last-child", ["one", "two", "z"]),
        ("div ~ p", ["three"]),
    ],
    ids=["class", "child", "nth-child", "not", "contains", "union", "sibling"],
)
def test_css3_selectors_from_cssselect(css: str, expected: list[str]) -> None:
    assert texts(compile_selector(css).select(DOC)) == expected


def test_a_scoped_selector_stays_inside_its_element() -> None:
    outer = compile_selector("#outer").select(DOC)[0]
    # The element itself and its descendants match; the p after it, outside, does not.
    assert texts(compile_selector("p").select(outer)) == ["one", "two"]
    assert [el.get("id") for el in compile_selector("div.box").select(outer)] == ["outer", None]
    inner = compile_selector("div.box div.box").select(DOC)[0]
    assert texts(compile_selector("p").select(inner)) == ["two"]  # negative control: not its ancestor's
    assert compile_selector(":scope > p").select(inner)[0].text == "two"


def test_first_is_the_first_in_document_order() -> None:
    assert compile_selector("ul li:last-child, p.a").first(DOC).text == "one"
    assert compile_selector("table").first(DOC) is None


@pytest.mark.parametrize(
    ("css", "phrase", "position"),
    [
        (".price[", "expected a name or '*' but found the end of the selector", 8),
        ("a!b", "expected a selector but found '!'", 2),
        ("div >", "expected a selector but found the end of the selector", 6),
        ("h3::text", "pseudo-elements such as ::text are not supported", 3),
        ("a:first-line", "pseudo-elements such as ::text are not supported", 2),
        ("p:foo(1)", "the pseudo-class :foo() is unknown", 2),
        ("li:nth-child(x)", "invalid series: 'x'", 14),
        ("svg|rect", "namespace prefixes (ns|name) are not supported in HTML", 4),
        ("  ", "the selector is empty", None),
    ],
    ids=["unclosed-bracket", "stray-delimiter", "dangling-combinator", "pseudo-element", "legacy-pseudo-element", "unknown-pseudo-class", "bad-series", "namespace", "empty"],
)
def test_invalid_selectors_name_what_and_where(css: str, phrase: str, position: int | None) -> None:
    with pytest.raises(SelectorProblem) as caught:
        compile_selector(css)
    assert caught.value.phrase.startswith(phrase)
    assert caught.value.position == position
