"""A question beside a conditional order ("Did A come back with an error? If an error, fetch it again.")
does not only ask: the condition refuses the prompt, rather than the order being dropped as context and
the question alone answered."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.decide as decide_module
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    f"Did {A} come back with an error? If an error, fetch it again.",
    f"When was {A} fetched? If it failed, download it again.",
    f"Was {A} a 404? If so, grab it again",
], ids=["verbless-if", "if-clause", "if-so"])
def test_a_conditional_order_beside_a_question_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt, expected", [
    (f"Did {A} come back with an error?", ("page", {"url": A})),
    (f"Tell me when {A} was fetched", ("page", {"url": A})),
    (f"Can you tell me if {A} is allowed?", ("robots", {"target": A})),
    (f"Could you tell me when {A} was last fetched?", ("page", {"url": A})),
], ids=["question-alone", "when-participle", "if-whether", "could-you-tell-me-when"])
def test_questions_with_their_own_if_or_when_still_answer(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_check_the_order_is_dropped(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative control: with the check switched off, the question is answered and the order lost."""
    monkeypatch.setattr(decide_module, "_conditional_order", lambda sk, acting: False)
    assert read_outcome(deputy, f"Did {A} come back with an error? If an error, fetch it again.") == ("page", {"url": A})
