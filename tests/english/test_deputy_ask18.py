"""Round 18 (ask18): question and request wordings of the observing capabilities and learner grammar.

- robots.txt as the subject of a verb that hinders a fetch ("Would robots.txt stop us downloading A?")
  asks the robots question (deputy/text/robots_hinders.py);
- a learner's "Is permitted for robot to take A?" / "Is allowed to our bot to fetch A?" (learner_forms);
- the writer's need for a page's text ("I need the text of A for the user") asks to be shown it
  (deputy/text/needed_record.py);
- a summary asked without a verb ("Page summary for A.") is the stored record (a page form);
- a fronted purpose ("To plan the project, list the sitemaps of A") is the writer's (fronted_purpose);
- stacked hedge frames ("No rush at all, but I'd appreciate it if you fetched A") (deputy/text/stacked.py);
- a negation inside a condition clause is the condition's ("provided it isn't blocked") (conditioned_nots).

Every rule has negative controls (negation, real condition, unsupported verb, address elsewhere) and a
rule-disabled check that turns a positive case back into a refusal.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


# --- robots.txt hinders a fetch --------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Would robots.txt stop us downloading {A}?",
    f"Would robots.txt keep us from fetching {A}?",
    f"Does robots.txt prevent MovaBot from downloading {A}?",
    f"Will the robots file stop our crawler from reading {A}?",
    f"Does robots.txt bar us from crawling {A}?",
])
def test_robots_txt_hindering_a_fetch_asks_robots(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Stop downloading {A}.", "unsupported_verb"),
    (f"Would you stop downloading {A}?", "unsupported_verb"),  # the deputy, not the file
    (f"Would robots.txt stop us deleting {A}?", "unsupported_verb"),
    (f"Would robots.txt stop us downloading {A}? If not, fetch it.", "condition"),
])
def test_other_stops_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_statement_that_robots_would_stop_us_never_acts(deputy: Any) -> None:
    assert read_outcome(deputy, f"Robots.txt would stop us downloading {A}, so fetch it anyway.")[0] == "refused"


def test_without_the_hinders_rule_the_stop_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.nlp as nlp
    monkeypatch.setattr(nlp, "robots_hinders", lambda protected, verbs, **_: (protected, ()))
    assert read_outcome(deputy, f"Would robots.txt stop us downloading {A}?") == ("refused", "unsupported_verb")


# --- learner: "Is permitted for robot to take A?" ------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Is permitted for robot to take {A}?",
    f"Is allowed for crawler to download {A}?",
    f"Is permitted to our bot to fetch {A}?",
])
def test_learner_permission_for_the_crawler_asks_robots(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Is permitted for robot to delete {A}?", "unsupported_verb"),
    (f"Is permitted for robot to take {A}? If yes, fetch it.", "condition"),
])
def test_learner_permission_controls(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_learner_rule_the_permission_is_not_read(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.reader as reader
    monkeypatch.setattr(reader, "permitted_for", lambda text, **_: text)
    assert read_outcome(deputy, f"Is permitted for robot to take {A}?")[0] == "refused"


# --- the writer's need for the text ----------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"I need the text of {A} for the user.",
    f"I need the stored text of {A} for my notes.",
    f"We need the wording of {A} for the summary step.",
    f"I'd like the text of {A} please.",
    f"Context first. I just need the contents of {A}.",
])
def test_a_need_for_the_text_reads_it(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("read", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"I don't need the text of {A} any more.", "negation"),
    (f"I need the text of {A} if it changed since Monday.", "condition"),
    (f"I need the text of {A} deleted.", "unsupported_verb"),
])
def test_need_controls(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"The user needs the text of {A}.",  # someone else's need
    f"I need the text of {A} emailed to the user.",
])
def test_need_never_acts_otherwise(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_need_before_another_sentence_is_its_context(deputy: Any) -> None:
    assert read_outcome(deputy, f"I need the content of {A}. Please fetch it.") == ("fetch", {"urls": [A]})


def test_without_the_need_rule_the_text_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.reader as reader
    monkeypatch.setattr(reader, "needed_record", lambda text: text)
    assert read_outcome(deputy, f"I need the text of {A} for the user.") == ("refused", "not_understood")


# --- a summary fragment ------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [f"Page summary for {A}.", f"Quick summary of {A}, please."])
def test_a_summary_fragment_is_the_page_record(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"No summary for {A}.", "negation"),
    (f"Summary of {A} once it is fetched.", "condition"),
])
def test_summary_controls(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_summary_noun_in_context_is_no_request(deputy: Any) -> None:
    assert read_outcome(deputy, f"Summary of the meeting is at {A}. Fetch {B} too.")[0] == "refused"


def test_without_the_summary_form_the_fragment_is_refused() -> None:
    from seaspider.english_reader import deputy_for
    raw = copy.deepcopy(vocab_raw())
    page = next(c for c in raw["capabilities"] if c["name"] == "page")
    page["forms"] = [f for f in page["forms"] if not f["note"].startswith("Page summary for A.")]
    assert read_outcome(deputy_for(Vocab.from_raw(raw)), f"Page summary for {A}.") == ("refused", "not_understood")


# --- a fronted purpose ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"To plan the art-history project, list the sitemaps declared by {A}.", ("sitemaps", {"target": A})),
    (f"In order to prepare the brief, fetch {A}.", ("fetch", {"urls": [A]})),
])
def test_a_fronted_purpose_is_the_writers(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"To plan the crawl, delete the sitemaps of {A}.", "unsupported_verb"),
    (f"To plan the crawl, list the sitemaps of {A} once the queue is empty.", "condition"),
    (f"To plan the project, don't fetch {A}.", "negation"),
    (f"To cite it, fetch {A}.", "unsupported_verb"),  # "it" may be the page
    (f"To delete the old copies, fetch {A}.", "unsupported_verb"),  # a refused purpose verb
    (f"Fetch {A} to plan the project.", "unsupported_verb"),  # trailing: left as written
])
def test_purpose_controls(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_purpose_rule_the_purpose_verb_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.reader as reader
    monkeypatch.setattr(reader, "fronted_purpose", lambda text, **_: text)
    prompt = f"To plan the art-history project, list the sitemaps declared by {A}."
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


# --- stacked hedge frames ------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"No rush at all, but I'd appreciate it if you fetched {A} at some point.",
    f"No hurry, but I would be grateful if you could download {A}.",
])
def test_stacked_hedges_are_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"No rush, but I'd appreciate it if you fetched {A} if it changed.", "condition"),
    (f"No rush, but I'd appreciate it if you didn't fetch {A}.", "negation"),
    (f"No rush, but fetch {A} if you could fetch {B}.", "condition"),
    (f"No rush, but I'd appreciate it if you deleted {A}.", "unsupported_verb"),
])
def test_stacked_hedge_controls(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_stacking_the_second_frame_is_a_condition(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.rewrite as rewrite
    monkeypatch.setattr(rewrite, "stacked_frames", lambda piece, replace: replace(piece))
    prompt = f"No rush at all, but I'd appreciate it if you fetched {A} at some point."
    assert read_outcome(deputy, prompt) == ("refused", "condition")


# --- a negation inside a condition ----------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A} provided it isn't blocked by robots.",
    f"Download {A} as long as robots.txt doesn't forbid it.",
])
def test_a_negated_condition_is_refused_as_the_condition(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt", [
    f"Fetch {A} provided you don't mind.",  # about the deputy: a negation
    f"Don't fetch {A} as long as robots.txt blocks it.",  # the request itself is negated
])
def test_other_negations_stay_negations(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "negation")


def test_without_the_rule_the_condition_reads_as_a_negation(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose
    monkeypatch.setattr(compose, "conditioned_nots", lambda *args: frozenset())
    assert read_outcome(deputy, f"Fetch {A} provided it isn't blocked by robots.") == ("refused", "negation")
