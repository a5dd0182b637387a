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


@pytest.mark.parametrize("prompt", [
    f"What does the stored copy of {A} say?",
    f"What does our copy of {A} say?",
    f"what does the saved version of {A} say",
])
def test_what_a_stored_copy_says_is_read(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("read", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't tell me what {A} says.", "negation"),  # a negated governor negates the request, not the question
    (f"Do not show me what the stored copy of {A} says.", "negation"),
    # An order to tell that waits for something I cannot check. ("If you have it, what does the stored copy of
    # A say?" only asks, and is answered whatever it depends on: round 28.)
    (f"Once the crawl finishes, show me what the stored copy of {A} says.", "condition"),
    (f"Summarize what the stored copy of {A} says.", "unsupported_verb"),
    ("What does the stored copy of http://192.168.1.20/admin say?", "non_public_address"),
])
def test_what_a_copy_says_keeps_its_refusals(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_negated_question_that_only_asks_still_asks(deputy: Any) -> None:  # negative control
    assert read_outcome(deputy, "How many pages did you not manage to fetch?") == ("stats", {})


@pytest.mark.parametrize("prompt", [
    "queue empty yet?", "Queue empty?", "backlog clear yet?",
    "Just checking in: anything running right now?", "Just checking: is the queue empty yet?",
])
def test_short_status_questions(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt, kind", [
    ("Empty the queue.", "unsupported_verb"),  # an adjective with an object is a verb I do not have
    ("Queue empty yet? If so, fetch https://www.python.org/downloads/.", "condition"),
    ("Just checking in: don't fetch https://www.python.org/downloads/.", "negation"),
    ("Anything running on http://10.0.0.5:8080/ right now?", "non_public_address"),
    (f"fetch empty? {A}", "any"),
])
def test_short_status_questions_keep_their_refusals(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused" and (kind == "any" or outcome[1] == kind), outcome
