"""Round 21 (ctx21): sentences of context before one request, read as context rather than a second action.

- a past result of a check on the one address hands it to a following "it" ("Last time the robots check for A
  said yes. Fetch it now.": deputy.forms.past_results, deputy.context.after_reported_things' verdict word);
- a third person's step in the request's purpose ("… so the analyst can compare them": deputy.forms.others_purpose);
- a fronted check of the writer's own work ("To verify the citation, tell me …": deputy.text.fronted_purpose);
- a tool's key=value readout line ("Tool output: status=idle, queue=0.": deputy.text.tool_readouts);
- an HTML comment on its own line (deputy.text.html_comments);
- "instead" after a request whose context names another address refuses for that address (url_outside_parse),
  and "used to" + verb is a habit of the past whose time words schedule nothing (deputy.decide, forms.recalled);
- a writer's fronted "Before I …" set after a wish to know whether a robot may fetch
  (deputy.text.context_paragraphs.moved_deadline).

Every case is read with every check: a negation, a condition, a refused verb, or an address only in the context
still refuses.
"""

from __future__ import annotations

from typing import Any

import pytest

import deputy.context as context_module
import deputy.reader as reader_module
import deputy.text.fronted_purpose as fronted_module
from _deputy_helpers import read_outcome
from deputy import Deputy
from deputy.text.html_comments import uncommented
from deputy.text.tool_readouts import without_readouts
from seaspider.english_reader import build_deputy

