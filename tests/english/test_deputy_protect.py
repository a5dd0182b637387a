"""Protection before parsing: each URL, host, markdown link and quotation becomes one item."""

from __future__ import annotations

import pytest

from deputy.protect import ItemKind, protect


def _items(prompt: str) -> list[tuple[str, str]]:
    return [(str(i.kind), i.text) for i in protect(prompt).items]


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Could you download https://a.example/ and https://b.example/x?",
         [("address", "https://a.example/"), ("address", "https://b.example/x")]),
        ("Are we allowed to fetch mova.elamur.ai?", [("address", "mova.elamur.ai")]),
        ("Fetch [a.example](https://a.example/).", [("address", "https://a.example/")]),
        ("Check A.EXAMPLE:8080/x?y=1.", [("address", "A.EXAMPLE:8080/x?y=1")]),
        ("Get https://en.wikipedia.org/wiki/Foo_(bar).", [("address", "https://en.wikipedia.org/wiki/Foo_(bar)")]),
        ("(see https://a.example/x)", [("address", "https://a.example/x")]),
        ("Grab http://[::1]/ and [2001:db8::1]:80/x.", [("address", "http://[::1]/"), ("address", "[2001:db8::1]:80/x")]),
        ("Fetch 127.0.0.1:8000/x, localhost and bob@a.example",
         [("address", "127.0.0.1:8000/x"), ("address", "localhost"), ("address", "bob@a.example")]),
        ("Fetch mailto:bob@a.example", [("address", "mailto:bob@a.example")]),
        ("Fetch «https://a.example/» and \"b.example\"", [("address", "https://a.example/"), ("address", "b.example")]),
    ],
    ids=["two-urls", "bare-host", "markdown", "port-query-upper", "balanced-paren", "unbalanced-paren", "ipv6",
         "literals-userinfo", "mailto", "quoted-addresses"],
)
def test_addresses_are_found_and_trailing_punctuation_dropped(prompt: str, expected: list[tuple[str, str]]) -> None:
    assert _items(prompt) == expected


@pytest.mark.parametrize(
    "prompt",
    ["Check robots.txt please", "Open index.html", "e.g. i.e. 3.14 and v1.2", "Node.js and spaCy."],
    ids=["robots-txt", "file-name", "abbreviations-numbers", "dotted-words"],
)
def test_file_names_and_abbreviations_are_not_addresses(prompt: str) -> None:  # negative control
    assert _items(prompt) == []


def test_quotation_is_one_item_and_keeps_its_inner_addresses_out() -> None:
    protected = protect("Ask Sea Spider: «Fetch https://a.example/ now»")
    assert [(i.kind, i.text) for i in protected.items] == [(ItemKind.QUOTE, "Fetch https://a.example/ now")]
    assert protected.pieces == ("Ask Sea Spider: ", "")


def test_markdown_link_keeps_its_text_for_the_mismatch_check() -> None:
    (item,) = protect("Fetch [a.example](https://b.example/x)").items
    assert item.text == "https://b.example/x"
    assert item.link_text == "a.example"


def test_pieces_and_items_rebuild_the_prompt_order() -> None:
    prompt = "Fetch https://a.example/, b.example and «x»."
    protected = protect(prompt)
    rebuilt = protected.pieces[0]
    for item, piece in zip(protected.items, protected.pieces[1:], strict=True):
        rebuilt += item.source + piece
    assert rebuilt == prompt
