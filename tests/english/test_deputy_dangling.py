"""A pointing word joined to the request's own address with nothing for it to mean ("Please download it
and B"): the reader names the word instead of fetching B alone and quietly dropping what "it" was."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.compose as compose_module
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt", [
    f"Please download it and {B}",
    f"Fetch it and {B} too",
    f"Download this and {B}",
    f"Fetch {B} and it",
    f"Fetch {B} and this too",
    f"grab that + {B} pls",
], ids=["it-first", "it-too", "this", "it-last", "this-last", "plus"])
def test_a_pointer_with_nothing_to_point_at_is_named(deputy: Any, prompt: str) -> None:
    result = deputy.read(prompt)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
    assert "“" in result.reason


@pytest.mark.parametrize("prompt, expected", [
    (f"The report is at {A}; please download it, and the appendix at {B} too.", ("fetch", {"urls": [A, B]})),
    (f"Here is the link: {A}. Fetch it and {B}.", ("fetch", {"urls": [A, B]})),
    (f"Download it: {B}", ("fetch", {"urls": [B]})),
    (f"Here's the page: {A}. Please fetch it.", ("fetch", {"urls": [A]})),
    (f"Fetch {A} and {B}", ("fetch", {"urls": [A, B]})),
], ids=["bound-by-context", "bound-link", "colon-names-it", "bound-alone", "no-pointer"])
def test_a_pointer_that_means_something_still_acts(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_rule_the_pointer_is_dropped(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative control: with the rule switched off, B alone is fetched and "it" is lost."""
    monkeypatch.setattr(compose_module, "dangling_pronouns", lambda tokens, bound, parsed: [])
    assert read_outcome(deputy, f"Please download it and {B}") == ("fetch", {"urls": [B]})
