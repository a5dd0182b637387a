"""Round 22 (learn22), learners' ways of asking: "I am asking you kindly for download A" (a request),
"Which time you have fetched A last?" (when did you last fetch A), "What is making the robot now?" (what is
it doing): each with its controls (negation, condition, an unsupported verb, another sense of the words) and
a check that with the pass switched off the learner's form refuses again."""

from __future__ import annotations

from typing import Any

import pytest

from deputy import reader as reader_module
from deputy.text import learner_asks as asks_module
from deputy.text.learner_asks import asked_you_for, given_that, making_now, which_time
from tests.english._deputy_helpers import deputy_with_words, read_outcome

A = "https://www.example-news.es/"
B = "https://www.example-paper.pt/noticias"
ACTIONS = frozenset({"fetch", "download", "grab", "save", "get"})


def _identity(text: str, **_: object) -> str:
    return text


# ---- "I am asking you for download A" ------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"I am asking you kindly for download {A}.",
    f"We ask you for downloading {A} please.",
    f"I kindly ask you for the download of {A}.",
    f"Hello, I am asking you for fetch {A} please.",
])
def test_asking_you_for_a_verb_is_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


def test_asking_you_for_two_addresses_fetches_both(deputy: Any) -> None:
    assert read_outcome(deputy, f"I am asking you kindly for download {A} and {B}.") == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"I am asking you kindly for delete {A} from your store.", "unsupported_verb"),
    (f"I am asking you kindly for not download {A} anymore.", "negation"),
    (f"I am asking you for download {A} when the other job is finished.", "condition"),
    (f"I am asking you for download {A} unless {B} is down.", "condition"),
])
def test_asking_you_for_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_asking_for_is_only_the_askers_own_request() -> None:
    # Who asks whom else is a report, not a request to me: left as written.
    assert asked_you_for(f"My boss is asking me for download {A}.", ACTIONS) == f"My boss is asking me for download {A}."
    assert asked_you_for(f"They asked you for download {A}.", ACTIONS) == f"They asked you for download {A}."
    assert asked_you_for(f"I am asking you for delete {A}.", ACTIONS) == f"I am asking you for delete {A}."


def test_without_the_pass_asking_for_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "learner_asks", _identity)
    assert read_outcome(deputy, f"I am asking you kindly for download {A}.")[0] == "refused"


# ---- "Which time you have fetched A last?" -------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Which time you have fetched {A} last?",
    f"Which time you fetched {A} last?",
    f"What time you have downloaded {A} the last time?",
    f"Which time you have fetched last {A}?",
])
def test_which_time_is_when(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Which time you have deleted {A} last?", "unsupported_verb"),
    (f"Which time you will fetch {A} next?", "not_understood"),
])
def test_which_time_keeps_its_checks(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_which_time_needs_a_past_form_and_a_question() -> None:
    assert which_time(f"Which time you will fetch {A}?", ACTIONS) == f"Which time you will fetch {A}?"
    assert which_time(f"Which time you fetched {A} last.", ACTIONS) == f"Which time you fetched {A} last."
    assert which_time(f"Which time you grabbed {A}?", ACTIONS) == f"When did you grab {A}?"


def test_without_the_rule_which_time_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(asks_module, "_past_base", lambda word, verbs: None)
    assert read_outcome(deputy, f"Which time you have fetched {A} last?")[0] == "refused"


# ---- "What is making the robot now?" --------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "What is making the robot now?",
    "What is making the crawler at the moment?",
    "What MovaBot is making now?",
    "What you are making now?",
])
def test_what_is_making_the_robot_is_status(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt", [
    "What is making the crawler so slow today?",
    f"What is making the robot fetch {A} again?",
    "What is making the printer now?",
])
def test_what_is_making_something_else_still_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_making_now_leaves_other_senses_alone() -> None:
    names, nouns = frozenset({"movabot"}), frozenset({"robot", "crawler"})
    assert making_now("What is making the robot slow?", names=names, nouns=nouns) == "What is making the robot slow?"
    assert making_now("What is making the robot now?", names=names, nouns=nouns) == "What is the robot doing now?"


def test_without_the_rule_making_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(asks_module, "making_now", lambda text, **_: text)
    assert read_outcome(deputy, "What is making the robot now?")[0] == "refused"


# ---- "Given that …, fetch A" ---------------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "urls"), [
    (f"Given that the quarterly numbers came out this morning, fetch {A}.", [A]),
    (f"Considering that the review is on Monday, grab {A} and {B}.", [A, B]),
])
def test_a_fronted_reason_is_not_a_condition(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Given that the mirror at {B} is slow today, fetch {A} instead.", "url_outside_parse"),
    (f"Given that the mirror is slow, don't fetch {A}.", "negation"),
    (f"Given that the mirror is slow, fetch {A} once the sync finishes.", "condition"),
    (f"Given that the mirror is slow, delete {A} from the store.", "unsupported_verb"),
    (f"Provided that the mirror is slow, fetch {A}.", "condition"),
])
def test_a_fronted_reason_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_given_that_needs_a_fronted_clause() -> None:
    openers = ("given that",)
    assert given_that(f"Fetch {A} given that it is slow.", openers) == f"Fetch {A} given that it is slow."
    assert given_that(f"Given that it is slow fetch {A}.", openers) == f"Given that it is slow fetch {A}."
    assert given_that(f"Given that it is slow, fetch {A}.", openers) == f"Because it is slow, fetch {A}."


def test_without_the_reason_openers_given_that_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    bare = deputy_with_words(reason_openers=())
    assert read_outcome(bare, f"Given that the quarterly numbers came out this morning, fetch {A}.")[0] == "refused"
    assert read_outcome(bare, f"Given that the mirror at {B} is slow today, fetch {A} instead.") == ("refused", "not_understood")
