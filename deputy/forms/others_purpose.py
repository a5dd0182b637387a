""""Fetch A and B so the analyst can compare them": a purpose whose verb has a person of its own for subject
says what that person will do with the pages, not a second action asked of me (round 21, ctx21).

deputy.context.done_to_it refuses an unsupported verb applied to "it"/"them" in the request's purpose ("fetch A
so you can translate it", "… so it can be published"); "so I can compare it" was already the writer's own work.
Another person's work is no more mine: "so the economist can compare them", "so that my colleague can
summarise it", "so she can translate it".

Guards: only a verb under a purpose mark ("so", "so that", "in order that") with a modal of ability or intent
("can", "could", "will", "would", "may", "might"), whose own subject (not one up the clause: "so you can have
the analyst compare it" stays) is a noun that names no robot (`self_nouns`, `self_names`: "so the bot can
translate it") or a personal pronoun of a third person; never "I"/"we" (refused as before), "you", "it", "this", "that". A
negation in the clause, a forbidden verb and the request's own checks are judged as before (the caller and
deputy.decide). A purpose that names an address or a quotation is left as it was.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from deputy.signals import lower
from deputy.vocab import ReaderWords

__all__ = ["done_by_another"]

_PURPOSE_MARKS = frozenset({"so", "that"})
_MODALS = frozenset({"can", "could", "will", "would", "may", "might"})
# Pronouns of a third person. Not the writer's "I"/"we": "fetch A so I can email it" is refused by design
# (deputy.context.done_to_it: in the request's own purpose, whose work it is stays open).
_PEOPLE = frozenset({"he", "she", "they"})
# "they" may be the pages themselves ("so they can be compared"): only as the active subject of the verb.
_NOT_PEOPLE = frozenset({"you", "u", "it", "this", "that", "these", "those", "yourself", "i", "we"})


def done_by_another(verb: Any, words: ReaderWords, items: Collection[int]) -> bool:
    """Whether a verb of the request's purpose is someone else's step ("so the analyst can compare them").

    `items`: the protected tokens (addresses, quotations); a purpose holding one ("so the analyst can compare
    it with B") names a second page, and is left to refuse."""
    if any(t.i in items for t in verb.subtree):
        return False
    marks = {lower(c) for c in verb.children if c.dep_ == "mark"}
    if not marks or not marks <= _PURPOSE_MARKS or "so" not in marks:
        return False
    if not any(c.dep_ == "aux" and lower(c) in _MODALS for c in verb.children):
        return False
    if any(c.dep_ == "neg" for c in verb.children):
        return False
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or subjects[0].dep_ != "nsubj":
        return False
    subject = subjects[0]
    said = lower(subject)
    if said in _NOT_PEOPLE or said in words.self_nouns or said in words.self_names:
        return False
    if subject.pos_ == "PRON":
        return said in _PEOPLE
    return subject.pos_ in ("NOUN", "PROPN") and str(subject.lemma_).lower() not in words.self_nouns
