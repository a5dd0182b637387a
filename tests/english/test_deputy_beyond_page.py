"""Wrong actions found in round 25's review: a request that fetched one page where more (or other) was asked.

- A context sentence that presents another resource of the address or the site around it ("The user wants
  the images on A. Fetch it.", "… the whole site at A", "… every page under A") handed "it" the address, in
  deputy.context's hand-over and in deputy.forms.wished_copy; `deputy.signals.beyond_the_page` now stops both.
- An acting request whose object is an amount of what the address holds ("fetch how many pages you can from
  A", "fetch what you can from A", "fetch how many from H?") fetched A; deputy.forms.other_resource
  `asked_amount` now refuses it, naming the amount.

Every case was a fetch of A before (the rule-off checks below show it), and must never act again."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.context as context
import deputy.decide as decide
import deputy.forms.wished_copy as wished_copy
from _deputy_helpers import read_outcome

A = "https://a.example.com/x"

BEYOND = [
    f"The user wants the images on {A}. Fetch it.",
    f"The user wants the whole site at {A}. Fetch it.",
    f"The client needs every page under {A}. Fetch it.",
    f"The user wants all the pages at {A}. Fetch it.",
    f"The user wants the favicon on {A}. Please grab it.",
    f"The researcher wants a stored copy of the entire site at {A}. Please fetch it.",
]

AMOUNTS = [
    "fetch how many from www.lemonde.fr?",
    f"Fetch how many pages you can from {A}",
    f"fetch what you can from {A}",
    f"fetch as much as you can from {A}",
    f"Download whatever you can from {A}.",
]

STILL_ACTING = [  # negative controls: the page itself is what they ask for
    (f"The user wants the page at {A}. Fetch it.", ("fetch", {"urls": [A]})),
    (f"The researcher read {A} yesterday and wants a stored copy too. Please fetch it.", ("fetch", {"urls": [A]})),
    (f"Fetch {A}, thanks so much.", ("fetch", {"urls": [A]})),
    (f"Please fetch {A} as soon as you can, thank you so much!", ("fetch", {"urls": [A]})),
    ("How many pages did you fetch from https://a.example.com/?", ("stats", {"host": "a.example.com"})),
]


@pytest.mark.parametrize("prompt", BEYOND + AMOUNTS)
def test_more_than_the_page_is_never_fetched(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_refusal_names_the_amount(deputy: Any) -> None:
    result = deputy.read(f"Fetch how many pages you can from {A}")
    assert result.kind == "not_understood" and "“how many pages”" in result.reason


@pytest.mark.parametrize("prompt,expected", STILL_ACTING)
def test_the_page_itself_is_still_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_check_the_context_hands_over_more_than_the_page(
    deputy: Any, monkeypatch: pytest.MonkeyPatch
) -> None:  # rule off: the wrong actions come back
    monkeypatch.setattr(context, "beyond_the_page", lambda tok, words: False)
    monkeypatch.setattr(wished_copy, "beyond_the_page", lambda tok, words: False)
    assert read_outcome(deputy, BEYOND[0]) == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, BEYOND[1]) == ("fetch", {"urls": [A]})


def test_without_the_check_an_amount_is_fetched_as_the_page(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decide, "asked_amount", lambda sk, acting: None)  # rule off: the wrong action comes back
    assert read_outcome(deputy, f"fetch what you can from {A}") == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, "fetch how many from www.lemonde.fr?") == ("fetch", {"urls": ["https://www.lemonde.fr/"]})
