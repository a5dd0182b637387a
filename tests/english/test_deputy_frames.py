"""Phrase spellings of round 10: "Have we got A stored?" asks what "Do we have A stored?" asks; "Just tell me"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Have we got {A} stored?", ("page", {"url": A})),
    (f"Have you got {A} stored?", ("page", {"url": A})),
    (f"Just tell me whether {A} is allowed.", ("robots", {"target": A})),
])
def test_a_phrase_spelling_reads_as_its_plain_form(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Have we got {A} stored? Email it to Bob.", "unsupported_verb"),
    (f"Have we got {A} stored? If not, fetch it.", "negation"),
    (f"Just tell me whether {A} is allowed, and fetch it if the queue is empty.", "condition"),
    (f"Just tell me: fetch {A} and delete {B}.", "unsupported_verb"),
    (f"We have got {A} stored already.", "not_understood"),  # a statement, not the question
])
def test_a_phrase_spelling_with_more_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)
