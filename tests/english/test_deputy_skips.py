"""Round 12: requests that say "don't" with a verb ("Skip A", "Hold off on A"), learner frames ("I want
that you download A", "could you to fetch A"), "tell me" around a question, and lists longer than any
request takes. Each rule has its controls: the same sentence negated, conditioned or widened refuses."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from _deputy_helpers import hand_parse, read_outcome
from deputy.signals import is_negation, negation_word
from seaspider.english_reader import load_vocab

A = "https://a.example.com/x"
B = "https://b.example.com/y"


# --- Verbs that ask me not to act are negations ---------------------------------------------------

@pytest.mark.parametrize("prompt, word", [
    (f"Skip {A} for now; the DOI link is enough.", "skip"),
    (f"Hold off on {A} for now.", "hold off"),
    (f"Hold off on fetching {A}, legal hasn't cleared it yet.", "hold off"),
    (f"Leave {A} alone for today.", "leave"),
    (f"Forget about {A} — the user changed their mind.", "forget"),
    (f"Fetch {A} but leave out {B}.", "leave out"),
    (f"Put off fetching {A} for a bit.", "put off"),
])
def test_a_verb_that_withholds_the_action_is_a_negation(deputy: Any, prompt: str, word: str) -> None:
    result = deputy.read(prompt)
    assert result.kind == "negation"
    assert f"“{word}”" in result.reason


@pytest.mark.parametrize("prompt", [
    f"Leave {A} open and fetch it.",        # "leave" without "alone"/"out" is no negation: refused otherwise
    f"Hold {A} for me.",                    # "hold" without "off"
])
def test_the_verb_alone_is_no_negation_when_the_phrase_needs_its_word(deputy: Any, prompt: str) -> None:
    result = deputy.read(prompt)
    assert result.kind != "negation" and not getattr(result, "act", False)


def _skip_parse() -> Any:
    # Skip A for now
    return hand_parse(["Skip", A, "for", "now"], [0, 0, 0, 2], ["ROOT", "dobj", "prep", "pobj"],
                      ["VB", "ADD", "IN", "RB"], ["VERB", "X", "ADP", "ADV"], ["skip", A, "for", "now"], {1: A})


def _hold_off_parse() -> Any:
    # Hold off on A
    return hand_parse(["Hold", "off", "on", A], [0, 0, 0, 2], ["ROOT", "prt", "prep", "pobj"],
                      ["VB", "RP", "IN", "ADD"], ["VERB", "ADP", "ADP", "X"], ["hold", "off", "on", A], {3: A})


def test_negating_verbs_come_from_the_word_list() -> None:  # negative control: without the list, no negation
    words = load_vocab().words
    skip, hold = _skip_parse(), _hold_off_parse()
    assert is_negation(skip.doc[0], skip, words)
    assert is_negation(hold.doc[0], hold, words) and negation_word(hold.doc[0]) == "hold off"
    bare = replace(words, negating_verbs=frozenset())
    assert not is_negation(skip.doc[0], skip, bare)
    assert not is_negation(hold.doc[0], hold, bare)
    only_skip = replace(words, negating_verbs=frozenset({"skip"}))
    assert not is_negation(hold.doc[0], hold, only_skip)  # "hold" alone is not on it


@pytest.mark.parametrize("prompt", [
    f"Skip the homepage; just fetch {A}",   # a judgement call left refused: the negation is never dropped
    f"Skip {A} and fetch {B} instead.",
    f"Don't skip {A} this time.",            # two negations are still a negation
])
def test_a_skip_beside_a_request_still_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "negation")


# --- "Don't fetch A" under a statement is an order, not a question ---------------------------------

@pytest.mark.parametrize("prompt", [
    f"Don't fetch {A} yet, I still have it open from earlier.",
    f"Don't refetch {A}, we already have a copy.",
    f"Do NOT refetch {A}, we already have it.",
    "Do not fetch pypi.org, I only want to know what is stored.",
])
def test_a_negated_imperative_that_opens_the_prompt_refuses_as_negation(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "negation")


@pytest.mark.parametrize("prompt, expected", [
    ("How many pages could you not fetch?", ("stats", {})),  # a negated question that only asks is answered
    (f"Didn't we fetch {A} yesterday?", ("refused", "negation")),
])
def test_a_negation_with_its_own_subject_is_judged_as_before(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- Learner frames --------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Hello, I want that you download for me {A} please. Thank you very much.", ("fetch", {"urls": [A]})),
    (f"Excuse me, could you to fetch {A} ? I am very thank you.", ("fetch", {"urls": [A]})),
    (f"I would like to ask you for download this page: {A}", ("fetch", {"urls": [A]})),
    (f"Excuse me, can you to tell me if {A} is allowed?", ("robots", {"target": A})),
])
def test_learner_frames_ask_what_please_asks(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"I want that you don't download {A} please.", "negation"),
    (f"Could you to fetch {A} and to translate it in English?", "unsupported_verb"),
    (f"Excuse me, could you to fetch {A} when it is updated?", "condition"),
    (f"I want that you download for me {A} tomorrow please.", "condition"),
    ("I would like to ask you for download this page: http://192.168.1.20/intranet/home", "non_public_address"),
    (f"Excuse me, don't fetch {A}.", "negation"),
    (f"Fetch {A} please. Email it to Bob.", "unsupported_verb"),  # the comma before "please" joins nothing
])
def test_learner_frames_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- "Tell me" closed by punctuation only asks for the answer ---------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Which sitemap has the site {A} ? Please tell me.", ("sitemaps", {"target": A})),
    ("Customer on ticket 9917 is impatient. Just tell me: is anything still queued?", ("status", {})),
    (f"Please tell me: is {A} allowed for our crawler?", ("robots", {"target": A})),
])
def test_tell_me_around_a_question_asks_the_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    ("Tell me.", "not_understood"),  # nothing is asked
    (f"Don't tell me. Fetch {A}", "negation"),
    (f"Is {A} allowed? If so fetch it and tell me.", "condition"),
    (f"Just tell me: is {A} allowed, and email the customer.", "unsupported_verb"),
])
def test_tell_me_hides_no_refusal(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- Lists: "all of these", "every one of these", and more addresses than any request takes --------

_MANY = [f"https://docs.example.org/guide/chapter-{n}" for n in range(1, 21)]


def test_more_addresses_than_any_request_takes_is_refused_for_the_count(deputy: Any) -> None:
    result = deputy.read("Fetch all twenty chapters: " + ", ".join(_MANY))
    assert result.kind == "too_many_urls" and "20 addresses" in result.reason and "16" in result.reason
    numbered = "Fetch every one of these pages:\n" + "\n".join(f"{i}. {u}" for i, u in enumerate(_MANY[:17], 1))
    assert read_outcome(deputy, numbered) == ("refused", "too_many_urls")


def test_a_page_listed_twice_counts_once(deputy: Any) -> None:
    listed = _MANY[:16] + [_MANY[3]]  # 17 lines, 16 pages: within the cap
    assert read_outcome(deputy, "Fetch these:\n" + "\n".join(f"- {u}" for u in listed)) == ("fetch", {"urls": _MANY[:16]})


@pytest.mark.parametrize("prompt, kind", [
    ("Don't fetch all twenty chapters: " + ", ".join(_MANY), "negation"),  # a negation outranks the count
    ("If they are up, fetch all twenty: " + ", ".join(_MANY), "condition"),
])
def test_the_count_comes_after_negations_and_conditions(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt, urls", [
    (f"Download all of these aiohttp doc pages:\n{A}\n{B}", [A, B]),
    (f"Fetch every one of these pages:\n1. {A}\n2. {B}", [A, B]),
])
def test_all_or_every_one_of_a_given_list_asks_for_the_list(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt", [
    f"Fetch every page of {A}",           # "every" of a site widens the request
    f"Fetch all pages linked from {A}",
    f"Fetch every one of the pages on {A}",
])
def test_all_or_every_beyond_the_given_list_still_refuses(deputy: Any, prompt: str) -> None:  # negative controls
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
