"""Round 22 (voice22): spoken voice, chat and hedges around one request.

- the round-22 entries of `words.spoken_openers` ("okay next thing uh fetch A", "ok so like.... fetch A"),
  `words.closing_tails` ("… and yeah both of those", "… and that's basically the whole story"),
  `words.hedge_asides` ("whenever it's convenient", "no need to reply at length") and
  `words.restated_questions` ("what's going on right now like what are you doing");
- an address read aloud (deputy/text/spoken_address.py): "www dot nrk dot no" names no address, and its
  "no" is no negation;
- a past cleft with "the thing" ("the thing I wanted was the text you saved from A", deputy.text.disfluent);
- a part named again after the address with no marker ("… from A the readable bit", deputy.text.spoken_tails).

Each rule has positive cases, negative controls (negation, real condition, unsupported verb, the address in
a statement) and a rule-off check that turns a positive case back into a refusal."""

from __future__ import annotations

import re
from typing import Any

import pytest

import deputy.text.disfluent as disfluent
import deputy.text.spoken_address as spoken_address
import deputy.text.spoken_tails as spoken_tails
from _deputy_helpers import deputy_with_words, read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


def _fetched(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


def _without(name: str, *phrases: str) -> Any:
    """The deputy whose list `name` lacks the given (round-22) phrases: the rule switched off."""
    from seaspider.english_reader import load_vocab
    words = getattr(load_vocab().words, name)
    return deputy_with_words(**{name: tuple(w for w in words if w.lower() not in {p.lower() for p in phrases})})


# --- spoken openers that move on to the next item, and "ok so like" ---------------------------------------

@pytest.mark.parametrize("prompt", [f"okay next thing uh fetch {A}", f"ok next thing fetch {A}", f"next up grab {A}",
                                    f"ok so like.... fetch {A} i guess 😅"])
def test_a_moving_on_opener_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"okay next thing uh don't fetch {A}", "negation"),
    (f"okay next thing delete {A}", "unsupported_verb"),
    (f"ok next thing fetch {A} if it changed", "condition"),
    (f"ok so like.... delete {A} i guess", "unsupported_verb"),
])
def test_a_moving_on_opener_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_moving_on_opener_rule_off() -> None:
    off = _without("spoken_openers", "next thing", "okay next thing", "ok next thing", "next up")
    assert read_outcome(off, f"okay next thing uh fetch {A}")[0] == "refused"


# --- closing tails that sum up ----------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,urls", [
    (f"fetch {A} and {B} and yeah both of those", (A, B)),
    (f"so fetch {A} yeah and that's basically the whole story", (A,)),
    (f"download {A} that's the whole story", (A,)),
])
def test_a_summing_up_tail_goes(deputy: Any, prompt: str, urls: tuple[str, ...]) -> None:
    assert read_outcome(deputy, prompt) == _fetched(*urls)


@pytest.mark.parametrize("prompt,kind", [
    (f"delete {A} and {B} and yeah both of those", "unsupported_verb"),
    (f"fetch {A} if it changed and that's the whole story", "condition"),
    (f"don't fetch {A} and that's basically the whole story", "negation"),
])
def test_a_summing_up_tail_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_summing_up_tail_rule_off() -> None:
    off = _without("closing_tails", "yeah both of those", "and yeah both of those")
    # Round 24 (voice24): a closing summary (words.summed_quantities) reads "… yeah both of those" too; both off.
    from dataclasses import replace
    from seaspider.english_reader import deputy_for
    off = deputy_for(replace(off.vocab, words=replace(off.vocab.words, summed_quantities=())))
    assert read_outcome(off, f"fetch {A} and {B} and yeah both of those")[0] == "refused"


# --- courtesy "whenever it's convenient" and "no need to reply at length" --------------------------------

