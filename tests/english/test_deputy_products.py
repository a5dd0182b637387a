"""A need for a capability's product ("Need a fresh copy of A") is a request for that capability."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab, VocabError
from deputy import reader as reader_module
from deputy.teaching.relaxations import relaxations
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import deputy_for
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


def _fetch(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


@pytest.mark.parametrize("prompt, expected", [
    (f"Need a fresh copy of {A}, the old one is from March.", _fetch(A)),
    (f"I need a copy of {A}.", _fetch(A)),
    (f"We need a new snapshot of {A} for the finance team.", _fetch(A)),
    (f"Need an up-to-date copy of {A}.", _fetch(A)),
    (f"I'd like a copy of {A}, please.", _fetch(A)),
    (f"Need copies of {A} and {B}.", _fetch(A, B)),
    (f"Need a snapshot of the press release at <{A}> before their earnings call.", _fetch(A)),
    (f"fyi need a copy of {A} lmk when done", _fetch(A)),
    (f"Need a fresh copy of {A}. Ours is from last week.", _fetch(A)),
], ids=["fresh-copy", "i-need", "we-need-for", "up-to-date", "would-like", "copies", "of-the-noun-at", "chat", "context-after"])
def test_a_need_for_a_product_is_a_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    # A question about what I have stays a question (page), never a fetch.
    (f"Do we have a copy of {A}?", "page"),
    (f"What does our stored copy of {A} say?", "read"),
], ids=["have-a-copy", "stored-copy-says"])
def test_questions_about_a_copy_stay_questions(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt)[0] == kind


@pytest.mark.parametrize("prompt, kind", [
    (f"We don't need a copy of {A}.", "negation"),
    (f"I do not need a fresh copy of {A}.", "negation"),
    (f"Need a copy of {A} if it changed.", "condition"),
    (f"Need a fresh copy of {A} unless {B} is down.", "condition"),
    (f"need a copy of {A} once the deploy finishes", "condition"),
    (f"Need a copy of {A} emailed to Bob.", "unsupported_verb"),
    ("need a copy of http://10.0.0.1/", "non_public_address"),
    (f"Our copy of {A} is stale.", "not_understood"),
    (f"Our copy of {A} is stale. Need a fresh copy.", "not_understood"),
    (f"The customer needs a copy of {A}.", "not_understood"),
    (f"Did you need a copy of {A}?", "not_understood"),
    (f"Need a printed copy of {A}.", "not_understood"),
    (f"Need our copy of {A}.", "not_understood"),
    (f"Need a copy of our stored version of {A}.", "not_understood"),
    (f"Need a copy of the cached version of {A}.", "not_understood"),
    (f"We like fresh copies of {A}.", "not_understood"),
    (f"I need a copy of the whole site at {A}.", "not_understood"),
], ids=[
    "negation", "do-not", "condition", "unless", "once", "emailed", "private", "remark", "address-in-context",
    "someone-elses-need", "question", "printed", "our-copy", "stored-version", "cached-version", "a-taste",
    "whole-site",
])
def test_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind != "not_understood":
        assert str(outcome[1]) == kind


def test_without_the_rule_the_need_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Need a fresh copy of {A}, the old one is from March."
    assert read_outcome(deputy, prompt) == _fetch(A)
    monkeypatch.setattr(reader_module, "needed_product", lambda sk, *args: sk)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_products_in_the_vocabulary_the_need_is_not_understood() -> None:
    raw = copy.deepcopy(vocab_raw())
    for capability in raw["capabilities"]:
        capability.pop("products", None)
    bare = deputy_for(Vocab.from_raw(raw))
    assert read_outcome(bare, f"Need a fresh copy of {A}.")[0] == "refused"


def test_without_the_modifier_the_described_need_is_not_understood() -> None:
    vocab = Vocab.from_raw(vocab_raw())
    assert "fresh" in DEFAULT_WORDS["product_modifiers"]
    plain = deputy_for(vocab)
    assert read_outcome(plain, f"Need a fresh copy of {A}.") == _fetch(A)
    emptied = deputy_for(_without_modifiers(vocab))
    assert read_outcome(emptied, f"Need a fresh copy of {A}.")[0] == "refused"
    assert read_outcome(emptied, f"Need a copy of {A}.") == _fetch(A)


def _without_modifiers(vocab: Vocab) -> Vocab:
    return replace(vocab, words=replace(vocab.words, product_modifiers=frozenset()))


def _with_products(verb: str, *nouns: str, capability: str = "fetch") -> dict[str, Any]:
    raw = copy.deepcopy(vocab_raw())
    next(c for c in raw["capabilities"] if c["name"] == capability)["products"] = {"verb": verb, "nouns": list(nouns)}
    return raw


def test_a_products_verb_must_be_the_capabilitys_own() -> None:
    with pytest.raises(VocabError, match="products.verb: 'delete' is not one of the capability's predicates"):
        Vocab.from_raw(_with_products("delete", "copy"))


def test_a_product_noun_names_one_capability() -> None:
    raw = _with_products("fetch", "copy")
    robots = next(c for c in raw["capabilities"] if c["name"] == "robots")
    robots["products"] = {"verb": robots["predicates"][0], "nouns": ["copy"]}
    with pytest.raises(VocabError, match="'copy' is already a product of fetch"):
        Vocab.from_raw(raw)


def test_a_new_product_noun_or_modifier_is_a_relaxation() -> None:
    before = Vocab.from_raw(vocab_raw())
    nouns = list(next(c for c in vocab_raw()["capabilities"] if c["name"] == "fetch")["products"]["nouns"])
    more = Vocab.from_raw(_with_products("fetch", *nouns, "printout"))
    assert any("“printout” to the products of fetch" in r for r in relaxations(before, more))
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault("product_modifiers", []).append("printed")
    assert any("“printed” to words.product_modifiers" in r for r in relaxations(before, Vocab.from_raw(raw)))
    assert relaxations(before, Vocab.from_raw(vocab_raw())) == ()


TASK = "Task: refresh our cached copy of the terms.\nURL: {url}\nReason: legal asked for a snapshot dated today."


@pytest.mark.parametrize("prompt, expected", [
    (TASK.format(url=A), _fetch(A)),
    (f"Please refresh our stored copy of {A}.", _fetch(A)),
    (f"Could you refresh our copy of {A}?", _fetch(A)),
    (f"Renew our archived copy of {A}.", _fetch(A)),
    (f"refresh our copies of {A} and {B} pls", _fetch(A, B)),
], ids=["task-label", "stored", "could-you", "renew-archived", "copies"])
def test_renewing_a_product_is_a_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't refresh our copy of {A}.", "negation"),
    (f"Refresh our copy of {A} if the prices changed.", "condition"),
    (f"Refresh our cached copy of {A} and delete the old one.", "unsupported_verb"),
    ("Refresh our copy of http://10.0.0.1/wiki.", "non_public_address"),
    (f"Refresh {A} in the browser.", "not_understood"),
    (f"Refresh the page {A}.", "not_understood"),
    (f"Refresh their copy of {A}.", "unsupported_verb"),
    (f"Refresh our copy of {A} on their server.", "not_understood"),
    (f"Refresh our copy of {A} every morning.", "not_understood"),
    (f"Refresh the queue and then fetch {A}.", "unsupported_verb"),
    (f"Did you refresh our copy of {A}?", "not_understood"),
], ids=[
    "negation", "condition", "delete", "private", "browser", "no-product", "theirs", "elsewhere", "schedule",
    "queue", "question",
])
def test_renewal_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind != "not_understood":
        assert str(outcome[1]) == kind


def test_without_the_renewal_rule_refresh_is_unsupported(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = TASK.format(url=A)
    assert read_outcome(deputy, prompt) == _fetch(A)
    monkeypatch.setattr(reader_module, "renewed_product", lambda sk, *args: sk)
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_without_renewing_verbs_refresh_is_unsupported() -> None:
    vocab = Vocab.from_raw(vocab_raw())
    emptied = deputy_for(replace(vocab, words=replace(vocab.words, renewing_verbs=frozenset())))
    assert read_outcome(emptied, f"Please refresh our stored copy of {A}.")[0] == "refused"


def test_a_new_renewing_verb_is_a_relaxation() -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault("renewing_verbs", []).append("update")
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any("“update” to words.renewing_verbs" in r for r in found)
