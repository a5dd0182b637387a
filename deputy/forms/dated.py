"""Words that date a question about the record ("Was A fetched last week?", "How many pages have you
saved until now?"): they say when the thing asked about happened, which the answer reports anyway.

Only a question that asks (no modal: "Can you fetch A last week?" is not one) may carry them; a request
("Fetch A last week") keeps them as words the reader cannot place. Pure over spaCy tokens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["dated_words"]

# Words that place something in the past by themselves: "Was A fetched yesterday?".
_PAST = frozenset({"yesterday", "earlier", "recently", "previously"})
# Time nouns a picker dates: "last week", "this morning".
_UNITS = frozenset({
    "week", "month", "year", "night", "morning", "afternoon", "evening", "weekend", "time",
    "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})
_PICKERS = frozenset({"last", "this"})
# "until now", "till today", "up to now": the record so far.
_UNTIL = frozenset({"until", "till", "til"})
_NOW = frozenset({"now", "today"})


def dated_words(chain: list[Any], asks: bool) -> frozenset[str]:
    """The words hanging from the question's verbs that only date what is asked about (lower case)."""
    if not asks:
        return frozenset()
    found: set[str] = set()
    for tok in chain:
        for child in tok.children:
            word = str(child.text).lower()
            if child.dep_ in ("npadvmod", "advmod") and word in _PAST:
                found.add(word)
            elif (child.dep_ == "npadvmod" and word in _UNITS
                  and any(str(c.text).lower() in _PICKERS for c in child.children)):
                found.add(word)  # "last week": "last" itself is a known adverb already
            elif child.dep_ == "prep" and word in _UNTIL and _only_now(child):
                found.add(word)
    return frozenset(found)


def _only_now(prep: Any) -> bool:
    """Whether the preposition holds nothing but "now" or "today" ("until now")."""
    held = [str(c.text).lower() for c in prep.children]
    return len(held) == 1 and held[0] in _NOW
