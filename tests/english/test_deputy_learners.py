"""Round 17, learners and polite hedges: a learner's verb for fetching or showing ("Take page A", "Bring me
page A", "Dump the stored text of A"), learners' grammar ("You have already download A? When?", "I am need
the content of A what you have", "Take for me A, is possible?"), hedges and wishes that are requests ("No
rush, but I'd appreciate a copy of A", "I hate to be a pain, but I need the sitemaps declared by A", "Don't
worry about formatting, just fetch A", "Fetch A even if it's slow", "… — it's the guide on how to delete
an account", "A along with B"), each with its controls and a check that the rule switched off refuses."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from deputy import clause as clause_module
from deputy import predicate as predicate_module
from deputy import reader as reader_module
from deputy.teaching.relaxations import relaxations
from deputy.text import hedged as hedged_module
from deputy.text import learner_grammar as grammar_module
from seaspider.english_reader import deputy_for
from tests.english._deputy_helpers import read_outcome

A = "https://www.example-news.se/"
B = "https://www.example-paper.fi/uutiset"


def _without(**emptied: frozenset[str]) -> Any:
    vocab = Vocab.from_raw(vocab_raw())
    return deputy_for(replace(vocab, words=replace(vocab.words, **emptied)))


def _identity(text: str, *args: object) -> str:
    return text


# ---- a learner's verb ------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Take page {A} for me, please.", ("fetch", {"urls": [A]})),
    (f"Take {A} and {B}, thank you.", ("fetch", {"urls": [A, B]})),
    (f"I need you bring me page {A} and page {B} both.", ("fetch", {"urls": [A, B]})),
    (f"Is permitted to take page {A} by robot?", ("robots", {"target": A})),
    (f"Is your bot allowed to take {A}?", ("robots", {"target": A})),
    (f"You already took page {A} or not?", ("page", {"url": A})),
    (f"Pull up the stored text of {A}.", ("read", {"url": A})),
    (f"Dump the saved text of {A} here, please.", ("read", {"url": A})),
    (f"gimme the stored text of {A}", ("read", {"url": A})),
], ids=["take-page", "take-two", "bring-me", "permitted", "allowed", "took-or-not", "pull-up", "dump", "gimme"])
def test_a_learners_verb_is_the_capabilitys(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Take down {A} from the store.", "unsupported_verb"),
    (f"Take {A} offline.", "unsupported_verb"),
    (f"Take {A} away from the queue.", "unsupported_verb"),
    (f"Take {A} from the list.", "unsupported_verb"),
    (f"Bring down {A} with a flood of requests.", "unsupported_verb"),
    (f"Dump {A} from the store.", "unsupported_verb"),
    (f"Dump the stored text of {A} into a file.", "unsupported_verb"),
    (f"Don't take page {A}, it is too big.", "negation"),
    (f"Take page {A} if it changed since yesterday.", "condition"),
    (f"Bring me page {A} once the job finishes.", "condition"),
    (f"Pull up the stored text of {A} and email it to me.", "unsupported_verb"),
    (f"Is not permitted by robots to take {A}?", "negation"),
], ids=["take-down", "offline", "away", "from-list", "bring-down", "dump-page", "dump-into-file", "negated", "if-changed", "once",
        "email", "not-permitted"])
def test_learner_verb_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_permission_question_with_a_learners_verb_never_fetches(deputy: Any) -> None:
    for prompt in (f"Is permitted by robots to take {A}?", f"Can you take {A} for me?", f"Take for me {A}, is possible?"):
        assert read_outcome(deputy, prompt)[0] == "robots"


def test_without_learner_verbs_take_is_refused() -> None:
    off = _without(learner_verbs=frozenset(), learner_show_verbs=frozenset())
    assert read_outcome(off, f"Take page {A} for me, please.") == ("refused", "unsupported_verb")
    assert read_outcome(off, f"Dump the saved text of {A} here, please.") == ("refused", "unsupported_verb")


# ---- learners' grammar -----------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"You have already download {A}? When?", ("page", {"url": A})),
    (f"Show me text which you saved of {A}.", ("read", {"url": A})),
    (f"I am need the content of {A} what you have.", ("read", {"url": A})),
    (f"Please to give me text of page {A} what you saved.", ("read", {"url": A})),
    (f"Why didn't you fetch {A}?", ("page", {"url": A})),
    (f"What does {A} say? Just the text you stored, please.", ("read", {"url": A})),
    (f"Take {A} — is your robot allowed to fetch it?", ("robots", {"target": A})),
], ids=["have-download", "which-saved-of", "am-need", "please-to", "why-not", "stored-tail", "fronted"])
def test_learners_grammar_is_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"You have already download {A}? Delete it.", "unsupported_verb"),
    (f"Please to give me text of page {A} what you saved, and post it to Slack.", "unsupported_verb"),
    (f"I am need the content of {A} what you have, unless it is older than a week.", "condition"),
    (f"Show me text which you deleted of {A}.", "unsupported_verb"),
    # Round 25 (ctx25, deputy.forms.why_not_done): the verb no capability does is named, not the asked "n't".
    (f"Why didn't you delete {A}?", "unsupported_verb"),
    (f"What does {A} say? Just the text you stored, and delete it.", "unsupported_verb"),
    (f"Take {A} — is your robot allowed to delete it?", "unsupported_verb"),
], ids=["delete-after", "post", "unless", "deleted", "why-delete", "tail-delete", "fronted-delete"])
def test_learner_grammar_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_grammar_pass_the_learners_forms_refuse(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "learner_grammar", _identity)
    monkeypatch.setattr(reader_module, "without_learner_am", _identity)  # round 29 (voice29) reads "I am need" too
    assert read_outcome(deputy, f"I am need the content of {A} what you have.")[0] == "refused"
    assert read_outcome(deputy, f"Why didn't you fetch {A}?") == ("refused", "negation")


def test_without_the_why_rule_the_negation_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(grammar_module, "_why_not", lambda text, actions: text)
    assert read_outcome(deputy, f"Why didn't you fetch {A}?") == ("refused", "negation")


# ---- the model's misattachments ----------------------------------------------------------------------

def test_a_permission_hung_from_the_subject_is_a_permission_question(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Is your crawler allowed to grab {A}?"
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})
    assert read_outcome(deputy, f"Is your crawler not allowed to grab {A}?") == ("refused", "negation")
    assert read_outcome(deputy, f"Is your crawler allowed to delete {A}?") == ("refused", "unsupported_verb")
    # "Is A allowed to be crawled by the contractor?" names a page and a passive: left to the reader.
    assert read_outcome(deputy, f"Is {A} allowed to be crawled by the contractor?")[0] == "refused"
    monkeypatch.setattr(predicate_module, "hanging_permission", lambda be, words: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_verb_inside_a_hyphenated_noun_asks_nothing(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Download {A} for the people-search comparison."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"Download {A} and search it for people.") == ("refused", "unsupported_verb")
    assert read_outcome(deputy, f"Download {A} for the people-delete comparison.") == ("refused", "unsupported_verb")
    monkeypatch.setattr(clause_module, "hyphen_compound", lambda tok: False)
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


# ---- hedges and wishes that are requests -------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"No rush at all, but I'd appreciate a copy of {A}.", ("fetch", {"urls": [A]})),
    (f"I'd really appreciate a fresh copy of {A} when you get a chance.", ("fetch", {"urls": [A]})),
    (f"I hate to be a pain, but I really need the sitemaps declared by {A}", ("sitemaps", {"target": A})),
    (f"Sorry to bother you, but please download {A}.", ("fetch", {"urls": [A]})),
    (f"No pressure, but it'd be nice to have {A} saved sometime this week.", ("fetch", {"urls": [A]})),
    (f"Don't worry about formatting, just fetch {A}", ("fetch", {"urls": [A]})),
    (f"Never mind the layout, just download {A}.", ("fetch", {"urls": [A]})),
    (f"Fetch {A} even if it's slow.", ("fetch", {"urls": [A]})),
    (f"Fetch {A} — it's the help article on how to delete an account.", ("fetch", {"urls": [A]})),
    (f"Please download {A} along with {B}.", ("fetch", {"urls": [A, B]})),
    (f"Fetch, please, the site {A} and also site {B}.", ("fetch", {"urls": [A, B]})),
    (f"I never said don't fetch {A}. Fetch it.", ("fetch", {"urls": [A]})),
], ids=["appreciate", "appreciate-fresh", "sitemaps-declared-by", "sorry-but", "nice-to-have", "dont-worry",
        "never-mind", "even-if-its", "description", "along-with", "bare-site", "never-said"])
def test_a_hedge_or_wish_is_the_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"No rush at all, but I'd appreciate it if you didn't fetch {A}.", "negation"),
    (f"I hate to be a pain, but don't fetch {A}.", "negation"),
    (f"I hate to be a pain, but please delete the sitemaps declared by {A}.", "unsupported_verb"),
    (f"I don't need the sitemaps declared by {A}.", "negation"),
    (f"No pressure, but it'd be nice to have {A} saved if it changed.", "condition"),
    (f"It'd be nice to have {A} deleted sometime this week.", "unsupported_verb"),
    (f"Don't worry about formatting, just don't fetch {A}.", "negation"),
    (f"Don't worry about it, just grab {A}.", "negation"),
    (f"Don't worry about deleting stuff, just grab {A}.", "negation"),
    (f"Fetch {A} even if robots.txt disallows it.", "condition"),
    (f"Fetch {A} — it's the article; then erase it.", "unsupported_verb"),
    (f"Fetch {A} — it's the guide on how to delete it.", "unsupported_verb"),
    (f"Delete {A} — it's the article about how to fetch a backup.", "unsupported_verb"),
    (f"Download {A} and search it for cheap flights.", "unsupported_verb"),
    (f"Download {A} along with {B} if it changed.", "condition"),
    (f"I said don't fetch {A}.", "negation"),
    (f"I never said don't fetch {A}. Don't fetch it.", "negation"),
], ids=["didnt", "but-dont", "but-delete", "dont-need", "nice-if", "nice-deleted", "just-dont", "about-it",
        "about-deleting", "robots-disallows", "then-erase", "delete-it", "delete-request", "search", "along-if",
        "said-dont", "never-said-dont"])
def test_hedge_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_hedge_pass_the_wishes_refuse(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "hedged", _identity)
    assert read_outcome(deputy, f"No rush at all, but I'd appreciate a copy of {A}.")[0] == "refused"
    assert read_outcome(deputy, f"Fetch {A} — it's the help article on how to delete an account.") == (
        "refused", "unsupported_verb")


def test_without_the_appreciation_rule_appreciate_is_a_verb(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hedged_module, "_appreciated", lambda text: text)
    assert read_outcome(deputy, f"I'd appreciate a copy of {A}.") == ("refused", "unsupported_verb")


@pytest.mark.parametrize("emptied, prompt", [
    ("apology_words", f"I hate to be a pain, but I really need the sitemaps declared by {A}"),
    ("reassuring_verbs", f"Don't worry about formatting, just fetch {A}"),
    ("joining_phrases", f"Please download {A} along with {B}."),
    ("loose_deadlines", f"No pressure, but it'd be nice to have {A} saved sometime this week."),
], ids=["apology", "reassuring", "joining", "deadline"])
def test_without_each_word_list_the_hedge_refuses(emptied: str, prompt: str) -> None:
    assert read_outcome(_without(**{emptied: frozenset()}), prompt)[0] == "refused"


# ---- the word lists widen what acts ----------------------------------------------------------------

@pytest.mark.parametrize("key, word", [
    ("learner_verbs", "carry"), ("learner_show_verbs", "spit out"), ("joining_phrases", "plus also"),
    ("reassuring_verbs", "fret"), ("apology_words", "truly"), ("loose_deadlines", "sometime tomorrow"),
])
def test_widening_the_learner_words_is_a_relaxation(key: str, word: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)
