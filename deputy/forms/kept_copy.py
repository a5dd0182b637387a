"""A wished copy described by how it is to be kept: "would like a copy of A saved for later", "wants a backup of
A archived for the audit", "a snapshot of A kept offline" (issue 14, round 26, ctx26).

deputy.forms.wished_copy takes a wished noun for the page only when nothing but describing words hang on it; a
participle of keeping on it says only that the copy is kept, which fetching the page does. The participle passes
when it is a verb that acts or keeps (`actions`, `words.keeping_verbs`: "saved", "archived", "kept"), and what
hangs on it is a purpose ("for later", "for the audit", "for her records") or a kept state (`words.kept_states`:
"on file", "offline"), holding no address, verb, negation or word of `words.blockers` beyond a later time of use
("for later"). "a copy of A translated into English", "… saved every morning", "… deleted" still say more than a
wish for the page. Pure over the parse.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.vocab import ReaderWords

__all__ = ["kept_object", "kept_participle"]


def kept_participle(kid: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether `kid`, a word hanging on a wished copy, is a participle saying only how the copy is kept."""
    if kid.dep_ != "acl" or kid.tag_ != "VBN" or kid.i in parsed.items:
        return False
    if str(kid.lemma_).lower() not in actions | words.keeping_verbs:
        return False  # "a copy of A translated", "… deleted": something else done to the page
    return all(_purpose(c, parsed, words) or _kept_state(c, words) for c in kid.children)


def kept_object(wish: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> Any | None:
    """The wished noun of a small clause of keeping under a verb of wishing ("wants [a copy of A saved for
    reference]", where the model makes "copy" the participle's subject): that noun, when the participle
    says only how it is kept; None otherwise."""
    clauses = [c for c in wish.children if c.dep_ in ("ccomp", "xcomp") and c.tag_ == "VBN"]
    if len(clauses) != 1:
        return None
    kept = clauses[0]
    if str(kept.lemma_).lower() not in actions | words.keeping_verbs:
        return None
    subjects = [c for c in kept.children if c.dep_ in ("nsubj", "nsubjpass")]
    others = [c for c in kept.children if c.dep_ not in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or subjects[0].i in parsed.items:
        return None
    if not all(_purpose(c, parsed, words) or _kept_state(c, words) for c in others):
        return None
    return subjects[0]


def _purpose(prep: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"for later", "for the audit", "for her records": what the copy is kept for, naming nothing else to do."""
    if prep.dep_ != "prep" or lower(prep) != "for":
        return False
    later = {w for w in words.later_times if " " not in w}
    for tok in prep.subtree:
        if tok.i == prep.i:
            continue
        if tok.i in parsed.items or tok.pos_ in ("VERB", "AUX", "NUM") or is_negation(tok, parsed, words):
            return False
        word = lower(tok)
        if word in words.blockers and word not in later:
            return False  # "for every meeting", "for the whole team"
    return True


def _kept_state(kid: Any, words: ReaderWords) -> bool:
    """"on file", "offline", "locally": a state the kept copy is in (`words.kept_states`), and nothing more."""
    if kid.dep_ not in ("prep", "advmod"):
        return False
    said = " ".join(lower(t) for t in kid.subtree)
    return said in words.kept_states
