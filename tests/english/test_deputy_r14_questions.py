"""Round 14 questions, learner word orders, tickets and mentions (branch fx-r14questions).

Each rule has positive cases, negative controls (negation, a real condition, a refused verb, a private
address, an address only in the context, a quoted request) and a check that switching the rule off
turns a positive case back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome
from deputy import clause, context, nlp, reader
from deputy.forms import numbers

A = "https://a.example.com/x"
B = "https://b.example.com/y"
PRIVATE = "http://10.0.0.12/home"


# --- dates of the record in a question (deputy/forms/dated.py) -------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Was {A} fetched last week?", ("page", {"url": A})),
    (f"Was {A} fetched yesterday?", ("page", {"url": A})),
    ("How much pages you have saved until now?", ("stats", {})),
    ("How many pages have you stored until today?", ("stats", {})),
    (f"Ticket SUP-9: the customer asks whether {A} was fetched last week and what status it got.", ("page", {"url": A})),
], ids=["last-week", "yesterday", "until-now", "until-today", "ticket-whether"])
def test_a_date_of_the_record_is_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} until now.", "not_understood"),  # a request: the date is no question's
    (f"Can you fetch {A} yesterday?", "not_understood"),  # a modal question asks to act
    (f"Was {PRIVATE} fetched last week?", "non_public_address"),
    (f"Was {A} fetched last week? If not, fetch it.", "condition"),  # "If not," is the condition's (round 15)
    (f"Was {A} fetched last week and can you delete it?", "unsupported_verb"),
], ids=["request", "modal", "private", "condition", "refused-verb"])
def test_a_date_does_not_widen_a_request(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_date_rule_last_week_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Was {A} fetched last week?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(clause, "dated_words", lambda chain, asks: frozenset())
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- a question pointing back at the context's one address (deputy/forms/asked_back.py) ------------------

@pytest.mark.parametrize("prompt", [
    f"Bug report BR-1: our dashboard shows a 403 for {A}. What status did you record for that page?",
    f"Incident INC-2: users see a 404 on {A}. What status code did you record for that URL?",
    f"Our dashboard shows a 403 for {A}. What status did it return?",
    f"Our dashboard shows a 403 for {A}. Did you fetch it?",
], ids=["that-page", "that-url", "it-subject", "it-object"])
def test_a_question_about_the_context_address_is_answered(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Our dashboard shows a 403 for {A}. Fetch that page.", "url_outside_parse"),  # a request still needs the address
    (f"Our dashboard shows a 403 for {A}. Can you fetch it?", "url_outside_parse"),  # so does a modal question
    (f"Our dashboard shows a 403 for {A} and {B}. What status did it return?", "url_outside_parse"),  # which one?
    (f"Our dashboard shows a 403 for {PRIVATE}. What status did you record for that page?", "non_public_address"),
    (f"Delete {A}. What status did you record for that page?", "unsupported_verb"),
    (f"Bug report BR-3: our dashboard shows a 403 for {A}. Why did it fail?", "not_understood"),
], ids=["request", "modal", "two-addresses", "private", "refused-verb", "why"])
def test_a_pointer_binds_only_for_a_plain_question(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_question_pointer_that_page_is_unbound(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Our dashboard shows a 403 for {A}. What status did you record for that page?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(clause, "question_pointer", lambda action, asks, parsed, nouns: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_binding_rule_the_context_address_is_outside(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Our dashboard shows a 403 for {A}. What status did it return?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(context, "asked_back", lambda main, holder, wanted: False)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


def test_record_is_a_question_verb_only(deputy: Any) -> None:
    assert read_outcome(deputy, f"What status did you record for {A}?") == ("page", {"url": A})
    assert read_outcome(deputy, f"Record the status for {A}.")[0] == "refused"
    assert read_outcome(deputy, f"What status will you record for {A}?")[0] == "refused"


# --- a question quoted under a ticket's label (deputy/text/ticket_question.py) --------------------------

@pytest.mark.parametrize("prompt, expected", [
    ('Ticket #901 from the analytics team: "Is the crawler still busy with yesterday\'s batch?"', ("status", {})),
    ('Ticket HELP-310 from finance: "Are any jobs still running?"', ("status", {})),
    (f'Ticket #80: "Was {A} fetched?"', ("page", {"url": A})),
], ids=["status", "jobs", "page"])
def test_a_quoted_ticket_question_is_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f'Ticket #79 from support: "Could you fetch {A}?"', "not_understood"),  # a quoted request: someone's words
    (f'Ticket #82: "Fetch {A}?"', "not_understood"),
    (f'Ticket #78 from support: "Can you delete the job for {A}?"', "unsupported_verb"),
    (f'Ticket #81 from ops: "Is the crawler busy? If not, fetch {A}"', "negation"),
    (f'Ticket #80: "Was {PRIVATE} fetched?"', "non_public_address"),
    ('Ticket #83 from ops, do not answer: "Is the crawler busy?"', "negation"),
], ids=["request", "bare-request", "refused-verb", "condition", "private", "frame-with-more"])
def test_a_quoted_ticket_request_is_never_acted_on(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_ticket_rule_the_quotation_is_unused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = 'Ticket #901 from the analytics team: "Is the crawler still busy?"'
    assert read_outcome(deputy, prompt) == ("status", {})
    monkeypatch.setattr(reader, "ticket_question", lambda text, labels: None)
    # Round 19's relayed store questions (deputy.text.store_asks) read the quotation too: off as well.
    monkeypatch.setattr(reader, "store_question", lambda *args, **kwargs: None)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- "Status check before I restart the box: …?" (deputy/forms/check_heading.py, segment) ------------------

@pytest.mark.parametrize("prompt", [
    "Status check before I restart the box: are any jobs still queued?",
    "Status check: are any jobs still queued?",
    "Sanity check before I redeploy: are any jobs still running?",
])
def test_a_check_heading_before_a_question_is_a_label(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt, kind", [
    (f"Status check before I restart the box: fetch {A}", "not_understood"),  # a request after it: as before
    ("Status check before I restart the box: are any jobs still queued? If so, delete them.", "condition"),
    ("Status check: can any jobs be deleted?", "unsupported_verb"),
])
def test_a_check_heading_does_not_open_a_request(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_heading_retag_check_is_a_second_action(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Status check before I restart the box: are any jobs still queued?"
    assert read_outcome(deputy, prompt) == ("status", {})
    monkeypatch.setattr(nlp, "check_headings", lambda doc, items: None)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- a remark after a question (deputy/forms/asides.py) ----------------------------------------------------

def test_a_remark_after_a_question_is_context(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "is the crawler idle? deploy window opens in 5 min"
    assert read_outcome(deputy, prompt) == ("status", {})
    monkeypatch.setattr(nlp, "noun_openers", lambda doc, items: None)
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


@pytest.mark.parametrize("prompt, kind", [
    ("is the crawler idle? then delete the old jobs", "unsupported_verb"),
    ("is the crawler idle? delete job runs in 5 min", "unsupported_verb"),
    (f"is the crawler idle? fetch {A}", "not_understood"),
])
def test_an_order_after_a_question_is_still_an_order(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- learner word orders (deputy/text/learner_order.py) and "which" -----------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Please you can download for me this page {A}", ("fetch", {"urls": [A]})),
    (f"Please you can download for me the page {A} and {B}", ("fetch", {"urls": [A, B]})),
    (f"Fetch me please the page {A} for my report.", ("fetch", {"urls": [A]})),
    (f"Grab me please the article {A}", ("fetch", {"urls": [A]})),
    (f"Which title has the page {A} ?", ("page", {"url": A})),
    (f"Which status has the page {A} ?", ("page", {"url": A})),
])
def test_a_learner_word_order_is_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Please you can not download for me this page {A}", "negation"),
    (f"Please you can delete for me this page {A}", "unsupported_verb"),
    (f"Delete me please the page {A}", "unsupported_verb"),
    (f"Fetch me please the page {A} if it changed since Monday.", "condition"),
    (f"Fetch me please the page {PRIVATE}", "non_public_address"),
    (f"Which title has the page {PRIVATE} ?", "non_public_address"),
])
def test_a_learner_word_order_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_learner_order_that_asks_is_a_permission_question(deputy: Any) -> None:
    """"Please, you can fetch for me A?" ends in "?": a "can …?" question, answered from robots.txt like
    "Can you fetch A?", never a fetch (round 15)."""
    assert read_outcome(deputy, f"Please, you can fetch for me the page {A}?") == ("robots", {"target": A})


def test_without_the_learner_rule_the_order_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Fetch me please the page {A} for my report."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "learner_order", lambda text, actions: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- @-mentions (deputy/text/mentions.py) -------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Triage comment by @kwame: repro needs the exact page the user saw. @seaspider please fetch {A}",
     ("fetch", {"urls": [A]})),
    (f"@seaspider please fetch {A}", ("fetch", {"urls": [A]})),
    ("@seaspider is the crawler idle?", ("status", {})),
    ("Fetch https://medium.com/@user/post please", ("fetch", {"urls": ["https://medium.com/@user/post"]})),
])
def test_a_mention_of_the_deputy_is_a_vocative(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"@kwame please fetch {A}", "not_understood"),  # a request to someone else
    (f"Triage comment by @kwame: repro needs the exact page. @kwame please fetch {A}", "not_understood"),
    (f"Triage comment by @kwame: @seaspider please do not fetch {A}", "negation"),
    (f"Triage comment by @kwame: @seaspider please delete {A}", "unsupported_verb"),
    (f"@seaspider when the embargo lifts at 9am, fetch {A}", "condition"),
    (f"@seaspider please fetch {PRIVATE}", "non_public_address"),
])
def test_a_mention_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_mention_rule_the_handle_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"@seaspider please fetch {A}"
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "mentions", lambda text, name, actions: text)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- one of two answers: "a 200 or an error" (deputy/forms/numbers.py) ----------------------------------

@pytest.mark.parametrize("prompt", [
    f"Did {A} come back with a 200 or an error?",
    f"Did {A} return a 200 or a 404?",
    f"Did {A} come back with an error or a 200?",
])
def test_two_answers_asked_about_are_one_page_question(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Did {PRIVATE} come back with a 200 or an error?", "non_public_address"),
    (f"Fetch {A} with a 200 or an error.", "not_understood"),
    (f"Can you fetch {A} with a 200 or an error?", "not_understood"),
    (f"Did {A} come back with a 200 or an error? Then fetch it again.", "not_understood"),
])
def test_two_answers_do_not_widen_a_request(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_two_answers_rule_the_code_counts(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Did {A} come back with a 200 or an error?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(numbers, "_one_of_two_answers", lambda tok: False)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