A = "https://www.spiegel.de/"
B = "https://www.lemonde.fr/"


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Last time the robots check for {A} said yes. Fetch it now.", ("fetch", {"urls": [A]})),
    (f"The last status check on {A} returned 200. Please download it.", ("fetch", {"urls": [A]})),
    (f"An hour ago the robots lookup for {A} said OK. Could you grab it?", ("fetch", {"urls": [A]})),
    (f"Yesterday's probe of {A} came back clean. Fetch it.", ("fetch", {"urls": [A]})),
    (f"Fetch {A} and {B} so the economist can compare them.", ("fetch", {"urls": [A, B]})),
    (f"Please download {A} so that my colleague can summarise it.", ("fetch", {"urls": [A]})),
    (f"Grab {A} so she can translate it.", ("fetch", {"urls": [A]})),
    (f"To check the quote, show me what you stored for {A}.", ("page", {"url": A})),
    (f"To verify the citation, tell me what you stored from {A}.", ("page", {"url": A})),
    (f"Tool output: status=idle, queue=0.\nGood. Now fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Observation: stored=12 failed=0\nCheck robots.txt for {A}.", ("robots", {"target": A})),
    (f"<!-- ticket 4411 -->\nFetch {A}.", ("fetch", {"urls": [A]})),
    (f"<!-- source: {A} -->\nPlease fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Background: I'm drafting a piece. Before I write anything I need to know whether the bot is permitted to "
     f"fetch {A}.", ("robots", {"target": A})),
    (f"Before we publish, I want to know if MovaBot is allowed to crawl {A}.", ("robots", {"target": A})),
])
def test_context_read(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    # past results
    (f"The robots check for {A} said no. Fetch it.", None),  # a "no" verdict: the address stays outside
    (f"The robots check for {A} said yes. Don't fetch it yet.", "negation"),
    (f"The robots check for {A} said yes. Fetch it if it has changed.", "condition"),
    (f"The robots check for {A} said yes. Delete it from the store.", "unsupported_verb"),
    (f"The robots check for {A} said yes. Fetch {B} now.", "url_outside_parse"),
    (f"The robots check for {A} will say yes. Fetch it.", None),  # no past result
    (f"The crawler deleted {A}. Fetch it.", None),  # an action on the address, no result
    # third person's purpose
    (f"Fetch {A} so you can translate it.", "unsupported_verb"),
    (f"Fetch {A} so I can summarise it.", "unsupported_verb"),  # the writer's: refused by design
    (f"Fetch {A} so the bot can translate it.", "unsupported_verb"),
    (f"Fetch {A} so the analyst can compare it with {B}.", None),  # a second address in the purpose
    (f"Fetch {A} so the analyst can compare them, unless it is down.", "condition"),
    (f"Fetch {A} and have the analyst compare it.", "unsupported_verb"),
    (f"Fetch {A} so the analyst can delete it.", "unsupported_verb"),
    # fronted check
    (f"To check robots.txt, fetch {A}.", None),
    (f"To verify the page, fetch {A}.", None),
    (f"To verify it, fetch {A}.", None),
    (f"To check the figure, fetch {A}.", None),  # an order that acts: who checks stays open (round 17)
    (f"To verify the citation, delete what you stored from {A}.", "unsupported_verb"),
    (f"To verify the citation, fetch {A} unless it is stored already.", "condition"),
    # readouts
    (f"Tool output: queue=3, status=busy.\nFetch {A} once the queue is empty.", "condition"),
    (f"Tool output: url={B}, status=200.\nGood. Now fetch {A}.", None),
    (f"Tool output: status=idle.\nGood. Now delete {A} from the store.", "unsupported_verb"),
    (f"Tool output: status=idle.\nGood. Now don't fetch {A}.", "negation"),
    # a writer's deadline before a permission question
    (f"Before the crawl finishes, I need to know whether the bot is allowed to fetch {A}.", None),
    (f"Before I write anything I need to know whether the bot is not permitted to fetch {A}.", None),
    (f"Before I write anything I need to know whether you fetched {A}.", None),
    # another address in the context: that address is the reason
    (f"Ticket 99: customer says {B} loads slowly. Please fetch {A} instead.", "url_outside_parse"),
    (f"Our old scraper used to pull {B} daily. Now please fetch {A} instead.", "url_outside_parse"),
    (f"Please fetch {A} instead.", "not_understood"),
    (f"Customer says {B} loads slowly. Please fetch {A} instead, unless it is down.", "condition"),
    (f"Fetch {A} daily like we used to.", "condition"),
    # comments
    (f"<!-- context: {B} -->\nFetch the current HTML spec.", "url_outside_parse"),
    (f"<!-- context: {B} -->\nPlease fetch it.", None),  # a comment hands nothing over
    (f"<!-- fetch {B} -->\nPlease fetch {A}.", None),
    (f"<!-- context: internal -->\nDon't fetch {A}.", "negation"),
])
def test_controls_refuse(deputy: Deputy, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind is not None:
        assert str(getattr(outcome[1], "value", outcome[1])) == kind


def test_readouts_text() -> None:
    labels, refusing = frozenset({"output", "observation"}), frozenset({"not", "if", "blocked"})
    assert without_readouts(f"Tool output: status=idle, queue=0.\nGood. Now fetch {A}.", labels=labels,
                            refusing=refusing) == f"Now fetch {A}."
    for kept in (f"Tool output: status=blocked\nFetch {A}.",  # a refusing value
                 f"Tool output: url={A}\nFetch {B}.",  # an address in the readout
                 f"Weather: temp=12\nFetch {A}.",  # not a readout label
                 "Tool output: status=idle"):  # no request after it
        assert without_readouts(kept, labels=labels, refusing=refusing) == kept


def test_comments_text() -> None:
    labels, verbs, refusing = frozenset({"context"}), frozenset({"fetch", "delete"}), frozenset({"not", "if"})
    assert uncommented(f"<!-- context: {B} -->\nFetch the spec.", labels=labels, verbs=verbs,
                       refusing=refusing) == f"Context: {B}.\nFetch the spec."
    assert uncommented(f"<!-- ticket 4411 -->\nFetch {A}.", labels=labels, verbs=verbs,
                       refusing=refusing) == f"Fetch {A}."
    for kept in (f"<!-- delete the cache -->\nFetch {A}.", f"<!-- only if needed -->\nFetch {A}.",
                 f"Fetch {A} <!-- inline -->", f"<!-- context: {B} -->\nFetch it."):
        assert uncommented(kept, labels=labels, verbs=verbs, refusing=refusing) == kept


def _no(*_: Any, **__: Any) -> bool:
    return False


def _same(text: str, **_: Any) -> str:
    return text


@pytest.mark.parametrize(("target", "name", "off", "prompt"), [
    (context_module, "tells_a_result", _no, f"Last time the robots check for {A} said yes. Fetch it now."),
    (context_module, "verdict", _no, f"Last time the robots check for {A} said yes. Fetch it now."),
    (context_module, "done_by_another", _no, f"Fetch {A} and {B} so the economist can compare them."),
    (fronted_module, "_checks_own_work", _no, f"To verify the citation, tell me what you stored from {A}."),
    (reader_module, "without_readouts", _same, f"Tool output: status=idle, queue=0.\nGood. Now fetch {A}."),
    (reader_module, "uncommented", _same, f"<!-- ticket 4411 -->\nFetch {A}."),
    (reader_module, "moved_deadline", _same,
     f"Before I write anything I need to know whether the bot is permitted to fetch {A}."),
])
def test_rule_disabled(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str) -> None:
    assert read_outcome(build_deputy(), prompt)[0] != "refused"
    monkeypatch.setattr(target, name, off)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def _kind(prompt: str) -> str:
    outcome = read_outcome(build_deputy(), prompt)
    assert outcome[0] == "refused", outcome
    return str(getattr(outcome[1], "value", outcome[1]))


def test_contrast_rule_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.decide as decide_module
    prompt = f"Ticket 99: customer says {B} loads slowly. Please fetch {A} instead."
    assert _kind(prompt) == "url_outside_parse"
    monkeypatch.setattr(decide_module, "_CONTRASTS", frozenset())
    assert _kind(prompt) == "not_understood"


def test_used_to_rule_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.forms.recalled as recalled_module
    prompt = f"Our old scraper used to pull {B} daily. Now please fetch {A} instead."
    assert _kind(prompt) == "url_outside_parse"
    monkeypatch.setattr(recalled_module, "_used_to", _no)
    assert _kind(prompt) == "condition"
