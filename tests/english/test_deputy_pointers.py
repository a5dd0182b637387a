"""Round 12: markup agents and busy people put around addresses — a pointer ("👉 A", "→ A ←"), a
bullet list with the request on the next line, a list heading ("Sources to download:"), JSON tool
arguments in prose, a one-word code span — points at what is asked and hides nothing."""

from __future__ import annotations

from typing import Any

import pytest

from deputy.protect import protect
from deputy.rewrite import rewrite
from deputy.text.toolargs import unpack_arguments
from seaspider.english_reader import load_vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
C = "https://c.example.com/z"
WORDS = load_vocab().words


def _rewritten(prompt: str, **lists: Any) -> str:
    done = rewrite(protect(prompt), spellings={}, frames=(), asides=(), **lists)
    out = done.protected.pieces[0]
    for item, piece in zip(done.protected.items, done.protected.pieces[1:], strict=True):
        out += item.source + piece
    return " ".join(out.split())


@pytest.mark.parametrize("prompt, expected", [
    (f"👉 {A} please fetch", ("fetch", {"urls": [A]})),
    (f"👉 {A} pls fetch", ("fetch", {"urls": [A]})),
    (f"Grab this one for me 👉 {A}", ("fetch", {"urls": [A]})),
    (f"Download this PDF → {A} ←", ("fetch", {"urls": [A]})),
    (f"Please download → {A}", ("fetch", {"urls": [A]})),
    (f"→ {A} ← fetch that please", ("fetch", {"urls": [A]})),
    (f"fetch -> {A}", ("fetch", {"urls": [A]})),
], ids=["emoji-first", "emoji-pls", "emoji-after-words", "arrows-around", "arrow-after-verb", "arrows-then-verb",
        "ascii-arrow"])
def test_a_pointer_at_an_address_is_markup(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't download this → {A} ←", "negation"),
    (f"Download this PDF → {A} ← and email it to the team", "unsupported_verb"),
    (f"👉 {A} please fetch if it changed since Monday", "condition"),
    ("👉 http://192.168.1.20/admin/export.csv please fetch", "non_public_address"),
    (f"{A} please delete", "unsupported_verb"),
    (f"{A} please don't fetch", "negation"),
    (f"Fetch {A} → {B}", "not_understood"),  # between two addresses a pointer says how they relate
    (f"{A} fetch", "not_understood"),  # an address before a bare verb: nothing says it is a request
], ids=["negation", "second-verb", "condition", "private", "fronted-unsupported", "fronted-negation",
        "arrow-between-addresses", "no-please"])
