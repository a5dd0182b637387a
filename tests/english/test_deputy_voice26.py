"""Round 26 (voice26): spoken fillers and tails around a request ("what are you doing right now are you busy or
what", "could you read me out …", "okay next one fetch A", "… for your robot I mean") and emphasis that is no
condition or negation ("Fetch A without delay.", "Only fetch A — nothing else."). Each rule's controls still
refuse, and each rule switched off turns a positive case back."""

from __future__ import annotations

import re
from typing import Any

import pytest

import deputy.reader as reader_module
import deputy.text.disfluent as disfluent
from deputy.text.verb_leads import without_verb_leads
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import deputy_with_words, read_outcome

IMF, ILO = "https://www.imf.org/en/Publications/WEO", "https://www.ilo.org/global/statistics-and-databases/"
ST, LI = "https://www.straitstimes.com/singapore", "https://www.linkedin.com/jobs/"
A, B = "https://www.heise.de/newsticker/", "https://www.corriere.it/"
KNOWN = frozenset({"fetch", "download", "grab", "read"})


@pytest.fixture(scope="module")
def deputy() -> Any:
    return build_deputy()


def _without(key: str, drop: set[str]) -> tuple[str, ...]:
    return tuple(w for w in DEFAULT_WORDS[key] if w not in drop)


# --- spoken fillers and tails -------------------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    ("hmm what are you doing right now are you busy or what", ("status", {})),
    ("what are you doing right now are you busy", ("status", {})),
    ("what's the robot doing now is it busy or not", ("status", {})),
    (f"so um could you read me out what you saved from {ST}", ("read", {"url": ST})),
    (f"so yeah could you read out what you stored for {A}", ("read", {"url": A})),
    (f"could you read aloud what you stored from {A}", ("read", {"url": A})),
    (f"okay next one fetch {IMF} and then also {ILO} and {B} thats all", ("fetch", {"urls": [IMF, ILO, B]})),
    (f"ok next one grab {A} thanks", ("fetch", {"urls": [A]})),
    (f"um is it allowed to fetch {LI} for your robot I mean", ("robots", {"target": LI})),
    (f"is your bot allowed on {A} I mean", ("robots", {"target": A})),
], ids=["or-what", "are-you-busy", "or-not", "read-me-out", "read-out", "read-aloud", "next-one", "ok-next-one",
        "i-mean", "i-mean-bot"])
def test_spoken_fillers_and_tails_are_read_through(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"okay next one delete {B} thats all", "unsupported_verb"),
    (f"next one fetch {A} if it changed", "condition"),
    (f"next one don't fetch {A}", "negation"),
    (f"so um could you read me out what you saved from {A} and then delete it", "unsupported_verb"),
    (f"um is it allowed to fetch {A} I mean not {B}", "negation"),
    ("what are you doing right now are you busy or what delete everything", "unsupported_verb"),
], ids=["delete", "condition", "negation", "read-out-delete", "i-mean-not", "status-then-delete"])
def test_spoken_rules_keep_every_refusal(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_next_one_naming_the_item_is_read_as_written() -> None:
    # "okay next one is A just get that one": "is" is no verb the reader acts on, so "next one" stays.
    text = f"okay next one is {A} just get that one for me thanks"
    assert without_verb_leads(text, KNOWN) == text
    assert without_verb_leads(f"okay next one fetch {A}", KNOWN) == f"fetch {A}"
    assert without_verb_leads(f"fetch {A} next one fetch {B}", KNOWN) == f"fetch {A} next one fetch {B}"


def test_the_i_mean_tail_off(deputy: Any) -> None:
    prompt = f"um is it allowed to fetch {LI} for your robot I mean"
    off = deputy_with_words(closing_tails=_without("closing_tails", {"I mean", "you know what I mean"}))
    assert read_outcome(off, prompt)[0] == "refused"


def test_the_restated_you_question_off(deputy: Any) -> None:
    prompt = "what are you doing right now are you busy"
    off = deputy_with_words(restated_questions=_without("restated_questions", {"are you busy"}))
    assert read_outcome(off, prompt)[0] == "refused"


def test_the_read_out_rule_off(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"so um could you read me out what you saved from {ST}"
    assert read_outcome(build_deputy(), prompt) == ("read", {"url": ST})
    # The round-17 "read back" alone: "out" is no longer read as "back" is.
    monkeypatch.setattr(disfluent, "_READ_BACK", re.compile(
        r"\b(read(?:[ \t]+(?:me|us))?)[ \t]+back\b(?![ \t]+(?:from|to|in|on|at)\b)", re.IGNORECASE))
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


# --- emphasis that is no condition or negation ---------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Fetch {IMF} without delay.", ("fetch", {"urls": [IMF]})),
    (f"Download {A} without further delay, please.", ("fetch", {"urls": [A]})),
    (f"Only fetch {ILO} — nothing else.", ("fetch", {"urls": [ILO]})),
    (f"Only download {A} and nothing more.", ("fetch", {"urls": [A]})),
    (f"only grab {A} please", ("fetch", {"urls": [A]})),
    (f"Could you only fetch {A} please?", ("fetch", {"urls": [A]})),
], ids=["without-delay", "further-delay", "only-nothing-else", "only-nothing-more", "only-grab", "you-only"])
def test_emphasis_is_read_through(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Fetch {A} without checking robots.txt.", "not_understood"),
    (f"Fetch {A} without asking.", "not_understood"),
    ("Fetch nothing.", "negation"),
    (f"Don't fetch {A} without delay.", "negation"),
    (f"Only fetch {A} if {B} is down.", "condition"),
    (f"Only fetch {A} unless {B} is down.", "condition"),
    (f"Only fetch {A} once the job finishes.", "condition"),
    (f"Only fetch {A}, don't fetch {B}.", "negation"),
    (f"Only delete {A} — nothing else.", "unsupported_verb"),
    (f"Only fetch the whole site at {A}", "unsupported_verb"),
    (f"Fetch {A} — I'm not saying you shouldn't.", "negation"),  # a double negation: when unsure, refuse
], ids=["without-checking", "without-asking", "nothing", "negated", "only-if", "only-unless", "only-once",
        "only-dont", "only-delete", "only-whole-site", "double-negation"])
def test_emphasis_keeps_every_refusal(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_only_goes_only_before_a_known_verb_at_a_sentence_start() -> None:
    assert without_verb_leads("Only fetch A.", KNOWN) == "fetch A."
    assert without_verb_leads("Please only fetch A.", KNOWN) == "Please fetch A."
    assert without_verb_leads("Only delete A.", KNOWN) == "Only delete A."  # not a verb the reader reads
    assert without_verb_leads("The only page: fetch A", KNOWN) == "The only page: fetch A"  # not before the verb
    assert without_verb_leads("Only fetched A.", KNOWN) == "Only fetched A."  # a whole word only
    assert without_verb_leads("Only fetch A.", frozenset()) == "Only fetch A."


def test_the_only_lead_off(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Only fetch {ILO} — nothing else."
    assert read_outcome(build_deputy(), prompt)[0] == "fetch"
    monkeypatch.setattr(reader_module, "without_verb_leads", lambda text, *args, **kwargs: text)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"
    assert read_outcome(build_deputy(), f"okay next one fetch {A} thats all")[0] == "refused"


def test_the_delay_asides_off() -> None:
    off = deputy_with_words(hedge_asides=tuple(w for w in DEFAULT_WORDS["hedge_asides"] if "delay" not in w))
    assert read_outcome(off, f"Fetch {IMF} without delay.")[0] == "refused"
