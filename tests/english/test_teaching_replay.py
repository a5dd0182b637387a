"""deputy.teaching.replay: how each difference between two readings is judged (a handful of prompts, the real model)."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from _teaching_helpers import reader, with_predicate
from deputy import Vocab
from deputy.teaching.corpus import CorpusCase
from deputy.teaching.replay import Reading, judge_reading, replay
from deputy.teaching.review import ReviewItem
from deputy.teaching.scoring import Expectation, judge
from seaspider.english_reader import deputy_for
from test_teaching_relaxations import _edit, _words

A = "https://a.example/"


@cache
def reader_with(name: str) -> Any:
    raw = {"nab": lambda: with_predicate("nab"), "not": lambda: _edit(_words("courtesy", "not")),
           "check": lambda: with_predicate("check")}[name]()
    return deputy_for(Vocab.from_raw(raw)).read


def case(prompt: str, *, refusal: str | None = None, operation: str | None = None, args: Any = None,
         xfail: str | None = None) -> CorpusCase:
    return CorpusCase("t:1", prompt, Expectation("t", operation, args, refusal), xfail)


def item(prompt: str, kind: str, line: int = 1) -> ReviewItem:
    return ReviewItem(line, "2023-11-14T22:13:20Z", prompt, f"{line:064x}", kind, "", None, None, ())


def test_a_refusal_that_would_act_is_an_error() -> None:
    proof = replay([case(f"Hello, not fetch {A} thanks", refusal="negation")], [],
                   before=reader().read, after=reader_with("not"))
    (change,) = proof.errors
    assert change.error == f"it should give a refusal (negation), and it would now give fetch(urls=['{A}'])"
    assert not proof.clean


def test_a_plan_that_changes_or_is_lost_is_an_error() -> None:
    proof = replay([case("Could you check robots.txt for mova.elamur.ai?", operation="robots",
                         args={"target": "https://mova.elamur.ai/"})], [], before=reader().read, after=reader_with("check"))
    (change,) = proof.errors
    assert change.error == "its plan robots(target=https://mova.elamur.ai/) would become refused (not_understood)"


def test_a_refusal_that_only_changes_its_kind_is_reported_not_an_error() -> None:  # negative control
    proof = replay([case(f"Did you nab {A}?", refusal="any")], [], before=reader().read, after=reader_with("nab"))
    (change,) = proof.changed_kind
    assert (change.before.kind, change.after.kind, change.error) == ("unsupported_verb", "not_understood", None)
    assert proof.clean


def test_review_prompts_that_now_act_are_the_point_unless_a_safety_rule_refused_them() -> None:
    items = [item(f"Nab {A}", "unsupported_verb", 1), item(f"Nab {A}", "unsupported_verb", 2),
             item(f"Hello, not fetch {A} thanks", "negation", 3)]
    taught = replay([], items, before=reader().read, after=reader_with("nab"), kinds=reader().vocab.kinds)
    (acting,) = taught.now_acting
    assert acting.error is None and acting.prompt_sha256s == (f"{1:064x}", f"{2:064x}")
    assert taught.answered() == (f"{1:064x}", f"{2:064x}") and taught.review_prompts == 2
    relaxed = replay([], items, before=reader().read, after=reader_with("not"), kinds=reader().vocab.kinds)
    (error,) = relaxed.errors
    assert error.error == f"it was refused for a safety rule (negation), and it would now give fetch(urls=['{A}'])"


def test_an_xfail_line_read_right_is_reported_as_fixed() -> None:
    fixed = replay([case(f"Nab {A}", operation="fetch", args={"urls": [A]}, xfail="nab is not known yet")], [],
                   before=reader().read, after=reader_with("nab"))
    assert fixed.fixed == ("t:1",) and fixed.clean


@pytest.mark.parametrize("prompt", [f"Fetch {A}", f"Do not fetch {A}", f"What did you get from {A}?", "Status?"])
@pytest.mark.parametrize(
    "expected",
    [Expectation("t", None, None, "negation"), Expectation("t", None, None, "any"),
     Expectation("t", "fetch", {"urls": [A]}, None), Expectation("t", "page", {"url": A}, None),
     Expectation("t", "status", {}, None)],
    ids=["negation", "any", "fetch", "page", "status"],
)
def test_judge_reading_agrees_with_the_scoreboard(prompt: str, expected: Expectation) -> None:
    result = reader().read(prompt)
    assert judge_reading(expected, Reading.of(result)) is judge(expected, result)


def test_earlier_readings_must_cover_the_corpus() -> None:
    with pytest.raises(ValueError, match="1 readings were given for 0 corpus cases"):
        replay([], [], before=reader().read, after=reader().read, earlier=[Reading.of(reader().read("Status?"))])