@pytest.mark.parametrize("prompt", [
    f"No rush at all, but whenever it's convenient, fetch {A}.",
    f"Whenever it's convenient for you, please download {A}.",
    f"Grab {A} when it's convenient.",
    f"Fetch {A} - no need to reply at length.",
    f"Fetch {A} - no need for a long answer.",
])
def test_a_courtesy_aside_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"Whenever it changes, fetch {A}.", "condition"),
    (f"Whenever {B} is up, fetch {A}.", "condition"),
    (f"No need to fetch {A} - no need to reply at length.", "negation"),
    (f"Delete {A} - no need to reply at length.", "unsupported_verb"),
    (f"The page {A} is huge - no need to reply at length.", "not_understood"),
])
def test_a_courtesy_aside_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_courtesy_aside_rule_off() -> None:
    off = _without("hedge_asides", "whenever it's convenient", "when it's convenient", "no need to reply at length")
    assert read_outcome(off, f"Grab {A} when it's convenient.")[0] == "refused"
    assert read_outcome(off, f"Fetch {A} - no need to reply at length.")[0] == "refused"


# --- a status question asked again -----------------------------------------------------------------------

def test_a_status_question_asked_again_is_a_status(deputy: Any) -> None:
    assert read_outcome(deputy, "uh what's going on right now like what are you doing") == ("status", {})


def test_a_verb_after_like_still_refuses(deputy: Any) -> None:
    assert read_outcome(deputy, "what's going on right now like delete the queue") == ("refused", "unsupported_verb")


def test_the_asked_again_rule_off() -> None:
    off = _without("restated_questions", "like what are you doing", "what are you doing")
    assert read_outcome(off, "uh what's going on right now like what are you doing")[0] == "refused"


# --- an address read aloud ------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "so yeah fetch h t t p s colon slash slash www dot nrk dot no",
    "check robots for www dot nrk dot no please",
    "download https colon slash slash www dot ruv dot is",
])
def test_an_address_read_aloud_names_no_address(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "no_url")


@pytest.mark.parametrize("prompt,kind", [
    ("don't fetch www dot nrk dot no", "negation"),
    ("delete h t t p s colon slash slash www dot nrk dot no", "unsupported_verb"),
    ("fetch www dot nrk dot no if it changed", "condition"),
])
def test_an_address_read_aloud_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_written_address_beside_it_is_read_as_written() -> None:
    assert spoken_address.unspoken_address(f"fetch {A} not www dot b dot no") == f"fetch {A} not www dot b dot no"
    assert spoken_address.unspoken_address("fetch www dot nrk dot no") == "fetch that address"
    # Round 25 (voice25): every spoken address is put so, not only one with a word domain (round 22's rule
    # alone, `_EVERY_SPOKEN_ADDRESS` off, left this one as written: tests/english/test_deputy_voice25.py).
    assert spoken_address.unspoken_address("fetch www dot dr dot dk") == "fetch that address"


def test_the_address_read_aloud_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spoken_address, "_SPOKEN", re.compile(r"(?!x)x"))
    assert read_outcome(deputy, "so yeah fetch h t t p s colon slash slash www dot nrk dot no") == ("refused", "negation")


# --- a past cleft with "the thing", and a part named again after the address -----------------------------

def test_a_past_cleft_and_a_part_named_again_read_the_text(deputy: Any) -> None:
    prompt = f"right so the thing I wanted was the text you saved from {A} the readable bit"
    assert read_outcome(deputy, prompt) == ("read", {"url": A})


@pytest.mark.parametrize("prompt,kind", [
    (f"the thing I wanted was {A} deleted", "unsupported_verb"),
    (f"the thing I wanted was not the text you saved from {A}", "negation"),
    (f"grab {A} the deleted one", "unsupported_verb"),
    (f"fetch {A} the whole one", "unsupported_verb"),
])
def test_the_cleft_and_the_part_keep_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_cleft_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disfluent, "_CLEFT", re.compile(r"(?!x)x"))
    assert read_outcome(deputy, f"the thing I wanted was the text you saved from {A}")[0] == "refused"


def test_the_part_named_again_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spoken_tails, "_NAMED_AGAIN", re.compile(r"(?!x)x"))
    assert read_outcome(deputy, f"I want the text you saved from {A} the readable bit")[0] == "refused"
