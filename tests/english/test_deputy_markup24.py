"""Round 24 (markup24): a lone address first and a request pointing back at it ("<url>A</url> download
this"), asides that reassure or concede around a request ("…, don't worry.", "Not that I need it today, but
fetch A"), and a site whose domain is also a file suffix in a question about the store ("Stored page count
for docs.rs?"). Each rule has its refusal controls and a rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.forms.suffixed_site import suffixed_site
from deputy.text.address_first import address_first
from deputy.text.worry_asides import without_worry_asides
from seaspider.english_reader import build_deputy

A = "https://www.imf.org/en/News"
B = "https://www.ecb.europa.eu/press/"
POINTERS = ("this one", "this page", "this", "that", "it")


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


def _is_address(word: str) -> bool:
    return word.startswith(("http://", "https://"))


def _count(text: str) -> int:
    return sum(_is_address(w.strip("`<>[]()")) for w in text.split())


# --- the pure rewrites --------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"{A} download this", f"{A}. download this"),
    (f"`{A}` save this page for me", f"{A}. save this page for me"),
    (f"{A}\nplease fetch it", f"{A}. please fetch it"),
    (f"{A} don't download this", f"{A} don't download this"),  # no verb right after the address
    (f"{A} {B} fetch this", f"{A} {B} fetch this"),  # two addresses: "this" names neither for sure
    (f"see {A} fetch this", f"see {A} fetch this"),  # words before the address
    (f"{A} download these files", f"{A} download these files"),  # no pointer of the list
])
def test_address_first(text: str, expected: str) -> None:
    got = address_first(text, verbs={"download", "fetch", "save"}, pointers=POINTERS, is_address=_is_address,
                        count_addresses=_count)
    assert got == expected


@pytest.mark.parametrize("text, expected", [
    (f"Download {A}, it is not a private page, don't worry.", f"Download {A}, it is not a private page."),
    (f"Grab {A}, don't worry, it's public.", f"Grab {A}, it's public."),
    (f"Fetch {A}. Don't worry, it's public.", f"Fetch {A}. it's public."),
    (f"Don't worry, fetch {A}.", f"Fetch {A}."),
    (f"Not that I need it today, but fetch {A}.", f"Fetch {A}."),
    (f"Fetch {A}, don't worry if it fails.", f"Fetch {A}, don't worry if it fails."),  # a condition follows
    (f"Fetch {A}. Don't worry about it.", f"Fetch {A}. Don't worry about it."),  # "it" may be the page
    (f"Not that page, but fetch {A}.", f"Not that page, but fetch {A}."),  # a correction
    (f"Not that {B} matters, but fetch {A}.", f"Not that {B} matters, but fetch {A}."),  # an address inside
    (f"Not that it isn't useful, but fetch {A}.", f"Not that it isn't useful, but fetch {A}."),
    ("Don't worry.", "Don't worry."),  # nothing else asked
])
def test_worry_asides(text: str, expected: str) -> None:
    got = without_worry_asides(text, asides=("don't worry", "do not worry"), openers=("not that",),
                               blocked=frozenset({"if", "unless", "not"}))
    assert got == expected


@pytest.mark.parametrize("text, expected", [
    ("Stored page count for docs.rs?", ("docs.rs", "Stored page count for https://docs.rs/?")),
    ("Number of stored pages for bun.sh", ("bun.sh", "Number of stored pages for https://bun.sh/")),
    ("Stored page count for main.rs in my repo?", None),  # words after it
    ("Count docs.rs and bun.sh pages for docs.rs?", None),  # more than one such word
    ("Stored page count for example.com?", None),  # no ambiguous suffix: read as it always was
    ("Pages: docs.rs?", None),  # no preposition of place before it
])
def test_suffixed_site(text: str, expected: tuple[str, str] | None) -> None:
    assert suffixed_site(text) == expected


# --- the reader ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("<url>https://www.bbc.co.uk/news/science_environment</url> download this",
     ("fetch", {"urls": ["https://www.bbc.co.uk/news/science_environment"]})),
    (f"<link>{A}</link> grab this one", ("fetch", {"urls": [A]})),
    (f"{A} download it", ("fetch", {"urls": [A]})),
    (f"Download {A}, it is not a private page, don't worry.", ("fetch", {"urls": [A]})),
    (f"Please grab {A}, don't worry, it's a public page.", ("fetch", {"urls": [A]})),
    (f"Not that I need it today, but fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Not that it's urgent, but could you download {A}?", ("fetch", {"urls": [A]})),
    ("Stored page count for docs.rs?", ("stats", {"host": "docs.rs"})),
    ("Number of stored pages for bun.sh?", ("stats", {"host": "bun.sh"})),
])
def test_reads(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"<url>{A}</url> download this if it changed", "condition"),
    (f"<url>{A}</url> don't download this", "negation"),
    (f"<url>{A}</url> delete this", "unsupported_verb"),
    (f"{A} {B} fetch this", "url_outside_parse"),
    (f"Don't fetch {A}, don't worry about it.", "negation"),
    (f"Don't worry, just don't fetch {A}.", "negation"),
    (f"Not that page, but fetch {A}.", "negation"),
    (f"Fetch {A}, don't worry, unless it is down.", "condition"),
    (f"Email {A} to the team, don't worry, it's public.", "unsupported_verb"),
    (f"Not that I need it, but email {A} to Bob.", "unsupported_verb"),
    ("Stored page count for main.rs in my repo?", "not_understood"),
    ("Fetch the pages from docs.rs.", "not_understood"),
    ("Delete the stored pages for docs.rs.", "unsupported_verb"),
    ("Stored page count for docs.rs if it is up?", "condition"),
])
def test_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- each rule switched off turns a positive case back to a refusal --------------------------------

@pytest.mark.parametrize("lists, prompt", [
    ({"address_pointers": ()}, f"{A} download it"),
    ({"worry_asides": ()}, f"Download {A}, it is not a private page, don't worry."),
    ({"concession_openers": ()}, f"Not that I need it today, but fetch {A}."),
], ids=["address_pointers", "worry_asides", "concession_openers"])
def test_rule_off_refuses(lists: dict[str, tuple[str, ...]], prompt: str) -> None:
    assert read_outcome(deputy_with_words(**lists), prompt)[0] == "refused"


def test_suffixed_site_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.suffixed_site", lambda text: None)
    assert read_outcome(build_deputy(), "Stored page count for docs.rs?") == ("refused", "not_understood")
