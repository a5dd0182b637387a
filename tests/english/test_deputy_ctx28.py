"""Round 28 (ctx28): sentences of background before the statement that carries the request ("My user runs a
hiking club. …", "Background: last week the user saved A. Now …"), a relative clause in the past inside the
request ("… that we fetched last Friday"), a third person's wish relayed ("I'm acting for a teacher. She would
like A saved."), and a tracker's bare issue key over a ticket's fields ("JIRA-4821\nSummary: …"). Each rule has
its refusal controls and a rule-off check."""

from __future__ import annotations

import re

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.fact_pairs import paired_facts
from deputy.text.wished_sight import wished_sight
from seaspider.english_reader import build_deputy

A = "https://www.rte.ie/news/"
B = "https://www.lemonde.fr/planete/"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- whole prompts that now act ----------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("I'm acting for a secondary-school teacher in Chile. She would like https://www.mineduc.cl saved; she plans "
     "to show her students the ministry homepage in class tomorrow.", ("fetch", {"urls": ["https://www.mineduc.cl/"]})),
    ("I'm acting for a museum curator in Porto. He would like https://www.museudoazulejo.gov.pt saved.",
     ("fetch", {"urls": ["https://www.museudoazulejo.gov.pt/"]})),
    (f"My user coaches a rowing team. The user would like {A} saved.", ("fetch", {"urls": [A]})),
    (f"The user would like you to fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Could you show me the stored text of {B} that we fetched on Friday?", ("read", {"url": B})),
    ("JIRA-4821\nSummary: Archive ECDC guidance\nDescription: Please queue "
     "https://www.ecdc.europa.eu/en/covid-19/latest-evidence for download.\nPriority: Medium\nReporter: m.keller",
     ("fetch", {"urls": ["https://www.ecdc.europa.eu/en/covid-19/latest-evidence"]})),
], ids=["acting-for-teacher", "acting-for-curator", "user-wish-after-background", "would-like-you-to",
        "past-relative", "bare-issue-key"])
