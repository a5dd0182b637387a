"""Round 28 (lead): a question word after a fronted clause is still the question's ("If you are not busy, how
many pages are stored for H?"). The clause's verb came first, so the question word was not seen, and "how many
pages are stored for H" was read as "are pages stored for H?": a page question, a wrong answer. Spare-moment
hedges with "if" ("if you have a sec") are hedges now, as their "when" forms were."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.clause as clause
from _deputy_helpers import read_outcome

COUNTS = [
    "If you are not busy, how many pages are stored for www.ft.com?",
    "If you are free, how many pages are stored for www.ft.com?",
    "Sorry to bother you, just if you have a sec: how many pages are stored for www.ft.com?",
]


@pytest.mark.parametrize("prompt", COUNTS)
def test_the_count_after_a_fronted_clause_counts_the_host(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {"host": "www.ft.com"})


@pytest.mark.parametrize("prompt,expected", [  # controls: a real condition on an act, an act after a hedge
    ("If it changed, fetch https://www.ft.com/markets.", ("refused", "condition")),
    ("If you are not busy, fetch https://www.ft.com/markets.", ("refused", "negation")),
    ("If you have a sec, fetch https://www.ft.com/markets if it changed.", ("refused", "condition")),
    ("If you have a sec, fetch https://www.ft.com/markets.", ("fetch", {"urls": ["https://www.ft.com/markets"]})),
    ("If you've got a minute, could you download https://www.ft.com/markets?",
     ("fetch", {"urls": ["https://www.ft.com/markets"]})),
    ("If you have a sec, don't fetch https://www.ft.com/markets.", ("refused", "negation")),
    ("If you have a sec: are pages stored for www.ft.com?", ("page", {"url": "https://www.ft.com/"})),
])
def test_conditions_hedges_and_yes_no_questions_read_as_before(deputy: Any, prompt: str,
                                                              expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_a_question_after_a_condition_of_its_own_is_answered(deputy: Any) -> None:
    # A question that only asks changes nothing, whatever it depends on (deputy.decide); it was refused only
    # because its question word went unseen behind the clause.
    assert read_outcome(deputy, "If you have it, what does the stored copy of https://www.ft.com/markets say?") == (
        "read", {"url": "https://www.ft.com/markets"})


def test_without_the_fronted_clause_set_aside_the_count_is_a_page_question(deputy: Any,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    original = clause._after_fronted_phrase

    def prepositions_only(sent: Any, root: Any, content_toks: list[Any]) -> list[Any]:
        fronted = next((c for c in root.children if c.left_edge.i == sent.start), None)
        return [] if fronted is not None and fronted.dep_ == "advcl" else original(sent, root, content_toks)

    monkeypatch.setattr(clause, "_after_fronted_phrase", prepositions_only)  # rule off: the wrong answer returns
    assert read_outcome(deputy, COUNTS[0]) == ("page", {"url": "https://www.ft.com/"})
