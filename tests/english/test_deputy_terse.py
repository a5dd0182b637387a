"""Terse status and count questions ("still crawling?", "total stored?") and the words around them (round 10)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    "still crawling?", "Still fetching?", "Is the queue drained yet?", "queue drained?", "Has the queue drained?",
    "Progress on the crawl?", "Are we idle?", "Are we still busy?",
])
def test_a_terse_status_question_asks_the_status(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt, kind", [
    ("Drain the queue.", "unsupported_verb"),  # an order to drain is no question about it
    ("Empty the queue.", "unsupported_verb"),
    ("If the queue is drained, fetch https://a.example.com/x.", "condition"),
    (f"still crawling {A}?", "too_many_urls"),  # a status question takes no address
    ("Progress the crawl to the next host.", "not_understood"),  # "on" is what makes it a question
    ("Are we allowed to crawl the queue?", "no_url"),  # "we" asks the status only with a state word
])
def test_a_terse_status_question_with_more_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt, expected", [
    ("total stored?", ("stats", {})),
    ("Total pages stored?", ("stats", {})),
    ("Number of pages stored?", ("stats", {})),
    ("How many pages do we hold from www.gnu.org?", ("stats", {"host": "www.gnu.org"})),
    ("How many pages have we stored altogether?", ("stats", {})),
    ("How many pages have we stored overall?", ("stats", {})),
])
def test_a_terse_count_question_asks_the_stats(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    "Total the pages and email the number to Bob.",
    f"Hold {A} for me.",
    f"Don't count the pages, fetch {A}.",
    "If the total is under 100, fetch https://a.example.com/x.",
])
def test_a_count_with_more_still_refuses(deputy: Any, prompt: str) -> None:  # negative control
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_an_enthusiasm_emoji_is_dropped(deputy: Any) -> None:
    assert read_outcome(deputy, f"🚀 fetch {A} 🚀") == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    ("🚀 delete https://a.example.com/x 🚀", "unsupported_verb"),
    (f"Don't fetch {A} 🚀", "negation"),
])
def test_an_enthusiasm_emoji_hides_nothing(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)
