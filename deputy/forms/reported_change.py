""""Customer says A changed its prices. Please fetch it again.": a person's report that the one address did
something in the past hands that address over to a following "it", as a report of what they saw on it does
(deputy.forms.reasons.reports_on; round 23, ctx23).

`changed_by_the_page` names the reported verb: the clausal complement of the report verb, in the simple past
and active voice ("changed", "dropped", "moved"), whose own subject is the address, with no auxiliary, no
negation and no forbidden verb ("A removed its prices" is left). What the page did is no act asked of me.
`names_many` lets a singular noun that only modifies a plural one pass ("its sale banners", "its market
tables"): "it" cannot stand for "sale". Every other noun of the report is judged as before: a singular noun
("A changed its banner") may be what "it" means, and the report is left to refuse.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from deputy.signals import lower
from deputy.vocab import ReaderWords

__all__ = ["changed_by_the_page", "names_many"]

# What the reported verb may have below it: its subject (the address), a "that", objects, adverbs, punctuation.
_ALLOWED = frozenset({"nsubj", "mark", "dobj", "advmod", "npadvmod", "prep", "punct", "prt"})


def changed_by_the_page(tok: Any, report: Any, addresses: Collection[int], words: ReaderWords) -> bool:
    """Whether `tok` is what the one address did, as the report verb `report` tells it ("says A changed …")."""
    if tok.pos_ != "VERB" or tok.tag_ != "VBD" or tok.dep_ != "ccomp" or tok.head.i != report.i:
        return False
    if str(tok.lemma_).lower() in words.forbidden or lower(tok) in words.forbidden:
        return False
    kids = list(tok.children)
    if any(c.dep_ not in _ALLOWED for c in kids):
        return False
    marks = [c for c in kids if c.dep_ == "mark"]
    if any(lower(c) != "that" for c in marks):
        return False
    subjects = [c for c in kids if c.dep_ == "nsubj"]
    return len(subjects) == 1 and subjects[0].i in addresses


def names_many(tok: Any) -> bool:
    """Whether a singular noun only modifies a plural noun ("sale" in "its sale banners")."""
    return tok.dep_ == "compound" and tok.head.pos_ == "NOUN" and tok.head.tag_ == "NNS"
