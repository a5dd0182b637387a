"""A transcript where the deputy asked which address was meant and the requester answered with it alone:
"User: I need the NOAA hurricane page.\nAssistant: Which URL?\nUser: https://www.nhc.noaa.gov/" (issue 14,
round 17). The answer is the address the requester's own earlier turn spoke of ("the NOAA hurricane page"),
so the request is that turn with the address in the place of its one noun for a page.

Pure text work over closed lists: the requester's earlier turn must hold exactly one phrase "the … <noun>"
whose noun is of `words.object_nouns` (page, site, link, …; at most five words between), the assistant's
turn after it is a question naming no address, and the last turn is the address alone. The rewritten
turn is read again with every check (a negation or a condition in it still refuses). Knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.vocab import ReaderWords

__all__ = ["answered_request", "only_address"]

# "the NOAA hurricane page", "the Met Office forecast page": a determiner, up to five words, the noun.
_PHRASE = r"(?<![\w'’-])the\s+(?:[\w'’.&-]+\s+){{0,5}}?({nouns})(?![\w'’-])"


def only_address(text: str) -> str | None:
    """The one address a turn consists of (nothing else but punctuation around it), or None."""
    found = protect(text.strip())
    if len(found.items) != 1 or found.items[0].kind is not ItemKind.ADDRESS:
        return None
    if any(piece.strip(" \t\n.!,;:") for piece in found.pieces):
        return None
    return found.items[0].text


def answered_request(asked: str, question: str, address: str, words: ReaderWords) -> str | None:
    """The requester's earlier turn with the address in place of its one "the … page" phrase, or None.

    None unless the assistant's turn between is a question (it ends in "?") naming no address, and the
    earlier turn is no question, holds exactly one such phrase and no address of its own."""
    if not question.rstrip().endswith("?") or protect(question).items or protect(asked).items:
        return None
    if asked.rstrip().endswith("?"):
        return None  # "Can you get me the … page?": a question of the requester's may ask more than one way
    nouns = "|".join(re.escape(n) for n in sorted(words.object_nouns, key=len, reverse=True) if n.isalpha())
    matches = list(re.finditer(_PHRASE.format(nouns=nouns), asked, re.IGNORECASE))
    if len(matches) != 1:
        return None
    match = matches[0]
    return asked[:match.start()] + address + asked[match.end():]
