"""A request dated after an event that is already past (round 19): "Ticket: Re-fetch A after yesterday's
timeout.", "Fetch A again after last night's 502."

"after" before a future event waits for it ("fetch A after the deploy"), which the reader refuses. An
event a past day owns ("yesterday's timeout", "last night's 502") has happened: acting now is after it,
so the phrase only says why the request comes now and asks nothing. Read narrowly: the preposition has
one object, a noun whose possessor is a phrase of `words.past_days` (never a weekday or "this morning",
which may still be ahead), with no address, number beside it or negation inside. Pure over a parse.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import lower
from deputy.vocab import ReaderWords

__all__ = ["after_a_past_event"]

# Prepositions that place the request after an event; only after a past one do they ask nothing.
_AFTER = frozenset({"after", "following"})
# What else may stand beside the event's noun: "after yesterday's long timeout", "after yesterday's 502 error".
_BESIDE = frozenset({"poss", "amod", "compound", "nummod", "punct"})


def _possessor(noun: Any) -> str | None:
    """The possessor phrase of a noun ("yesterday", "last night"), lower-cased, or None."""
    owners = [c for c in noun.children if c.dep_ == "poss"]
    if len(owners) != 1:
        return None
    owner = owners[0]
    before = [c for c in owner.children if c.dep_ in ("amod", "det") and c.i < owner.i]
    if any(c.dep_ not in ("amod", "det", "case") for c in owner.children):
        return None
    return " ".join(lower(t) for t in [*before, owner])


def after_a_past_event(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a preposition "after"/"following" only dates the request after a past day's event."""
    if tok.dep_ != "prep" or lower(tok) not in _AFTER or tok.i in parsed.items:
        return False
    objects = [c for c in tok.children if c.dep_ == "pobj"]
    if len(objects) != 1 or len(list(tok.children)) != 1:
        return False
    noun = objects[0]
    if any(t.i in parsed.items or t.dep_ == "neg" for t in noun.subtree):
        return False
    if any(c.dep_ not in _BESIDE for c in noun.children):
        return False
    return _possessor(noun) in words.past_days
