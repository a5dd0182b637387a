"""Addresses a request joins to its "it" ("The report is at A; please download it, and the appendix
at B too."): the pronoun still stands for the one address the context hands over, and the joined
addresses are more objects of the same verb. Pure token tests on one parse.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import lower

__all__ = ["dangling_pronouns", "joined_to_the_pronoun", "only_addresses_joined"]

_PLACES = frozenset({"at", "on"})
# Words that only point back: an object made of one of them names no address of its own.
_POINTERS = frozenset({"it", "this", "that", "these", "those", "them"})
_AND = frozenset({"and", "plus", "&", "+"})


def joined_to_the_pronoun(pronoun: int | None, referents: int, scope: frozenset[int], parsed: Parsed) -> frozenset[int]:
    """The request's own addresses when every one of them is joined to an "it" object by "and".

    Each must be a conjunct of the pronoun or of its verb ("download it and B"), or be placed by
    "at"/"on" under a noun with a determiner that is such a conjunct ("…, and the appendix at B").
    Only "it" (one referent), only as the verb's direct object; anything else gives nothing, and the
    pronoun then binds only where the request names no address, as before.
    """
    if pronoun is None or referents != 1:
        return frozenset()
    doc = parsed.doc
    it = doc[pronoun]
    if lower(it) != "it" or it.dep_ != "dobj":
        return frozenset()
    joints = {it.i, it.head.i}
    own = [i for i in sorted(scope) if i in parsed.items]
    if not own or not all(_joined(doc[i], joints) for i in own):
        return frozenset()
    return frozenset(own)


def only_addresses_joined(it: Any, parsed: Parsed) -> bool:
    """"it and B", "it and the appendix at B": an "it" whose only dependents join addresses to it."""
    kids = list(it.children)
    conjuncts = [k for k in kids if k.dep_ == "conj"]
    return (lower(it) == "it" and bool(conjuncts) and all(k.dep_ in ("cc", "conj", "punct") for k in kids)
            and all(k.i in parsed.items or any(_joined(g, {it.i}) for g in k.subtree if g.i in parsed.items)
                    for k in conjuncts))


def _joined(tok: Any, joints: set[int]) -> bool:
    if tok.dep_ == "conj" and tok.head.i in joints:
        return True
    place = tok.head
    if tok.dep_ != "pobj" or lower(place) not in _PLACES or place.dep_ != "prep":
        return False
    noun = place.head
    return (noun.dep_ == "conj" and noun.head.i in joints and noun.pos_ in ("NOUN", "PROPN")
            and any(c.dep_ == "det" for c in noun.children))


def dangling_pronouns(tokens: frozenset[int], bound: str | None, parsed: Parsed) -> list[str]:
    """"Please download it and B" with nothing earlier for "it" to mean: the pointing words the request
    joins to its own addresses when nothing was bound to them.

    Reading past such a word would fetch B alone and quietly drop what "it" was meant to be; the
    reader names the word instead. A bound pronoun ("The report is at A; please download it, and the
    appendix at B") is no dangling one.
    """
    if bound is not None:
        return []
    doc = parsed.doc
    out = []
    for index in sorted(tokens):
        tok = doc[index]
        if index in parsed.items or lower(tok) not in _POINTERS or tok.dep_ not in ("dobj", "conj"):
            continue
        # The model joins "it and B" in several ways: B a conjunct of "it", "it" one of B, or both objects
        # of the verb; an "and" between them is what makes them one list.
        near = [k for k in tok.children if k.dep_ == "conj"] + [tok.head]
        near += [k for k in tok.head.children if k.dep_ in ("dobj", "conj") and k.i != tok.i]
        if any(k.i in parsed.items and _and_between(doc, tok.i, k.i) for k in near):
            out.append(lower(tok))
    return out


def _and_between(doc: Any, one: int, other: int) -> bool:
    low, high = sorted((one, other))
    return any(lower(doc[i]) in _AND for i in range(low + 1, high))
