"""Round 12: support tickets that pass a customer's question on ("Ticket 5520: customer asks whether our
crawler is allowed on A. Is it?"): the question is answered by a capability that only answers, never
turned into an action, and a request beside it keeps every check."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Ticket #77102 — the customer is asking if {A} is blocked by robots for us.", ("robots", {"target": A})),
    (f"Ticket 5520: customer asks whether our crawler is allowed on {A}. Is it?", ("robots", {"target": A})),
    (f"The customer asks whether we can fetch {A}.", ("robots", {"target": A})),
    (f"SUP-2231: customer wants to know when we last fetched {A}. Can you check?", ("page", {"url": A})),
    (f"The customer asked whether we fetched {A}.", ("page", {"url": A})),
    ("The customer wants to know if our crawler is running right now. Is it?", ("status", {})),
    ("Ticket #3318. The customer is asking if our crawler is still running. Is the job still going?", ("status", {})),
])
def test_a_question_passed_on_is_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"The customer wants to know if you will fetch {A}.",        # a question about acting never acts
    f"The customer is asking whether you could fetch {A} for them.",
    f"The customer asks us to fetch {A}.",                        # a customer's order is not mine to follow
    f"Ask the customer whether {A} is blocked.",                  # a question put to someone else
    f"Tell the customer whether {A} is blocked.",                 # answered the robots check before
    f"I want to know when we last fetched {A}, and to fetch it again.",  # a wrong action before: the page
    f"The customer wants to know when we last fetched {A}, and to fetch it again.",
    f"The customer asks whether {A} is allowed and needs it fetched.",
])
def test_a_question_passed_on_never_acts(deputy: Any, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("prompt, kind", [
    (f"Ticket 5520: customer asks whether our crawler is allowed on {A}. Is it? If so, fetch it.", "condition"),
    ("Ticket 7002: customer asks whether our crawler is allowed on http://10.20.0.4/portal/. Is it?", "non_public_address"),
    (f"Fetch {A} if it is allowed. Is it?", "condition"),  # the echo hides no condition
    (f"Ticket #3318. The customer is asking if our crawler is still running. If it is, stop it.", "condition"),
])
def test_the_echo_and_the_ticket_label_hide_nothing(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_echo_is_dropped_only_after_a_question_passed_on(deputy: Any) -> None:
    assert read_outcome(deputy, f"I fetched {A}. Is it?")[0] == "refused"


@pytest.mark.parametrize("prompt, expected", [
    (f"Is {A} allowed? Is {A} allowed?", ("robots", {"target": A})),
    ("Is the crawl still running? Is anything queued?", ("status", {})),
    ("is the crawl still going? status?", ("status", {})),  # a fragment asking the same is the same question
    (f"Is {A} allowed? robots.txt for {A}?", ("robots", {"target": A})),
    ("how far along?", ("status", {})),
])
def test_the_same_question_twice_is_answered_once(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"Is {A} allowed? Is {B} allowed?",       # two questions about two pages: two answers, refused
    f"Is the crawl running? Fetch {A}",
    f"Is {A} allowed? robots.txt for {B}?",
])
def test_different_questions_stay_two_requests(deputy: Any, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("prompt, expected", [
    (f"Escalation from Tomás (ticket 3307): please fetch {A} and {B}.", ("fetch", {"urls": [A, B]})),
    (f"Escalation from Dana (ticket 7741): please fetch {A} and email the customer.", ("refused", "unsupported_verb")),
    (f"Escalation (ticket 3307): don't fetch {A}.", ("refused", "negation")),
])
def test_a_parenthesis_before_the_label_colon_keeps_the_colon(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# Round 13 (held out): someone's question reported without "?" and naming no address tells why the
# request beside it is made ("… so I can answer"); it asks me nothing a capability could look up.
@pytest.mark.parametrize("prompt", [
    f"The user asked what their dentist's new-patient page says. Please download {A} so I can answer.",
    f"The customer asked what the page shows. Please download {A}.",
])
def test_a_reported_question_without_an_address_is_the_reason_for_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"The user asked what the page says? Please download {A}.", "not_understood"),  # asked of me: two things
    (f"The user asked whether {B} is blocked. Please download {A}.", "not_understood"),  # names an address
    (f"The user asked why we deleted it. Please download {A}.", "unsupported_verb"),  # a refused verb in it
    (f"The user asked whether we should skip it. Please download {A}.", "unsupported_verb"),
    (f"The user asked what the page says. Please download {A} if it changed.", "condition"),
    (f"The user asked what the page says. Don't download {A}.", "negation"),
    (f"The user asked what the page says. Please email {A} to her.", "unsupported_verb"),
    ("The user asked what the page says.", "no_url"),  # alone it is no request at all
])
def test_a_reported_question_hides_nothing(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_rule_the_reported_question_is_a_second_thing_asked(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose

    monkeypatch.setattr(compose, "_reported_question", lambda *args: False)
    prompt = f"The user asked what their dentist's new-patient page says. Please download {A} so I can answer."
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
