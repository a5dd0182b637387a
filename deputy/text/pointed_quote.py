"""The writer's own line that points back at the one address someone else's quoted words name (round 19):
'Forwarded from Marta: "https://www.coolblue.nl/en is the one I meant."\\nOK, download that one.'

Someone else's words are context (deputy.text.headed); an address only they name stays outside the
request, unless the writer's line points at it exactly: a pointer of `words.turn_pointers_one` ("that one",
"this one", never a bare "it") as the object of a verb that acts, with one address in their words. The same reading as an
earlier turn's pointer (deputy.text.pointed_turns), and the same guard: their words must hold no order
of their own (a quoted "fetch A" is never steered into an action by "do that one"). Pure text work.
"""

from __future__ import annotations

import re
from dataclasses import replace

from deputy.protect import ItemKind, protect
from deputy.text.pointed_turns import pointed_request
from deputy.vocab import ReaderWords

__all__ = ["pointed_quote"]

_WORDS = re.compile(r"[^\W\d_][\w'’-]*")


def _addresses(text: str) -> list[str]:
    found: list[str] = []
    for item in protect(text).items:
        if item.kind is ItemKind.ADDRESS:
            found.append(item.source)
        else:
            found.extend(_addresses(item.text))
    return found


def _plain_words(text: str) -> list[str]:
    """The words of the text outside its addresses, quotations' words included."""
    found = protect(text)
    words = [w.lower() for piece in found.pieces for w in _WORDS.findall(piece)]
    for item in found.items:
        if item.kind is not ItemKind.ADDRESS:
            words.extend(_plain_words(item.text))
    return words


def pointed_quote(asked: str, theirs: list[str], actions: frozenset[str], words: ReaderWords) -> str | None:
    """The writer's line with its one pointer put as the one address their words name, or None.

    None when the writer's line names an address of its own, their words name none or several, or any
    of their words is a verb that acts (an order of theirs)."""
    if not actions or _addresses(asked):
        return None
    named = list(dict.fromkeys(a for said in theirs for a in _addresses(said)))
    if len(named) != 1:
        return None
    if any(w in actions for said in theirs for w in _plain_words(said)):
        return None
    # "that one", "this one": a demonstrative that picks out the one address exactly. A bare "it" after
    # someone else's words ('My colleague wrote: "we need A". Could you fetch it?') may mean their need
    # as well as the address, and stays refused as before.
    exact = frozenset(p for p in words.turn_pointers_one if p.endswith(" one")) | _named_pointers(theirs, named[0], words)
    return pointed_request(asked, named, actions, replace(words, turn_pointers_one=exact))


def _named_pointers(theirs: list[str], address: str, words: ReaderWords) -> frozenset[str]:
    """Round 24 (ctx24): "that page", "this link" for the one address their words name as that noun.

    '> The Finnish weather page is A\n\nPlease fetch that page.': "that page" picks out the address exactly when
    their words say the page is it: the noun (of `words.pointed_nouns`) stands once in their words, and the
    address follows it in the same sentence after "is"/"was" or a colon. "> A links to the forecast page"
    names another page, and "that page" there stays outside the request."""
    pointers: set[str] = set()
    text = " ".join(theirs)
    for noun in words.pointed_nouns:
        if len(re.findall(rf"(?<![\w-]){re.escape(noun)}s?(?![\w-])", text, re.IGNORECASE)) != 1:
            continue
        named = rf"(?<![\w-]){re.escape(noun)}(?:[ \t]*:|(?![\w-])[^.!?\n]{{0,60}}?[ \t](?:is|was))[ \t]+<?{re.escape(address)}"
        if re.search(named, text, re.IGNORECASE):
            pointers |= {f"that {noun}", f"this {noun}"}
    return frozenset(pointers)
