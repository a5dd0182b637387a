"""Round 16 (terse operational questions): a store total put as a headline ("Total pages stored.") and
a label asking for one page's record ("Page info: A"). Both are observations; negations, conditions,
unsupported verbs and labels that name no record still refuse."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest
from _deputy_helpers import read_outcome
from _teaching_helpers import vocab_raw

from deputy import Deputy, Vocab
from deputy.teaching.relaxations import relaxations
from seaspider.english_reader import deputy_for, load_vocab

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    "Total pages stored.",
    "Total pages saved.",
    "total pages stored",
    "Total pages fetched so far.",
    "Total documents stored.",
    "Total pages downloaded in total.",
])
def test_a_headline_total_asks_for_the_stats(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {})


@pytest.mark.parametrize("prompt, kind", [
    ("Total pages deleted.", "unsupported_verb"),  # not a participle of storing
    ("Total pages posted.", "unsupported_verb"),
    ("Total pages not stored.", "negation"),
    ("Total pages stored if the crawl finished.", "condition"),
    ("Total pages stored once the job finishes.", "condition"),
])
def test_other_headlines_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Page info: {A}",
    f"Page details: {A}",
    f"Page information for {A}",
    f"Stored info: {A}",
])
def test_a_page_info_label_asks_for_the_record(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Page info: {A} — delete it.", "unsupported_verb"),
    (f"Don't give me page info for {A}.", "negation"),
    (f"Page info for {A} once the crawl finishes.", "condition"),
    (f"More info at {A}", "not_understood"),  # points at the page, names no record
    (f"Contact info: {A}", "not_understood"),
    (f"Info on {A}?", "not_understood"),  # no word says it is the stored record
])
def test_other_info_labels_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def _without_lists(**lists: Any) -> Deputy:
    vocab = load_vocab()
    return deputy_for(replace(vocab, words=replace(vocab.words, **lists)))


def test_without_the_headline_lists_the_headline_is_refused(deputy: Deputy) -> None:  # the rule disabled
    assert read_outcome(_without_lists(headline_participles=frozenset()), "Total pages stored.")[0] == "refused"
    assert read_outcome(_without_lists(headline_nouns=frozenset()), "Total pages stored.")[0] == "refused"
    assert read_outcome(deputy, "Total pages stored.") == ("stats", {})


def test_without_the_page_info_form_the_label_is_refused(deputy: Deputy) -> None:  # the rule disabled
    raw = copy.deepcopy(vocab_raw())
    for capability in raw["capabilities"]:
        capability["forms"] = [f for f in capability["forms"] if not f.get("note", "").startswith("Page info: A")]
    bare = deputy_for(Vocab.from_raw(raw))
    assert read_outcome(bare, f"Page info: {A}")[0] == "refused"
    assert read_outcome(deputy, f"Page info: {A}") == ("page", {"url": A})


@pytest.mark.parametrize("name", ["headline_participles", "headline_nouns"])
def test_adding_to_a_headline_list_is_a_relaxation(name: str) -> None:
    raw = copy.deepcopy(vocab_raw())
    raw.setdefault("words", {})[name] = ["deleted" if name == "headline_participles" else "clicks"]
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(name in line for line in found), found


# --- "let me know" + a question is "tell me" + the question -------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("Just a gentle nudge: could you let me know how many pages you've stored in total?", ("stats", {})),
    ("Please let me know how many pages you have stored so far.", ("stats", {})),
    ("Kindly let me know the total number of pages you've saved.", ("stats", {})),
    (f"Let me know whether robots.txt allows fetching {A}.", ("robots", {"target": A})),
])
def test_let_me_know_asks_the_question_it_embeds(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    ("Let me know how many pages you deleted.", "unsupported_verb"),
    ("Let me know how many pages you stored if the crawl has finished.", "condition"),
    ("Don't let me know how many pages you stored.", "negation"),
    (f"Let me know when {A} changes.", "condition"),  # "when" is no question word here: left as written
    (f"Let me fetch {A} myself.", "not_understood"),  # the writer's own act, no "know"
])
def test_other_let_me_know_sentences_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_let_know_pass_the_question_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:  # rule disabled
    import deputy.nlp as nlp_module

    prompt = "Please let me know how many pages you have stored so far."
    monkeypatch.setattr(nlp_module, "let_know", lambda protected, conditions: (protected, ()))
    assert read_outcome(deputy_for(load_vocab()), prompt)[0] == "refused"


# --- "did you get A already or not yet" typed without its "?" ---------------------------------

@pytest.mark.parametrize("prompt", [
    f"did you get {A} already or not yet",
    f"have you fetched {A} or not yet",
    f"Did you fetch {A} or not yet.",
])
def test_an_inverted_question_with_or_not_yet_asks(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("page", {"url": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"fetch {A} or not yet", "negation"),  # no question: the order does not ask
    (f"you fetched {A} or not yet", "negation"),  # no inversion and no "?"
    (f"did you delete {A} or not yet", "unsupported_verb"),
    (f"Did you fetch {A} or not yet? If not, fetch it.", "condition"),
])
def test_other_or_not_yet_sentences_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_inversion_check_the_tail_is_a_negation(monkeypatch: pytest.MonkeyPatch) -> None:  # rule disabled
    import deputy.clause as clause_module

    monkeypatch.setattr(clause_module, "_inverted_you", lambda words: False)
    assert read_outcome(deputy_for(load_vocab()), f"did you get {A} already or not yet") == ("refused", "negation")