def test_positive_cases(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    ("Background: last week the user saved https://www.bbc.co.uk/news/science-environment-56837908 for a project. "
     "Now they'd like the Guardian's coverage too: https://www.theguardian.com/environment/2021/apr/22/pledge",
     "url_outside_parse"),
    ("The search tool returned one hit: https://www.nature.com/articles/s41586-023-06291-2. The user asked me to "
     "download the paper they were reading yesterday on the train.", "url_outside_parse"),
], ids=["past-report-then-wish", "search-hit-then-relay"])
def test_background_names_the_real_problem(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- controls: negation, real condition, unsupported verb, address moved still refuse ----------------

@pytest.mark.parametrize("prompt, kind", [
    ("My user runs a cycling club in Ghent. They do not want https://www.sporza.be saved yet.", "negation"),
    ("I'm acting for a teacher. She would not like https://www.mineduc.cl saved.", "negation"),
    ("I'm acting for a teacher in Valparaíso. She would like https://www.uchile.cl saved if it is still online.",
     "condition"),
    ("I'm acting for a nurse in Manila. She would like https://www.doh.gov.ph translated into Tagalog.",
     "unsupported_verb"),
    ("I'm acting for a teacher. She would like https://www.mineduc.cl deleted.", "unsupported_verb"),
    (f"Last week the user compared two news sites. If the stored copy is stale, fetch {A} for them.", "condition"),
    (f"Could you show me the stored text of {B} that we did not fetch on Friday?", "negation"),
    ("JIRA-4821\nSummary: Archive ECDC guidance\nDescription: Please don't queue "
     "https://www.ecdc.europa.eu/en/covid-19/latest-evidence.\nReporter: m.keller", "negation"),
    ("JIRA-4821\nSummary: Archive ECDC guidance\nDescription: Please delete "
     "https://www.ecdc.europa.eu/en/covid-19/latest-evidence.\nReporter: m.keller", "unsupported_verb"),
], ids=["negated-want", "negated-wish", "conditioned-wish", "translated", "deleted", "condition-after-past",
        "negated-relative", "ticket-negation", "ticket-delete"])
def test_controls_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    "She would like https://www.mineduc.cl saved.",                         # the pronoun points at no one
    "I'm acting for a teacher. She would like https://www.mineduc.cl saved by the intern.",
    "I'm acting for a teacher. She wanted you to fetch https://www.mineduc.cl.",   # a past wish
    "The user asked me to queue https://ted.europa.eu/a.",                  # a report, left as before
], ids=["pronoun-first", "by-someone-else", "past-wish", "asked-me"])
def test_not_relayed_stays_refused(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- each rule switched off turns a positive case back to its old refusal --------------------------------

def test_background_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.compose.background_before", lambda *args: frozenset())
    prompt = ("Background: last week the user saved https://www.bbc.co.uk/news/science-environment-56837908 for a "
              "project. Now they'd like the Guardian's coverage too: https://www.theguardian.com/environment/x")
    assert read_outcome(build_deputy(), prompt) == ("refused", "not_understood")


def test_past_relative_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.compose.past_relative_spans", lambda tokens, doc: frozenset())
    prompt = f"Could you show me the stored text of {B} that we fetched on Friday?"
    assert read_outcome(build_deputy(), prompt) == ("refused", "condition")


def test_relayed_pronoun_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.predicate.relayed_wisher", lambda wisher, nouns: False)
    prompt = "I'm acting for a museum curator in Porto. He would like https://www.museudoazulejo.gov.pt saved."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_you_wished_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.predicate.you_wished", lambda wish, action: False)
    assert read_outcome(build_deputy(), f"The user would like you to fetch {A}.")[0] == "refused"


def test_bare_key_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.fields._BARE_KEY", re.compile(r"(?!)"))
    prompt = ("JIRA-4821\nSummary: Archive ECDC guidance\nDescription: Please queue "
              "https://www.ecdc.europa.eu/en/covid-19/latest-evidence for download.\nPriority: Medium\nReporter: m.keller")
    assert read_outcome(build_deputy(), prompt) == ("refused", "url_outside_parse")


# --- two stored facts joined by "and", the second with a participle ------------------------------------------

FACTS = ("title", "status code", "date", "text", "stored text")


@pytest.mark.parametrize("text, expected", [
    ("Could you tell us the status code and stored date for A ?", "Could you tell us the status code and the stored date for A ?"),
    ("What are the title and fetched text of A?", "What are the title and the fetched text of A?"),
], ids=["status-stored-date", "title-fetched-text"])
def test_paired_facts_get_an_article(text: str, expected: str) -> None:
    assert paired_facts(text, FACTS, ("stored", "fetched")) == expected


@pytest.mark.parametrize("text", [
    "Fetch A and stored date for B",                    # no fact before "and"
    "the status code and deleted date of A",            # not a participle of a verb the reader reads
    "give me the status code and stored the date",      # no fact right after the participle
], ids=["no-fact-before", "refused-participle", "no-fact-after"])
def test_paired_facts_left_otherwise(text: str) -> None:
    assert paired_facts(text, FACTS, ("stored", "fetched")) == text


@pytest.mark.parametrize("prompt, expected", [
    ("Could you tell us the status code and stored date for https://www.kb.nl/en ?",
     ("page", {"url": "https://www.kb.nl/en"})),
    ("Could you tell us the status code and deleted date for https://www.kb.nl/en ?", ("refused", "unsupported_verb")),
    ("Could you tell us the status code and stored date for https://www.kb.nl/en tomorrow?", ("refused", "condition")),
    ("Don't tell us the status code and stored date for https://www.kb.nl/en .", ("refused", "negation")),
], ids=["positive", "deleted", "tomorrow", "negation"])
def test_paired_facts_prompts(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_paired_facts_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.paired_facts", lambda text, facts, participles: text)
    prompt = "Could you tell us the status code and stored date for https://www.kb.nl/en ?"
    assert read_outcome(build_deputy(), prompt) == ("refused", "not_understood")


# --- a wish to see a stored fact is "show me" ------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("My user runs a hiking club in Slovenia. They'd like to see the stored text of https://www.pzs.si/novice.php?pid=1234 "
     "that we downloaded on Monday, so they can paste the route details into a newsletter.",
     ("read", {"url": "https://www.pzs.si/novice.php?pid=1234"})),
    (f"My user teaches geography in Lyon. They'd like to see the stored text of {B} that we fetched last Friday.",
     ("read", {"url": B})),
    (f"They wouldn't like to see the stored text of {B}.", ("refused", "negation")),
    (f"They'd like to see the stored text of {B} if it changed.", ("refused", "condition")),
    (f"The editor wants to see the stored text of {B} tomorrow.", ("refused", "condition")),
], ids=["hiking-club", "geography", "negation", "condition", "tomorrow"])
def test_wished_sight_prompts(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("text", [
    f"They'd like to see {B}.",                            # the page itself, no stored fact
    f"The robot wants to see the stored text of {B}.",     # not a person the writer acts for
    f"They did not want to see the stored text of {B}.",
], ids=["page-itself", "not-a-person", "did-not-want"])
def test_wished_sight_left_otherwise(text: str) -> None:
    assert wished_sight(text, FACTS, ("user", "editor")) == text


def test_wished_sight_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.wished_sight", lambda text, facts, persons: text)
    prompt = f"My user teaches geography in Lyon. They'd like to see the stored text of {B} that we fetched last Friday."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


# --- "Requester: ops" is a header field naming people ------------------------------------------------------

TICKET = "Ticket #99012 — status: open\nRequester: ops\nBody: {body}"


@pytest.mark.parametrize("body, expected", [
    ("How many pages do we hold for www.theguardian.com? Need the number for capacity planning.",
     ("stats", {"host": "www.theguardian.com"})),
    ("Please fetch https://www.theguardian.com/uk", ("fetch", {"urls": ["https://www.theguardian.com/uk"]})),
    ("Please don't fetch https://www.theguardian.com/uk", ("refused", "negation")),
    ("Please delete https://www.theguardian.com/uk", ("refused", "unsupported_verb")),
], ids=["count", "fetch", "negation", "delete"])
def test_requester_field(deputy: Deputy, body: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, TICKET.format(body=body)) == expected


def test_requester_field_off() -> None:
    from seaspider.english_reader import load_vocab
    fields = frozenset(f for f in load_vocab().words.header_fields if f != "requester")
    prompt = TICKET.format(body="Please fetch https://www.theguardian.com/uk")
    assert read_outcome(deputy_with_words(header_fields=fields), prompt)[0] == "refused"
