"""A third person's wish for what I do, relayed by the agent that writes (round 28, ctx28): "I'm acting for a
teacher in Chile. She would like you to save A" (and "She would like A saved", which deputy.text.reorder
puts so), "The user would like you to fetch A".

deputy.predicate reads "The user wants you to fetch A" as the request it relays when the wisher is a person
noun ("user", "editor") and "you" is the subject of the wished verb. Two more shapes are the same request:
- the model hangs "you" on the wish as its object ("would like [you] [to save A]", the verb an xcomp);
- the wisher is "she", "he" or "they" standing for someone an earlier sentence of the prompt names (a noun
  before the sentence: "I'm acting for a teacher. She …"); a pronoun that opens the prompt points at no one.
Pure over the parse.
"""

from __future__ import annotations

from typing import Any

from deputy.signals import lower

__all__ = ["relayed_wisher", "you_wished"]

# Pronouns a relayed wish may open with, once an earlier sentence has named the person.
_PERSONAL = frozenset({"she", "he", "they"})
_YOU = frozenset({"you", "u"})


def relayed_wisher(wisher: Any, person_nouns: frozenset[str]) -> bool:
    """Whether the subject of a wish is a person the writer acts for: a person noun, or a pronoun for
    someone named by a noun in an earlier sentence."""
    word = str(wisher.lemma_).lower()
    if word in person_nouns:
        return True
    if lower(wisher) not in _PERSONAL:
        return False
    start = wisher.sent.start
    return any(t.pos_ in ("NOUN", "PROPN") for t in wisher.doc[:start])


def you_wished(wish: Any, action: Any) -> bool:
    """Whether "you" is the one the wish asks to act: the wished verb's subject ("wants you to fetch A"), or the
    wish's object with the wished verb its infinitive ("would like you to save A")."""
    if any(c.dep_ == "nsubj" and lower(c) in _YOU for c in action.children):
        return True
    return action.dep_ == "xcomp" and action.head.i == wish.i and any(
        c.dep_ == "dobj" and lower(c) in _YOU for c in wish.children)
