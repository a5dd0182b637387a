"""Sentences beside a request or a question that only report what happened (round 18): "You told me
you were busy a minute ago.", "In your last reply A was still queued.", "Reported by support",
"Sent from my phone". They ask nothing; their acting verbs ("queued", "reported", "stored") are no
second action. Pure over one clause of the parse; knows no capability beyond the verbs that act.

Guards stay where they were: an address such a sentence names is still outside the request's parse
(refused unless the request names it too), a negation or condition in the request still refuses, and
only a statement qualifies (an order or a question addressed to the deputy is never a report).
"""

from __future__ import annotations

import re
from typing import Any

from deputy.clause import Clause
from deputy.forms.recalled import dates_the_past, past_report
from deputy.nlp import Parsed
from deputy.signals import is_negation
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["byline", "past_clock_times", "reports_what_happened"]

# A bare participle's complements that leave it a report: who did it, from where, when, on what.
_BYLINE_DEPS = frozenset({"agent", "prep", "advmod", "npadvmod", "punct"})


def reports_what_happened(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether a sentence only reports: a statement in the past whose every acting verb is itself
    past or a participle ("You fetched A this morning.", "You said A was queued."), with no modal
    ("You would fetch A" looks ahead) and no negation ("You didn't fetch A" is a complaint that
    asks again), or a byline ("Reported by support").

    "You" may be its subject: what the deputy did or said before is told, not asked. "You will fetch
    A" (no past) and "You told me to fetch A" (a bare acting verb) are not reports."""
    if clause.label or clause.asked or clause.mood is not Mood.STATEMENT:
        return False
    if any(is_negation(parsed.doc[t], parsed, words) for t in clause.tokens):
        return False
    return past_report(clause, parsed, actions) or byline(clause, parsed)


def byline(clause: Clause, parsed: Parsed) -> bool:
    """"Reported by the on-call engineer", "Sent from my phone", "Logged by the monitoring bot": a
    sentence that is one bare past participle (no subject, no auxiliary, no object) with only who did
    it, from where or when (one of them at least). An order uses the bare verb ("Fetch A"), never the
    participle. Not under a speaker's label ("Assistant: fixed by a retry"): that is another's turn."""
    if clause.subject is not None or clause.mood is not Mood.STATEMENT:
        return False
    doc = parsed.doc
    roots = [doc[t] for t in clause.tokens if doc[t].head.i == doc[t].i]
    if len(roots) != 1:
        return False
    root: Any = roots[0]
    if root.tag_ != "VBN" or root.i in parsed.items:
        return False
    children = list(root.children)
    # "done" alone (an assistant's "Assistant: done") says nothing of who or where: no byline.
    return any(c.dep_ in ("agent", "prep") for c in children) and all(c.dep_ in _BYLINE_DEPS for c in children)


_CLOCK = re.compile(r"\d{1,2}:\d{2}(?::\d{2})?")


def past_clock_times(tokens: frozenset[int] | set[int], parsed: Parsed) -> frozenset[int]:
    """The clock times, among a report's tokens, that date its past verb ("A was fetched at 09:12"):
    when it happened, not a symbol the reader cannot place and not a time to act."""
    doc = parsed.doc
    return frozenset(t for t in tokens if t not in parsed.items and _CLOCK.fullmatch(doc[t].text)
                     and dates_the_past(doc[t]))
