"""Round 9: a number that only names a ticket or a section, an emoji of thanks, and "any idea if" widen or condition nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Ticket 7004: please fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Sources for section 2.1: download {A} and {B}.", ("fetch", {"urls": [A, B]})),
    (f"Hi, on behalf of Priya (case 33-1187): could you please download {A}?", ("fetch", {"urls": [A]})),
    (f'Ticket 7004, from Dana: "Don\'t crawl {A} again."', ("refused", "negation")),
])
def test_a_labelled_number_names_and_does_not_count(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"Download section 2.1 of {A}",  # the label is the action's own object: a part of A is asked for
    f"Fetch version 3 of {A}",
    f"Ticket 12: fetch 3 pages from {A}",  # a count stays a count
    f"Please fetch 3 pages from {A}",
])
def test_a_number_that_changes_the_action_still_refuses(deputy: Any, prompt: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


@pytest.mark.parametrize("prompt", [
    f"Could you please download {A}? Much appreciated 🙏",
    f"🙏 please fetch {A}",
    f"Could you download {A}? Thanks a lot 🙂🙂",
])
def test_courtesy_emoji_are_dropped(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Please don't download {A} 🙏", "negation"),
    (f"Please download {A} 🚫", "not_understood"),  # a sign of refusal is not on the courtesy list
    (f"✅ fetch {A}", "not_understood"),  # nor a sign of a task done
])
def test_other_emoji_and_negations_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt, expected", [
    (f"Any idea if we're allowed to crawl {A}?", ("robots", {"target": A})),
    ("any idea if the queue is empty?", ("status", {})),
    (f"Any idea if the page {A} was fetched?", ("page", {"url": A})),
])
def test_any_idea_if_asks_an_indirect_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Any idea if {A} changed? If it did, fetch it.", "condition"),
    (f"Any idea if you could fetch {A} if it changed?", "condition"),
    (f"No idea if {A} is allowed, so don't fetch it.", "negation"),
    (f"Fetch {A} if it changed.", "condition"),
])
def test_a_real_condition_beside_any_idea_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Kindly do the needful and download {A}.",
    f"Please do the needful and fetch {A}.",
    f"Please to fetch the page {A} for me.",
])
def test_learner_frames_open_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Kindly do the needful and don't fetch {A}.", "negation"),
    (f"Please to fetch {A} and log in with my password.", "unsupported_verb"),
    (f"Please to fetch {A} if it changed.", "condition"),
])
def test_learner_frames_keep_what_follows_them(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)
