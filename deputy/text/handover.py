"""The writer's handing-over line under someone else's request or question (round 25, tickets25): "Tom
forwarded this, can you take care of it?", "yes please check that", "sure, please check that".

Pure text work on one line already put as a phrase (lower case, end marks dropped; deputy.text.headed._phrase).

- A lead saying who passed the words on ("tom forwarded this,", "lena sent this over —") asks nothing: it is
  a name of one or two words, a verb of `handover_verbs`, "this", "it" or "that" and an optional particle, closed
  by a comma, a dash, a colon or a semicolon. The rest of the line is looked up as the adopting line it is.
- A checking line ("check that", "can you check this", `checking_adoptions`) after an optional assent of
  `reply_assents` ("yes please", "sure") adopts someone else's one question, for a capability that only
  observes to answer ("check" never asks me to act). An assent before a line of `adopting_questions` ("yes,
  answer that") adopts the question as that line does. An assent before a request's adopting line ("Yes
  please, go ahead.") is left alone: it grants someone else's ask and orders me nothing (round 21).
"""

from __future__ import annotations

import re

__all__ = ["checking_adoption", "without_handover_lead"]

# "tom forwarded this,", "dr. chen sent this over -", "lena passed it on:": a name of one or two words (a title's
# dot allowed), the verb, the pointer, an optional particle, then the closing mark.
_LEAD = re.compile(
    r"^(?P<who>[a-z][\w.'-]*(?:[ \t]+[a-z][\w.'-]*)?)[ \t]+(?P<verb>[a-z]+)[ \t]+(?:this|it|that)"
    r"(?:[ \t]+(?:over|on|along|through|across))?[ \t]*(?:,|;|:|—|–|[ \t]-)[ \t]*(?P<rest>\S.*)$"
)


def without_handover_lead(phrase: str, verbs: frozenset[str]) -> str:
    """The phrase without a lead saying who handed the words over; else as written."""
    found = _LEAD.match(phrase)
    if found is None or found.group("verb") not in verbs:
        return phrase
    return found.group("rest")


def checking_adoption(
    phrase: str, *, checks: frozenset[str], assents: frozenset[str], questions: frozenset[str]
) -> str | None:
    """"check" when the phrase is a checking line (after an optional assent), "question" when it is an assent
    before a line adopting a question; None otherwise."""
    if phrase in checks:
        return "check"
    rest = _after_assent(phrase, assents)
    if rest is None:
        return None
    if rest in checks:
        return "check"
    return "question" if rest in questions else None


def _after_assent(phrase: str, assents: frozenset[str]) -> str | None:
    """The phrase after the longest assent opening it ("yes please check that" → "check that"), or None.
    A "please" after the assent stays with the line ("yes please check that" → "please check that")."""
    for assent in sorted(assents, key=len, reverse=True):
        if phrase.startswith(assent + " "):
            return phrase[len(assent) + 1:].strip()
    return None
