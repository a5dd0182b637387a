"""Round 27 (lead): a count whose source is named by a word instead of an address ("How many pages do you have
from the BBC?") was answered with the whole store's count; it is refused, naming the word
(deputy/forms/unnamed_source.py, list `count_sources`)."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.decide as decide
from _deputy_helpers import deputy_with_words, read_outcome

UNNAMED = [
    ("How many pages do you have from the BBC?", "the BBC"),
    ("How many pages from Wikipedia?", "Wikipedia"),
    ("How many pages have you stored from github?", "github"),
    ("Count the pages from banana.", "banana"),
]


@pytest.mark.parametrize("prompt,word", UNNAMED)
def test_a_source_named_by_a_word_is_refused_by_name(deputy: Any, prompt: str, word: str) -> None:
    result = deputy.read(prompt)
    assert result.kind == "not_understood" and f"“{word}”" in result.reason


@pytest.mark.parametrize("prompt,expected", [  # negative controls: the store, a time, or a host
    ("How many pages from the archive?", ("stats", {})),
    ("How many pages from today?", ("stats", {})),
    ("How many pages are in the store?", ("stats", {})),
    ("How many pages did you fetch on Monday?", ("stats", {})),
    ("How many pages from www.bbc.co.uk?", ("stats", {"host": "www.bbc.co.uk"})),
    ("What is the status of the job?", ("status", {})),
])
def test_the_store_a_time_or_a_host_still_counts(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_check_the_whole_store_is_counted(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(decide, "unnamed_source", lambda sk, keep: None)  # rule off: the misleading answer returns
    assert read_outcome(deputy, UNNAMED[0][0]) == ("stats", {})


def test_the_kept_words_are_a_list() -> None:  # rule-off by the list: "archive" taken off is a named source
    reader = deputy_with_words(count_sources=frozenset({"store"}))
    assert read_outcome(reader, "How many pages from the archive?") == ("refused", "not_understood")
