"""A status code the vocabulary lists as a noun names what happened ("did A 404?"); it counts no pages."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    f"did {A} 404?", f"Did {A} return a 404?", f"Was {A} a 200?", f"Did {A} 500 when we fetched it?",
])
def test_a_status_code_in_a_question_names_the_outcome(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} 404 times.", "not_understood"),  # no question: the number is left unplaced
    (f"Did you fetch 404 pages from {A}?", "not_understood"),  # a number before a noun counts
    (f"If {A} 404s, fetch https://b.example.com/y.", "condition"),
    (f"Did {A} 404? Don't fetch it again.", "negation"),
    (f"Did {A} 404? Delete it.", "unsupported_verb"),
])
def test_a_status_code_that_counts_or_comes_with_more_still_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)  # negative control
