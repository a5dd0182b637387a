"""A labelled step's goal followed by its request: the goal is what the request is for, not a second action."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab, compose
from deputy import reader as reader_module
from deputy.teaching.relaxations import relaxations
from seaspider.english_reader import deputy_for
from tests.english._deputy_helpers import read_outcome

A = "https://shop.example.com/cart"
B = "https://shop.example.com/checkout"
STEP = "runbook step 3: capture what the crawler sees.\nfetch {a} and {b}"


@pytest.mark.parametrize("prompt, urls", [
    (STEP.format(a=A, b=B), [A, B]),
    (f"ALERT: checkout slow (sev2)\nrunbook step 3: capture what the crawler sees.\nfetch {A} and {B}", [A, B]),
    (f"Step 2: capture what users get back.\nfetch {A}", [A]),
], ids=["runbook", "after-a-heading", "step"])
def test_a_steps_goal_then_its_request_acts(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt, kind", [
    (f"Step 3: delete what the crawler saw.\nfetch {A}", "unsupported_verb"),
    (f"Step 3: summarise what the crawler sees.\nfetch {A}", "unsupported_verb"),
    (f"Step 3: capture everything the crawler sees.\nfetch {A}", "not_understood"),
    (f"Step 3: capture what the crawler sees if it is slow.\nfetch {A}", "condition"),
    (f"Step 3: capture what the crawler sees.\nfetch {A} if checkout is slow", "condition"),
    (f"Step 3: capture what the crawler sees.\ndo not fetch {A}", "negation"),
    ("Step 3: capture what the crawler sees.\nfetch http://10.0.0.3/cart", "non_public_address"),
    (f"Step 3: capture what the crawler sees, then purge the cache.\nfetch {A}", "unsupported_verb"),
], ids=["delete", "summarise", "everything", "condition-in-goal", "condition", "negation", "private", "purge"])
def test_step_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind != "not_understood":
        assert str(outcome[1]) == kind


def test_without_the_rule_the_goal_is_a_second_request(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = STEP.format(a=A, b=B)
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(compose, "step_goals", lambda *args: set())
    assert read_outcome(deputy, prompt)[0] == "refused"


P = "https://docs.example.org/guide"
Q = "https://docs.example.org/other"
PLAN = "Plan: fetch {url}, then summarise it for the user. Please do step one now."


@pytest.mark.parametrize("prompt", [
    PLAN.format(url=P),
    f"Context: the user asked about caching. Plan: download {P}, then answer from it. Start with step one.",
    f"Context: the user is debugging sessions. Plan: fetch {P}, then read the section on Session objects and answer. Please do step one now.",
    f"Plan: fetch {P}, then email it to Bob. Please do step one now.",
], ids=["plan", "start-with", "read-and-answer", "later-unsupported"])
def test_a_plans_first_step_pointed_at_acts(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [P]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Plan: fetch {P}, then summarise it. Please do all steps now.", "unsupported_verb"),
    (f"Plan: fetch {P}, then summarise it. Please do step two now.", "unsupported_verb"),
    (f"Plan: fetch {P}, then summarise it. Don't do step one yet.", "negation"),
    (f"Plan: fetch {P}, then summarise it. Do step one tomorrow.", "unsupported_verb"),
    (f"Plan: fetch {P}, then summarise it if it changed. Please do step one now.", "condition"),
    (f"Plan: fetch {P}, then delete the old copy. Please do step one now.", "unsupported_verb"),
    (f"Plan: summarise {P}, then fetch it. Please do step one now.", "unsupported_verb"),
    (f"Plan: fetch {P}, then summarise {Q}. Please do step one now.", "unsupported_verb"),
    (f"Plan: fetch {P} and summarise it. Please do step one now.", "unsupported_verb"),
    (f"Plan: fetch everything on {P}, then summarise it. Please do step one now.", "not_understood"),
    ("Plan: fetch http://10.0.0.2/, then summarise it. Please do step one now.", "non_public_address"),
    (f"Notes: fetch {P}, then summarise it. Please do step one now.", "unsupported_verb"),
], ids=["all-steps", "step-two", "negation", "tomorrow", "condition", "delete", "first-step-unsupported",
        "address-in-later-step", "no-then", "everything", "private", "not-a-plan"])
def test_plan_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind != "not_understood":
        assert str(outcome[1]) == kind


def test_without_the_pointer_rule_the_later_step_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = PLAN.format(url=P)
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(reader_module, "pointed_first_step", lambda sk, words: sk)
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_without_plan_labels_the_later_step_refuses() -> None:
    vocab = Vocab.from_raw(vocab_raw())
    emptied = deputy_for(replace(vocab, words=replace(vocab.words, plan_labels=frozenset())))
    assert read_outcome(emptied, PLAN.format(url=P))[0] == "refused"


@pytest.mark.parametrize("key, word", [("plan_labels", "notes"), ("step_pointers", "all"), ("renewing_verbs", "update")])
def test_widening_the_step_words_is_a_relaxation(key: str, word: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)
