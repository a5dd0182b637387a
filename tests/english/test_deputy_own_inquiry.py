"""Round 19 (ctx19b): context statements of what the writer, the team or another agent is doing or did,
beside one request. "We're checking whether yesterday's scrape captured the right version." asks nothing
of the reader (deputy/forms/own_inquiry.py); "I'm trying to figure out if …" is such an inquiry too
("figure" among the embedders); "For my table I only need the timestamp: when was A fetched?" is a
statement, then the question (deputy/text/colon_question.py); "The team lead asked me this morning to …"
dates the past, it schedules nothing (compose._blocked with dated=True). Every rule has positive cases,
negative controls (negation, a real condition, an unsupported verb, the address moved into the context,
a sentence addressed to the reader) and a rule-off check."""

from __future__ import annotations

import pytest

import deputy.compose as compose_module
import deputy.reader as reader_module
from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.colon_question import question_after_colon

A = "https://www.nature.com/articles/d41586-024-00001-1"
B = "https://www.lemonde.fr/"
TURNING = frozenset({"if", "when", "once", "unless", "until", "not", "no", "never"})


# --- the writer's own inquiry ------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"We're checking whether yesterday's scrape captured the right version. When did you fetch {A}?",
     ("page", {"url": A})),
    (f"We're checking whether the mirror is complete. Fetch {A}.", ("fetch", {"urls": [A]})),
    (f"The QA team is verifying whether the archive copy matches production. What status did {A} return?",
     ("page", {"url": A})),
    (f"Please fetch {A}. The compliance bot is checking whether the mirror is up to date.", ("fetch", {"urls": [A]})),
    (f"My colleague is trying to find out whether the old snapshot was complete. When did you last fetch {A}?",
     ("page", {"url": A})),
])
def test_a_writers_inquiry_is_context(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"We're checking whether the mirror is complete. Don't fetch {A} yet.", "negation"),
    (f"We're checking whether the scrape captured the right version. If it didn't, fetch {A} again.", "condition"),
    (f"We're checking whether the crawl finished. Delete {A} from the store.", "unsupported_verb"),
    (f"We're checking whether they deleted the mirror. Fetch {A}.", "unsupported_verb"),
    (f"We're checking whether the crawl should store the mirror. Fetch {A}.", "not_understood"),
    # Addressed to the reader: two things asked.
    (f"You're checking whether the archive is complete, and then fetch {A} too.", "not_understood"),
    (f"Could you check whether the backup mirror is complete and fetch {A}?", "not_understood"),
])
def test_a_writers_inquiry_keeps_the_guards(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_an_address_in_the_inquiry_keeps_it_out(deputy: Deputy) -> None:
    # The sentence names an address the request does not: never context (refused as two things asked,
    # a refusal either way; the corpus line holds url_outside_parse as a strict xfail).
    assert read_outcome(deputy, f"We're checking whether the scrape of {B} captured the right version. Fetch {A}.")[0] \
        == "refused"


def test_a_permission_question_inside_is_never_a_fetch(deputy: Deputy) -> None:
    assert read_outcome(deputy, f"I'm checking whether you can fetch {A} at all.")[0] != "fetch"


def test_inquiry_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"We're checking whether yesterday's scrape captured the right version. When did you fetch {A}?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(compose_module, "inquiry_events", lambda *args, **kwargs: frozenset())
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- "figure out if" ----------------------------------------------------------------------------------------

def test_figure_out_if_is_an_inquiry(deputy: Deputy) -> None:
    prompt = f"I'm trying to figure out if the changelog moved since Monday. Download {A} for me."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"I'm trying to figure out if it moved. Download {A} if it changed.") == \
        ("refused", "condition")


def test_figure_off_refuses_again() -> None:
    from seaspider.english_reader import build_deputy
    words = build_deputy().vocab.words
    off = deputy_with_words(embedders=tuple(w for w in words.embedders if w != "figure"))
    assert read_outcome(off, f"I'm trying to figure out if the changelog moved since Monday. Download {A} for me.") \
        == ("refused", "condition")


# --- a statement, a colon, then the question -------------------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"Another agent already stored the Le Monde homepage earlier today. For my comparison table I only need "
     f"the timestamp: when was {B} fetched?", ("page", {"url": B})),
    ("For the audit we need one number: how many pages have you stored for www.lemonde.fr?",
     ("stats", {"host": "www.lemonde.fr"})),
    (f"I just need one detail for my notes: what status did {B} return when you fetched it?", ("page", {"url": B})),
])
def test_a_question_after_a_colon(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    ("Once the crawl finishes, we need one number: how many pages did you store for www.svd.se?", "condition"),
    (f"I don't need much: when was {B} fetched?", "negation"),
    (f"We stored https://www.svd.se/ yesterday for the report: when was {B} fetched?", "url_outside_parse"),
    (f"For the cleanup I need one thing: can you delete {B}?", "unsupported_verb"),
])
def test_a_question_after_a_colon_keeps_the_guards(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_colon_split_only_after_a_writers_plain_statement() -> None:
    assert question_after_colon(f"I only need the date: when was {B} fetched?", turning=TURNING) == \
        f"I only need the date. When was {B} fetched?"
    for text in (f"If it changed: when was {B} fetched?",          # a condition before the colon
                 f"I don't need much: when was {B} fetched?",       # a negation
                 f"You only need the date: when was {B} fetched?",  # addressed to the reader
                 f"Note: when was {B} fetched?",                    # not the writer's statement
                 f"We saw {B} once: when was it fetched?"):         # an address before the colon
        assert question_after_colon(text, turning=TURNING) == text


def test_colon_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = (f"Another agent already stored the Le Monde homepage earlier today. For my comparison table I only "
              f"need the timestamp: when was {B} fetched?")
    assert read_outcome(deputy, prompt) == ("page", {"url": B})
    monkeypatch.setattr(reader_module, "question_after_colon", lambda text, **kwargs: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a dated past request in context ----------------------------------------------------------------------

def test_a_dated_past_request_schedules_nothing(deputy: Deputy) -> None:
    prompt = "The editor told our team last week to collect coverage of the port strike. Grab https://www.abc.net.au/news please."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": ["https://www.abc.net.au/news"]})


@pytest.mark.parametrize("prompt", [
    "The editor asked me this morning to collect coverage every hour. Grab https://www.abc.net.au/news.",
    "The team lead asked me this morning to collect sources. Fetch https://www.rte.ie/news/ tomorrow morning.",
])
def test_a_schedule_still_refuses(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


def test_dated_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "The editor told our team last week to collect coverage of the port strike. Grab https://www.abc.net.au/news please."
    monkeypatch.setattr(compose_module, "dates_the_past", lambda tok: False)
    assert read_outcome(deputy, prompt)[0] == "refused"
