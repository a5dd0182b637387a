"""A need for the page itself is a request for its copy: "need A asap pls" asks what "Need a copy of A"
asks, when the vocabulary's products all stand for one verb (deputy/forms/products.py reads the product nouns).

Reads the one parse the skeleton was built from; knows no capability and never rewrites the prompt.
Only the writer's plain need ("I need A", "need A asap pls"; chat drops the "I"), with nothing under
"need" but its subject, the address, "please" and adverbs of the reader's list ("asap", "now"):
"need A for the audit", "need A deleted", "the client needs A", "don't need A" and a need under a
condition or in a question are left as they were and refused as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from deputy.skeleton import Modality, Mood, Skeleton, TokenRow
from deputy.vocab import ReaderWords

__all__ = ["needed_page"]

# The writer, or no one named (notes drop the "I"); anyone else's need leaves open whether I am to act.
_WRITERS = frozenset({None, "i", "we"})
# Only a plain need: "want" may state a taste ("we want A to stay up"), "like" asks only under "would".
_NEEDS = frozenset({"need"})
# What may hang from "need" besides the address: its subject, punctuation and a courtesy word.
_AROUND = frozenset({"nsubj", "punct", "intj"})


def needed_page(sk: Skeleton, products: Mapping[str, str], words: ReaderWords) -> Skeleton:
    """The skeleton read as a request for the products' one verb, or `sk` unchanged."""
    verbs = set(products.values())
    if len(verbs) != 1 or sk.predicate not in _NEEDS or sk.subject not in _WRITERS:
        return sk
    if sk.mood not in (Mood.STATEMENT, Mood.IMPERATIVE) or sk.negation or sk.conditions or sk.conditions_aside:
        return sk
    slots = [s for s in sk.slots if s.kind == "address"]
    if len(slots) != 1 or not slots[0].in_scope:
        return sk
    rows = {row.id: row for row in sk.tokens}
    wishes = [r for r in rows.values() if r.lemma == sk.predicate]
    if len(wishes) != 1 or not _only_the_page(wishes[0], rows, slots[0].index + 1, words):
        return sk
    (verb,) = verbs
    return replace(
        sk, predicate=verb, mood=Mood.REQUEST, modality=Modality.REQUEST, governors=(wishes[0].lemma,),
        rewrites=sk.rewrites + (f"{wishes[0].form} A → {wishes[0].form} you to {verb} A",),
    )


def _only_the_page(wish: TokenRow, rows: Mapping[int, TokenRow], address: int, words: ReaderWords) -> bool:
    """The need's object is the address, and nothing else hangs from the need but the words of `_AROUND`
    and the reader's adverbs. The small model may make a closing "asap" the object, with the address as
    its compound ("need A asap"): the adverb is then the object's place, and the address under it."""
    adverbs = frozenset(a.lower() for a in words.adverbs)
    children = [r for r in rows.values() if r.head == wish.id]
    objects = [r for r in children if r.deprel == "dobj"]
    if len(objects) != 1:
        return False
    obj = objects[0]
    if obj.id != address:
        # Round 29 (voice29): "need A asap kthx" sets the thanks off by a comma, which the parse hangs from "asap".
        below = [r for r in rows.values() if r.head == obj.id and r.deprel != "punct"]
        if obj.form.lower() not in adverbs or obj.misc or [r.id for r in below] != [address]:
            return False
    if any(r.head == address for r in rows.values()):
        return False  # "need A of the report", "need A removed": the address says more than the page
    for child in children:
        if child is obj or child.deprel in _AROUND:
            continue
        if child.deprel == "advmod" and child.form.lower() in adverbs:
            continue
        if _closing_thanks(child, rows):
            continue
        return False
    return True


# How the parse hangs a closing "thanks" from the need ("need A asap, thanks").
_THANKS_RELATIONS = frozenset({"npadvmod", "intj", "dep", "dobj"})


def _closing_thanks(child: TokenRow, rows: Mapping[int, TokenRow]) -> bool:
    """A bare "thanks" after the address (round 29, voice29: "need A asap kthx", where "kthx" is read as
    "thanks"): a courtesy word with nothing under it, which asks nothing of its own."""
    if child.lemma.lower() not in _THANKS or child.deprel not in _THANKS_RELATIONS or child.misc:
        return False
    return not any(r.head == child.id for r in rows.values()) and child.form.lower() in _THANKS


_THANKS = frozenset({"thanks", "thank"})
