"""Round 25 (bind25): a request that points back at the one address its context names.

- deputy/forms/wished_copy.py: "The researcher read A yesterday and wants a stored copy too. Please fetch
  it.", "The auditors want to see the original wording of A, so get it for them." — a wish for the page
  (`words.request_governors`, `words.referent_nouns`, `words.copy_nouns`) lets "it" stand for the one address;
- deputy/forms/recalled.py: "they read the article at A" names A, and "so we have a copy" names no rival;
- deputy/forms/asked_back.py: "What was its title?" after a statement naming one address;
- deputy/text/threads.py `pronoun_bound`: "its stored text" is put as "the stored text of A" in a transcript;
- deputy/forms/named_again.py: "Previously: fetched A OK.\\nNow: fetch B and A." — a report of a past act
  on an address the request names again is no second thing;
- deputy/forms/written_past.py: "Yesterday: fetched A and B." is a report, never an order (a wrong action
  before this round).

Each rule has positive cases, negative controls (negation, real condition, unsupported verb, two addresses,
the address only in context) and a rule-off check that turns a positive case back into a refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest

import deputy.clause as clause
import deputy.compose as compose
import deputy.context as context
import deputy.forms.asked_back as asked_back
import deputy.text.threads as threads
from _deputy_helpers import deputy_with_words, read_outcome
from deputy.forms.written_past import written_past

A = "https://a.example.com/x"
B = "https://b.example.com/y"


def _fetched(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- a wish for the page in context, then "fetch it" (deputy/forms/wished_copy.py) -------------------------

WISHED = [
    f"The researcher read {A} yesterday and wants a stored copy too. Please fetch it.",
    f"The auditors want to see the original wording of {A}, so get it for them.",
    f"Our analyst looked at {A} this morning and wants an archived copy as well. Download it, please.",
    f"My manager needs the full text of {A}. Grab it.",
]


@pytest.mark.parametrize("prompt", WISHED)
def test_a_wished_page_is_what_it_means(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"The researcher read {A} yesterday and wants a stored copy. Don't fetch it.", "negation"),
    (f"The researcher never read {A} and wants a stored copy. Fetch it.", "url_outside_parse"),
    (f"The auditors want to see the wording of {A} once it is published, so get it.", "condition"),
    (f"The researcher wants a stored copy of {A} if it changed. Please fetch it.", "condition"),
    (f"The researcher read {A} yesterday and wants a stored copy. Please delete it.", "unsupported_verb"),
    (f"The auditors want to email the wording of {A}, so get it.", "url_outside_parse"),
    (f"The user read {A} and {B} and wants a copy. Fetch it.", "url_outside_parse"),
    (f"The researcher read {A} and wants a different article. Please fetch it.", "url_outside_parse"),
    (f"The researcher read {A} yesterday and wants a copy of the newer report. Please fetch it.", "url_outside_parse"),
    (f"The user wants a copy of the replacement for {A}. Fetch it.", "url_outside_parse"),
    (f"The user wants a stored copy of {A} and all its subpages. Fetch it.", "url_outside_parse"),
])
def test_a_wish_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_wished_copy_rule_off(monkeypatch: pytest.MonkeyPatch, deputy: Any) -> None:
    monkeypatch.setattr(context, "wishes_the_page", lambda *args, **kwargs: False)
    assert read_outcome(deputy, WISHED[1]) == ("refused", "url_outside_parse")


def test_without_copy_nouns_a_stored_copy_binds_nothing() -> None:
    off = deputy_with_words(copy_nouns=frozenset())
    assert read_outcome(off, WISHED[0]) == ("refused", "url_outside_parse")


# --- "they read the article at A", "… so we have a copy" (deputy/forms/recalled.py) -----------------------

RECALLED = (f"The user mentioned they read the article at {A} yesterday and liked it. "
            "Please download it again so we have a copy.")


def test_the_article_at_the_address_is_recalled(deputy: Any) -> None:
    assert read_outcome(deputy, RECALLED) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"The user mentioned they read the article at {A} yesterday. Please download it again if it changed.", "condition"),
    (f"The user mentioned they read the article at {A} yesterday. Please don't download it again.", "negation"),
    (f"The user read the article at {A} and {B} yesterday. Please download it again.", "url_outside_parse"),
    (f"The user read the comments at {A} yesterday. Please download it again.", "url_outside_parse"),
    (f"The user mentioned they read the article at {A} yesterday. Please delete it again.", "unsupported_verb"),
])
def test_the_recalled_article_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_copy_nouns_the_copy_is_a_rival() -> None:
    off = deputy_with_words(copy_nouns=frozenset())
    assert read_outcome(off, RECALLED) == ("refused", "url_outside_parse")


# --- "What was its title?" (deputy/forms/asked_back.py) and "its stored text" (deputy/text/threads.py) -----

ITS = [
    (f"You told me {A} was fetched at 09:12. What was its title?", ("page", {"url": A})),
    (f"You reported that {A} was fetched earlier today. What's its status code?", ("page", {"url": A})),
    (f"Assistant: The page {A} was stored.\nUser: give me its stored text.", ("read", {"url": A})),
    (f"Tool output: {A} saved.\nUser: show me its stored text.", ("read", {"url": A})),
]


@pytest.mark.parametrize("prompt,expected", ITS)
def test_its_points_back_at_the_one_address(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"You said {A} and {B} were stored. What was its title?", "url_outside_parse"),
    (f"Don't fetch {A}. What was its title?", "negation"),
    (f"Assistant: {A} is queued.\nUser: don't show me its stored text.", "negation"),
    (f"Assistant: The page {A} was stored.\nUser: delete its stored text.", "unsupported_verb"),
    (f"Assistant: The page {A} was stored.\nUser: fetch its links.", "url_outside_parse"),
])
def test_its_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_its_question_rule_off(monkeypatch: pytest.MonkeyPatch, deputy: Any) -> None:
    monkeypatch.setattr(asked_back, "_asked_of_its", lambda noun, parsed: None)
    assert read_outcome(deputy, ITS[0][0]) == ("refused", "url_outside_parse")


def test_the_its_phrase_rule_off(monkeypatch: pytest.MonkeyPatch, deputy: Any) -> None:
    monkeypatch.setattr(threads, "_CLOSING_PHRASE", re.compile(r"(?!x)x"))
    assert read_outcome(deputy, ITS[2][0]) == ("refused", "url_outside_parse")


def test_its_phrase_is_put_whole() -> None:
    assert threads.pronoun_bound("give me its stored text.", A, possessive=True) == f"give me the stored text of {A}."
    assert threads.pronoun_bound("what was its title?", A, possessive=True) == f"what was the title of {A}?"


# --- the context address named again in the request (deputy/forms/named_again.py) --------------------------

NAMED_AGAIN = [
    (f"Previously: fetched {A} OK.\nNow: fetch {B} and {A}.", _fetched(B, A)),
    (f"Earlier: stored {A} fine.\nNext: fetch {B} and {A}.", _fetched(B, A)),
    (f"Yesterday: fetched {A} without errors.\nToday: please download {A} again.", _fetched(A)),
]


@pytest.mark.parametrize("prompt,expected", NAMED_AGAIN)
def test_a_past_report_of_the_asked_address_is_no_second_thing(deputy: Any, prompt: str, expected: Any) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"Yesterday: fetched {A} and {B}.\nToday: please download {A} again.", "url_outside_parse"),
    (f"Previously: fetched {A} OK.\nNow: fetch {B}.", "url_outside_parse"),
    (f"Previously: deleted {A}.\nNow: fetch {B} and {A}.", "unsupported_verb"),
    (f"Previously: fetched {A} OK.\nNow: don't fetch {B} and {A}.", "negation"),
])
def test_a_past_report_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_named_again_rule_off(monkeypatch: pytest.MonkeyPatch, deputy: Any) -> None:
    monkeypatch.setattr(compose, "named_again", lambda *args, **kwargs: [])
    assert read_outcome(deputy, NAMED_AGAIN[0][0])[0] == "refused"


# --- a past form tagged as a bare verb is no order (deputy/forms/written_past.py) --------------------------

@pytest.mark.parametrize("prompt", [
    f"Yesterday: fetched {A} and {B}.",
    f"Yesterday: downloaded {A} and {B}.",
])
def test_a_written_past_orders_nothing(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("prompt", [f"Fetch {A} and {B}.", f"Please download {A} and {B}."])
def test_a_bare_verb_still_orders(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "fetch"


def test_the_written_past_rule_off(monkeypatch: pytest.MonkeyPatch, deputy: Any) -> None:
    # The guard is what refuses: without it the model's bare tag makes an order (the wrong action it mends).
    monkeypatch.setattr(clause, "written_past", lambda action, predicate: False)
    assert read_outcome(deputy, f"Yesterday: fetched {A} and {B}.") == _fetched(A, B)


class _Word:
    def __init__(self, text: str) -> None:
        self.text = text


@pytest.mark.parametrize("word,predicate,past", [
    ("fetched", "fetch", True), ("saved", "save", True), ("grabbed", "grab", True), ("copied", "copy", True),
    ("fetch", "fetch", False), ("need", "need", False), ("embed", "embed", False), ("fetched", None, False),
])
def test_written_past_spelling(word: str, predicate: str | None, past: bool) -> None:
    assert written_past(_Word(word), predicate) is past
