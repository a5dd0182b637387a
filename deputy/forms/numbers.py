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
    return mood in _QUESTIONS and str(tok.text).lower() in words.nouns and (tok.dep_ != "nummod" or _one_of_two_answers(tok))


def _one_of_two_answers(tok: Any) -> bool:
    """"Did A come back with a 200 or an error?": a code with its own article, then "or" — one of two
    answers asked about. The model hangs it on the second noun as a count; the article says it is a noun."""
    doc = tok.doc
    if tok.i < 1 or tok.i + 1 >= len(doc):
        return False
    if any(t.tag_ == "MD" for t in tok.sent):
        return False  # "Can you fetch A with a 200 or an error?" asks to act, not which answer came back
    return doc[tok.i - 1].lower_ in ("a", "an") and doc[tok.i + 1].lower_ == "or"
