"""Sentences of background before a statement that carries the request (round 28, ctx28).

"My user runs a hiking club in Slovenia. They'd like to see the stored text of A …", "Background: last week
the user saved A for a project. Now they'd like …": when no sentence orders or asks, the reader took the first
sentence with a verb for the request, and refused for the first one's words ("run", "week"). A statement that
only tells who the user is, or what happened before, is background: the request is a later statement.

Read narrowly. A background sentence is a plain statement (no label, no question mark) that holds no negation
and no condition word, is not about "you", and either tells of the past (its verb is past: what happened may
name the address it happened to) or names no address and no verb that acts. Only sentences before the first
one that is not background are passed over, and only when such a sentence follows. Pure over clauses.
"""

from __future__ import annotations

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["background_before"]

# Subjects under which a statement speaks to the deputy ("You saved A yesterday."): never background.
_ADDRESSEES = frozenset({"you", "yourself", "u"})


def _tells_background(
    clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str], conditioned: frozenset[int]
) -> bool:
    """Whether one sentence only tells who the user is or what happened before (see the module)."""
    if clause.label or clause.asked or clause.mood is not Mood.STATEMENT or clause.predicate is None:
        return False
    if clause.subject in _ADDRESSEES or clause.tokens & conditioned:
        return False
    doc = parsed.doc
    if any(is_negation(doc[t], parsed, words) or lower(doc[t]) in _ADDRESSEES for t in clause.tokens):
        return False
    if "past" in clause.aspects:
        return True  # "Last week the user saved A.": a report of what happened asks nothing
    named = any(t in parsed.items for t in clause.tokens)
    acting = any(str(doc[t].lemma_).lower() in actions or lower(doc[t]) in actions for t in clause.tokens)
    return not named and not acting  # "I'm acting for a teacher in Chile.": who the user is


def background_before(
    clauses: list[Clause], parsed: Parsed, words: ReaderWords, actions: frozenset[str], conditioned: frozenset[int]
) -> frozenset[int]:
    """The leading sentences of background, when a statement with a verb that is no background follows them;
    `conditioned` are the tokens of condition words. Empty otherwise, and the first sentence stays the request."""
    leading: list[int] = []
    for index, clause in enumerate(clauses):
        if clause.label or clause.predicate is None and clause.mood is Mood.FRAGMENT and not clause.asked:
            continue  # "Background:" heads what follows
        if _tells_background(clause, parsed, words, actions, conditioned):
            leading.append(index)
            continue
        return frozenset(leading) if clause.predicate is not None and leading else frozenset()
    return frozenset()
