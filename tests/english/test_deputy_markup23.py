"""Round 23 (markup23): markup and tails around a request an agent writes — a command line in a code span
("`stats --host H`"), an address in tags ("<url>A</url>"), a verbless list under a head ("Both of these,
please: A and B"), a site as the subject of a relative clause ("the sitemaps that A declares"), a tail
that restates the question ("… — allowed or not?", "… - i.e. give me the text you stored for it") and a
quoted context line naming the only address. Each rule has its refusal controls and a rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.forms.quoted_context import quoted_context
from deputy.text import command_spans
from deputy.text.address_tags import untagged_addresses
from deputy.text.command_spans import command_span
from deputy.text.held_by import held_by_site
from deputy.text.list_heads import listed_under_head
from deputy.text.restating_tails import without_restating_tail
from seaspider.english_reader import build_deputy

A = "https://www.nytimes.com/section/science"
B = "https://peps.python.org/pep-0492/"
H = "news.ycombinator.com"
IKEA = "https://www.ikea.com"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


def _is_address(word: str) -> bool:
    return word.startswith(("http://", "https://")) or word.count(".") >= 2


# --- the pure rewrites --------------------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"`fetch {A}`", f"fetch {A}"),
    (f"`seaspider robots {A}`", f"robots {A}"),
    (f"`stats --host {H}`", f"stats {H}"),
    (f"`stats --host={H}`", f"stats {H}"),
    (f"```\nseaspider fetch {A} {B}\n```", f"fetch {A} {B}"),
    (f"`delete {A}`", f"delete {A}"),
], ids=["inline", "program-name", "option", "option-equals", "fenced", "refused-verb-kept"])
def test_command_span_is_put_as_words(text: str, expected: str) -> None:
    got = command_span(text, program="seaspider", commands=frozenset({"fetch", "robots", "stats", "delete"}),
                       slots=frozenset({"host", "urls"}), is_address=_is_address)
    assert got == expected


@pytest.mark.parametrize("text", [
    f"`fetch everything on {A}`", f"`stats --depth 3 {H}`", f"`fetch {A}` once it is up", f"`publish {A}`",
    f"`stats --host`", f"Run `fetch {A}` later",
], ids=["words-in-span", "unknown-option", "words-after", "unknown-command", "option-without-value", "inside-text"])
def test_other_spans_stay_as_written(text: str) -> None:  # negative controls
    got = command_span(text, program="seaspider", commands=frozenset({"fetch", "stats"}),
                       slots=frozenset({"host"}), is_address=_is_address)
    assert got == text


@pytest.mark.parametrize("text, expected", [
    (f"<url>{A}</url> fetch please", f"{A} fetch please"),
    (f"Is <link>{A}</link> allowed?", f"Is {A} allowed?"),
    (f'Download <a href="{A}">this paper</a> now', f"Download {A} now"),
], ids=["url", "link", "anchor"])
def test_address_tags_are_put_as_the_address(text: str, expected: str) -> None:
    got = untagged_addresses(text, tags=frozenset({"url", "link"}), refusing=frozenset({"not"}),
                             is_address=_is_address)
    assert got == expected


@pytest.mark.parametrize("text", [
    f"<note>{A}</note> fetch please", "<url>the front page</url> fetch please",
    f'Download <a href="{A}">not this one</a>', f"<url>{A} and more</url>",
], ids=["other-tag", "no-address", "anchor-negated", "words-beside"])
def test_other_tags_stay_as_written(text: str) -> None:  # negative controls
    got = untagged_addresses(text, tags=frozenset({"url", "link"}), refusing=frozenset({"not"}),
                             is_address=_is_address)
    assert got == text


@pytest.mark.parametrize("text, expected", [
    (f"Both of these, please: {A} and {B}", f"{A} and {B} please"),
    (f"The following:\n- {A}\n- {B}\nplease", f"{A} and {B} please"),
    (f"These two: {A}, {B}", f"{A} and {B}"),
], ids=["head-please", "bullets-closing-please", "no-courtesy"])
def test_list_under_head_is_the_bare_list(text: str, expected: str) -> None:
    got = listed_under_head(text, heads=frozenset({"both of these", "the following", "these two"}),
                            requests=frozenset({"please"}), is_address=_is_address)
    assert got == expected


@pytest.mark.parametrize("text", [
    f"Delete both of these: {A} and {B}", f"Both of these, once the crawl finishes: {A} and {B}",
    f"Both of these, please: {A} and the old copy", f"Both of these, please: {A}",
], ids=["verb-in-head", "condition-in-head", "word-in-list", "one-address"])
def test_other_heads_stay_as_written(text: str) -> None:  # negative controls
    got = listed_under_head(text, heads=frozenset({"both of these"}), requests=frozenset({"please"}),
                            is_address=_is_address)
    assert got == text


_HELD = dict(nouns=frozenset({"sitemaps", "robots rules"}), verbs=frozenset({"declares", "has"}),
             actions=frozenset({"fetch", "download"}), is_address=_is_address)


def test_site_of_relative_clause_is_put_with_of() -> None:
    assert held_by_site(f"List the sitemaps that {A} declares?", **_HELD) == f"List the sitemaps of {A}?"
    assert held_by_site(f"Show the robots rules {A} has.", **_HELD) == f"Show the robots rules of {A}."


@pytest.mark.parametrize("text", [
    f"Fetch the pages that {A} links to.", f"Download the robots rules that {A} has.",
    f"List the sitemaps that {A} declares for {B}.", "List the sitemaps that the site declares.",
], ids=["not-held-noun", "acting-verb", "clause-goes-on", "no-address"])
def test_other_relative_clauses_stay(text: str) -> None:  # negative controls
    assert held_by_site(text, **_HELD) == text


_TAILS = dict(tails=frozenset({"allowed or not", "yes or no"}), openers=frozenset({"i.e."}),
              actions=frozenset({"fetch", "download"}), blocked=frozenset({"delete", "if", "not"}),
              is_address=_is_address)


@pytest.mark.parametrize("text, expected", [
    (f"Check robots.txt for {A} — allowed or not?", f"Check robots.txt for {A}?"),
    (f"Is {A} allowed for us, yes or no?", f"Is {A} allowed for us?"),
    (f"`read` {A} - i.e. give me the text you stored for it", f"`read` {A}"),
], ids=["dash-tail", "comma-tail", "i.e.-tail"])
def test_restating_tail_goes(text: str, expected: str) -> None:
    assert without_restating_tail(text, **_TAILS) == expected


@pytest.mark.parametrize("text", [
    f"Fetch {A} — yes or no?", f"Check robots.txt for {A} - i.e. delete it",
    f"Check robots.txt for {A} - i.e. only if it changed", f"Check robots.txt for {A} - i.e. the one at {B}",
    f"Check robots.txt for {A} — not sure, really",
], ids=["acting-verb", "refused-verb", "condition", "another-address", "other-tail"])
def test_other_tails_stay(text: str) -> None:  # negative controls
    assert without_restating_tail(text, **_TAILS) == text


def test_quoted_context_finds_address_and_own_lines() -> None:
    assert quoted_context(f"> {A} was our source\n\nNow fetch the other paper.") == (A, "Now fetch the other paper.")
    assert quoted_context("> no address here\n\nNow fetch the other paper.") is None
    assert quoted_context(f"> {A} was our source") is None
    assert quoted_context(f"Fetch {A}") is None


# --- whole prompts through the reader -------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"`seaspider robots {A}`", ("robots", {"target": A})),
    (f"`stats --host {H}`", ("stats", {"host": H})),
    (f"`fetch {A} {B}`", ("fetch", {"urls": [A, B]})),
    (f"<url>{A}</url> fetch please", ("fetch", {"urls": [A]})),
    (f'Download <a href="{A}">this paper</a> for me.', ("fetch", {"urls": [A]})),
    (f"Is <link>{A}</link> allowed by robots.txt?", ("robots", {"target": A})),
    (f"These two, please: {A} and {B}", ("fetch", {"urls": [A, B]})),
    (f"Could you list the sitemaps that {IKEA} declares?", ("sitemaps", {"target": f"{IKEA}/"})),
    ("Show me the robots rules that https://www.imdb.com has.", ("robots", {"target": "https://www.imdb.com/"})),
    (f"Check robots.txt for `{A}` — allowed or not?", ("robots", {"target": A})),
    (f"`read` {A} - i.e. give me the text you stored for it", ("read", {"url": A})),
], ids=["span-robots", "span-stats", "span-fetch-two", "url-tag", "anchor", "link-tag-question", "list-head",
        "sitemaps-relclause", "robots-relclause", "allowed-or-not", "i.e.-tail"])
def test_reader_reads_the_forms(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"`delete {A}`", "unsupported_verb"),
    ("`robots http://192.168.1.1/`", "non_public_address"),
    ("<url>http://10.0.0.5/admin</url> fetch please", "non_public_address"),
    (f"Do not fetch <uri>{A}</uri>.", "negation"),
    (f'Fetch <a href="{A}">not this one</a>', "negation"),
    (f"Both of these, please: {A} and http://10.0.0.1/", "non_public_address"),
    ("Don't list the sitemaps that https://www.hbo.com declares.", "negation"),
    ("Fetch the pages that https://www.hbo.com/ links to.", "url_outside_parse"),
    ("Download the robots rules that https://www.imdb.com has.", "url_outside_parse"),
    (f"Check robots.txt for {A} — i.e. delete it", "unsupported_verb"),
    (f"Check robots.txt for {A} - i.e. only if it changed", "condition"),
    (f"Can we fetch {A} — yes or no?", "negation"),
    ("> https://www.lemonde.fr/ was the source we used last week\n\nFetch the current edition of the other paper.",
     "url_outside_parse"),
    ("> https://www.zeit.de/ was our source\n\nNow delete the other one.", "unsupported_verb"),
], ids=["span-delete", "span-private", "tag-private", "tag-negated", "anchor-negated", "list-private",
        "relclause-negated", "links-to", "relclause-acting-verb", "tail-refused-verb", "tail-condition",
        "tail-after-acting-verb", "quoted-context", "quoted-context-refused-verb"])
def test_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- each rule switched off turns a positive case back to a refusal --------------------------------

@pytest.mark.parametrize("lists, prompt", [
    ({"address_tags": frozenset()}, f"<url>{A}</url> fetch please"),
    ({"list_heads": frozenset()}, f"These two, please: {A} and {B}"),
    ({"holding_verbs": frozenset()}, "Could you list the sitemaps that https://www.ikea.com declares?"),
    ({"held_nouns": frozenset()}, "Could you list the sitemaps that https://www.ikea.com declares?"),
    ({"restating_tails": frozenset()}, f"Check robots.txt for `{A}` — allowed or not?"),
    ({"restating_openers": frozenset()}, f"`read` {A} - i.e. give me the text you stored for it"),
], ids=["address_tags", "list_heads", "holding_verbs", "held_nouns", "restating_tails", "restating_openers"])
def test_rule_off_refuses(lists: dict[str, frozenset[str]], prompt: str) -> None:
    assert read_outcome(deputy_with_words(**lists), prompt)[0] == "refused"


def test_command_span_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.command_span", lambda text, **_: text)
    assert read_outcome(build_deputy(), f"`stats --host {H}`")[0] == "refused"
    assert command_spans.__all__ == ["command_span"]


def test_quoted_context_off_names_another_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "> https://www.lemonde.fr/ was the source\n\nFetch the current edition of the other paper."
    monkeypatch.setattr("deputy.reader.quoted_context", lambda text: None)
    assert read_outcome(build_deputy(), prompt) == ("refused", "not_understood")
