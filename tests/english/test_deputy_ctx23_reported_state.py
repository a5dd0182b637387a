"""Round 23 (ctx23): a fronted purpose of keeping the writer's thing in a state ("To keep our cache fresh, fetch A"),
a linking verb in someone else's reported question ("My manager asked how big our archive has become") and a
status question naming the service are read as the request they carry; controls still refuse."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from _teaching_helpers import vocab_raw

import deputy.compose as compose
import deputy.forms.reasons as reasons
import deputy.text.fronted_purpose as fronted_purpose
from deputy import Vocab
from deputy.forms.linked_state import describes_state
from deputy.nlp import load_nlp
from seaspider.english_reader import build_deputy
from deputy.teaching.relaxations import relaxations
from tests.english._deputy_helpers import operation_or_kind


@pytest.fixture()
def reader() -> Any:
    return build_deputy()


@pytest.mark.parametrize(("prompt", "operation"), [
    ("To keep our cache fresh, fetch https://www.rte.ie/news/.", "fetch"),
    ("Background: we brief the desk at nine. To keep the briefing accurate, please grab https://www.irishtimes.com/.",
     "fetch"),
    ("To keep our local mirror up to date, download https://www.kernel.org/.", "fetch"),
    ("To keep our notes current, check robots.txt for https://www.ft.com/.", "robots"),
    ("To remain current, download https://www.ecb.europa.eu/press/.", "fetch"),
    ("My manager asked how big our archive has become. How many pages do you have from www.tagesschau.de?", "stats"),
    ("The client wants to know how large the collection has grown. How many pages have you stored from www.nrk.no?",
     "stats"),
    ("Legal asked whether the copy we hold has become obsolete. When did you last fetch https://www.gov.ie/?", "page"),
    ("From: cron\nBackups done.\n\n--\nWhat's the service working on right now?", "status"),
    ("Is the service idle right now?", "status"),
    ("Ticket 12: the customer says https://www.hm.com/se/ changed its prices. Please fetch it again.", "fetch"),
    ("The client noticed that https://www.lidl.de/ dropped its weekly offers. Fetch it.", "fetch"),
])
def test_shapes_read_as_the_request(reader: Any, prompt: str, operation: str) -> None:
    assert operation_or_kind(reader, prompt) == (operation, None)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("To keep our cache fresh, don't fetch https://www.rte.ie/news/ today.", "negation"),
    ("To keep our cache fresh, fetch https://www.rte.ie/news/ if it changed.", "condition"),
    ("To keep our cache fresh, fetch https://www.rte.ie/news/ unless https://www.rte.ie/ is down.", "condition"),
    ("To keep our cache fresh, delete https://www.rte.ie/news/.", "unsupported_verb"),
    ("To keep it fresh, fetch https://www.rte.ie/news/.", "unsupported_verb"),  # "it" may be the page
    ("To keep things fresh and delete the old pages, fetch https://www.rte.ie/news/.", "unsupported_verb"),
    ("To keep our cache clean, fetch https://www.rte.ie/news/.", "unsupported_verb"),  # no kept state
    ("To keep our copy current, copy https://www.rte.ie/news/.", "unsupported_verb"),
    ("My manager asked how big our archive has become. Delete the pages from www.tagesschau.de.", "unsupported_verb"),
    ("My manager asked how big our archive has become. Don't fetch anything from www.tagesschau.de.", "negation"),
    ("My manager asked how big our archive has become. If it is small, fetch https://www.nrk.no/.", "condition"),
    ("My manager asked how big no archive has become. Fetch https://www.nrk.no/.", "negation"),
    ("What's the service working on? Stop it.", "unsupported_verb"),
    ("Is the service idle? If so, fetch https://www.bbc.com/news.", "condition"),
    ("The customer says https://www.hm.com/se/ changed its prices. Please delete it.", "unsupported_verb"),
    ("The customer says https://www.hm.com/se/ changed its prices. Fetch it again if the sale ended.", "condition"),
    ("The customer says https://www.hm.com/se/ changed its banner. Fetch it again.", "url_outside_parse"),
    ("The customer says https://www.hm.com/se/ didn't change its prices. Fetch it again.", "url_outside_parse"),
    ("The customer says https://www.hm.com/se/ removed its prices. Fetch it again.", "unsupported_verb"),
    ("The customer says https://www.hm.com/se/ will change its prices. Fetch it again.", "url_outside_parse"),
])
def test_controls_still_refuse(reader: Any, prompt: str, kind: str) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None and refused == kind


def test_describes_state_needs_an_adjective() -> None:
    nlp = load_nlp()
    linking = frozenset({"become", "grow"})
    big = nlp("how big the archive has become")
    mirror = nlp("whether we should become a mirror")
    assert describes_state(next(t for t in big if t.lemma_ == "become"), linking)
    assert not describes_state(next(t for t in mirror if t.lemma_ == "become"), linking)
    assert not describes_state(next(t for t in big if t.lemma_ == "become"), frozenset())


@pytest.mark.parametrize(("target", "name", "off", "prompt"), [
    (fronted_purpose, "_keeps_state", lambda *a: False, "To keep our cache fresh, fetch https://www.rte.ie/news/."),
    (compose, "describes_state", lambda *a: False,
     "My manager asked how big our archive has become. How many pages do you have from www.tagesschau.de?"),
    (compose, "described_things", lambda *a: frozenset(),
     "My manager asked how big our archive has become. How many pages do you have from www.tagesschau.de?"),
    (reasons, "changed_by_the_page", lambda *a: False,
     "Ticket 12: the customer says https://www.hm.com/se/ changed its prices. Please fetch it again."),
])
def test_rules_off_refuse_again(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str) -> None:
    assert operation_or_kind(build_deputy(), prompt)[1] is None
    monkeypatch.setattr(target, name, off)
    assert operation_or_kind(build_deputy(), prompt)[0] is None


@pytest.mark.parametrize(("key", "word"), [
    ("keeping_verbs", "hold"), ("kept_states", "tidy"), ("linking_verbs", "prove"),
])
def test_widening_the_new_lists_is_a_relaxation(key: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    assert any(f"“{word}” to words.{key}" in r for r in relaxations(before, Vocab.from_raw(raw)))
