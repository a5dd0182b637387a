"""A sentence in which the writer says who it is: "I'm an automated research agent working on behalf of a
journalist.", "We are the data desk of a regional paper." (issue 14, round 26, ctx26).

Its nouns name the writer and whom it works for; none of them is a thing a later "it" could stand for, so such
a sentence is no rival to the one address another sentence wishes for (deputy.forms.wished_copy). It must be a
statement whose root is "be" with "I"/"we" as subject and a noun after it, naming no address and holding no
negation, no word reaching past the page, and no verb that acts, is refused or forbidden ("I'm a bot that
crawls whole sites" says more). Pure over the parse.
"""

from __future__ import annotations

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import beyond_the_page, is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["introduces_writer"]

# The writer speaking of itself: "I'm …", "We are …".
_WRITERS = frozenset({"i", "we"})


def introduces_writer(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether the sentence only says who the writer is (see the module)."""
    if clause.mood is not Mood.STATEMENT or clause.asked or clause.label:
        return False
    doc = parsed.doc
    tokens = [doc[i] for i in sorted(clause.tokens)]
    if any(t.i in parsed.items for t in tokens):
        return False
    roots = [t for t in tokens if t.head.i == t.i or t.head.i not in clause.tokens]
    if len(roots) != 1 or str(roots[0].lemma_).lower() != "be":
        return False
    kids = list(roots[0].children)
    if not any(c.dep_ == "nsubj" and lower(c) in _WRITERS for c in kids):
        return False
    if not any(c.dep_ == "attr" and c.pos_ in ("NOUN", "PROPN") for c in kids):
        return False
    refused = actions | words.unsupported | words.forbidden
    for tok in tokens:
        if is_negation(tok, parsed, words) or beyond_the_page(tok, words):
            return False
        if tok.pos_ in ("VERB", "AUX") and (str(tok.lemma_).lower() in refused or lower(tok) in refused):
            return False
    return True
