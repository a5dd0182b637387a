"""Requests inside mails, tickets, forwarded mail and quoted asks (round 25, fixer tickets25).

Each rule: prompts it now reads, controls that must still refuse (negation, condition, refused verb, an address
only in a describing line), and the rule switched off (its words emptied or its helper stubbed) turning a
positive case back into a refusal.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from deputy import reader as reader_module
from deputy.teaching.relaxations import relaxations
from deputy.text import headed as headed_module
from deputy.text.handover import checking_adoption, without_handover_lead
from deputy.text.reader_greetings import without_reader_greetings
from deputy.text.sent_facts import sent_facts
from tests.english._deputy_helpers import deputy_with_words, read_outcome

A = "https://www.example-stats.org/rates/"
B = "https://data.example-news.org/world/"


# --- a greeting of the mail's readers ----------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Hi team,\nCould you download {A}?", ("fetch", {"urls": [A]})),
    (f"Subject: archive request\n\nHello all,\nCould you grab {A} for the folder?\n\nBest,\nMarek", ("fetch", {"urls": [A]})),
    (f"Hi all, could you fetch {A} and {B}? Thanks, Jo", ("fetch", {"urls": [A, B]})),
    ("Hey folks,\nhow many pages have we stored from www.example-stats.org?", ("stats", {"host": "www.example-stats.org"})),
], ids=["own-line", "under-subject", "same-line", "question"])
def test_a_greeting_of_the_readers_is_read_away(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Hi team,\nPlease don't download {A} yet.", "negation"),
    (f"Hello all,\nCould you fetch {A} if it changed?", "condition"),
    (f"Hi everyone,\nplease delete {A} from the store.", "unsupported_verb"),
    (f"Hi team, the page {B} moved.\nCould you download the new one?", None),
], ids=["negation", "condition", "refused-verb", "address-in-context"])
def test_a_greeting_keeps_the_body_s_refusal(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    assert kind is None or outcome[1] == kind


def test_only_a_greeting_of_the_readers_is_dropped() -> None:
    courtesy, addressees = frozenset({"hi", "hello"}), frozenset({"team", "all"})
    assert without_reader_greetings("Hi team,\nfetch A", courtesy=courtesy, addressees=addressees) == "\nfetch A"
    for kept in ("Hi Tom,\nfetch A", "Hi all pages of A", "Delete team, fetch A"):
        assert without_reader_greetings(kept, courtesy=courtesy, addressees=addressees) == kept


def test_without_the_greeting_pass_the_mail_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Hi team,\nCould you download {A}?"
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(reader_module, "without_reader_greetings", lambda text, **_: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a ticket's title line and its sentence fields ----------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"JIRA OPS-4412: Capture vendor docs\nDescription: Fetch {A} and {B}.\nPriority: High", ("fetch", {"urls": [A, B]})),
    (f"LIN-208 — Rates snapshot\nDetails: Please download {A}.\nLabels: q3", ("fetch", {"urls": [A]})),
    (f"Story: rates archive\nAC: fetch {A}\nPriority: low", ("fetch", {"urls": [A]})),
    (f"OPS-5120: Robots question\nDescription: Is MovaBot permitted to fetch {A}?", ("robots", {"target": A})),
    (f"OPS-9: Rates\nDescription: Legal needs the rates page.\nAction: fetch {A}", ("fetch", {"urls": [A]})),
], ids=["jira-title", "dash-title", "story-ac", "question", "describing-description"])
def test_a_titled_ticket_is_read_as_its_request_field(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"OPS-1: Rates\nDescription: Do not fetch {A} yet.\nPriority: High", "negation"),
    (f"OPS-2: Rates\nDescription: Fetch {A}\nDue: once the release ships", "condition"),
    (f"OPS-3: Rates\nDescription: Delete {A} from the store.", "unsupported_verb"),
    (f"OPS-4: Rates\nDescription: The customer says {B} is stale.\nAC: fetch {A}", "url_outside_parse"),
    (f"Story: monitor competitor pricing\nAC: fetch {A} every Monday at 08:00", "condition"),
    (f"Story: delete old pages\nAC: fetch {A}", "unsupported_verb"),
    (f"OPS-5: Don't fetch anything\nDescription: Fetch {A}", "negation"),
], ids=["negation", "due-condition", "refused-verb", "address-in-description", "story-schedule", "story-refused",
        "negated-title"])
def test_a_titled_ticket_keeps_its_refusals(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_title_outside_a_known_tracker_is_no_title(deputy: Any) -> None:
    from deputy.text.fields import read_header_fields
    said = f"Rates OPS-1: Docs\nDescription: Fetch {A}"
    assert read_header_fields(said, deputy.vocab.words) == said


@pytest.mark.parametrize("key", ["sentence_fields", "trackers"])
def test_without_the_ticket_words_the_ticket_refuses(deputy: Any, key: str) -> None:
    prompt = f"JIRA OPS-4412: Capture vendor docs\nDescription: Fetch {A} and {B}.\nPriority: High"
    assert read_outcome(deputy, prompt)[0] == "fetch"
    assert read_outcome(deputy_with_words(**{key: frozenset()}), prompt)[0] == "refused"


def test_without_the_titled_refusal_the_title_s_verb_is_named(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Story: monitor competitor pricing\nAC: fetch {A} every Monday at 08:00"
    assert read_outcome(deputy, prompt) == ("refused", "condition")
    monkeypatch.setattr(reader_module, "titled_request", lambda text, words: None)
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


# --- handing-over lines -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"---------- Forwarded message ---------\nFrom: Lena\nPlease fetch {A}\n\nLena sent this over, can you take care of it?",
     ("fetch", {"urls": [A]})),
    (f"Email from Dr. Chen:\n\"Is MovaBot allowed to crawl {A}?\"\nPlease handle this one.", ("robots", {"target": A})),
    (f"Re: robots question\n> is MovaBot permitted on {A} ?\nyes please check that", ("robots", {"target": A})),
    (f"Re: archive\n> when did you last fetch {A} ?\nsure, please check that", ("page", {"url": A})),
    (f"Message from Omar:\n\"Please send me the title and fetch date of {A}.\"\nHandle this one.", ("page", {"url": A})),
], ids=["forwarded-lead", "quote-under-label", "check-that", "assent-check", "send-me-facts"])
def test_a_handing_over_line_adopts_the_one_ask(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"---------- Forwarded message ---------\nFrom: Lena\nPlease fetch {A}\n\nLena sent this over, can you delete it?",
     "unsupported_verb"),
    (f"Message from Omar:\n\"Please delete {A} from the archive.\"\nHandle this one.", "unsupported_verb"),
    (f"Email from Dr. Chen:\n\"Please send the title of {A} to bob@example-lab.org.\"\nHandle this one.", "unsupported_verb"),
    (f"Re: robots question\n> is MovaBot permitted on {A} ?\nno, don't check that", "negation"),
    (f"Email from Dr. Chen:\n\"Please fetch {A} if it changed.\"\nHandle this one.", "condition"),
], ids=["lead-then-refused-verb", "adopted-refused-verb", "send-to-someone", "negated-check", "adopted-condition"])
def test_a_handing_over_line_keeps_the_refusals(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_check_that_never_adopts_an_order(deputy: Any) -> None:
    # "check that" adopts a question to answer: a quoted order stays refused, and a polite request ("Could you
    # fetch A?") is never acted on through it.
    for prompt in (f"> fetch {A}\ncheck that", f"> Could you fetch {A}?\nyes please check that"):
        assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_handover_helpers() -> None:
    verbs = frozenset({"forwarded", "sent"})
    assert without_handover_lead("tom forwarded this, can you take care of it", verbs) == "can you take care of it"
    assert without_handover_lead("tom deleted this, can you take care of it", verbs).startswith("tom deleted")
    checks, assents = frozenset({"check that", "please check that"}), frozenset({"yes", "yes please", "sure"})
    questions = frozenset({"answer that"})
    assert checking_adoption("yes please check that", checks=checks, assents=assents, questions=questions) == "check"
    assert checking_adoption("sure answer that", checks=checks, assents=assents, questions=questions) == "question"
    assert checking_adoption("yes please go ahead", checks=checks, assents=assents, questions=questions) is None
    facts = frozenset({"title", "fetch date"})
    assert sent_facts("Please send me the title of A.", facts) == "Please give me the title of A."
    assert sent_facts("send me a copy of A", facts) == "send me a copy of A"
    assert sent_facts("send me the title of A to bob@b.example", facts) == "send me the title of A to bob@b.example"


@pytest.mark.parametrize("key, prompt", [
    ("handover_verbs", f"---------- Forwarded message ---------\nFrom: Lena\nPlease fetch {A}\n\n"
                       "Lena sent this over, can you take care of it?"),
    ("checking_adoptions", f"Re: robots question\n> is MovaBot permitted on {A} ?\nyes please check that"),
    ("sent_facts", f"Message from Omar:\n\"Please send me the title and fetch date of {A}.\"\nHandle this one."),
])
def test_without_the_handover_words_the_prompt_refuses(deputy: Any, key: str, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] != "refused"
    assert read_outcome(deputy_with_words(**{key: frozenset()}), prompt)[0] == "refused"


def test_without_the_quote_under_a_label_the_mail_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Email from Dr. Chen:\n\"Is MovaBot allowed to crawl {A}?\"\nPlease handle this one."
    assert read_outcome(deputy, prompt)[0] == "robots"
    monkeypatch.setattr(headed_module, "_whole_quotation", lambda line: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("key, word", [("trackers", "notion"), ("sentence_fields", "steps"),
                                       ("handover_verbs", "mailed"), ("checking_adoptions", "verify that"),
                                       ("sent_facts", "copy")])
def test_widening_the_round25_words_is_a_relaxation(key: str, word: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)


# --- a tool call echoed in English --------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f'tool_call: seaspider.robots(target="{A}")\nIn plain words: may we fetch {A}?', ("robots", {"target": A})),
    (f'function_call: crawler.page(url="{A}")\nIn other words: when did you last fetch {A}?', ("page", {"url": A})),
    ('seaspider.stats(host="www.example-stats.org")\nIn plain English: how many pages have you stored from '
     'www.example-stats.org?', ("stats", {"host": "www.example-stats.org"})),
], ids=["robots", "page", "stats"])
def test_a_call_echoed_in_english_is_answered(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f'tool_call: seaspider.robots(target="{A}")\nIn plain words: fetch {A}',
    f'tool_call: seaspider.robots(target="{A}")\nIn plain words: may we fetch {B}?',
    f'tool_call: seaspider.fetch(urls=["{A}"])\nIn plain words: may we fetch {A}?',
    f'tool_call: seaspider.delete(url="{A}")\nIn plain words: when did you fetch {A}?',
    f'tool_call: seaspider.robots(target="{A}")\nIn plain words: may we fetch {A}? Then delete it.',
    f'tool_call: seaspider.robots(target="{A}")\nIn plain words: don\'t check {A}',
], ids=["english-acts", "other-address", "other-capability", "refused-call", "second-order", "negated"])
def test_a_call_echoed_in_english_never_acts_on_a_mismatch(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_restating_labels_the_echo_refuses(deputy: Any) -> None:
    prompt = f'tool_call: seaspider.robots(target="{A}")\nIn plain words: may we fetch {A}?'
    assert read_outcome(deputy, prompt)[0] == "robots"
    assert read_outcome(deputy_with_words(restating_labels=()), prompt)[0] == "refused"


def test_the_restated_call_helper() -> None:
    from deputy.text.restated_call import restated_call
    tags, labels = frozenset({"tool_call"}), ("in plain words",)
    found = restated_call('tool_call: s.robots(target="https://a.example/")\nIn plain words: may we?', tags=tags,
                          labels=labels)
    assert found is not None and found.name == "robots" and found.english == "may we?"
    assert restated_call('note: s.robots(target="https://a.example/")\nIn plain words: x', tags=tags, labels=labels) is None
    assert restated_call('s.robots(target="https://a.example/")\nAlso: x', tags=tags, labels=labels) is None
