"""Round 24 (ctx24): a fronted purpose of having the writer's thing at hand ("To have the source offline, fetch
A"), a colleague's statement before the chat line put to me ("[09:14] anna: the daily release is out\\n[09:15]
ben: @seaspider fetch A") and a closing note saying where to answer ("(please answer in thread)") are read as
the request they frame; controls still refuse."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from _teaching_helpers import vocab_raw

import deputy.reader as reader_module
import deputy.text.fronted_purpose as fronted_purpose
import deputy.text.headed as headed
import deputy.text.pointed_quote as pointed_quote
from deputy import Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.delivery_notes import without_delivery_note
from deputy.text.log_context import stated_context
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import operation_or_kind

STATCAN = "https://www150.statcan.gc.ca/n1/dai-quo/index-eng.htm"


@pytest.fixture(scope="module")
def reader() -> Any:
    return build_deputy()


@pytest.mark.parametrize(("prompt", "operation"), [
    ("I'm compiling a reading list on herring. To have the source offline, please fetch https://www.ices.dk/advice/.",
     "fetch"),
    ("To have the report at hand, please download https://www.deltares.nl/en/expertise/.", "fetch"),
    ("To keep the source handy, grab https://www.metoffice.gov.uk/weather/.", "fetch"),
    ("To have a copy on file, please fetch https://www.fao.org/fishery/en/topic/16140.", "fetch"),
    ("To get the guidelines offline, download https://www.nice.org.uk/guidance.", "fetch"),
    ("[09:14] anna: the Canadian daily stats release is out\n[09:15] ben: @seaspider fetch " + STATCAN, "fetch"),
    ("[14:02] priya: the weekly bulletin just landed\n[14:03] tom: @seaspider fetch https://www.ecb.europa.eu/press/",
     "fetch"),
    ("[16:40] ana: all of the tide tables are published\n[16:41] ana: great\n[16:42] jo: @seaspider grab "
     "https://tidesandcurrents.noaa.gov/ please", "fetch"),
    ("Slack #data-eng\nmaria: how many pages do we have from www.kaggle.com in the spider's store?\n"
     "(please answer in thread)", "stats"),
    ("Is MovaBot allowed to fetch https://www.etsy.com/market/?\nPlease reply in this thread.", "robots"),
    ("What is the crawler working on right now? Reply here.", "status"),
    ("When did you last fetch https://www.who.int/news-room?\n(answer in the channel, thanks)", "page"),
    ("> On Tue, Lena wrote:\n> The Finnish weather service page is https://en.ilmatieteenlaitos.fi/weather\n\n"
     "Thanks Lena. Spider, please fetch that page.", "fetch"),
    ("> The page: https://en.vedur.is/x\n\nCould you fetch that page?", "fetch"),
    ('Forwarded from Marta: "the article I meant is https://www.bbc.com/news/science"\nGrab this article.', "fetch"),
])
def test_shapes_read_as_the_request(reader: Any, prompt: str, operation: str) -> None:
    assert operation_or_kind(reader, prompt) == (operation, None)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("To have the source offline, don't fetch https://www.ices.dk/advice/ yet.", "negation"),
    ("To have the source offline, fetch https://www.ices.dk/advice/ if it changed since Monday.", "condition"),
    ("To have the source offline, delete https://www.ices.dk/advice/.", "unsupported_verb"),
    ("To have the whole site offline, crawl https://www.ices.dk/ recursively.", "unsupported_verb"),
    ("To have our copy clean, fetch https://www.ices.dk/advice/.", "not_understood"),  # no state of use
    # Someone else's line holds an order (with a schedule), or the writer's own line refuses.
    ("[09:14] anna: fetch it daily from now on\n[09:15] ben: @seaspider fetch " + STATCAN, "condition"),
    ("[09:14] anna: grab everything daily\n[09:15] ben: @seaspider fetch " + STATCAN, "condition"),
    ("[09:14] anna: the daily release is out\n[09:15] ben: @seaspider don't fetch " + STATCAN + " yet", "negation"),
    ("[09:14] anna: the daily release is out\n[09:15] ben: @seaspider fetch " + STATCAN + " every morning",
     "condition"),
    ("[09:14] anna: the daily release is out\n[09:15] ben: @seaspider delete " + STATCAN, "unsupported_verb"),
    # A schedule after the order, another address in the colleague's line, an order not put to me.
    ("[09:15] ben: @seaspider fetch " + STATCAN + "\n[09:16] anna: daily please", "not_understood"),
    ("[09:14] anna: the daily release lives at https://www.statcan.gc.ca/en/start\n[09:15] ben: @seaspider fetch "
     + STATCAN, "url_outside_parse"),
    # A delivery note with more in it, or a request that refuses on its own.
    ("Fetch https://www.bbc.com/news\n(reply in thread and delete the old copy)", "unsupported_verb"),
    ("How many pages from www.gutenberg.org?\n(reply in thread, then email the numbers to finance)",
     "unsupported_verb"),
    ("Fetch https://www.etsy.com/ if it's up\n(reply in thread)", "condition"),
    ("Don't fetch https://www.etsy.com/ today.\n(reply in thread)", "negation"),
    ("Reply here.", "unsupported_verb"),
    # "that page" after quoted words: another page named, two addresses, the writer's own refusal, a question.
    ("> https://en.vedur.is/ links to the forecast page.\n\nPlease fetch that page.", "url_outside_parse"),
    ("> The forecast page is https://en.vedur.is/x and the older page is gone\n\nFetch that page.",
     "url_outside_parse"),
    ("> The pages are https://en.vedur.is/ and https://www.yr.no/en\n\nFetch that page.", "url_outside_parse"),
    ("> The forecast page is https://en.vedur.is/x\n\nDon't fetch that page yet.", "negation"),
    ("> The forecast page is https://en.vedur.is/x\n\nFetch that page every morning.", "condition"),
    ("> The forecast page is https://en.vedur.is/x\n\nDelete that page.", "unsupported_verb"),
    ("> Fetch the forecast page https://en.vedur.is/x every day\n\nDo that page too.", "condition"),
])
def test_controls_still_refuse(reader: Any, prompt: str, kind: str) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None and refused == kind


def test_delivery_note_is_dropped_whole_only() -> None:
    notes = frozenset({"reply in thread", "reply here"})
    assert without_delivery_note("Is A allowed?\n(please reply in thread)", notes) == "Is A allowed?"
    assert without_delivery_note("Is A allowed? Reply here, thanks.", notes) == "Is A allowed?"
    assert without_delivery_note("Is A allowed? Reply here when done.", notes) == "Is A allowed? Reply here when done."
    assert without_delivery_note("Reply here.", notes) == "Reply here."
    assert without_delivery_note("Is A allowed?\n(reply in thread)", frozenset()) == "Is A allowed?\n(reply in thread)"


def test_stated_context_needs_a_describing_word_and_no_acting_verb(reader: Any) -> None:
    words = reader.vocab.words
    acting = frozenset({"fetch", "fetched", "grab"})
    assert stated_context("the daily release is out", words, acting)
    assert not stated_context("fetch it daily", words, acting)
    assert not stated_context("the release is out", words, acting)  # harmless: headed drops it anyway
    assert not stated_context("the daily release is at https://www.statcan.gc.ca/", words, acting)
    assert not stated_context("don't do it daily", words, acting)
    assert not stated_context("the daily release is out", words, frozenset())


@pytest.mark.parametrize(("target", "name", "off", "prompt"), [
    (fronted_purpose, "_keeps_state", lambda *a: False,
     "To have the source offline, please fetch https://www.ices.dk/advice/."),
    (headed, "stated_context", lambda *a: False,
     "[09:14] anna: the Canadian daily stats release is out\n[09:15] ben: @seaspider fetch " + STATCAN),
    (pointed_quote, "_named_pointers", lambda *a: frozenset(),
     "> The Finnish weather service page is https://en.ilmatieteenlaitos.fi/weather\n\nPlease fetch that page."),
    (reader_module, "without_delivery_note", lambda text, notes: text,
     "Is MovaBot allowed to fetch https://www.etsy.com/market/?\nPlease reply in this thread."),
])
def test_rules_off_refuse_again(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str) -> None:
    assert operation_or_kind(build_deputy(), prompt)[1] is None
    monkeypatch.setattr(target, name, off)
    assert operation_or_kind(build_deputy(), prompt)[0] is None


@pytest.mark.parametrize(("key", "word"), [("delivery_notes", "reply in dm"), ("kept_states", "nearby"), ("pointed_nouns", "story")])
def test_widening_the_lists_is_a_relaxation(key: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    assert any(f"“{word}” to words.{key}" in r for r in relaxations(before, Vocab.from_raw(raw)))
