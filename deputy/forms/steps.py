"""A step's goal realised by the request after it: "runbook step 3: capture what the crawler sees.\\nfetch
A and B" asks for A and B; the step's own sentence says what the request is for.

Reads clauses only; knows no capability (the acting verbs come from the vocabulary) and never makes a
sentence a request, only a sentence of the step into context.
"""

from __future__ import annotations

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["step_goals"]

_REQUESTS = frozenset({Mood.IMPERATIVE, Mood.REQUEST})
# The label of one step of a plan or runbook ("Step 3:", "runbook step 3:").
_STEP_LABELS = frozenset({"step"})


def step_goals(clauses: list[Clause], words: ReaderWords, parsed: Parsed, actions: frozenset[str]) -> set[int]:
    """The sentences that only name the goal of a labelled step whose request follows and ends the prompt.

    After a step label, a request with no address of its own whose verb is an acting verb ("capture what
    the crawler sees"), followed right away by the last sentence, a request with addresses and an acting
    verb: the first says what the second is for. The goal may hold no word that refuses (negation,
    condition, blocker, forbidden or unsupported verb), so nothing it asks is lost by passing it over.
    """
    out: set[int] = set()
    last = len(clauses) - 1
    for i, label in enumerate(clauses[:-2]):
        if not (label.label and label.words & _STEP_LABELS) or i + 2 != last:
            continue
        goal, request = clauses[i + 1], clauses[last]
        if goal.label or request.label or goal.mood not in _REQUESTS or request.mood not in _REQUESTS:
            continue
        if goal.predicate not in actions or request.predicate not in actions:
            continue
        if _holds_address(goal, parsed) or not _holds_address(request, parsed) or _refusing(goal, words):
            continue
        out.add(i + 1)
    return out


def _holds_address(clause: Clause, parsed: Parsed) -> bool:
    return any(i in parsed.items for i in clause.tokens)


def _refusing(clause: Clause, words: ReaderWords) -> bool:
    """Whether the goal holds a word that would refuse it, or a verb the reader does not support."""
    said = clause.words
    if said & (words.negations | words.blockers | words.forbidden | words.unsupported):
        return True
    if any(c in said for c in words.conditions):
        return True
    return bool(clause.unexpected or clause.others or clause.conjoined)
