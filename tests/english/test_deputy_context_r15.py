"""Round 15 (ctx): context around one request. A reason sentence with verbs of its own ("… before we
continue"), a pronoun bound by a copula sentence ("The next item on that list is A. Please download
it."), the writer's past request told as background ("I asked you to download it this morning"), a
heading that says why it is there ("Quick background so you know why:"), the same address named again
in the context, an echo of a reported question ("… whether you're busy. Are you?"), and remarks beside
the address: a priority phrase, a contrast of noun phrases in parentheses, a relative clause that
describes the page, a second "pls" after the address. Every rule has its controls (a negation, a real
condition, an unsupported verb, the address moved into the context still refuse) and each rule
switched off turns a positive case back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
H = "docs.example.com"
FETCH_A = ("fetch", {"urls": [A]})
STATS_H = ("stats", {"host": H})
STATUS = ("status", {})


# --- the writer's own next step, anywhere in a sentence ----------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"The user wants to know whether yesterday's batch went through before we continue. How many pages have you stored from {H}?", STATS_H),
    ("Status check before I enqueue the nightly batch: is the worker idle?", STATUS),
    ("Health check before we schedule the weekly run: are you idle?", STATUS),
], ids=["reported-question", "check-heading", "health-heading"])
def test_the_writers_next_step_is_no_second_action(deputy: Any, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    ("Status check before I enqueue the nightly batch: delete the worker's queue.", "unsupported_verb"),
    (f"Status check before I enqueue the nightly batch: fetch {A} if the worker is idle.", "condition"),
    (f"The user wants to know whether the batch went through. Delete the pages you stored from {H}.", "unsupported_verb"),
    (f"The user wants to know whether the batch went through before they continue. How many pages have you stored from {H}?", "condition"),
], ids=["unsupported", "condition", "unsupported-request", "someone-elses-step"])
def test_other_steps_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_step_rule_the_heading_asks_two_things(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.clause as clause

    monkeypatch.setattr(clause, "deadline_clauses", lambda *args: frozenset())
    assert read_outcome(deputy, "Status check before I enqueue the nightly batch: is the worker idle?")[0] == "refused"


# --- a copula sentence names the one address ----------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"My user keeps a list of open datasets about air quality. The next item on that list is {A}. Please download it.",
    f"The official changelog is {A}. Please fetch it.",
    f"We're collecting sources on wildfire smoke. The first one on my list is {A}. Please fetch it.",
], ids=["next-item", "plain", "first-one"])
def test_a_copula_sentence_hands_over_its_address(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"The next item on my list is {A}. Please don't download it.", "negation"),
    (f"The next item on my list is {A}. Delete it.", "unsupported_verb"),
    (f"The next item on my list is {A}. Download it if it changed since Monday.", "condition"),
    (f"The next two items on my list are {A} and {B}. Please download it.", "url_outside_parse"),
    (f"The item I deleted yesterday is {A}. Please download it.", "unsupported_verb"),
    (f"The page my user does not want is {A}. Fetch it.", "url_outside_parse"),
    (f"The page is not {A}. Fetch it.", "url_outside_parse"),
], ids=["negation", "unsupported", "condition", "two-addresses", "refused-verb-in-subject", "negated-subject",
        "negated-copula"])
def test_copula_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_copula_rule_the_pronoun_is_unbound(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.context as context

    monkeypatch.setattr(context, "named_by_copula", lambda *args: frozenset())
    assert read_outcome(deputy, f"The official changelog is {A}. Please fetch it.") == ("refused", "url_outside_parse")


# --- what the writer asked of me before, told as background --------------------------------------

TOLD = f"I'm summarising an article for a newsletter and I asked you to download it this morning. What's the title of {A} as you stored it?"


def test_a_past_request_told_is_background(deputy: Any) -> None:
    assert read_outcome(deputy, TOLD) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"I asked you to delete it this morning. What's the title of {A}?", "unsupported_verb"),
    (f"I asked you not to fetch it yesterday. Fetch {A}.", "negation"),
    (f"What's the title of {A} as you deleted it?", "unsupported_verb"),
    (f"Fetch {A} as you posted it.", "unsupported_verb"),
], ids=["refused-verb-on-it", "negation", "forbidden-as-clause", "unsupported-as-clause"])
def test_told_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_told_rule_the_sentence_speaks_to_me(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.context as context

    monkeypatch.setattr(context, "told_you_before", lambda you: False)
    assert read_outcome(deputy, TOLD)[0] == "refused"


# --- a heading that says why it is there ---------------------------------------------------------

WHY = f"Quick background so you know why: legal wants a snapshot of a competitor's terms as they stand today. Download {A}."


def test_a_why_heading_is_a_label(deputy: Any) -> None:
    assert read_outcome(deputy, WHY) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Background so you can delete it: fetch {A}.", "unsupported_verb"),
    (f"Quick background so you know why: legal wants a snapshot. Download {A} once the review is done.", "condition"),
    (f"Quick background so you know why: legal wants a snapshot. Don't download {A}.", "negation"),
], ids=["unsupported-purpose", "condition", "negation"])
def test_why_heading_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_why_heading_rule_the_heading_speaks_to_me(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.clause as clause

    monkeypatch.setattr(clause, "why_heading", lambda *args: False)
    assert read_outcome(deputy, WHY)[0] == "refused"


# --- the same address named again in the context --------------------------------------------------

AGAIN = f"Ticket #8840: the store count for {H} looks off. How many pages have you stored from {H}?"


def test_the_same_address_in_context_is_no_other_thing(deputy: Any) -> None:
    assert read_outcome(deputy, AGAIN) == STATS_H


@pytest.mark.parametrize("prompt, kind", [
    (f"Ticket #8840: the store count for www.example.org looks off. How many pages have you stored from {H}?", "url_outside_parse"),
    (f"Don't fetch {H}. How many pages have you stored from {H}?", "negation"),
    (f'The user typed "fetch {B}" by mistake; they meant {A}. Please fetch {A}.', "url_outside_parse"),
], ids=["other-host", "negated-request-before", "another-item-beside"])
def test_restated_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_restated_rule_the_context_address_is_outside(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose

    monkeypatch.setattr(compose, "restated", lambda *args: frozenset())
    assert read_outcome(deputy, AGAIN) == ("refused", "url_outside_parse")


# --- an echo of a reported question ------------------------------------------------------------

ECHO = "Raj is asking on Slack whether you're busy right now. Are you?"


@pytest.mark.parametrize("prompt", [ECHO, "My teammate is asking whether you're still working through the queue. Are you?"],
                         ids=["name", "teammate"])
def test_an_echo_asks_the_reported_question(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == STATUS


@pytest.mark.parametrize("prompt, kind", [
    ("Priya is asking whether you're free right now. Aren't you?", "negation"),
    ("Priya is asking whether you deleted the queue. Did you?", "unsupported_verb"),
    (f"Priya is asking whether you're free right now. Are you? If so, fetch {A}.", "condition"),
], ids=["negated-echo", "unsupported", "condition"])
def test_echo_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_echo_rule_two_things_are_asked(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose

    monkeypatch.setattr(compose, "echoes", lambda *args: set())
    assert read_outcome(deputy, ECHO)[0] == "refused"


def test_without_the_name_rule_the_name_is_a_stray_word(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.nlp as nlp

    monkeypatch.setattr(nlp, "opening_subjects", lambda *args: None)
    assert read_outcome(deputy, ECHO)[0] == "refused"


# --- remarks beside the address -------------------------------------------------------------------

PRIORITY = f"Urgent: fetch {A} ahead of anything else in the queue."
CONTRAST = f"Grab {A} (the fact sheet itself, not the landing page)."
DESCRIBED = f"Fetch {A}, the page that explains how attackers delete files through injected commands."
PLEASE = f"@seaspider fetch {A} pls — the incident channel wants a copy"


@pytest.mark.parametrize("prompt", [PRIORITY, CONTRAST, DESCRIBED, PLEASE,
                                    f"Fetch {A} — the overview page, not the symptoms checker."],
                         ids=["priority", "contrast", "described", "second-please", "dash-contrast"])
def test_a_remark_beside_the_address_is_no_second_thing(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch everything else ahead of {A}.", "not_understood"),
    (f"Fetch {A} and everything else in the queue.", "not_understood"),
    (f"Urgent: delete {A} ahead of anything else in the queue.", "unsupported_verb"),
    (f"Urgent: fetch {A} once the current batch finishes.", "condition"),
    (f"Don't grab {A} (the page itself, not the PDF).", "negation"),
    (f"Grab {A} (not now, maybe tomorrow).", "negation"),
    (f"Grab {A} (the page, not today).", "negation"),
    (f"Grab {A} (the page, not this week).", "negation"),
    (f"Grab {A} (the page, not {B}).", "negation"),
    (f"Fetch {A}, the article that you should delete afterwards.", "unsupported_verb"),
    (f"Fetch {A}, the page that the user wants deleted.", "unsupported_verb"),
    (f"Fetch {A}, the page that must be deleted.", "unsupported_verb"),
    (f"Fetch {A}, the page that tells you to delete files.", "unsupported_verb"),
    (f"Fetch {A}, the article that describes how attackers drop tables, and drop the tables too.", "unsupported_verb"),
    (f"@seaspider fetch {A} pls — and post it to the incident channel", "unsupported_verb"),
    (f"Don't fetch {A} — the incident channel already has a copy", "negation"),
], ids=["blocker-first", "blocker-joined", "priority-unsupported", "priority-condition", "contrast-negated",
        "not-now", "not-today", "not-this-week", "contrast-address", "relative-order", "relative-wish", "relative-modal",
        "relative-to-you", "second-order", "please-second-action", "please-negated"])
def test_remark_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("module, name, value, prompt", [
    ("deputy.compose", "ranks_first", lambda tok: False, PRIORITY),
    ("deputy.compose", "contrasting_not", lambda *args: False, CONTRAST),
    ("deputy.compose", "describes_the_page", lambda *args: False, DESCRIBED),
    ("deputy.nlp", "_second_please", lambda *args: False, PLEASE),
], ids=["priority", "contrast", "described", "second-please"])
def test_without_the_remark_rules_the_request_refuses(
    deputy: Any, monkeypatch: pytest.MonkeyPatch, module: str, name: str, value: object, prompt: str
) -> None:
    import importlib

    monkeypatch.setattr(importlib.import_module(module), name, value)
    assert read_outcome(deputy, prompt)[0] == "refused"
