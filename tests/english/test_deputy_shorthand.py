"""Round 12: chat shorthand ("need A fetched pls", "… or wat", "lmk when done") and coordination with
modifiers ("the menu (A) and the wine list (B) — download them", "and also the 2024 one at C", "and
while you're at it B", "Make download of A") are read as the requests they are, and every check
still applies to what is left."""

from __future__ import annotations

from typing import Any

import pytest

from deputy.protect import protect
from deputy.text.reorder import fronted_addresses
from deputy.rewrite import rewrite
from seaspider.english_reader import load_vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
C = "https://c.example.com/z"
WORDS = load_vocab().words


@pytest.mark.parametrize("prompt, expected", [
    (f"need {A} fetched pls", ("fetch", {"urls": [A]})),
    (f"need {A} downloaded asap", ("fetch", {"urls": [A]})),
    (f"ty in advance — need {A} grabbed 🙏", ("fetch", {"urls": [A]})),
    ("is the crawl still going or wat", ("status", {})),
    ("is the fetch done yet", ("status", {})),
    (f"what's on {A}", ("read", {"url": A})),
    (f"Only if it's not too much trouble, fetch {A}", ("fetch", {"urls": [A]})),
    (f"Fetch {A} lmk when done", ("fetch", {"urls": [A]})),
], ids=["need-fetched", "need-downloaded", "thanks-dash-need", "or-what", "fetch-done", "whats-on", "only-if-hedge",
        "lmk-when-done"])
def test_chat_shorthand_is_read_as_the_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"need {A} fetched tmrw pls", "condition"),
    (f"need {A} fetched and posted to #ops pls", "unsupported_verb"),
    (f"don't need {A} fetched anymore", "negation"),
    (f"need {A} once the deploy finishes", "condition"),
    (f"Only if it changed, fetch {A}", "condition"),  # a real condition after "only if" stays one
    (f"Only if it's not too much trouble, fetch {A} and tweet it", "unsupported_verb"),
    (f"Fetch {A} or what", "not_understood"),  # "or what" presses only a yes/no question
    (f"what's on {A} and can u post it in #events", "unsupported_verb"),
    (f"what's on {A} tomorrow", "not_understood"),
    (f"Is the fetch of {A} done?", "not_understood"),  # the status question takes no address
], ids=["tomorrow", "second-verb", "negation", "real-condition", "only-if-changed", "only-if-hedge-verb",
        "or-what-after-request", "whats-on-verb", "whats-on-time", "status-with-address"])
def test_shorthand_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_need_at_the_end_is_the_writers_only_before_an_address() -> None:  # negative control: the sentence varied
    def text(prompt: str) -> str:
        done = rewrite(protect(prompt), spellings={}, frames=(), asides=())
        return " ".join((done.protected.pieces[0] + "|" + "|".join(done.protected.pieces[1:])).split())

    assert text(f"need {A} fetched") == "I need | fetched"
    assert text("need") == "need|"  # no address after it
    assert text(f"Fetch {A}, need {B} fetched") == "Fetch |, need | fetched"  # no sentence starts at "need"


@pytest.mark.parametrize("prompt, expected", [
    (f"I need the menu ({A}) and the wine list ({B}) — please download them.", ("fetch", {"urls": [A, B]})),
    (f"I need the pricing page ({A}) and the FAQ ({B}) — please download them.", ("fetch", {"urls": [A, B]})),
    (f"The first one is {A}, the second is {B}. Download both please.", ("fetch", {"urls": [A, B]})),
    (f"Please fetch {A} and {B}, and also the 2024 one at {C}.", ("fetch", {"urls": [A, B, C]})),
    (f"grab {A}, and while you're at it {B}", ("fetch", {"urls": [A, B]})),
    (f"Make download of {A} please.", ("fetch", {"urls": [A]})),
    (f"Please do fetching of {A} and {B}", ("fetch", {"urls": [A, B]})),
], ids=["menu-wine-list", "page-faq", "first-second", "year-one", "while-at-it", "make-download", "do-fetching"])
def test_coordination_with_modifiers_asks_for_each_address(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"I need the menu ({A}) and the wine list ({B}) — please don't download them yet.", "negation"),
    (f"I need the menu ({A}) and the wine list ({B}) — please download it.", "url_outside_parse"),  # "it": one
    (f"I hacked the menu ({A}) and the wine list ({B}) — please download them.", "unsupported_verb"),
    (f"Here is {A}. I read {B} yesterday. Fetch both.", "url_outside_parse"),  # B is acted on, not handed over
    (f"The first one is {A}, the second is {B}. Download both when the deploy finishes.", "condition"),
    (f"Please fetch {A}, and also the 300 ones at {C}.", "not_understood"),  # a count, not a year
    (f"Fetch {A}, the one from {B}", "not_understood"),  # "from" names a source, not the thing
    (f"grab {A}, and while the deploy runs {B}", "condition"),
    (f"Make deletion of {A} please.", "unsupported_verb"),
    (f"Please don't do fetching of {A}", "negation"),
], ids=["negation", "it-for-two", "other-verb", "acted-on", "condition", "count-not-year", "one-from",
        "real-while", "make-deletion", "do-negated"])
def test_coordination_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_fronted_address_needs_please_and_a_known_verb() -> None:  # negative control: the rule's limits
    def turned(prompt: str) -> tuple[str, ...]:
        return fronted_addresses(protect(prompt), {"fetch"})[0].pieces

    assert turned(f"{A} please fetch") == ("please fetch ", "")
    assert turned(f"{A} fetch") == ("", " fetch")
    assert turned(f"{A} please frobnicate") == ("", " please frobnicate")
    assert turned(f"{A} please fetch if it changed") == ("", " please fetch if it changed")
    assert turned(f"{A} {B} please fetch") == ("", " ", " please fetch")


def test_light_verbs_are_rewritten_only_around_a_known_verb() -> None:  # negative control: the rule disabled
    def text(prompt: str, verbs: frozenset[str]) -> str:
        done = rewrite(protect(prompt), spellings={}, frames=(), asides=(), verbs=verbs)
        return done.protected.pieces[0]

    assert text(f"Make download of {A}", frozenset({"download"})) == "download "
    assert text(f"Make download of {A}", frozenset()) == "Make download of "
    assert text(f"Make deletion of {A}", frozenset({"download", "delete"})) == "Make deletion of "
