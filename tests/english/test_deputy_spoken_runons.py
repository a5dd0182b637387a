"""Round 24 (voice24): spoken run-ons (deputy/text/spoken_runons.py, words.summed_quantities and
words.run_on_links): a closing summary of the addresses ("… and yeah that's both of them"), a statement run
into an order ("the link is A yeah get that"), "read me what you stored from A", a learner's "give me
please …", a chat "now" after a stop, and a vocative naming the robot ("…, robot?").

Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, the
address in a context clause, a miscounted summary) and a check that switching the rule off turns a positive
case back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.reader as reader
from _deputy_helpers import deputy_with_words, read_outcome
from deputy.text.spoken_runons import without_summary

A = "https://a.example.com/x"
B = "https://b.example.com/y"
C = "https://c.example.com/z"


def _fetched(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


def _read(url: str) -> tuple[str, object]:
    return "read", {"url": url}


# --- a closing summary of the addresses (words.summed_quantities) -----------------------------------------

@pytest.mark.parametrize("prompt", [
    f"fetch um {A} and uh {B} and yeah that's both of them",
    f"grab {A} and {B} so yeah those are both",
    f"download {A} and {B}, okay that's the two of them.",
    f"fetch {A} and {B} and that's all of them",
])
def test_a_closing_summary_of_two_addresses_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A, B)


def test_a_summary_counting_three_addresses_goes(deputy: Any) -> None:
    assert read_outcome(deputy, f"pull {A}, {B} and {C} and okay that's all three") == _fetched(A, B, C)


@pytest.mark.parametrize("prompt,kind", [
    (f"don't fetch {A} and um {B} and yeah that's both of them", "negation"),
    (f"fetch {A} and {B} if they changed and yeah that's both of them", "condition"),
    (f"fetch {A} and {B} and yeah that's both of them, then delete the old copies", "unsupported_verb"),
    (f"delete {A} and {B} and yeah that's both of them", "unsupported_verb"),
])
def test_a_closing_summary_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_miscounted_summary_is_read_as_written(deputy: Any) -> None:
    # "both" after one address: a summary of what was not named.
    assert read_outcome(deputy, f"fetch {A} and yeah that's both of them")[0] == "refused"
    # The rule itself leaves a count that misses an address as written (what the older tails make of it is theirs).
    quantities = deputy_with_words().vocab.words.summed_quantities
    said = f"fetch {A} and {B} and okay that's all three"
    assert without_summary(said, quantities) == said
    assert without_summary(f"fetch {A} and {B} and okay that's both", quantities) == f"fetch {A} and {B}"


def test_the_summary_rule_off() -> None:
    off = deputy_with_words(summed_quantities=())
    assert read_outcome(off, f"fetch {A} and {B} and yeah that's both of them")[0] == "refused"


# --- a statement run into an order (words.run_on_links) ---------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"so the thing is the professor wants the syllabus so just grab {A} okay",
    f"ok so my manager needs the quarterly numbers so just download {A} alright",
    f"the uh the link is {A} yeah get that for me",
    f"so uh the address is {A} yeah download it for me",
])
def test_a_statement_run_into_an_order_is_set_off(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"my manager needs the numbers if they're out so just download {A}", "condition"),
    (f"my manager needs the numbers so just delete {A}", "unsupported_verb"),
    (f"the link is {A} okay don't fetch it yet", "negation"),
    (f"the professor wants {A} so just grab the syllabus", "url_outside_parse"),
])
def test_a_run_on_order_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"is the robot allowed on {A} so just fetch it",  # a question first: never a statement
    f"the boss deleted {B} so just grab {A}",  # a verb the reader refuses in the statement
])
def test_a_run_on_that_is_no_plain_statement_is_read_as_written(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_run_on_rule_off() -> None:
    off = deputy_with_words(run_on_links=())
    assert read_outcome(off, f"the professor wants the syllabus so just grab {A}")[0] == "refused"


# --- "read me what you stored from A", "give me please …", "thx!! now read …" ------------------------------

@pytest.mark.parametrize("prompt", [
    f"thx!! now read me back wat u stored from {A} 😊",
    f"pls read me wat u saved from {A}",
    f"Read back to me what you downloaded from {A}, please.",
    f"Give me please text which you saved from {A}.",
])
def test_read_me_what_you_stored(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _read(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"read me what you deleted from {A}", "unsupported_verb"),
    (f"don't read me what you stored from {A}", "negation"),
    (f"read me what you stored from {A} if it changed", "condition"),
])
def test_read_me_what_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_read_what_rule_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from seaspider.english_reader import build_deputy
    monkeypatch.setattr(reader, "read_what_done", lambda text, **_: text)
    assert read_outcome(build_deputy(), f"thx!! now read me back wat u stored from {A}")[0] == "refused"


# --- a vocative naming the robot (self_nouns, self_names) -------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    ("What you are doing now, robot?", ("status", {})),
    ("Bot, are you busy right now?", ("status", {})),
    (f"Fetch {A} for me, robot.", _fetched(A)),
])
def test_a_vocative_goes(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"Don't fetch {A}, robot.", "negation"),
    (f"Delete what you stored from {A}, robot.", "unsupported_verb"),
    (f"Fetch {A} if it changed, robot.", "condition"),
])
def test_a_vocative_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_vocative_rule_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from seaspider.english_reader import build_deputy
    monkeypatch.setattr(reader, "unaddressed", lambda text, names: text)
    assert read_outcome(build_deputy(), "What you are doing now, robot?")[0] == "refused"


def test_a_link_after_a_stop_is_left_as_written() -> None:
    from deputy.text.spoken_runons import run_on_order
    said = f"the better one is {A}. so fetch that one"
    assert run_on_order(said, ("so",), orders=frozenset({"fetch"}), verbs=frozenset({"fetch"}),
                        refusing=frozenset()) == said
