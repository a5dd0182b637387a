"""Round 13, questions about the store, a page, robots and the service (deputy/forms/asked.py and the rules
beside it): two questions about one page answered once by `page`, the participle of "When was A last
fetched", "Does robots.txt on H let us in?", "What's the HTTP status on A in our store?", "how many
pages total", "did A come back 200?", "Status check: is anything running?". Each rule with the controls
that must still refuse, and a check that switching the rule off turns a positive case back to a refusal.
Questions never fetch: no case here may plan a fetch."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.clause as clause
import deputy.decide as decide
import deputy.nlp as nlp
import deputy.reader as reader
import deputy.segment as segment
from _deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
H = "www.c.example.com"


# -- one page asked about twice ------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"When was {A} last fetched, and what status did it return?",
    f"When was {A} last fetched, and what was its title?",
    f"When was {A} last fetched? I need to know if our copy is stale.",
    f"Was {A} fetched successfully? What code did it get?",
    f"Did you fetch {A}? What code did it return?",
    f"Was {A} fetched, and was it a 200?",
])
def test_two_questions_about_one_page_are_one_page_answer(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt", [
    f"When was {A} last fetched, and can you fetch it again?",  # answered with the page on main: a lost request
    f"When was {A} last fetched? Fetch it again.",
    f"Was {A} fetched and could you fetch it again?",            # answered with the page on main
    f"Was {A} fetched, and could you fetch it again?",
    f"When was {A} fetched, and how many pages do we have?",    # answered with the page on main: the stats lost
    f"When was {A} fetched, and is anything running?",          # the same, with the status
    f"When was {A} last fetched? Is it allowed by robots.txt?",
    f"Was {A} fetched successfully? What does it say?",
    f"Did you fetch {A}? What code did {B} return?",            # another page: two questions
    f"Was {A} fetched successfully? If not, fetch it now.",
    f"When was {A} last fetched? Delete it if it's stale.",
    "When was https://10.0.4.17/status last fetched, and what status did it return?",
])
def test_a_second_thing_asked_beside_a_page_question_is_refused(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_further_question_without_it_is_read_as_written(deputy: Any) -> None:
    # Negative control for the pronoun: "What status did the site return?" names no page with "it".
    assert read_outcome(deputy, f"When was {A} fetched? What status did the site return?")[0] == "refused"


def test_without_the_pronoun_rule_the_second_question_is_a_second_thing(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Was {A} fetched successfully? What code did it get?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(decide, "_about_the_same", lambda also, sk: also)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_split_the_conjoined_question_is_a_second_verb(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"When did you fetch {A}, and what status did it return?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(segment, "_second_question", lambda tokens, i, starts: False)
    # Round 19's store questions (deputy.text.store_asks) read two questions about one page too: off as well.
    monkeypatch.setattr(reader, "store_question", lambda *args, **kwargs: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_participle_rule_last_fetched_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"When was {A} last fetched, and what was its title?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(nlp, "asked_participles", lambda doc, verbs, items: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_modal_rule_the_request_beside_the_question_is_lost(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The rule that keeps "… and could you fetch it again?" refused: without it the page alone is answered
    # (as on main). The split into a second question (with a comma, and since round 24 also after a bare
    # "and") refuses it as well, so that split is switched off here too.
    prompt = f"Was {A} fetched and could you fetch it again?"
    assert read_outcome(deputy, prompt)[0] == "refused"
    monkeypatch.setattr(clause, "_asked_of_me", lambda tok: False)
    original = segment._second_question
    monkeypatch.setattr(segment, "_second_question",
                        lambda tokens, i, starts: tokens[i - 1].text == "," and original(tokens, i, starts))
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


def test_a_request_to_fetch_and_tell_the_status_is_never_only_the_page(deputy: Any) -> None:
    for prompt in (f"Fetch {A} and tell me its status.", f"fetch {A} and tell me its status"):
        assert read_outcome(deputy, prompt)[0] in ("fetch", "refused")


# -- robots.txt lets us in -----------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Does robots.txt on {H} let us in?", ("robots", {"target": f"https://{H}/"})),
    (f"does the robots file let us into {A} ?", ("robots", {"target": A})),
    (f"Does robots.txt let us fetch {A}?", ("robots", {"target": A})),  # unchanged: a verb after "let us"
])
def test_robots_txt_letting_us_in_asks_robots(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    "Does the client let us in?",                                 # no robots file named
    f"Does robots.txt on {H} let us post reviews?",               # a verb of its own after "let us"
    f"Doesn't robots.txt on {H} let us in?",
    "Does robots.txt on 192.168.1.20 let us in?",
    f"Robots.txt on {H} is strict, I was told. Does it let us in?",  # the host only in the context
    f"If robots.txt lets us in, fetch {A}.",
    f"Does robots.txt on {H} let us in? Then fetch {A}.",
])
def test_robots_let_controls_refuse(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_let_me_know_is_left_as_written(deputy: Any) -> None:  # negative control: "let" stays no verb of mine
    assert read_outcome(deputy, f"Let me know if {A} is allowed.") == ("robots", {"target": A})


def test_without_the_let_rule_robots_txt_letting_us_in_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Does robots.txt on {H} let us in?"
    assert read_outcome(deputy, prompt)[0] == "robots"
    monkeypatch.setattr(nlp, "robots_lets", lambda protected, **_: (protected, ()))
    # Round 29 (voice29): the text pass reads "the robots file at A lets us in" as well; off too.
    monkeypatch.setattr("deputy.reader.robots_lets", lambda text, **_: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# -- the store, counts and status codes ----------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"What's the HTTP status on {A} in our store?", ("page", {"url": A})),
    (f"What is the status code for {A} in the store?", ("page", {"url": A})),
    (f"What's in the store for {H}?", ("stats", {"host": H})),   # unchanged: a host asks the count
    ("how many pages total in the store", ("stats", {})),
    (f"How many pages total from {H}?", ("stats", {"host": H})),
    (f"did {A} come back 200?", ("page", {"url": A})),
    (f"Did {A} come back with a 503?", ("page", {"url": A})),
    ("Status check: is anything still running or queued?", ("status", {})),
    ("is anything still running or queued?", ("status", {})),
])
def test_store_questions_are_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    "What's the status of the store?",                           # no address: still three capabilities' words
    "What's the HTTP status on http://127.0.0.1:8080/health in our store?",
    f"Don't tell me the HTTP status of {A}, fetch it.",
    "Total the pages.",                                          # "total" as a verb, no count asked
    "How many pages total in the store? Delete the oldest ones.",
    f"how many pages total in the store before you fetch {A}",
    "How many pages total from 10.1.1.1?",
    f"Fetch {A} 200.",                                           # a status code beside a request stays unplaced
    f"did {A} come back 200? if not, refetch it",
    f"Did {A} come back 200 times?",
    "Status check: is anything still running? Cancel it if so.",
    "Delete the queue: is anything still running?",
])
def test_store_controls_refuse(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_total_rule_the_count_is_an_unsupported_verb(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "how many pages total in the store"
    assert read_outcome(deputy, prompt) == ("stats", {})
    monkeypatch.setattr(nlp, "counted_totals", lambda doc, items: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_code_rule_the_status_code_is_unplaced(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"did {A} come back 200?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(clause, "codes_asked", lambda unexpected, asks, nouns: unexpected)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_indefinite_question_the_label_is_a_second_verb(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Status check: is anything still running?"
    assert read_outcome(deputy, prompt) == ("status", {})
    monkeypatch.setattr(segment, "_INDEFINITES", frozenset())
    # Round 14's heading rule (deputy/forms/check_heading.py) also reads "Status check" as a noun before a
    # question, which makes the colon a label on its own; it is switched off to see this rule alone.
    monkeypatch.setattr(nlp, "check_headings", lambda doc, items: None)
    # Round 17's label reader (deputy/text/labelled.py) drops a heading before a question too.
    monkeypatch.setattr(reader, "read_label", lambda text, *args, **kwargs: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# -- what our copy holds ---------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"What's in our copy of {A}?",
    f"What is in the stored version of {A}?",
    f"what's in our snapshot of {A}",
    "What's in our copy of https://a.example.com/find?q=brass&page=2?",  # the query ends before the "?"
])
def test_what_is_in_our_copy_reads_the_page(deputy: Any, prompt: str) -> None:
    url = "https://a.example.com/find?q=brass&page=2" if "find" in prompt else A
    assert read_outcome(deputy, prompt) == ("read", {"url": url})


@pytest.mark.parametrize("prompt", [
    f"What's in our copy of {A}? Delete it afterwards.",
    f"What's in our copy of {A}? If it's old, fetch it again.",
    f"What's not in our copy of {A}? Fetch the rest.",
    "What's in our copy of http://192.168.10.4/wiki/Onboarding?",
    f"The user pasted {A}. What's in our copy?",
    f"What's in our copy of {A} and {B}?",
    f"Fetch what's in our copy of {A}.",
])
def test_copy_controls_refuse(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_what_is_in_the_store_is_still_the_count(deputy: Any) -> None:  # negative control for the new form
    assert read_outcome(deputy, "What's in the store?") == ("stats", {})
