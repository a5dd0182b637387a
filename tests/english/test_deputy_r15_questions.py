"""Round 15 questions, learner wordings and hedges (branch r15-questions).

Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, a
private address, the address only in the context, a request beside a question) and a check that switching
the rule off turns a positive case back into a refusal (or, for "If not,", back into a negation)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from _deputy_helpers import read_outcome
from deputy import clause, compose, context, reader, segment
from seaspider.english_reader import build_deputy, deputy_for, load_vocab

A = "https://a.example.com/x"
B = "https://b.example.com/y"
PRIVATE = "http://10.0.0.12/home"


# --- hedges: "if you like", "that would help", "don't hesitate to" (deputy/words.py) ----------------

@pytest.mark.parametrize("prompt", [
    f"Maybe fetch {A} too, if you like.",
    f"Fetch {A} if you like.",
    f"Download {A} as well, if you want.",
    f"If you could download {A}, that would help a lot.",
    f"If you could grab {A} for me, that'd help a lot.",
    f"Don't hesitate to fetch {A} whenever it suits you.",
    f"Please do not hesitate to grab {A} when you're free.",
], ids=["if-you-like", "if-you-like-bare", "if-you-want", "would-help", "would-help-contracted",
        "dont-hesitate", "do-not-hesitate"])
def test_a_hedge_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


def test_dont_hesitate_keeps_both_addresses(deputy: Any) -> None:
    assert read_outcome(deputy, f"Don't hesitate to download {A} and {B}.") == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Maybe fetch {A} too, if it changed.", "condition"),
    (f"Fetch {A} if you like it.", "condition"),  # a taste of the page's, not the reader's wish
    (f"Don't fetch {A}, if you like.", "negation"),
    (f"If you could delete {A}, that would help a lot.", "unsupported_verb"),
    (f"If you could download {A} once the report is out, that would help a lot.", "condition"),
    (f"If you couldn't download {A}, that would help.", "negation"),
    (f"Don't fetch {A} whenever it suits you.", "negation"),
    (f"Don't hesitate, just don't fetch {A}.", "negation"),
    (f"Don't bother to fetch {A}.", "negation"),
    (f"Don't forget not to fetch {A}.", "negation"),
    (f"Don't hesitate to delete {A}.", "unsupported_verb"),
    (f"Don't hesitate to fetch {A} if it changed.", "condition"),
    (f"Don't hesitate to fetch {PRIVATE}.", "non_public_address"),
], ids=["condition", "if-you-like-it", "negation", "help-delete", "help-condition", "help-negation",
        "dont-fetch-whenever", "hesitate-then-dont", "dont-bother", "dont-forget-not", "hesitate-delete",
        "hesitate-condition", "hesitate-private"])
def test_a_hedge_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_hedges_they_refuse() -> None:
    """The same prompts with the new phrases taken off the lists are refused again."""
    vocab = load_vocab()
    words = vocab.words
    frames = tuple(f for f in words.hedge_frames if "hesitate" not in f)
    asides = tuple(a for a in words.hedge_asides if a not in ("if you like", "that would help a lot"))
    bare = deputy_for(replace(vocab, words=replace(words, hedge_frames=frames, hedge_asides=asides)))
    for prompt, kind in ((f"Don't hesitate to fetch {A}.", "negation"), (f"Fetch {A} if you like.", "condition"),
                         (f"If you could download {A}, that would help a lot.", "not_understood")):
        assert read_outcome(build_deputy(), prompt) == ("fetch", {"urls": [A]})
        assert read_outcome(bare, prompt) == ("refused", kind)


# --- "even if it looks down" (deputy/text/concessions.py) ------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A} even if it looks down.",
    f"Download {A} even if it seems slow.",
    f"Grab {A}, even if the page is stale.",
], ids=["looks-down", "seems-slow", "page-stale"])
def test_a_closing_concession_conditions_nothing(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} only if it looks down.", "condition"),
    (f"Fetch {A} if it looks down.", "condition"),
    (f"Don't fetch {A} even if it looks down.", "negation"),
    (f"Fetch {A} even if robots.txt disallows it.", "condition"),
    (f"Fetch {A} even if it is blocked.", "condition"),
    (f"Delete {A} even if it looks down.", "unsupported_verb"),
    (f"Fetch {PRIVATE} even if it looks down.", "non_public_address"),
], ids=["only-if", "if", "negation", "robots", "blocked", "delete", "private"])
def test_a_concession_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_concession_in_a_question_is_left_as_written(deputy: Any) -> None:
    assert read_outcome(deputy, f"Can you fetch {A} even if it looks down?")[0] == "refused"


def test_without_the_concession_rule_even_if_is_a_condition(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Fetch {A} even if it looks down."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "conceded", lambda text: text)
    assert read_outcome(deputy, prompt) == ("refused", "condition")


# --- learners: "Is permitted for us to V A?" and "the text what you saved from A" (deputy/text/learner_forms.py)

@pytest.mark.parametrize("prompt, expected", [
    (f"Is permitted for us to fetch {A}?", ("robots", {"target": A})),
    (f"Is allowed for our crawler to download {A}?", ("robots", {"target": A})),
    (f"Give me the text what you saved from {A} .", ("read", {"url": A})),
    (f"Give me the text that you saved from {A}", ("read", {"url": A})),
    (f"Could you show me the text you stored for {A}?", ("read", {"url": A})),
    (f"Show me the stored body of {A}.", ("read", {"url": A})),
], ids=["permitted-for-us", "allowed-for-crawler", "text-what", "text-that", "text-you", "stored-body"])
def test_a_learner_form_is_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"Is not permitted for us to fetch {A}?",
    f"Is permitted for us to delete {A}?",
    f"Is permitted for us to fetch {A}? Then fetch it.",
    f"Is permitted for us to fetch {A}.",  # no question mark: left as written
    f"Give me the text what you saved from {A} and delete it.",
    f"The page moved to {A}. Give me the text what you saved.",
    f"Show me the stored body of {A} once the job finishes.",
    f"Show me the stored body of {PRIVATE}",
    f"Fetch the text you saved from {A}",  # the copy I have or a new one: left as written
], ids=["negated", "delete", "then-fetch", "no-question", "text-delete", "context-address", "condition", "private",
        "fetch-the-text"])
def test_a_learner_form_keeps_every_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_private_stored_body_names_the_address(deputy: Any) -> None:
    assert read_outcome(deputy, f"Show me the stored body of {PRIVATE}") == ("refused", "non_public_address")


def test_without_the_learner_forms_they_refuse(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    permitted, kept = f"Is permitted for us to fetch {A}?", f"Give me the text what you saved from {A} ."
    assert read_outcome(deputy, permitted)[0] == "robots" and read_outcome(deputy, kept)[0] == "read"
    monkeypatch.setattr(reader, "permitted_for", lambda text, **_: text)
    monkeypatch.setattr(reader, "kept_text", lambda text: text)
    assert read_outcome(deputy, permitted)[0] == "refused"
    assert read_outcome(deputy, kept)[0] == "refused"


# --- "need A asap pls" (deputy/forms/needed_page.py) -------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"need {A} asap pls", f"need {A} pls", f"need {A} asap", f"I need {A}",
], ids=["asap-pls", "pls", "asap", "i-need"])
def test_a_need_for_the_page_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"dont need {A} pls", "negation"),
    (f"need {A} deleted asap pls", "unsupported_verb"),
    (f"need {A} once the job finishes pls", "condition"),
    (f"need {PRIVATE} asap", "non_public_address"),
    (f"The client needs {A} asap", "not_understood"),
    (f"need {A} for the audit", "not_understood"),
    (f"Do you need {A}?", "not_understood"),
], ids=["negation", "deleted", "condition", "private", "someone-else", "purpose", "question"])
def test_a_need_for_the_page_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_need_rule_it_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"need {A} asap pls"
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "needed_page", lambda sk, products, words: sk)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- questions: ", and when?", "or not yet?", verbless counts and status, "explain the robots decision"

@pytest.mark.parametrize("prompt, expected", [
    (f"What did you get from {A}, and when?", ("page", {"url": A})),
    (f"What status did {A} return, and when?", ("page", {"url": A})),
    (f"You already fetched {A} or not yet?", ("page", {"url": A})),
    (f"You have downloaded {A} or not yet?", ("page", {"url": A})),
    ("quick one - how many pages from www.bbc.co.uk so far", ("stats", {"host": "www.bbc.co.uk"})),
    ("how many pages from arxiv.org till now", ("stats", {"host": "arxiv.org"})),
    ("Any errors in the last run?", ("status", {})),
    ("Any failures so far?", ("status", {})),
    (f"Explain the robots.txt decision for {A}", ("robots", {"target": A})),
    (f"Please explain the robots verdict on {A}", ("robots", {"target": A})),
], ids=["and-when", "status-and-when", "or-not-yet", "perfect-or-not-yet", "verbless-count", "till-now",
        "any-errors", "any-failures", "explain-robots", "explain-verdict"])
def test_a_question_is_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"What did you get from {A}, and can you fetch it again?", "not_understood"),
    (f"What did you get from {A}, and when will you delete it?", "unsupported_verb"),
    (f"What did you get from {A}, and when? Fetch {B} too.", "not_understood"),
    (f"Fetch {A} or not yet?", "negation"),
    (f"You already fetched {A} or not yet? If not yet, fetch it.", "negation"),
    ("how many pages from www.bbc.co.uk so far, then delete them", "unsupported_verb"),
    ("how many pages not from www.bbc.co.uk", "negation"),
    ("No errors in the last run?", "negation"),
    ("Any errors in the last run? Delete the log.", "unsupported_verb"),
    (f"Any errors in the last run? If so, fetch {A} again.", "condition"),
    (f"Any errors on {A}?", "too_many_urls"),
    (f"Explain the robots.txt decision for {A} and delete the page.", "unsupported_verb"),
    (f"Explain the decision for {A}", "not_understood"),
    (f"Don't explain the robots.txt decision for {A}", "negation"),
], ids=["and-request", "and-delete", "then-request", "order-or-not-yet", "not-yet-condition", "count-delete",
        "count-negated", "status-negated", "status-delete", "status-condition", "status-address",
        "explain-delete", "explain-no-robots", "explain-negated"])
def test_a_question_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_and_when_the_second_question_is_split(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"What did you get from {A}, and when?"
    monkeypatch.setattr(segment, "_asks_when", lambda tokens, i: False)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_without_or_not_yet_it_is_a_negation(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"You already fetched {A} or not yet?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(clause, "_not_yet_tail", lambda sent, words: frozenset())
    assert read_outcome(deputy, prompt) == ("refused", "negation")


def test_without_the_asked_fragment_the_lead_is_the_request(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "quick one - how many pages from www.bbc.co.uk so far"
    assert read_outcome(deputy, prompt) == ("stats", {"host": "www.bbc.co.uk"})
    monkeypatch.setattr(context, "_asked_fragment", lambda clauses: 0)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


# --- "Did you fetch A? If not, fetch it." names the condition (deputy/forms/elliptic.py) -------------------

@pytest.mark.parametrize("prompt", [
    f"Did you fetch {A}? If not, fetch it.",
    f"Have you downloaded {A}? If not, please download it.",
    f"If not, fetch {A}.",
], ids=["did-you", "have-you", "bare"])
def test_if_not_is_refused_as_a_condition(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt", [
    f"Did you fetch {A}? If so, don't fetch it again.",
    f"Fetch {A} if not already fetched.",
    f"Don't fetch {A}.",
], ids=["if-so-dont", "if-not-already", "plain"])
def test_other_negations_stay_negations(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "negation")


def test_without_the_elliptic_rule_if_not_is_a_negation(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Did you fetch {A}? If not, fetch it."
    monkeypatch.setattr(compose, "elliptic_nots", lambda doc, found, counted: frozenset())
    assert read_outcome(deputy, prompt) == ("refused", "negation")
