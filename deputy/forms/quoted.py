"""What a quotation the request does not use may carry: a negation, a condition, a refused verb.

A quotation reaches the parser as one token, so its words are never read as English. Agents quote
their users ("My user says: "grab the changelog for me". Please fetch A."); such a quotation in a
sentence of context is inert when its words hold nothing that could change the request. This module
scans the quoted words against the closed lists; anything it finds keeps the quotation in play (and
names the refusal), an address inside it too. Pure text work; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.refusals import RefusalKind
from deputy.vocab import ReaderWords

__all__ = ["quoted_address", "quoted_refusal"]

_WORDS = re.compile(r"[^\W\d_][\w'’-]*")


def quoted_refusal(text: str, words: ReaderWords) -> tuple[RefusalKind, str] | None:
    """The refusal a quotation's own words call for, or None when they are harmless.

    Harmless means: no negation, no condition, no refused or forbidden verb, no word that widens a
    request ("everything", "tomorrow"), and no address. The kind is what the words name first.
    """
    found = [w.lower().replace("’", "'") for w in _WORDS.findall(text)]
    for word in found:
        if word in words.negations or word.endswith("n't"):
            return RefusalKind.NEGATION, "not" if word.endswith("n't") else word
    padded = " " + " ".join(found) + " "
    for phrase in words.conditions:
        if " " + phrase.lower() + " " in padded:
            return RefusalKind.CONDITION, phrase
    for word in found:
        if word in words.forbidden or word in words.unsupported:
            return RefusalKind.UNSUPPORTED_VERB, word
    for word in found:
        if word in words.blockers:
            return RefusalKind.NOT_UNDERSTOOD, word
    if protect(text).items:
        return RefusalKind.NOT_UNDERSTOOD, text
    return None


def quoted_address(text: str) -> str | None:
    """The first address a quotation holds, as written, or None (only when it holds addresses alone as
    protected items: a quotation inside it is no address)."""
    items = protect(text).items
    if not items or any(item.kind is not ItemKind.ADDRESS for item in items):
        return None
    return items[0].source
