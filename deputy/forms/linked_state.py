""""My manager asked how big our archive has become": a linking verb with an adjective for complement, inside
someone else's reported question, says what state a thing is in; nothing is asked to be done (round 23, ctx23).

deputy.compose._reported_question keeps a reported question as context only when it holds no verb that acts
or is refused; "become", "grow", "turn" are refused verbs ("I cannot become"), yet "how stale the archive has
become", "whether the copy has grown obsolete", "how large the backlog has grown" only describe a thing.
`describes_state` names such a verb: one of `words.linking_verbs`, whose complement is an adjective (acomp, or
the adjective the wh-word opens: "how big"), with a subject of its own and no object, no passive, no negation
on it. A noun complement ("become a mirror") is no state and is left; so is every other check of the
reported question (an address, a negation, a verb that acts elsewhere in it). `described_things` names the
words of that verb's subject ("our archive of … pages"), which may spell a verb that acts ("archive").
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.vocab import ReaderWords

__all__ = ["described_things", "describes_state"]

# What a describing verb may have below it besides its complement: a subject, auxiliaries, a question word,
# punctuation, an adverb ("has become so big", "still"), a subordinating mark ("whether").
_ALLOWED = frozenset({"nsubj", "aux", "advmod", "punct", "mark", "acomp", "prep", "npadvmod"})


def describes_state(tok: Any, linking: frozenset[str]) -> bool:
    """Whether `tok` is a linking verb ("become", "grow") stating that its subject is in some state ("… big")."""
    if tok.pos_ not in ("VERB", "AUX") or str(tok.lemma_).lower() not in linking:
        return False
    kids = list(tok.children)
    if any(c.dep_ not in _ALLOWED for c in kids) or any(lower(c) in ("not", "n't", "never") for c in kids):
        return False
    if sum(1 for c in kids if c.dep_ == "nsubj") != 1:
        return False
    return any(c.dep_ == "acomp" and c.pos_ == "ADJ" for c in kids)


# Words of the thing described: "our archive of Japanese health ministry pages" (no verb among them).
_THING_POS = frozenset({"NOUN", "PROPN", "ADJ", "DET", "ADP", "PRON", "NUM", "PART"})


def described_things(clause: Clause, parsed: Parsed, words: ReaderWords) -> frozenset[int]:
    """The tokens naming what a describing verb's subject is ("our archive" in "… how big our archive has become").

    Such a noun may spell a verb that acts ("archive", "copy"); as the subject described it names a thing. Only
    when the subject holds no verb, no address and no negation; else nothing is given and the old checks stand."""
    doc = parsed.doc
    found: set[int] = set()
    for index in clause.tokens:
        tok = doc[index]
        if not describes_state(tok, words.linking_verbs):
            continue
        subject = next(c for c in tok.children if c.dep_ == "nsubj")
        part = [t for t in subject.subtree]
        if any(t.pos_ not in _THING_POS or t.i in parsed.items or is_negation(t, parsed, words) for t in part):
            continue
        found.update(t.i for t in part)
    return frozenset(found)