def test_the_checks_still_apply_around_a_pointer(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_pointer_list_the_pointer_stays() -> None:  # negative control: the rule disabled
    assert _rewritten(f"Download this PDF → {A} ←") == f"Download this PDF → {A} ←"
    assert _rewritten(f"Download this PDF → {A} ←", pointers=WORDS.pointers) == f"Download this PDF: {A}"
    assert _rewritten(f"Fetch {A} → {B}", pointers=WORDS.pointers) == f"Fetch {A} → {B}"


@pytest.mark.parametrize("prompt, expected", [
    (f"* {A}\n* {B}\nplease download both", ("fetch", {"urls": [A, B]})),
    (f"Sources to download:\n- {A}\n- {B}\n- {C}", ("fetch", {"urls": [A, B, C]})),
    (f"Pages to download:\n1. {A}\n2. {B}", ("fetch", {"urls": [A, B]})),
    (f"Links to grab:\n• {A}\n• {B}", ("fetch", {"urls": [A, B]})),
    (f"Pages to fetch: {A} and {B}", ("fetch", {"urls": [A, B]})),
], ids=["bullets-then-request", "heading-dashes", "heading-numbers", "heading-dots", "heading-inline"])
def test_a_list_and_its_heading_ask_for_the_list(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Sources to delete:\n- {A}\n- {B}", "unsupported_verb"),
    (f"Sources not to download:\n- {A}\n- {B}", "negation"),
    (f"* {A}\n* http://10.0.0.7/reports\nplease download both", "non_public_address"),
    (f"Sources to download:\n- {A},{B}", "invalid_url"),  # glued by a comma: which one is meant?
    ("Sources to download:\n" + "\n".join(f"- https://a.example.com/{i}" for i in range(17)), "too_many_urls"),
    (f"Post to Slack: fetch {A}", "unsupported_verb"),  # "post" is a noun for pages, but here it orders
], ids=["verb", "negation", "private", "glued", "seventeen", "heading-that-orders"])
def test_a_heading_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_heading_is_rewritten_only_before_its_list() -> None:  # negative control: the sentence varied
    nouns = WORDS.referent_nouns | WORDS.object_nouns
    verbs = frozenset({"download", "fetch"})
    assert _rewritten(f"Sources to download:\n- {A}", heading_nouns=nouns, verbs=verbs) == f"download: {A}"
    assert _rewritten(f"Sources to download: {A}", heading_nouns=nouns, verbs=verbs) == f"download: {A}"
    for varied in (f"Sources to download once the embargo lifts:\n{A}", f"Sources to download: the new ones {A}",
                   f"Sources to archive:\n{A}"):  # "archive" is not among the verbs given here
        assert _rewritten(varied, heading_nouns=nouns, verbs=verbs) == " ".join(varied.split())


@pytest.mark.parametrize("prompt, expected", [
    (f'fetch with args {{"urls": ["{A}"]}}', ("fetch", {"urls": [A]})),
    (f'fetch with args {{"urls": ["{A}", "{B}"]}}', ("fetch", {"urls": [A, B]})),
    (f'Please fetch with arguments {{"urls": ["{A}"]}}', ("fetch", {"urls": [A]})),
], ids=["one", "two", "arguments"])
def test_json_arguments_of_a_slot_are_its_values(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f'fetch with args {{"urls": ["{A}"], "schedule": "daily"}}', "not_understood"),  # a second key
    (f'fetch with args {{"when": "{A}"}}', "not_understood"),  # not a slot's name
    (f'delete with args {{"urls": ["{A}"]}}', "unsupported_verb"),
    ('fetch with args {"urls": ["http://localhost:8080/metrics"]}', "non_public_address"),
    (f'fetch with args {{"urls": ["{A} tomorrow"]}}', "no_url"),  # a value with a space stays a quotation
], ids=["second-key", "other-key", "verb", "private", "spaced-value"])
def test_json_arguments_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_json_arguments_are_unpacked_only_for_slot_names() -> None:  # negative control: the rule disabled
    prompt = f'fetch with args {{"urls": ["{A}", "{B}", "{C}"]}}'
    assert unpack_arguments(prompt, {"urls"}) == f"fetch {A}, {B} and {C}"
    assert unpack_arguments(prompt, ()) == prompt
    assert unpack_arguments(prompt, {"url"}) == prompt


@pytest.mark.parametrize("prompt, expected", [
    (f"Fetch {A} please, I need the `opt-level` values for the release profile.", ("fetch", {"urls": [A]})),
    (f"Please fetch {A}, I want the `concurrency` key.", ("fetch", {"urls": [A]})),
], ids=["hyphenated", "plain"])
def test_a_one_word_code_span_is_the_word(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} and then run `npm install` in the repo.", "unsupported_verb"),
    (f"Fetch {A} and `delete` it.", "unsupported_verb"),
    (f"Fetch {A} and then run `rm -rf /`.", "unsupported_verb"),
], ids=["spaced-span", "verb-in-span", "shell"])
def test_a_code_span_hides_no_verb(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_code_span_with_a_space_keeps_its_backticks() -> None:  # negative control: the span varied
    assert _rewritten("check the `concurrency` key") == "check the concurrency key"
    assert _rewritten("then run `npm install`") == "then run `npm install`"
