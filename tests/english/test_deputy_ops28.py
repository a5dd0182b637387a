"""Round 28 (ops28): "Where are we with the crawl?" asks for the status; "the sitemap files advertised in robots.txt
for A" are A's sitemaps; a description before a joined second address ("Queue A, then the Cambridge equivalent at
B") only says what B is; an address written broken ("htp:/www.rtve.es/", "https://www.gov .uk/news") is refused as
an invalid address. Each rule has its refusal controls and a rule-off check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from _deputy_helpers import read_outcome
from deputy import Deputy
from deputy.text.added_tails import without_added_tail
from deputy.text.broken_addresses import broken_address
from deputy.text.described_addresses import described_addresses
from seaspider.english_reader import build_deputy

A = "https://www.spiegel.de/politik/"
B = "https://www.lemonde.fr/economie/"
C = "https://elpais.com/internacional/"
VOCAB = Path(__file__).resolve().parents[2] / "vocab" / "deputy.example.json"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- "Where are we with the crawl?" ---------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "Where are we with the current crawl?",
    "Where are we with the crawl right now?",
    "So where are we with the current run?",
    "Hey, where are we at with the crawl?",
    "Where are you with the job?",
], ids=["current-crawl", "right-now", "run", "where-at", "you-job"])
def test_where_are_we_with_the_crawl_is_status(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt, kind", [
    ("Don't tell me where we are with the crawl.", "negation"),
    ("Where are we with the recipe?", "not_understood"),
    (f"Where are we with the crawl of {A}?", "too_many_urls"),
], ids=["negation", "no-job-noun", "address"])
def test_where_are_we_controls_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_where_form_off_refuses(tmp_path: Path) -> None:
    vocab = json.loads(VOCAB.read_text(encoding="utf-8"))
    for cap in vocab["capabilities"]:
        cap["forms"] = [f for f in cap["forms"] if not f.get("note", "").startswith("Where are we with the crawl?")]
    path = tmp_path / "vocab.json"
    path.write_text(json.dumps(vocab), encoding="utf-8")
    assert read_outcome(build_deputy(path), "Where are we with the current crawl?") == ("refused", "not_understood")


# --- "the sitemap files advertised in robots.txt for A" --------------------------------------------------

@pytest.mark.parametrize("prompt, target", [
    ("List the sitemap files advertised in robots.txt for https://www.bbc.co.uk", "https://www.bbc.co.uk/"),
    ("Give me the sitemap URLs declared in robots.txt for https://www.nhs.uk", "https://www.nhs.uk/"),
    ("Show the sitemap files named in the robots.txt of https://www.nhs.uk", "https://www.nhs.uk/"),
], ids=["advertised-files", "declared-urls", "named-of"])
def test_sitemaps_listed_in_robots_are_the_sites(deputy: Deputy, prompt: str, target: str) -> None:
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": target})


@pytest.mark.parametrize("prompt", [
    "Don't list the sitemap files advertised in robots.txt for https://www.nhs.uk",
    "Fetch the sitemap files advertised in robots.txt for https://www.nhs.uk",
    "List the sitemap files advertised in robots.txt for https://www.nhs.uk if it changed",
], ids=["negation", "fetch-verb", "condition"])
def test_sitemaps_controls_refuse(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_robots_participle_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    # The rule is the third rewrite of unhang_agents; without "in robots.txt" as its anchor it never fires.
    monkeypatch.setattr("deputy.text.labelled._IN_ROBOTS", r"(?!)")
    prompt = "List the sitemap files advertised in robots.txt for https://www.bbc.co.uk"
    assert read_outcome(build_deputy(), prompt) == ("refused", "url_outside_parse")


# --- a description before a joined second address ---------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"Queue {A}, then the Cambridge equivalent at {B}, and also {C}.", f"Queue {A}, then {B}, and also {C}."),
    (f"Fetch {A} — and the same page on the US site, {B}, too.", f"Fetch {A} — and {B}, too."),
    (f"Get {A} and the one after it in the menu, {B}.", f"Get {A} and {B}."),
], ids=["then-at", "dash-comma", "and-comma"])
def test_description_is_dropped(text: str, expected: str) -> None:
    assert described_addresses(text, resource_nouns=("robots.txt", "sitemap"), site_parts=("page", "pages")) == expected


@pytest.mark.parametrize("text", [
    f"Fetch {A} and the robots.txt at {B}",           # another resource
    f"Fetch {A} and the pages on {B}",                # many pages
    f"Fetch {A} and the page linked on {B}",          # a participle: another page
    f"Fetch {A} and the latest post at {B}",          # an item picked out of B
    f"Fetch {A} and not the Yale equivalent at {B}",  # no joining word right before the description
    f"Fetch the Yale equivalent at {B}",              # no address before
    f"Fetch {A} and the one that is not at {B}",
], ids=["resource", "pages", "participle", "latest-post", "negated", "first-address", "not-inside"])
def test_description_stays_otherwise(text: str) -> None:
    assert described_addresses(text, resource_nouns=("robots.txt", "sitemap"), site_parts=("page", "pages")) == text


@pytest.mark.parametrize("prompt, urls", [
    (f"Queue {A}, then the Cambridge equivalent at {B}, and also {C}.", [A, B, C]),
    (f"Download {A} — and the same page on the UK site, {B}, too.", [A, B]),
    (f"Get {A} and the one after it in the menu, {B}.", [A, B]),
], ids=["then-at", "dash-comma", "and-comma"])
def test_described_addresses_are_fetched(deputy: Deputy, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't fetch {A} or the Yale equivalent at {B}.", "negation"),
    (f"Fetch {A} and not the Yale equivalent at {B}.", "negation"),
    (f"Fetch {A} and the Yale equivalent at {B} if it changed.", "condition"),
], ids=["negation", "not-second", "condition"])
def test_described_controls_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_latest_post_at_an_address_is_not_fetched(deputy: Deputy) -> None:
    # A post picked out of the feed B is not B: fetching B would fetch a page not asked for.
    prompt = "Download https://www.theverge.com/tech and the latest post at https://www.theverge.com/rss/index.xml."
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_described_addresses_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.described_addresses", lambda text, **kwargs: text)
    assert read_outcome(build_deputy(), f"Get {A} and the one after it in the menu, {B}.") == ("refused", "not_understood")


# --- an address written broken ----------------------------------------------------------------------

@pytest.mark.parametrize("text, broken, problem", [
    ("htp:/www.rtve.es/noticias/ fetch pls", "htp:/www.rtve.es/noticias/", "scheme"),
    ("Download http:/www.corriere.it/", "http:/www.corriere.it/", "scheme"),
    ("Fetch http//www.bbc.co.uk/", "http//www.bbc.co.uk/", "scheme"),
    ("Fetch https://www.gov .uk/government/news", "https://www.gov .uk/government/news", "space"),
], ids=["one-slash-typo", "one-slash", "no-colon", "space"])
def test_broken_address_is_found(text: str, broken: str, problem: str) -> None:
    found = broken_address(text)
    assert found is not None and (found.text, found.problem) == (broken, problem)


@pytest.mark.parametrize("text", [
    "Fetch https://www.bbc.co.uk/ ... and more",
    "Fetch https://www.bbc.co.uk/news",
    "Open C:/Users/me/file.txt",
    "note:/www.example.org is a label",
], ids=["ellipsis", "whole", "windows-path", "other-scheme"])
def test_no_broken_address(text: str) -> None:
    assert broken_address(text) is None


@pytest.mark.parametrize("prompt", [
    "htp:/www.rtve.es/noticias/ fetch pls",
    "Fetch https://www.gov .uk/government/news",
    "Grab https://en.wikipedia .org/wiki/Oslo for me",
], ids=["scheme", "space", "space-path"])
def test_broken_address_is_invalid_url(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "invalid_url")


def test_broken_address_reason_names_it(deputy: Deputy) -> None:
    result = deputy.read("Fetch https://www.gov .uk/government/news")
    assert "“https://www.gov .uk/government/news”" in result.reason and "space" in result.reason


def test_negated_broken_address_is_a_negation(deputy: Deputy) -> None:
    # Only a prompt not understood is refused for its broken address; a negation is named first.
    assert read_outcome(deputy, "Don't fetch https://www.gov .uk/government/news") == ("refused", "negation")


def test_broken_address_off_refuses_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.broken_address", lambda text: None)
    assert read_outcome(build_deputy(), "Fetch https://www.gov .uk/government/news") == ("refused", "not_understood")


# --- a closing tail that only says the request adds to earlier work --------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"Also queue {C} — that's on top of what you already have.", f"Also queue {C}."),
    (f"Fetch {A}; that is in addition to what's already queued.", f"Fetch {A}."),
    (f"Queue {B} as well - that's on top of the earlier ones!", f"Queue {B} as well."),
], ids=["dash-have", "semicolon-queued", "hyphen-earlier"])
def test_added_tail_is_dropped(text: str, expected: str) -> None:
    assert without_added_tail(text) == expected


@pytest.mark.parametrize("text", [
    f"Also queue {C} — that's on top of what you already have, unless it is private.",  # more after the tail
    f"Also queue {C} — that's not on top of what you already have.",                    # negated tail
    f"Also queue {C} — that's on top of {A}.",                                          # an address in it
    "— that's on top of what you already have.",                                        # nothing before it
], ids=["more-after", "negated", "address", "tail-only"])
def test_added_tail_stays_otherwise(text: str) -> None:
    assert without_added_tail(text) == text


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't queue {C} — that's on top of what you already have.", "negation"),
    (f"Also queue {C} if it changed — that's on top of what you already have.", "condition"),
    (f"Also delete {C} — that's on top of what you already have.", "unsupported_verb"),
], ids=["negation", "condition", "delete"])
def test_added_tail_controls_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_added_tail_request_is_fetched(deputy: Deputy) -> None:
    assert read_outcome(deputy, f"Also queue {C} — that's on top of what you already have.") == ("fetch", {"urls": [C]})


def test_added_tail_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.without_added_tail", lambda text: text)
    prompt = f"Also queue {C} — that's on top of what you already have."
    assert read_outcome(build_deputy(), prompt) == ("refused", "not_understood")


def test_relative_clause_description_stays() -> None:
    # "that goes with it" holds a verb this pass cannot judge; deputy.nlp's companion reading decides it.
    text = f"Grab the article at {A} and the guide that goes with it at {B}."
    assert described_addresses(text, resource_nouns=(), site_parts=()) == text
