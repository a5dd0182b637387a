"""A noun put before the request and taken up by a pronoun: "Sitemaps of A, please list them" (round 21).

The writer names what they want first, then asks with "it"/"them": the noun is the request's object,
which the pronoun stands for. The small model hangs the noun on the verb as a loose modifier
(npadvmod), and the reader refused it as a word it has no use for. Read here as the object it is, the
noun is still checked by the capability's forms ("sitemaps" must be a word a form requires).

Guards: the noun comes before the verb, with a comma between them; the verb's object is "it" or "them";
and the noun's own phrase holds an address ("Tomorrow, please fetch it" names no address and stays
refused: a time is no object). Pure over the parse.
"""

from __future__ import annotations

from typing import Any

__all__ = ["dislocated_object"]

_PRONOUNS = frozenset({"it", "them"})


def dislocated_object(child: Any, action: Any, items: dict[int, Any]) -> bool:
    """Whether `child` (a loose noun of `action`) is the object a pronoun after the verb takes up."""
    if child.dep_ != "npadvmod" or child.pos_ not in ("NOUN", "PROPN") or child.i >= action.i:
        return False
    if not any(tok.text == "," for tok in action.doc[child.i + 1: action.i]):
        return False
    if not any(c.dep_ == "dobj" and c.lower_ in _PRONOUNS for c in action.children):
        return False
    return any(tok.i in items for tok in child.subtree)
