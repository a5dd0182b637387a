"""A verb written in the past that the small model tagged as a bare verb: "Yesterday: fetched A and B."
(issue 14, round 25, bind25). The model may tag a log line's opening "fetched" `VB`, and the reader would
read a report of what was done as an order to do it again, to every address it names.

Pure over one token and the predicate the reader gave it; spelling rules only, over the predicate itself,
so a verb's own base form ("need", "embed", "feed") is never taken for its past.
"""

from __future__ import annotations

from typing import Any

from deputy.signals import lower

__all__ = ["written_past"]


def written_past(action: Any, predicate: str | None) -> bool:
    """Whether the action's word as written is a regular past form of its predicate ("fetched" for
    "fetch", "saved" for "save", "grabbed" for "grab"), not the predicate itself: such a word tells
    what happened, whatever tag the model gave it, and is no imperative."""
    if predicate is None or " " in predicate:
        return False
    word = lower(action)
    return word != predicate and word in _past_forms(predicate)


def _past_forms(verb: str) -> frozenset[str]:
    """The regular past forms of a verb: "-ed", "-d" after an "e", a doubled last consonant ("grabbed"),
    "-ied" after a consonant and "y" ("copied")."""
    forms = {verb + "d"} if verb.endswith("e") else {verb + "ed"}
    if len(verb) >= 3 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
        forms.add(verb + verb[-1] + "ed")
    if len(verb) >= 2 and verb.endswith("y") and verb[-2] not in "aeiou":
        forms.add(verb[:-1] + "ied")
    return frozenset(forms)
