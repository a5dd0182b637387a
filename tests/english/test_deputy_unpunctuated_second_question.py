"""A second question joined by a bare "and": "Did you fetch A and how many pages do you have?".

With a comma ("…, and how many pages do you have?") the second question was already read as a sentence
of its own (deputy.segment `_second_question`), so the prompt asks two things at once and is refused.
Without the comma the parse hung "have" on "fetch" as a conjunct and the reader answered the first
question only: a page answer for a prompt that also asked for the count. That was the one wrong action
of round 24 at first sight (an answer is an act; half an answer is a wrong one). The same split now
applies with or without the comma. A record's own "and when?" stays one question, as with the comma."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome
import deputy.segment as segment

A = "https://www.nhk.or.jp/news/"
B = "https://www.rte.ie/news/"


@pytest.mark.parametrize("prompt", [
    f"Did you fetch {A} and how many pages do you have?",
    f"When did you fetch {A} and how many pages are stored?",
    f"Did you fetch {A} and what is the crawler doing now?",
    f"What is the title of {A} and how many pages do you have from www.rte.ie?",
    f"Is {A} allowed and is anything still queued?",
])
def test_a_second_question_after_a_bare_and_is_a_second_thing(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


@pytest.mark.parametrize(("prompt", "expected"), [
    # One question about one record, with its date asked beside it: still answered.
    (f"Did you fetch {A} and when?", ("page", {"url": A})),
    (f"When did you fetch {A} and what status did it return?", ("page", {"url": A})),
    # Two addresses in one question stay one question about two records (refused as before).
    (f"Did you fetch {A} and {B}?", ("refused", "too_many_urls")),
    # A request before the "and" is not a question: "Fetch A and how…" is not split by this rule.
    (f"Fetch {A} and tell me how many pages you have.", ("refused", "not_understood")),
    # The first question alone is answered.
    (f"Did you fetch {A}?", ("page", {"url": A})),
])
def test_controls_for_the_bare_and(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_split_the_first_question_alone_was_answered(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    original = segment._second_question

    def comma_only(tokens: list[segment.Token], i: int, starts: set[int]) -> bool:
        return tokens[i - 1].text == "," and original(tokens, i, starts)

    monkeypatch.setattr(segment, "_second_question", comma_only)
    assert read_outcome(deputy, f"Did you fetch {A} and how many pages do you have?") == ("page", {"url": A})
