"""A remark beside the address that contrasts two noun phrases: "Grab A (the fact sheet itself, not the
landing page)", "Fetch A — the overview page, not the symptoms checker." Its "not" says which page is
meant and which is not; it does not take the request back.

Pure over tokens; knows no capability. Narrow on purpose: the remark has no verb at all, the "not"
stands on a determined noun (never on a time word: "(not now, tomorrow)", "(not today)" still negate), an earlier
noun of the same remark is the page meant, and the negated phrase holds no address ("fetch A, not B"
keeps refusing as before).
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import lower
from deputy.forms.times import is_time_word

__all__ = ["contrasting_not"]

_NEGATORS = frozenset({"not", "n't"})


def contrasting_not(tok: Any, remark: frozenset[int], parsed: Parsed) -> bool:
    """Whether `tok`, in the sentence `remark` (token ids), is the "not" of such a contrast."""
    if lower(tok) not in _NEGATORS or tok.i not in remark:
        return False
    doc = parsed.doc
    if any(doc[i].pos_ in ("VERB", "AUX") and i not in parsed.synthetic for i in remark):
        return False
    noun = tok.head
    if noun.i not in remark or noun.i < tok.i or noun.pos_ not in ("NOUN", "PROPN") or is_time_word(noun):
        return False
    # A thing named as a thing: determined ("the landing page", "that one"), never an adverbial noun
    # ("not today", "not tonight" say when, and negate the request).
    if noun.dep_ in ("npadvmod", "tmod", "advmod") or not any(c.dep_ in ("det", "poss") for c in noun.children):
        return False
    phrase = {t.i for t in noun.subtree}
    # Everything the "not" reaches, to the end of the remark, is that one noun phrase: "(the page, not
    # today)" may hang "not" from "page", and "today" after it still negates the time.
    after = {i for i in remark if i > tok.i and not doc[i].is_punct}
    if not after <= phrase or any(i in parsed.items or is_time_word(doc[i]) for i in phrase | after):
        return False
    # The page meant: a noun of the same remark before the "not", outside the negated phrase.
    return any(doc[i].pos_ in ("NOUN", "PROPN") and i < tok.i and i not in phrase and i not in parsed.items
               for i in remark)
