"""A labelled step's goal followed by its request: the goal is what the request is for, not a second action."""

from __future__ import annotations

from typing import Any

import pytest

from deputy import compose
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
