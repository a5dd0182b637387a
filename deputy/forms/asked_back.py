"""A question that points back at the one address of a context sentence: "Our dashboard shows a 403 for
A. What status did you record for that page?".

A question that only asks (no modal) cannot act, so the one address a statement before it names is what
its "it" / "that page" can only mean. Knows clauses and moods; no capability.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from deputy.nlp import Parsed
from deputy.skeleton import Modality, Mood

if TYPE_CHECKING:
    from deputy.clause import Clause

__all__ = ["asked_back", "question_pointer"]

_ASKING = frozenset({Mood.YES_NO_QUESTION, Mood.WH_QUESTION})


def asked_back(main: "Clause", holder: "Clause", wanted: int) -> bool:
    """Whether `main` only asks about the single address the statement `holder` names.

    A request ("Fetch that page."), a question with a modal ("Can you fetch it?"), a pronoun for more
    than one page, or a holder that asks or requests something itself leaves the pronoun unbound.
    """
    return (main.mood in _ASKING and main.modality is Modality.NONE and wanted == 1
            and holder.mood is Mood.STATEMENT and not holder.label)


# Prepositions that say which page a question asks about: "What did you record for that page?".
_ABOUT = frozenset({"for", "on", "of", "from", "at"})
_ONE = frozenset({"it", "this", "that"})
# The parts of a question a possessive "its" may sit on: what is asked ("What was its title?" has "title" as
# the subject, "What title did it have?" needs none of this) or what is wanted ("show me its stored text").
_ASKED_ROLES = frozenset({"nsubj", "nsubjpass", "attr", "dobj"})


def question_pointer(action: Any, asks: bool, parsed: Parsed, referent_nouns: frozenset[str]) -> int | None:
    """The word of a question that only asks which points back at one page, where it is no object:
    "What status did it return?" (the subject), "What did you record for that page?" (after a
    preposition). None for a request or a modal question, which keep the reader's object-only rule."""
    if not asks:
        return None
    for child in action.children:
        # "What was its title?", "What's its status code?": "its" on what is asked points back (round 25).
        if child.dep_ in _ASKED_ROLES and _asked_of_its(child, parsed) is not None:
            return _asked_of_its(child, parsed)
        if child.dep_ in ("nsubj", "nsubjpass") and _points(child, parsed, referent_nouns):
            return int(child.i)
        if child.dep_ == "prep" and str(child.text).lower() in _ABOUT:
            held = [g for g in child.children if g.dep_ == "pobj"]
            if len(held) == 1 and _points(held[0], parsed, referent_nouns):
                return int(held[0].i)
    return None


def _points(tok: Any, parsed: Parsed, referent_nouns: frozenset[str]) -> bool:
    """ "it", or "this/that page": a singular pointer with nothing else on it."""
    if tok.i in parsed.items:
        return False
    kids = [str(k.text).lower() for k in tok.children]
    if str(tok.text).lower() == "it" and not kids:
        return True
    noun = str(tok.lemma_).lower()
    return tok.tag_ == "NN" and noun in referent_nouns and kids in (["this"], ["that"])


def _asked_of_its(noun: Any, parsed: Parsed) -> int | None:
    """The index of a lone possessive "its" on a noun of the question ("its title"), or None. The noun
    names no address itself, and "its" is its only possessive."""
    if noun.i in parsed.items or any(t.i in parsed.items for t in noun.subtree):
        return None
    owners = [k for k in noun.children if k.dep_ == "poss"]
    if len(owners) != 1 or str(owners[0].text).lower() != "its" or list(owners[0].children):
        return None
    return int(owners[0].i)
