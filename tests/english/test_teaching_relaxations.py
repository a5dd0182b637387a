"""The relaxation check: an edit that takes a refusal away is refused whatever the corpus shows."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from _teaching_helpers import vocab_raw, with_predicate
from deputy import Vocab
from deputy.refusals import DEFAULT_REASONS
from deputy.teaching.relaxations import relaxations
from deputy.words import DEFAULT_SPELLINGS, DEFAULT_WORDS

BASE = Vocab.from_raw(vocab_raw())


def _edit(change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    raw = copy.deepcopy(vocab_raw())
    change(raw)
    return raw


def without_default(key: str, word: str) -> dict[str, Any]:
    """The vocabulary spelled out in full (extends_default false) with one default word left out."""
    raw = copy.deepcopy(vocab_raw())
    raw["extends_default"] = False
    for name, values in DEFAULT_WORDS.items():
        raw["words"][name] = [w for w in dict.fromkeys(list(values) + raw["words"].get(name, [])) if not (name == key and w == word)]
    raw["words"]["spellings"] = dict(DEFAULT_SPELLINGS)
    raw["reasons"] = {**DEFAULT_REASONS, **raw["reasons"]}
    return raw


def _words(key: str, *words: str) -> Callable[[dict[str, Any]], None]:
    return lambda raw: raw["words"].setdefault(key, []).extend(words)


def _form(capability: int, form: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    return lambda raw: raw["capabilities"][capability]["forms"].append(form)


def _slot_max(raw: dict[str, Any]) -> None:
    raw["capabilities"][0]["slots"][0]["max"] = 1000


def _observes(raw: dict[str, Any]) -> None:
    page = next(capability for capability in raw["capabilities"] if capability["name"] == "page")
    page["observes"] = False


def _kind(raw: dict[str, Any]) -> None:
    raw["kinds"]["negation"] = "fine"


@pytest.mark.parametrize(
    ("raw", "why"),
    [
        (_edit(_words("courtesy", "not")), "adds “not” to words.courtesy"),
        (with_predicate("delete"), "forbidden verb “delete” a predicate of fetch"),
        (with_predicate("publish"), "makes “publish” a predicate of fetch, which acts"),
        (with_predicate("be"), "makes “be” a predicate of fetch"),
        (without_default("conditions", "unless"), "removes “unless” from words.conditions"),
        (without_default("negations", "never"), "removes “never” from words.negations"),
        (without_default("forbidden", "bypass"), "removes “bypass” from words.forbidden"),
        (without_default("blockers", "everything"), "removes “everything” from words.blockers"),
        (_edit(_words("adverbs", "unless")), "adds “unless” to words.adverbs"),
        (_edit(_words("neutral_predicates", "publish")), "unsupported verb “publish” to words.neutral_predicates"),
        (_edit(_words("relay_frame", "email")), "unsupported verb “email” to words.relay_frame"),
        (_edit(_words("relay_words", "not")), "adds “not” to words.relay_words"),
        (_edit(_words("hedge_asides", "if it changed")), "hedge “if it changed”"),
        (_edit(_words("hedge_asides", "when you are back")), "hedge “when you are back”"),
        (_edit(_words("hedge_frames", "don't mind, just")), "hedge “don't mind, just”"),
        (_edit(lambda raw: raw["words"].update(spellings={"dnt": "do"})), "changes the spelling “dnt”"),
        (_edit(lambda raw: raw["words"].update(spellings={"shudnt": "should"})), "drops the negation"),
        (_edit(_form(0, {"moods": ["yes_no_question"], "requires": [["pls"]]})), "answer “yes_no_question”"),
        (_edit(_form(0, {"moods": ["request"], "modalities": ["permission"]})), "answer “permission”"),
        (_edit(_slot_max), "changes what fetch does"),
        (_edit(_observes), "changes what page does"),
        (_edit(_kind), "renames the refusal kinds negation"),
        (_edit(_words("occasions", "deploy")), "adds “deploy” to words.occasions"),
        (_edit(_words("pointers", "unless")), "adds “unless” to words.pointers"),
        (_edit(_words("sign_offs", "never mind")), "hedge “never mind”"),
        (without_default("negating_verbs", "skip"), "removes “skip” from words.negating_verbs"),
    ],
    ids=[
        "not-as-courtesy", "delete-as-fetch", "unsupported-as-fetch", "auxiliary-as-fetch", "drop-condition",
        "drop-negation", "drop-forbidden", "drop-blocker", "condition-as-adverb", "unsupported-as-neutral",
        "unsupported-in-relay-frame", "negation-as-relay-word",
        "hedge-with-condition", "hedge-with-when", "hedge-with-negation", "respell-existing", "spelling-drops-negation",
        "fetch-answers-questions", "fetch-answers-permission", "slot-bounds", "question-made-to-act", "kind-renamed",
        "new-occasion", "condition-as-pointer", "sign-off-with-negation", "drop-negating-verb",
    ],
)
def test_relaxations_are_named(raw: dict[str, Any], why: str) -> None:
    found = relaxations(BASE, Vocab.from_raw(raw))
    assert any(why in sentence for sentence in found), found


@pytest.mark.parametrize(
    "raw",
    [
        with_predicate("nab"),
        with_predicate("nab", "page"),
        _edit(_words("adverbs", "pronto")),
        _edit(_words("relay_words", "messaged")),
        _edit(_words("hedge_asides", "at your leisure")),
        _edit(lambda raw: raw["words"].update(spellings={"plox": "please"})),
        _edit(_form(4, {"moods": ["wh_question"], "wh": ["what"], "predicates": ["be"], "requires": [["eta"]]})),
        _edit(lambda raw: raw["reasons"].update(negation="it says not to (“{word}”)")),
        _edit(_words("negations", "nope")),
        vocab_raw(),
    ],
    ids=["predicate", "question-predicate", "adverb", "relay-word", "hedge", "spelling", "question-form", "reason-wording",
         "more-negations", "unchanged"],
)
def test_additions_that_refuse_nothing_less_pass(raw: dict[str, Any]) -> None:  # negative controls
    assert relaxations(BASE, Vocab.from_raw(raw)) == ()
