"""Numbers that name a thing rather than count pages ("did A 404?"). Reads one token; knows no vocabulary words."""

from __future__ import annotations

from typing import Any

from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["names_a_noun"]

_QUESTIONS = (Mood.YES_NO_QUESTION, Mood.WH_QUESTION)


def names_a_noun(tok: Any, mood: Mood, words: ReaderWords) -> bool:
    """True for a number the vocabulary lists as a noun ("404", "200"), asked about and counting nothing.

    "Did A 404?", "Was A a 200?" ask what happened; "fetch 404 pages from A" (a number before a noun)
    and "Fetch A 404 times" (no question) still count or stay unplaced.
    """
    return mood in _QUESTIONS and str(tok.text).lower() in words.nouns and tok.dep_ != "nummod"
