"""Who a request is for, hung on a pointer's noun by the small model: "so fetch that one for them".

The small model may hang "for them" on the pointer's noun ("that one for them") rather than on the verb,
and a pointer with anything beside its determiner names something itself, so the address it points back
at was left outside the request (round 19, voice19). A "for" whose only object is a personal pronoun or a
person noun (`words.person_nouns`, with at most a determiner or possessive) only says who benefits: it
never changes what "that one" points at, so it is passed over there. Pure: tokens in, yes or no out.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

__all__ = ["benefactive"]

_PERSONS = frozenset({"me", "us", "them", "him", "her", "you"})


def benefactive(tok: Any, person_nouns: Collection[str]) -> bool:
    """Whether `tok` is a "for" phrase naming only whom the request is for ("for them", "for the user")."""
    if tok.dep_ != "prep" or str(tok.text).lower() != "for":
        return False
    kids = list(tok.children)
    if len(kids) != 1 or kids[0].dep_ != "pobj":
        return False
    who = kids[0]
    word = str(who.text).lower()
    if word in _PERSONS:
        return not list(who.children)
    persons = frozenset(p.lower() for p in person_nouns)
    return (word in persons or str(who.lemma_).lower() in persons) and all(
        k.dep_ in ("det", "poss") for k in who.children
    )

