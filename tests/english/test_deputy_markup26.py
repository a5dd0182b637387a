"""Round 26 (markup26): a label put as a noun phrase before its one address ("Robots check for A") asks what the
colon label asks, and a robots question naming whose robots.txt and a page of the same host ("Does robots.txt on H
allow MovaBot to fetch H/page?") asks about the page. Controls (a condition, a negation, a refused verb, two hosts,
an order, a statement about a check) still refuse."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from _teaching_helpers import vocab_raw

import deputy.reader as reader_module
import deputy.text.fields as fields_module
import deputy.vocab as vocab_module
from deputy import Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.field_nouns import without_copy_nouns
from deputy.text.request_label import read_request_label
from deputy.text.robots_owner import drop_robots_owner
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import operation_or_kind, read_outcome


@pytest.fixture(scope="module")
def reader() -> Any:
    return build_deputy()


LABEL_PHRASES = [
    ("Robots check for https://www.reddit.com/r/programming/.", "robots"),
    ("Quick robots check on https://www.cbc.ca/news please", "robots"),
    ("robots.txt check about https://www.zeit.de/politik/", "robots"),
    ("Robots lookup for https://www.abc.net.au/news?", "robots"),
    ("Sitemap check for https://www.nasa.gov/.", "sitemaps"),
]


@pytest.mark.parametrize(("prompt", "operation"), LABEL_PHRASES, ids=[p[:30] for p, _ in LABEL_PHRASES])
def test_label_phrase_before_one_address_asks(reader: Any, prompt: str, operation: str) -> None:
    assert operation_or_kind(reader, prompt) == (operation, None)


LABEL_CONTROLS = [
    ("Robots check for https://www.bbc.com/news once the nightly job finishes.", "condition"),
    ("No robots check for https://www.lemonde.fr/ this time.", "negation"),
    ("Delete check for https://www.cnn.com/.", "unsupported_verb"),
    ("The robots check for https://www.wired.com/ failed yesterday.", None),
    ("Robots check for https://www.ft.com/ and https://www.economist.com/.", None),
]


@pytest.mark.parametrize(("prompt", "kind"), LABEL_CONTROLS, ids=[p[:30] for p, _ in LABEL_CONTROLS])
def test_label_phrase_controls_still_refuse(reader: Any, prompt: str, kind: str | None) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None
    if kind is not None:
        assert refused == kind


def test_label_phrase_rule_off_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Robots check for https://www.reddit.com/r/programming/."
    assert operation_or_kind(build_deputy(), prompt) == ("robots", None)
    monkeypatch.setattr(reader_module, "read_label_phrase", lambda text, *a, **k: text)
    assert operation_or_kind(build_deputy(), prompt)[0] is None


def test_label_phrase_without_check_nouns_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Quick robots check on https://www.cbc.ca/news please"
    monkeypatch.setattr(vocab_module, "DEFAULT_WORDS", dict(DEFAULT_WORDS, check_nouns=()))
    assert operation_or_kind(build_deputy(), prompt)[0] is None


OWNERS = [
    "Does robots.txt on https://www.amazon.de allow MovaBot to fetch https://www.amazon.de/gp/bestsellers/?",
    "Does https://www.etsy.com/robots.txt allow MovaBot to fetch https://www.etsy.com/c/jewelry?",
    "Does the robots.txt of https://www.zalando.de/ permit MovaBot to download https://www.zalando.de/herren/?",
]


@pytest.mark.parametrize("prompt", OWNERS, ids=[p[:40] for p in OWNERS])
def test_owner_of_robots_txt_is_set_aside_for_the_page(reader: Any, prompt: str) -> None:
    operation, detail = read_outcome(reader, prompt)
    assert operation == "robots"
    assert "/robots.txt" not in str(detail) and prompt.split()[-1].rstrip("?") in str(detail)


OWNER_CONTROLS = [
    ("Does robots.txt on https://www.amazon.com allow MovaBot to fetch https://www.ebay.com/deals?", "too_many_urls"),
    ("Does robots.txt on https://www.otto.de allow MovaBot to delete https://www.otto.de/sale/?", "unsupported_verb"),
    ("Doesn't robots.txt on https://www.otto.de allow MovaBot to fetch https://www.otto.de/sale/?", "negation"),
    ("Does robots.txt on https://www.otto.de allow MovaBot to fetch https://www.otto.de/sale/ if the sale is over?",
     None),
    ("Fetch the robots.txt on https://www.hm.com and https://www.hm.com/en_gb/women.html.", None),
    ("Did you store robots.txt on https://www.hm.com and https://www.hm.com/en_gb/women.html?", None),
]


@pytest.mark.parametrize(("prompt", "kind"), OWNER_CONTROLS, ids=[p[:40] for p, _ in OWNER_CONTROLS])
def test_owner_controls_still_refuse(reader: Any, prompt: str, kind: str | None) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None
    if kind is not None:
        assert refused == kind


def test_owner_pass_leaves_other_hosts_and_orders(reader: Any) -> None:
    words = reader.vocab.words
    two_hosts = "Does robots.txt on https://a.example allow MovaBot to fetch https://b.example/x?"
    assert drop_robots_owner(two_hosts, words) == two_hosts
    order = "Fetch robots.txt on https://a.example and https://a.example/x."
    assert drop_robots_owner(order, words) == order
    asked = "Does robots.txt on https://a.example allow MovaBot to fetch https://a.example/x?"
    assert drop_robots_owner(asked, words) == "Does robots.txt allow MovaBot to fetch https://a.example/x?"


def test_owner_rule_off_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = OWNERS[0]
    monkeypatch.setattr(reader_module, "drop_robots_owner", lambda text, words: text)
    assert operation_or_kind(build_deputy(), prompt) == (None, "too_many_urls")


def test_owner_without_permission_verbs_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vocab_module, "DEFAULT_WORDS", dict(DEFAULT_WORDS, permission_verbs=()))
    assert operation_or_kind(build_deputy(), OWNERS[0]) == (None, "too_many_urls")


@pytest.mark.parametrize(("key", "word"), [("check_nouns", "audit"), ("permission_verbs", "welcome")])
def test_widening_the_lists_is_a_relaxation(key: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    assert any(f"“{word}” to words.{key}" in r for r in relaxations(before, Vocab.from_raw(raw)))


TICKETS = [
    "Ticket #4821\nReporter: m.kowalski\nSummary: stale copy of the tariff page\nPlease re-fetch https://www.pge.pl/taryfy.",
    "Ticket #5102\nReporter: a.nowak\nSummary: outdated copy of the fares page\nPlease fetch https://www.pkp.pl/rozklad.",
    "Issue OPS-88\nAssignee: crawler-bot\nTitle: Copy of pricing page is stale\n"
    "Could you download https://www.ryanair.com/gb/en/cheap-flights?",
]


@pytest.mark.parametrize("prompt", TICKETS, ids=[p.split("\n")[0] for p in TICKETS])
def test_copy_noun_in_a_describing_field_lets_the_header_go(reader: Any, prompt: str) -> None:
    assert operation_or_kind(reader, prompt) == ("fetch", None)


TICKET_CONTROLS = [
    ("Ticket #5110\nReporter: p.ito\nSummary: copy the tariff page to the shared drive\n"
     "Please fetch https://www.tepco.co.jp/en/.", None),
    ("Case 3391\nReporter: l.moreau\nSummary: no fresh copy of the news page\n"
     "Please fetch https://www.lemonde.fr/international/", "negation"),
    ("Ticket #5111\nReporter: r.khan\nSummary: stale copy of the fares page\nPlease delete https://www.pkp.pl/rozklad.",
     "unsupported_verb"),
    ("Ticket #5112\nReporter: r.khan\nSummary: stale copy of the fares page\n"
     "Please fetch https://www.pkp.pl/rozklad once the nightly job finishes.", "condition"),
    ("Ticket #5114\nReporter: https://www.pkp.pl/rozklad\nSummary: stale copy of the fares page\nPlease fetch it.", None),
]


@pytest.mark.parametrize(("prompt", "kind"), TICKET_CONTROLS, ids=[p.split("\n")[0] for p, _ in TICKET_CONTROLS])
def test_ticket_controls_still_refuse(reader: Any, prompt: str, kind: str | None) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None
    if kind is not None:
        assert refused == kind


def test_copy_noun_reading_only_where_english_makes_a_noun(reader: Any) -> None:
    words = reader.vocab.words
    assert without_copy_nouns("stale copy of the page", words) == "stale of the page"
    assert without_copy_nouns("our copy is old", words) == "our is old"
    assert without_copy_nouns("copy the page to the drive", words) == "copy the page to the drive"


def test_copy_noun_rule_off_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fields_module, "without_copy_nouns", lambda value, words: value)
    assert operation_or_kind(build_deputy(), TICKETS[0])[0] is None


REQUEST_LABELS = [
    ("**Request:** what did you store for [the Prado collection page](https://www.museodelprado.es/en/the-collection)?",
     "page"),
    ("**Request:** when did you last fetch [the highlights](https://www.rijksmuseum.nl/en/collection/highlights)?",
     "page"),
    ("Request: which sitemaps does https://www.vam.ac.uk/ list?", "sitemaps"),
]


@pytest.mark.parametrize(("prompt", "operation"), REQUEST_LABELS, ids=[p[:40] for p, _ in REQUEST_LABELS])
def test_request_label_over_a_question_is_dropped(reader: Any, prompt: str, operation: str) -> None:
    assert operation_or_kind(reader, prompt) == (operation, None)


REQUEST_CONTROLS = [
    ("**Request:** can you delete https://www.tate.org.uk/visit?", "unsupported_verb"),
    ("Request: why didn't you fetch https://www.moma.org/collection/ once the job finished?", None),
    ("**Request:** fetch https://www.guggenheim.org/ if it changed?", None),
    ("Request: what did you store for https://www.prado.example/x? Then delete it.", None),
]


@pytest.mark.parametrize(("prompt", "kind"), REQUEST_CONTROLS, ids=[p[:40] for p, _ in REQUEST_CONTROLS])
def test_request_label_controls_still_refuse(reader: Any, prompt: str, kind: str | None) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None
    if kind is not None:
        assert refused == kind


def test_request_label_needs_a_request_field_and_a_question(reader: Any) -> None:
    words = reader.vocab.words
    assert read_request_label("Request: what did you store for https://a.example/?", words) == \
        "what did you store for https://a.example/?"
    for kept in ("Summary: what did you store for https://a.example/?", "Request: fetch https://a.example/?",
                 "Request: what did you store for https://a.example/"):
        assert read_request_label(kept, words) == kept


def test_request_label_rule_off_refuses_again(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = REQUEST_LABELS[0][0]
    assert operation_or_kind(build_deputy(), prompt) == ("page", None)
    monkeypatch.setattr(reader_module, "read_request_label", lambda text, words: text)
    assert operation_or_kind(build_deputy(), prompt)[0] is None
