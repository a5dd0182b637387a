"""Round 26 (ctx26): a wished copy described by how it is kept ("would like a copy of A saved for later, so please
fetch it"), a self-introduction of the writer before it ("I'm a research agent …"), and a presenting verb before
the addresses and the order pointing back at them ("Take A and B — fetch them both"). Each rule has its refusal
controls and a rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.only_when import only_when
from deputy.text.presented import presented_addresses
from seaspider.english_reader import build_deputy

A = "https://www.spiegel.de/wirtschaft/"
B = "https://www.lemonde.fr/economie/"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


def _is_address(word: str) -> bool:
    return word.startswith(("http://", "https://"))


# --- the pure rewrite of a presenting opener ------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    (f"Take {A} and {B} — fetch them both.", f"{A} and {B} — fetch them both."),
    (f"Consider {A}, {B}: grab both.", f"{A}, {B} — grab both."),
    (f"Take {A}, then download it.", f"{A} — download it."),
    (f"take {A} - please fetch it", f"{A} — please fetch it"),
], ids=["dash", "colon", "then", "hyphen-please"])
def test_presenting_opener_is_dropped(text: str, expected: str) -> None:
    assert presented_addresses(text, openers=("take", "consider"), verbs={"fetch", "grab", "download"},
                               is_address=_is_address) == expected


@pytest.mark.parametrize("text", [
    f"Take a look at {A} — fetch it.",             # more than addresses after the opener
    f"Take {A} and the FAQ — fetch them.",
    f"Take {A} and {B} — which one is bigger?",   # no order after the break
    f"Take {A} and {B}.",                         # no break
    f"Fetch {A} and {B} — both of them.",         # no opener
], ids=["look-at", "other-noun", "question", "no-break", "no-opener"])
def test_presenting_opener_stays_otherwise(text: str) -> None:
    assert presented_addresses(text, openers=("take", "consider"), verbs={"fetch", "grab", "download"},
                               is_address=_is_address) == text


# --- whole prompts that now act ----------------------------------------------------------------

@pytest.mark.parametrize("prompt, urls", [
    (f"The journalist would like a copy of {A} saved for later, so please fetch it.", [A]),
    (f"I'm an automated research agent working on behalf of a journalist. The journalist would like a copy of {A} "
     "saved for later, so please fetch it.", [A]),
    (f"The editor wants a copy of {A} saved for reference, so grab it please.", [A]),
    (f"Our compliance officer would like a backup of {A} archived for the audit, so please save it.", [A]),
    (f"The client would like a copy of {A} saved for later. Please fetch it.", [A]),
    (f"Take {A} and {B} — fetch them both.", [A, B]),
    (f"Consider {A} and {B}: grab both.", [A, B]),
    (f"Take {A}, then download it.", [A]),
], ids=["saved-for-later", "self-introduced", "small-clause", "backup-archived", "two-sentences",
        "take-dash", "consider-colon", "take-then"])
def test_positive_cases_fetch(deputy: Deputy, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


# --- controls: negation, real condition, unsupported verb, more than the page still refuse ----------------

@pytest.mark.parametrize("prompt", [
    f"The journalist would like a copy of {A} saved for later, so please don't fetch it.",
    f"The journalist would like a copy of {A} saved for later, so please fetch it once the embargo lifts.",
    f"The journalist would like a copy of {A} saved for later, so please delete it.",
    f"The journalist would like a copy of {A} translated into English, so please fetch it.",
    f"The journalist would like the images on {A} saved for later, so please fetch it.",
    f"The journalist would like a copy of {A} saved every morning, so please fetch it.",
    f"The journalist would like a copy of {A} deleted for good, so please fetch it.",
    f"The journalist would not like a copy of {A} saved, so please fetch it.",
    f"I'm a bot that deletes old pages. The journalist would like a copy of {A} saved for later, so please fetch it.",
    f"I'm not the journalist. The journalist would like a copy of {A} saved for later, so please fetch it.",
    f"Take {A} and {B} — delete them both.",
    f"Take {A} and {B} — don't fetch them.",
    f"Take {A} and {B} — fetch them both if they changed since Monday.",
    f"Take {A} and {B} — email them both to the team.",
    f"Take {A} and {B} — crawl the whole site of each.",
    f"Take {A} and {B} — which one is bigger?",
], ids=["negation", "condition", "delete", "translated", "images-on", "every-morning", "deleted-participle",
        "wish-negated", "intro-acts", "intro-negated", "take-delete", "take-negation", "take-condition",
        "take-email", "take-whole-site", "take-question"])
def test_controls_refuse(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("prompt, kind", [
    (f"The journalist would like a copy of {A} saved for later, so please don't fetch it.", "negation"),
    (f"The journalist would like a copy of {A} saved for later, so please delete it.", "unsupported_verb"),
    (f"Take {A} and {B} — delete them both.", "unsupported_verb"),
    (f"Take {A} and {B} — fetch them both if they changed since Monday.", "condition"),
], ids=["negation", "delete", "take-delete", "take-condition"])
def test_controls_name_their_problem(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- each rule switched off turns a positive case back to a refusal --------------------------------

def test_presenting_verbs_off_refuses() -> None:
    assert read_outcome(deputy_with_words(presenting_verbs=()), f"Take {A} and {B} — fetch them both.")[0] == "refused"


def test_kept_participle_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.forms.wished_copy.kept_participle", lambda *args: False)
    prompt = f"The journalist would like a copy of {A} saved for later, so please fetch it."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_kept_object_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.forms.wished_copy.kept_object", lambda *args: None)
    prompt = f"The editor wants a copy of {A} saved for reference, so grab it please."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_self_introduction_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.context.introduces_writer", lambda *args: False)
    prompt = (f"I'm an automated research agent working on behalf of a journalist. The journalist would like a copy "
              f"of {A} saved for later, so please fetch it.")
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


# --- a request held back by "only" and a condition word is refused for the condition (kind only) --------------

@pytest.mark.parametrize("prompt, word", [
    (f"If at all possible, please fetch {A} — but only after the nightly backup completes.", "after"),
    (f"Grab {A} for me, but only once the migration is finished.", "once"),
    (f"When you get a chance, download {A} — only after the maintenance window closes.", "after"),
], ids=["hedge-but-only-after", "but-only-once", "dash-only-after"])
def test_held_back_request_is_a_condition(deputy: Deputy, prompt: str, word: str) -> None:
    result = deputy.read(prompt)
    assert read_outcome(deputy, prompt) == ("refused", "condition")
    assert f"“{word} …”" in result.reason


@pytest.mark.parametrize("text", [
    f"Fetch only {A}, nothing else.",           # "only" on the address, no condition word after it
    f"Fetch {A} after all.",                    # a condition word without "only"
    f"If at all possible, please fetch {A}.",
], ids=["only-address", "no-only", "hedge-alone"])
def test_only_when_finds_nothing_otherwise(text: str) -> None:
    assert only_when(text, ("if", "once", "after", "when", "as soon as")) is None


def test_only_when_names_the_word() -> None:
    assert only_when(f"fetch {A} — but only as soon as the backup completes", ("once", "as soon as")) == "as soon as"


def test_hedge_alone_still_fetches(deputy: Deputy) -> None:
    assert read_outcome(deputy, "If at all possible, please fetch https://www.met.no/.") == (
        "fetch", {"urls": ["https://www.met.no/"]})


def test_only_when_off_names_another_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.only_when", lambda text, conditions: None)
    # Round 29 (lead): a verbless "after the nightly backup completes" (the model makes "completes" a noun) is a
    # condition of its own now; off too, to show what only_when alone names.
    monkeypatch.setattr("deputy.signals._waits_in_a_fragment", lambda tok, word: False)
    prompt = f"If at all possible, please fetch {A} — but only after the nightly backup completes."
    assert read_outcome(build_deputy(), prompt) == ("refused", "not_understood")
