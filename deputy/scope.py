"""Which protected tokens belong to the action's own parse, and in which role they hang from it.

Pure over a spaCy Doc: a slot is part of the action only through argument relations, never through a
greeting, a relative clause, an adverbial clause or a loose parataxis.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import VERBAL, lower, own_clause

__all__ = ["DETACHING", "role", "scope"]

# A slot is part of the action only through argument relations: not through a greeting ("Hi A, …"),
# a relative clause ("the page that links to A"), an adverbial clause or a loose parataxis.
DETACHING = frozenset({"intj", "advcl", "relcl", "acl", "ccomp", "parataxis", "csubj", "mark", "discourse", "vocative"})
# Steps that keep a slot in the same role as its neighbour: "A, B and C", "these pages: A, B".
_SAME_ROLE = frozenset({"conj", "appos", "punct", "cc", "compound", "nmod", "amod", "nummod"})
# Prepositions that place an object noun at an address: "the PDF at A", "the article on A".
_PLACES = frozenset({"at", "on", "in", "from", "of"})


def scope(top: Any, parsed: Parsed, through: frozenset[int] = frozenset()) -> set[int]:
    """The token ids of `top`'s subtree that hang from it through argument relations only.

    An unlabelled attachment (`dep`) counts only after the predicate: "About A: fetch B" does not
    make A an object of fetch.
    """
    inside: set[int] = set()
    for tok in top.subtree:
        node, ok = tok, True
        while node.i != top.i:
            detached = (
                node.dep_ in DETACHING
                or (node.dep_ == "dep" and node.i < top.i)
                # "fetch A and what did you get from B?": a conjoined clause with its own subject.
                or (node.dep_ == "conj" and node.pos_ in VERBAL and own_clause(node))
            )
            if detached and node.i not in parsed.synthetic and node.i not in through and tok.i not in parsed.joined:
                ok = False  # "the guide that goes with it at B": B names the guide, whatever the model hung it from
                break
            node = node.head
        if ok:
            inside.add(tok.i)
    return inside


def role(tok: Any, top: Any, parsed: Parsed) -> str:
    """How a slot hangs from the action: "dobj", "pobj:from>prep>ROOT"; lists collapse into one role.

    A place named for an object noun ("the PDF at A and the slides at B") is that object's own role:
    the preposition belongs to the noun, not to the action.
    """
    if tok.i in parsed.joined:
        return "dobj"  # "Download A plus the reviews page B": a second object, named by its address (deputy.forms.joined)
    if tok.i in parsed.items and _joined_one(tok, top):
        return "dobj"  # "Fetch A and B, and also the 2024 one at C": the model makes "one" a conjunct of the verb
    steps: list[str] = []
    node = tok
    guard = 0
    while node.i != top.i and node.head.i != node.i and guard < 64:
        guard += 1
        if node.dep_ not in _SAME_ROLE or (node.dep_ == "compound" and node.head.i not in parsed.items):
            if node.dep_ == "pobj":
                prep = node.head
                placed = lower(prep) in _PLACES and prep.head.pos_ in ("NOUN", "PROPN", "PRON") and prep.head.i != top.i
                # "A as well as B": the model makes "as" a coordinator with B its object; B is a conjunct.
                if not placed and prep.dep_ != "cc":
                    steps.append(f"pobj:{lower(prep)}")
            elif node.dep_ != "prep":
                steps.append(node.dep_)
        node = node.head
    if not steps and tok.dep_ == "conj" and tok.head.i == top.i and tok.i in parsed.items:
        return "dobj"  # "Fetch A, and also B": B joins the action's objects with the verb left out
    if _object_place(tok, top, steps, parsed):
        return "dobj"
    return ">".join(steps) or "self"


_ONES = frozenset({"one", "ones"})


def _joined_one(tok: Any, top: Any) -> bool:
    """Whether the address places a "one" that the model joined to the verb itself ("…, and also the
    2024 one at C"): the object of the verb, with the verb left out, as in "Fetch A, and also B".
    Only "at" and "on" place it: "the one from B" names where another thing comes from."""
    prep = tok.head
    one = prep.head
    return (tok.dep_ == "pobj" and lower(prep) in ("at", "on") and lower(one) in _ONES
            and one.dep_ == "conj" and one.head.i == top.i and any(c.dep_ == "det" for c in one.children))


def _object_place(tok: Any, top: Any, steps: list[str], parsed: Parsed) -> bool:
    """"Grab the changelog from A and the README at B": the model hangs the places from the verb, or
    makes the second object a conjunct of it; each address still places an object noun.

    Only where the verb's object is a noun: in "fetch A from B" the object is an address, and B a
    second place that stays a different role.
    """
    nouns = [c for c in top.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN") and c.i not in parsed.items]
    if not nouns:
        return False
    if steps == [] and tok.i in parsed.items:
        return any(n.dep_ == "conj" and n.head.i == top.i for n in tok.ancestors)
    return len(steps) == 1 and steps[0].split(":", 1)[-1] in _PLACES and steps[0].startswith("pobj:")
