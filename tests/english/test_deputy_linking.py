"""Round 15, coordination with modifiers and linking words: ", then fetch B", "A plus the reviews page
B", "both A and its what's-new page at B", "the guide that goes with it at B", "not only A but also B",
a dictated "comma" between two addresses, and an address in a quotation the request does not use."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from deputy import decide as decide_module
from deputy import nlp as nlp_module
from deputy import segment as segment_module
from deputy.teaching.relaxations import relaxations
from seaspider.english_reader import deputy_for
from tests.english._deputy_helpers import read_outcome

A = "https://docs.example.org/release/3.14/"
B = "https://docs.example.org/whatsnew/3.14.html"
PRIVATE = "http://192.168.0.10/admin"


def _without(**emptied: frozenset[str]) -> Any:
    vocab = Vocab.from_raw(vocab_raw())
    return deputy_for(replace(vocab, words=replace(vocab.words, **emptied)))


# ---- ", then fetch B" ----------------------------------------------------------------------------

THEN = f"Fetch {A}, then fetch {B} too."


@pytest.mark.parametrize("prompt", [
    THEN,
    f"Fetch {A}, then fetch {B}.",
    f"Grab {A}, then grab {B} too please.",
    f"Could you fetch {A}, then fetch {B}?",
], ids=["too", "plain", "please", "could-you"])
def test_a_comma_then_a_second_step_acts_on_both(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A}, then delete {B}.", "unsupported_verb"),
    (f"Fetch {A}, then fetch {B} if it changed.", "condition"),
    (f"Fetch {A}, then fetch {B} once the job finishes.", "condition"),
    (f"Fetch {A}, then don't fetch {B}.", "negation"),
    (f"Fetch {A}, then fetch {PRIVATE} too.", "non_public_address"),
    (f"If {A} is up, then fetch {B}.", "condition"),
    (f"Fetch {A}, then email it to the team.", "unsupported_verb"),
], ids=["delete", "if-changed", "once", "negated", "private", "if-first", "email"])
def test_then_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_then_rule_the_steps_are_mixed_roles(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_outcome(deputy, THEN)[0] == "fetch"
    monkeypatch.setattr(segment_module, "_next_step", lambda *args: False)
    assert read_outcome(deputy, THEN) == ("refused", "not_understood")


# ---- a second object named by its own address ----------------------------------------------------

JOINED = f"Download both {A} and its what's-new page at {B}."
COMPANION = f"Grab the article at {A} and the guide that goes with it at {B}."


@pytest.mark.parametrize("prompt", [
    JOINED,
    f"Download {A} plus the reviews page {B}.",
    f"Grab {A} and its vaccine page at {B}.",
    f"Get {A} plus its companion document at {B}.",
    COMPANION,
    f"Download the paper at {A} and the code that comes with it at {B}.",
], ids=["its-page-at", "plus-appos", "and-its-at", "plus-its-at", "goes-with-it", "comes-with-it"])
def test_a_joined_object_named_by_its_address_acts_on_both(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Download {A} but not its blog at {B}.", "negation"),
    (f"Download {A} and its admin page at {PRIVATE}.", "non_public_address"),
    (f"Delete {A} and its blog at {B}.", "unsupported_verb"),
    (f"Download {A} and its blog at {B} if it changed.", "condition"),
    (f"Download {A} and the page that links to {B}.", "url_outside_parse"),
    (f"Fetch the report at {A} and the page that links to it at {B}.", "url_outside_parse"),
    (f"Fetch the report at {A} and the summary that was quoted at {B}.", "url_outside_parse"),
    (f"Fetch the report at {A} and the summary that doesn't go with it at {B}.", "negation"),
    (f"Download {A} and the latest post at {B}.", "not_understood"),
    (f"Download {A} and the links on {B}.", "not_understood"),
], ids=["but-not", "private", "delete", "condition", "links-to", "links-to-it-at", "quoted-at", "doesnt-go",
        "latest-post", "links-on"])
def test_joined_object_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_joined_rule_the_roles_are_mixed(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_outcome(deputy, JOINED)[0] == "fetch"
    # Round 28 (ops28): the text pass deputy.text.described_addresses reads "and its what's-new page at B" too;
    # it is switched off here so the check still shows what the parse rule alone reads.
    monkeypatch.setattr("deputy.reader.described_addresses", lambda text, **kwargs: text)
    monkeypatch.setattr(nlp_module, "joined_objects", lambda *args: frozenset())
    assert read_outcome(deputy, JOINED) == ("refused", "not_understood")


def test_without_companion_verbs_the_relative_clause_keeps_its_address() -> None:
    assert read_outcome(_without(companion_verbs=frozenset()), COMPANION) == ("refused", "url_outside_parse")


# ---- "not only A but also B" ----------------------------------------------------------------------

NOT_ONLY = f"Fetch not only {A} but also {B}."


@pytest.mark.parametrize("prompt", [
    NOT_ONLY,
    f"Please download not only {A} but {B} as well.",
    f"Grab not just {A} but also {B}.",
], ids=["but-also", "as-well", "just"])
def test_not_only_but_also_acts_on_both(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch not {A} but {B}.", "negation"),
    (f"Fetch not only {A}.", "negation"),
    (f"Don't fetch {A} but fetch {B}.", "negation"),
    (f"Fetch not only {A} but also {B}, but not https://docs.example.org/about/.", "negation"),
    (f"Fetch not only {A} but also {PRIVATE}.", "non_public_address"),
    (f"Fetch not only {A} but also {B} once the outage is over.", "condition"),
    (f"Delete not only {A} but also {B}.", "unsupported_verb"),
    (f"Not only fetch {A} but also summarise it.", "negation"),
], ids=["not-A-but-B", "no-second-half", "dont", "second-negation", "private", "once", "delete", "verbs"])
def test_not_only_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_focus_words_not_only_is_a_negation() -> None:
    assert read_outcome(_without(correlative_focus=frozenset()), NOT_ONLY) == ("refused", "negation")


# ---- a dictated comma -----------------------------------------------------------------------------

COMMA = f"download {A} comma {B}"


def test_a_dictated_comma_between_two_addresses_lists_them(deputy: Any) -> None:
    assert read_outcome(deputy, COMMA) == ("fetch", {"urls": [A, B]})
    assert read_outcome(deputy, f"fetch {A} comma {B} and https://docs.example.org/c") == (
        "fetch", {"urls": [A, B, "https://docs.example.org/c"]})


@pytest.mark.parametrize("prompt, kind", [
    (f"download {A}, comma {B}", "not_understood"),
    (f"don't download {A} comma {B}", "negation"),
    (f"download {A} comma {PRIVATE}", "non_public_address"),
    (f"download {A} comma delete {B}", "unsupported_verb"),
], ids=["real-comma-too", "negated", "private", "delete"])
def test_dictated_comma_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_dictated_commas_the_word_stays() -> None:
    assert read_outcome(_without(dictated_commas=frozenset()), COMMA) == ("refused", "not_understood")


# ---- an address in a quotation the request does not use ------------------------------------------

QUOTED = f'Client email: "The new landing page is live at {A}." Please fetch the old one.'


def test_an_address_in_an_unused_quotation_is_named_as_outside_the_request(deputy: Any) -> None:
    assert read_outcome(deputy, QUOTED) == ("refused", "url_outside_parse")


@pytest.mark.parametrize("prompt, kind", [
    (f'Client email: "Please delete {A}." Please fetch the old one.', "unsupported_verb"),
    (f'Client email: "Don\'t touch {A}." Please fetch the old one.', "negation"),
    # Since round 17 a quotation under a source label ("Client email:") that holds no address is
    # context (deputy/text/headed.py): the request alone names nothing to fetch.
    ('Client email: "The new landing page is live." Please fetch the old one.', "no_url"),
], ids=["delete", "negation", "no-address"])
def test_quotation_words_still_name_their_refusal(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_quoted_address_the_quotation_is_unused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decide_module, "quoted_address", lambda text: None)
    assert read_outcome(deputy, QUOTED) == ("refused", "not_understood")


# ---- the word lists widen what acts ----------------------------------------------------------------

@pytest.mark.parametrize("key, word", [
    ("correlative_focus", "even"), ("companion_verbs", "link"), ("dictated_commas", "semicolon"),
])
def test_widening_the_linking_words_is_a_relaxation(key: str, word: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)
