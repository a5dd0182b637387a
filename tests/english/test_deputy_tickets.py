"""Tickets' and mails' header lines, JSON and call forms, and tables with an action column (round 16).

Each rule: prompts it now reads, controls that must still refuse (negation, condition, refused verb,
private address, an address only in a field), and the rule switched off turning a positive case back
into a refusal.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from deputy import reader as reader_module
from deputy import decide as decide_module
from deputy.teaching.relaxations import relaxations
from seaspider.english_reader import deputy_for
from tests.english._deputy_helpers import read_outcome

A = "https://www.example-stats.org/rates/"
B = "https://data.example-news.org/world/"
TICKET = "Ticket #5120 — Priority: normal\nReporter: j.okafor\nSummary: rates page for the archive.\nAction: {action}"
MAIL = "From: Priya Nair\nTo: crawler-team\nSubject: {subject}\n\n{body}"
TABLE = "| site | action |\n|---|---|\n| {a} | {x} |\n| {b} | {y} |"


# --- header fields --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, urls", [
    (TICKET.format(action=f"please fetch {A}"), [A]),
    (f"Ticket #77\nStatus: open\nAssignee: crawler-bot\nRequest: fetch {A} and {B}", [A, B]),
    (MAIL.format(subject="docs page", body=f"Hi all, could you download {A} for the offline bundle? Cheers, Priya"), [A]),
    (f"From: ops@partner-agency.org\nCc: r.okeke@example.org\nSubject: pages\n\nPlease fetch {A}.", [A]),
], ids=["ticket", "request-field", "mail-greeting", "mail-addresses-in-fields"])
def test_header_fields_are_read_away(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt, kind", [
    (TICKET.replace("rates page for the archive.", "do not archive the rates page.").format(action=f"fetch {A}"),
     "negation"),
    (TICKET.format(action=f"please fetch {A} if it changed since Monday"), "condition"),
    (TICKET.format(action=f"please delete {A}"), "unsupported_verb"),
    (f"Ticket #5\nPriority: only if the nightly job finishes\nAction: fetch {A}", "condition"),
    (TICKET.format(action="fetch http://192.168.1.20/admin"), "non_public_address"),
    (MAIL.format(subject="please don't fetch anything today", body=f"Fetch {A} when you can."), "negation"),
    (MAIL.format(subject="archive", body=f"Please email {A} to the board."), "unsupported_verb"),
    (MAIL.format(subject="archive", body=f"Hi all, please don't fetch {A} today."), "negation"),
    (MAIL.format(subject="archive", body=f"Fetch {A} once the migration finishes."), "condition"),
    (f"Ticket #9\nReporter: j.okafor\nAction: fetch {A}\nAction: fetch {B}", "not_understood"),
], ids=["summary-negates", "condition", "delete", "priority-condition", "private", "subject-negates", "email",
        "greeting-negation", "once", "two-actions"])
def test_header_fields_that_change_the_request_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind != "not_understood":
        assert outcome[1] == kind


@pytest.mark.parametrize("prompt", [
    f"From: Lena Vogel\nTo: {A}\nSubject: archive\n\nThanks!",
    "From: Lena Vogel\nTo: webmaster@example-stats.org\nSubject: hello\n\nThanks for the call yesterday.",
    f"From: Lena Vogel\nSubject: see {A}\n\nThanks!",
], ids=["to-address", "to-mail", "subject-address"])
def test_an_address_in_a_header_field_is_never_fetched(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_one_field_line_alone_is_not_a_header(deputy: Any) -> None:
    from deputy.text.fields import read_header_fields
    said = f"Subject: archive {A}"
    assert read_header_fields(said, deputy.vocab.words) == said


def test_without_the_header_rule_a_ticket_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = TICKET.format(action=f"please fetch {A}")
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(reader_module, "read_header_fields", lambda text, words: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("key", ["header_fields", "request_fields", "greeting_addressees"])
def test_without_the_field_words_the_prompt_refuses(key: str) -> None:
    vocab = Vocab.from_raw(vocab_raw())
    emptied = deputy_for(replace(vocab, words=replace(vocab.words, **{key: frozenset()})))
    prompts = {
        "header_fields": TICKET.format(action=f"please fetch {A}"),
        # The request field first: without it the header is one line, too short to be read away.
        "request_fields": f"Ticket #77\nAction: fetch {A}\nReporter: j.okafor",
        "greeting_addressees": MAIL.format(subject="docs", body=f"Hi all, could you download {A}?"),
    }
    prompt = prompts[key]
    assert read_outcome(deputy_for(vocab), prompt)[0] == "fetch"
    assert read_outcome(emptied, prompt)[0] == "refused"


@pytest.mark.parametrize("key, word", [("header_fields", "note"), ("request_fields", "todo"),
                                       ("greeting_addressees", "world")])
def test_widening_the_field_words_is_a_relaxation(key: str, word: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)


# --- JSON and calls -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f'{{"action": "fetch", "url": "{A}"}}',
    f'{{"tool": "fetch", "url": "{A}", "id": "job-12"}}',
])
def test_a_singular_url_key_acts(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    ('{"action": "fetch", "url": "http://10.0.0.5/status"}', "non_public_address"),
    (f'{{"action": "delete", "url": "{A}"}}', None),
    (f'{{"action": "fetch", "url": ["{A}", "{B}"]}}', None),
    (f'{{"action": "fetch", "url": "{A}", "urls": ["{B}"]}}', None),
    (f'{{"action": "fetch", "url": "{A}", "when": "after the backup"}}', "condition"),
    (f'Fetch:\n```json\n{{"urls": ["{A}", "{B}"], "when": "after the nightly backup finishes"}}\n```', "condition"),
    (f'Fetch:\n```json\n{{"urls": ["{A}"], "note": "do not overwrite"}}\n```', "not_understood"),
], ids=["private", "delete", "list-under-singular", "both-keys", "when", "fenced-when", "fenced-negation"])
def test_json_that_asks_more_refuses(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome[1] == kind


def test_without_the_quote_rule_a_fenced_condition_is_not_named(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f'Fetch:\n```json\n{{"urls": ["{A}"], "when": "after the nightly backup finishes"}}\n```'
    assert read_outcome(deputy, prompt) == ("refused", "condition")
    monkeypatch.setattr(decide_module, "_TOLD_KINDS", frozenset())
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


@pytest.mark.parametrize("prompt", [
    f'tool_call: seaspider.delete(url="{A}")',
    f'seaspider.purge(urls=["{A}", "{B}"])',
    f'remove(url="{A}")',
])
def test_a_call_of_a_refused_verb_is_refused_as_that_verb(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_another_owners_call_stays_not_understood(deputy: Any) -> None:
    assert read_outcome(deputy, f'client.delete(url="{A}")') == ("refused", "not_understood")


def test_without_the_refused_call_rule_the_kind_is_not_named(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f'tool_call: seaspider.delete(url="{A}")'
    monkeypatch.setattr(reader_module, "refused_calls", lambda text, refused, owners: text)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- tables with an action column -----------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    TABLE.format(a=A, x="fetch", b=B, y="fetch"),
    f"| action | link |\n| --- | --- |\n| download | {A} |\n| download | {B} |",
])
def test_a_table_with_one_action_acts(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (TABLE.format(a=A, x="delete", b=B, y="delete"), "unsupported_verb"),
    (TABLE.format(a=A, x="skip", b=B, y="skip"), "negation"),
    (TABLE.format(a=A, x="fetch", b="http://192.168.0.9/", y="fetch"), "non_public_address"),
    (TABLE.format(a=A, x="fetch", b=B, y="delete"), None),
    (TABLE.format(a=A, x="fetch", b=B, y="read"), None),
    (TABLE.format(a=A, x="fetch if changed", b=B, y="fetch if changed"), None),
], ids=["delete", "skip", "private", "mixed-delete", "mixed-read", "condition"])
def test_a_table_whose_action_column_refuses_is_refused(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome[1] == kind


def test_without_the_action_column_rule_the_table_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy.text import tables
    prompt = TABLE.format(a=A, x="fetch", b=B, y="fetch")
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(tables, "_action_column", lambda *args: None)
    assert read_outcome(deputy, prompt)[0] == "refused"
