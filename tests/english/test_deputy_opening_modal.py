"""Round 17's wrong action at first sight: "May the robot download A?" fetched A. With "May" first the
small model makes the noun-tagged verb the root and hangs the modal as a bare `dep`, so the question
read as an order. A modal that opens the sentence is now its modal (deputy.clause._opening_modal)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://www.gov.br/pt-br"


@pytest.mark.parametrize("prompt", [
    f"May the robot download {A}?",
    f"May the crawler fetch {A}?",
    f"may the bot grab {A}",
])
def test_a_may_question_about_the_robot_asks_robots_txt(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Fetch {A} in May.", ("fetch", {"urls": [A]})),  # the month, no modal
    (f"Could you fetch {A}?", ("fetch", {"urls": [A]})),  # a request, as the spec reads "Could you …?"
    (f"Can you tell me whether you fetched {A}?", ("page", {"url": A})),  # "can" belongs to the asking
])
def test_other_openings_read_as_before(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_rule_the_may_question_fetches(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # Negative control: the rule is what keeps the question from acting.
    from deputy import clause
    monkeypatch.setattr(clause, "_opening_modal", lambda *args: None)
    assert read_outcome(deputy, f"May the robot download {A}?") == ("fetch", {"urls": [A]})
