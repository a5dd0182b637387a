"""Protection before parsing: each URL, host, markdown link and quotation becomes one item."""

from __future__ import annotations

import pytest

from deputy.protect import ITEM_MARK, ItemKind, protect


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


@pytest.mark.parametrize(
    ("prompt", "text", "source"),
    [
        ("Fetch <https://a.example/x>.", "https://a.example/x", "<https://a.example/x>"),
        ("Fetch `https://a.example/x`", "https://a.example/x", "`https://a.example/x`"),
        ("Fetch **https://a.example/x**", "https://a.example/x", "**https://a.example/x**"),
        ("Fetch 'https://a.example/x'", "https://a.example/x", "'https://a.example/x'"),
        ("Fetch (https://en.wikipedia.org/wiki/Foo_(bar)).", "https://en.wikipedia.org/wiki/Foo_(bar)",
         "(https://en.wikipedia.org/wiki/Foo_(bar))"),
        ("Fetch https://a.example/x>", "https://a.example/x", "https://a.example/x>"),
        ("Fetch:\n```\nhttps://a.example/x\n```", "https://a.example/x", "```\nhttps://a.example/x\n```"),
    ],
    ids=["angle", "backtick", "bold", "single-quote", "parenthesis-around-parenthesis", "lone-closer", "fence"],
)
def test_wrappers_belong_to_the_address(prompt: str, text: str, source: str) -> None:
    (item,) = protect(prompt).items
    assert (item.text, item.source) == (text, source)


@pytest.mark.parametrize(
    ("prompt", "piece"),
    [
        ("Fetch <script>https://a.example/</script>", "Fetch <script>"),
        ("Fetch `https://a.example/ && rm -rf /`", "Fetch `"),
        ("Fetch https://a.example/ -> https://b.example/x", "Fetch "),
    ],
    ids=["markup", "half-a-code-span", "arrow"],
)
def test_what_is_no_wrapper_stays_in_the_text(prompt: str, piece: str) -> None:  # negative control
    assert protect(prompt).pieces[0] == piece


def test_addresses_glued_by_a_comma_stay_one_item() -> None:
    assert _items("Fetch a.example/x,https://b.example/y") == [("address", "a.example/x,https://b.example/y")]
    assert _items("Fetch https://a.example/x, https://b.example/y") == [  # negative control: a space apart
        ("address", "https://a.example/x"), ("address", "https://b.example/y"),
    ]


def test_a_dotted_word_that_may_be_a_site_is_flagged_not_taken() -> None:
    from deputy.protect import maybe_host

    assert _items("How many pages from docs.rs?") == []
    assert maybe_host("docs.rs") and maybe_host("bun.sh")
    assert not maybe_host("robots.txt") and not maybe_host("index.html")  # negative control


def test_a_text_pass_rewrites_the_plain_text_around_the_marks() -> None:
    protected = protect("Please grab https://a.example/x and https://b.example/y now")
    joined = protected.joined()
    assert joined.count(ITEM_MARK) == 2
    rewritten = protected.rejoined(joined.replace("Please grab", "fetch"))
    assert rewritten is not None
    assert rewritten.pieces[0] == "fetch " and rewritten.items == protected.items


def test_a_rewrite_that_touches_an_address_mark_is_not_taken() -> None:  # negative control
    protected = protect("Please grab https://a.example/x and https://b.example/y now")
    joined = protected.joined()
    assert protected.rejoined(joined.replace(ITEM_MARK, "", 1)) is None  # a mark lost
    assert protected.rejoined(joined + ITEM_MARK) is None  # a mark added
