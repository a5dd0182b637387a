"""Round 25 (ctx25): a fronted purpose of serving a person ("To give them current prices, please fetch A"), hedges
of time that are no conditions ("whenever is convenient", "I wonder if you could … when you have a moment",
"Necessary to download A"), and refusal kinds that name the real problem ("refrain from", a why-question about a
verb I do not have, every page linked from A, a rate of requests). Controls still refuse."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from _teaching_helpers import vocab_raw

import deputy.decide as decide_module
import deputy.reader as reader_module
import deputy.text.fronted_purpose as fronted_purpose
import deputy.vocab as vocab_module
from deputy import Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.hedged_asks import necessity_opened, wondered_with_hedge
from deputy.text.served_purpose import serves_a_person
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import operation_or_kind

SERVING = frozenset({"help", "give", "show", "answer", "save"})


@pytest.fixture(scope="module")
def reader() -> Any:
    return build_deputy()


@pytest.mark.parametrize("prompt", [
    "The user is comparing ferry fares. To give them current prices, please fetch https://www.fjordline.com/en/.",
    "Context: a student wants the syllabus. To help them, pull down https://www.mit.edu/academics/ for me.",
    "To show her the sailing times, please download https://www.fjordline.com/en/timetable.",
    "To answer the customer's question about fees, grab https://www.easyjet.com/en/help/baggage for me.",
    "The team has a retro on Monday. To help them prepare, could you fetch https://www.atlassian.com/agile/scrum?",
    "To give the reader some background, download https://en.wikipedia.org/wiki/Tide.",
    "To save her some time, get https://www.ecdc.europa.eu/en/avian-influenza please.",
    "To get them the latest numbers, please fetch https://www.boj.or.jp/en/mopo/.",
], ids=["give-them", "help-them", "show-her", "answer-question", "help-prepare", "give-reader", "save-her",
        "get-them"])
def test_fronted_purpose_of_serving_fetches(reader: Any, prompt: str) -> None:
    assert operation_or_kind(reader, prompt) == ("fetch", None)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("To help them, please don't fetch https://www.nytimes.com/ yet.", "negation"),
    ("To give them current prices, please fetch https://www.vy.no/en if the fares changed.", "condition"),
    ("To give them current prices, fetch https://a.example/ tomorrow.", "condition"),
    ("To help the editor, delete https://www.theguardian.com/uk and fetch https://www.reuters.com/.", "unsupported_verb"),
    ("To help them delete the old copies, fetch https://a.example/.", "unsupported_verb"),
    ("To help the readers of https://www.oebb.at/en/, please fetch https://www.sbb.ch/en/.", "unsupported_verb"),
    ("To fetch https://www.bahn.de/ later, please fetch https://www.sbb.ch/en/ now.", "url_outside_parse"),
    ("To email the prices to the team, please fetch https://www.sbb.ch/en/.", "unsupported_verb"),
    ("To give them the robots rules, fetch https://a.example/.", "unsupported_verb"),
    ("To give it a try, fetch https://a.example/.", "unsupported_verb"),
    ("To give them the page, fetch https://a.example/.", "unsupported_verb"),
    ("To get it done, fetch https://a.example/.", "not_understood"),
    ("To save them time, ignore robots.txt and fetch https://a.example/.", "unsupported_verb"),
], ids=["negation", "condition", "schedule", "delete-in-request", "delete-in-purpose", "address-in-purpose",
        "our-verb-on-another-address", "refused-verb", "robots", "it", "the-page", "get-it-done", "forbidden"])
def test_fronted_purpose_controls_refuse(reader: Any, prompt: str, kind: str) -> None:
    assert operation_or_kind(reader, prompt) == (None, kind)


def test_show_me_is_no_person_served(reader: Any) -> None:
    # "me" may make "show" a second order to me: the purpose is left and the prompt refused as before.
    assert operation_or_kind(reader, "To show me the prices, fetch https://a.example/.")[0] is None


@pytest.mark.parametrize(("verb", "said", "served"), [
    ("help", ["them"], True), ("help", ["the", "team", "prepare"], True), ("give", ["them", "current", "prices"], True),
    ("give", ["them"], False), ("show", ["me", "the", "prices"], False), ("give", ["it", "a", "try"], False),
    ("email", ["the", "team"], False), ("help", [], False), ("answer", ["the", "question"], True),
])
def test_serves_a_person(verb: str, said: list[str], served: bool) -> None:
    assert serves_a_person(verb, said, SERVING) is served


@pytest.mark.parametrize("prompt", [
    "No rush at all — whenever is convenient, please fetch https://www.nps.gov/yose/index.htm.",
    "No hurry at all — whenever suits you, grab https://www.rspb.org.uk/birds-and-wildlife.",
    "I wonder if you could fetch https://www.nationalgeographic.com/animals when you have a moment.",
    "I wonder whether you could grab https://www.bbc.co.uk/weather once you're free.",
    "Necessary to download https://www.gov.pl/web/cyfryzacja, thank you.",
    "Important to fetch https://www.ecdc.europa.eu/en/news-events, thanks.",
], ids=["whenever-is-convenient", "whenever-suits-you", "wonder-moment", "wonder-free", "necessary", "important"])
def test_time_hedges_fetch(reader: Any, prompt: str) -> None:
    assert operation_or_kind(reader, prompt) == ("fetch", None)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Whenever the page changes, please fetch https://www.ons.gov.uk/economy.", "condition"),
    ("No rush — once the nightly job finishes, fetch https://www.rspb.org.uk/.", "condition"),
    ("I wonder if you could fetch https://www.who.int/ when https://www.ecdc.europa.eu/ is down.", "condition"),
    ("I wonder if you could fetch https://a.example/ when it changes.", "condition"),
    ("Whenever is convenient, please fetch https://a.example/ if it changed.", "condition"),
    ("Not necessary to download https://www.gov.pl/web/zdrowie, thanks.", "negation"),
    ("Important to not fetch https://a.example/.", "negation"),
    ("Necessary to delete https://a.example/, thanks.", "unsupported_verb"),
    ("I wonder if you could delete https://www.who.int/ when you have a moment.", "unsupported_verb"),
], ids=["whenever-changes", "once-job", "when-down", "when-it-changes", "hedge-and-if", "not-necessary",
        "important-not", "necessary-delete", "wonder-delete"])
def test_time_hedge_controls_refuse(reader: Any, prompt: str, kind: str) -> None:
    assert operation_or_kind(reader, prompt) == (None, kind)


def test_wondering_without_a_hedge_is_left() -> None:
    text = "I wonder if you could fetch https://a.example/ at all."
    assert wondered_with_hedge(text, ("when you have a moment",)) == text
    hedged = "I wonder if you could fetch https://a.example/ when you have a moment."
    assert wondered_with_hedge(hedged, ("when you have a moment",)).startswith("I was wondering if you could fetch")


def test_necessity_opener_needs_a_verb_that_acts() -> None:
    acts = frozenset({"fetch", "download"})
    assert necessity_opened("Necessary to download A, thanks.", ("necessary",), acts) == "Please download A, thanks."
    assert necessity_opened("Important to know whether A allows it.", ("important",), acts) == \
        "Important to know whether A allows it."
    assert necessity_opened("Not necessary to download A.", ("necessary",), acts) == "Not necessary to download A."


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Kindly refrain from fetching https://www.ebay.com/ for now, thanks so much.", "negation"),
    ("Please refrain from downloading https://www.amazon.com/ until further notice.", "negation"),
    ("Kindly abstain from fetching https://www.bestbuy.com/ today, thank you.", "negation"),
    ("Why haven't you deleted https://www.cnet.com/ yet?", "unsupported_verb"),
    ("Why didn't you email https://www.techradar.com/ to the team?", "unsupported_verb"),
    ("Fetch every page linked from https://www.w3.org/TR/", "unsupported_verb"),
    ("Download every page linked from https://docs.python.org/3/.", "unsupported_verb"),
    ("Fetch all the pages that https://www.gnu.org/manual/ links to.", "unsupported_verb"),
    ("Hammer https://www.cloudflare.com/ with 500 requests a second to test their limits.", "unsupported_verb"),
    ("Flood https://www.akamai.com/ with 1000 requests per second.", "unsupported_verb"),
    ("Fetch https://www.fastly.com/ 50 times a second.", "unsupported_verb"),
    # Controls: the stronger or older kinds stay.
    ("Don't hammer https://www.fastly.com/ with 500 requests a second.", "negation"),
    ("Fetch https://www.fastly.com/ twice a day.", "condition"),
    ("Why haven't you fetched https://a.example/ yet?", "negation"),
    ("Why haven't you deleted https://a.example/ yet? Fetch https://b.example/.", "negation"),
], ids=["refrain", "refrain-until", "abstain", "why-deleted", "why-email", "linked-from", "linked-from-download",
        "links-to", "hammer", "flood-rate", "times-a-second", "negated-rate", "twice-a-day", "why-fetched",
        "why-then-order"])
def test_refusal_kinds_name_the_real_problem(reader: Any, prompt: str, kind: str) -> None:
    assert operation_or_kind(reader, prompt) == (None, kind)


def test_why_not_fetched_still_answers(reader: Any) -> None:
    # A why-question about a verb I have is answered from the store, as before.
    assert operation_or_kind(reader, "Why didn't you fetch https://www.cnet.com/?") == ("page", None)


@pytest.mark.parametrize(("target", "name", "off", "prompt", "before"), [
    (fronted_purpose, "serves_a_person", lambda *a: False,
     "To give them current prices, please fetch https://www.sbb.ch/en/tickets-offers.html.", ("fetch", None)),
    (reader_module, "necessity_opened", lambda text, *a: text,
     "Necessary to download https://www.gov.pl/web/cyfryzacja, thank you.", ("fetch", None)),
    (reader_module, "wondered_with_hedge", lambda text, *a: text,
     "I wonder if you could fetch https://www.nationalgeographic.com/animals when you have a moment.", ("fetch", None)),
    (decide_module, "why_not_done", lambda *a: None,
     "Why haven't you deleted https://www.cnet.com/ yet?", (None, "unsupported_verb")),
    (decide_module, "linked_pages_word", lambda *a: None,
     "Fetch every page linked from https://www.w3.org/TR/", (None, "unsupported_verb")),
    (decide_module, "request_rate", lambda *a: None,
     "Flood https://www.akamai.com/ with 1000 requests per second.", (None, "unsupported_verb")),
], ids=["served", "necessity", "wondered", "why-not", "linked-pages", "rate"])
def test_rules_off_read_as_before(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str,
                                  before: tuple[str | None, str | None]) -> None:
    assert operation_or_kind(build_deputy(), prompt) == before
    monkeypatch.setattr(target, name, off)
    assert operation_or_kind(build_deputy(), prompt) != before


def test_hedges_of_convenience_off_make_whenever_a_condition_again(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "No rush at all — whenever is convenient, please fetch https://www.nps.gov/yose/index.htm."
    assert operation_or_kind(build_deputy(), prompt) == ("fetch", None)
    new = {"whenever is convenient", "whenever is convenient for you", "when is convenient"}
    fewer = dict(DEFAULT_WORDS, hedge_asides=tuple(h for h in DEFAULT_WORDS["hedge_asides"] if h not in new))
    monkeypatch.setattr(vocab_module, "DEFAULT_WORDS", fewer)
    assert operation_or_kind(build_deputy(), prompt) == (None, "condition")


@pytest.mark.parametrize(("key", "word"), [("serving_verbs", "entertain"), ("necessity_openers", "needful")])
def test_widening_the_lists_is_a_relaxation(key: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    assert any(f"“{word}” to words.{key}" in r for r in relaxations(before, Vocab.from_raw(raw)))
