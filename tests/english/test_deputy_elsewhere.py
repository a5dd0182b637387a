"""Round 19 (lead): requests meant for another agent or another channel are refused as unsupported.

- "Is Googlebot allowed to fetch A?" was answered from robots.txt for MovaBot, which is not what was
  asked: a listed other agent (`other_agents`) as the subject, or after "for"/"about"/"as", refuses.
- "Title of A by email, please" answered the record here, and "Fetch A by email" fetched: a listed
  channel (`channels`) after "by"/"via"/"over"/"through" refuses.

Both only refuse more. Each rule has positive cases, controls that must keep their reading, and a
check that an empty list gives the old reading back (deputy.forms.elsewhere)."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome

A = "https://www.nytimes.com/section/world"
HOST = "www.bbc.co.uk"


# --- another agent ------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Is Googlebot allowed to fetch {A}?",
    f"Can GPTBot crawl {A}?",
    f"Does robots.txt let Bingbot fetch {A}?",
    f"Would CCBot be blocked on {A}?",
    f"Is {A} allowed for ClaudeBot?",
    f"What does robots.txt say about Applebot on {A}?",
    f"Is Google allowed to crawl {A}?",
    f"Fetch {A} as Googlebot.",
])
def test_another_agent_is_refused_as_unsupported(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_the_reason_names_the_other_agent(deputy: Any) -> None:
    reason = deputy.read(f"Is Googlebot allowed to fetch {A}?").reason
    assert "Googlebot" in reason and "MovaBot" in reason


@pytest.mark.parametrize("prompt", [
    f"Is MovaBot allowed to fetch {A}?",
    f"Can our crawler fetch {A}?",
    f"Does robots.txt let the bot fetch {A}?",
    f"May the robot fetch {A}?",
    f"Are we allowed to download {A}?",
    # A listed name inside an address or as a compound names the page, not an asker.
    "Can you fetch https://blog.google/technology/ai/?",
    "Can you fetch the Google blog at https://blog.google/technology/ai/?",
])
def test_own_names_and_page_names_keep_the_robots_answer(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "robots"


@pytest.mark.parametrize(("prompt", "expected"), [
    # The rule only refuses: a negation, a condition or a private address keeps its own reason first.
    (f"Don't check whether Googlebot may fetch {A}.", ("refused", "negation")),
    (f"Fetch {A} as Googlebot if it changed.", ("refused", "condition")),
    ("Is Googlebot allowed to fetch http://10.0.0.12/admin?", ("refused", "non_public_address")),
])
def test_controls_for_another_agent(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_agent_list_the_robots_answer_comes_back() -> None:
    reader = deputy_with_words(other_agents=frozenset())
    assert read_outcome(reader, f"Is Googlebot allowed to fetch {A}?")[0] == "robots"


# --- another channel ----------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Title of {A} by email, please.",
    f"Stored text of {A} over Slack please.",
    f"Fetch {A} by email.",
    f"How many pages from {HOST}? By email please.",
    f"Summary of {A} via SMS, thanks",
    f"Check robots.txt for {A} and answer through Teams.",
])
def test_another_channel_is_refused_as_unsupported(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_the_reason_names_the_channel(deputy: Any) -> None:
    reason = deputy.read(f"Title of {A} by email, please.").reason
    assert "by email" in reason


@pytest.mark.parametrize(("prompt", "expected"), [
    ("Fetch https://en.wikipedia.org/wiki/Email please.", ("fetch", {"urls": ["https://en.wikipedia.org/wiki/Email"]})),
    ("Download the Slack changelog at https://slack.com/release-notes/windows.",
     ("fetch", {"urls": ["https://slack.com/release-notes/windows"]})),
    ("Grab https://www.gmail.com/ for me please.", ("fetch", {"urls": ["https://www.gmail.com/"]})),
    (f"Fetch the article about email at {A}.", ("fetch", {"urls": [A]})),
    # "by" + a time stays a condition.
    (f"Fetch {A} by tomorrow.", ("refused", "condition")),
])
def test_controls_for_a_channel(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_channel_list_the_old_reading_comes_back() -> None:
    reader = deputy_with_words(channels=frozenset())
    assert read_outcome(reader, f"Fetch {A} by email.") == ("fetch", {"urls": [A]})


# --- round 21, found at first sight: a fronted phrase before a question word ----------------------------
# "For the compliance report I'm preparing, how many pages do you have from H?" answered about H's home
# page: the question word was not the sentence's first words, so the count was read as a yes/no question
# (deputy.clause `_after_fronted_phrase`).

@pytest.mark.parametrize(("prompt", "expected"), [
    ("For the quarterly audit, how many pages have you stored from www.ons.gov.uk?", ("stats", {"host": "www.ons.gov.uk"})),
    ("For the report I'm writing, how many pages do you have from www.gov.uk?", ("stats", {"host": "www.gov.uk"})),
    ("For the record, what's the title of https://www.ft.com/markets?", ("page", {"url": "https://www.ft.com/markets"})),
    ("In the meantime, what is in the queue right now?", ("status", {})),
])
def test_a_fronted_phrase_leaves_the_question_word_asking(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "expected"), [
    ("For the audit, how many pages do you have from http://10.0.0.5/?", ("refused", "non_public_address")),
    ("For the audit, delete every page you have from www.gov.uk.", ("refused", "unsupported_verb")),
    ("For the audit, fetch https://www.ons.gov.uk/ if it changed.", ("refused", "condition")),
    # A question and an order with its own address, in one sentence: two things at once.
    ("For the audit, how many pages do you have from www.gov.uk, and fetch https://www.gov.uk/ too.",
     ("refused", "not_understood")),
    ("how many pages do you have from www.gov.uk, and fetch https://www.gov.uk/ too.", ("refused", "not_understood")),
    # Two verbs sharing the question's address still ask.
    ("Did you fetch and store https://www.gov.uk/guidance?", ("page", {"url": "https://www.gov.uk/guidance"})),
])
def test_controls_for_the_fronted_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_fronted_phrase_rule_the_count_is_read_as_a_page_question(
        deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.clause as clause
    monkeypatch.setattr(clause, "_after_fronted_phrase", lambda *args: [])
    prompt = "For the report I'm writing, how many pages do you have from www.gov.uk?"
    assert read_outcome(deputy, prompt) == ("page", {"url": "https://www.gov.uk/"})


def test_without_the_own_address_check_the_order_beside_the_count_is_dropped(
        deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.decide as decide
    monkeypatch.setattr(decide, "_orders_its_own_address", lambda *args: False)
    prompt = "how many pages do you have from www.gov.uk, and fetch https://www.gov.uk/ too."
    assert read_outcome(deputy, prompt) == ("stats", {"host": "www.gov.uk"})
