"""An agent's narration to its tool ("Let me fetch A and B") is its request; "let me know" is not (round 10)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Let me fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Let me grab {A} and {B} first.", ("fetch", {"urls": [A, B]})),
    (f"OK, let me fetch {A} now.", ("fetch", {"urls": [A]})),
    ("Let me check the queue status.", ("status", {})),
    (f"Let me check whether {A} is allowed.", ("robots", {"target": A})),
])
def test_let_me_narrates_the_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Let me fetch {A} and email it to Bob.", "unsupported_verb"),  # a later step of the writer's own
    (f"Let me fetch {A} so I can summarise it.", "unsupported_verb"),
    (f"Let me not fetch {A} yet.", "negation"),
    (f"Let me fetch {A} if it has changed.", "condition"),
    (f"Let me fetch {A} tomorrow.", "condition"),
    (f"Let me know when you've fetched {A}.", "condition"),  # asks to be told, opens no request
    (f"I read {A} yesterday. Let me fetch it.", "url_outside_parse"),  # the address stays in the context
    (f"Let the intern fetch {A}.", "not_understood"),  # only "let me" is the writer's narration
    ("Let me fetch http://localhost:8080/admin.", "non_public_address"),
])
def test_let_me_with_more_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_these_two_hung_from_the_first_address_counts_the_list(deputy: Any) -> None:
    assert read_outcome(deputy, f"Let me download these two: {A} and {B}") == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt", [f"Please download these three: {A} and {B}", f"Please download these two: {A}"])
def test_these_two_must_name_two(deputy: Any, prompt: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
