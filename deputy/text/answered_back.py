"""A transcript where the deputy asked which address was meant and the requester answered with it alone:
"User: I need the NOAA hurricane page.\nAssistant: Which URL?\nUser: https://www.nhc.noaa.gov/" (issue 14,
round 17). The answer is the address the requester's own earlier turn spoke of ("the NOAA hurricane page"),
so the request is that turn with the address in the place of its one noun for a page.

Pure text work over closed lists: the requester's earlier turn must hold exactly one phrase "the … <noun>"
whose noun is of `words.object_nouns` (page, site, link, …; at most five words between), the assistant's
turn after it is a question naming no address, and the last turn is the address alone. The rewritten
turn is read again with every check (a negation or a condition in it still refuses). Knows no capability.

Round 23 (turns23): the deputy's own question may hold the verb instead ("Turn 2 (assistant): hello, what
should I fetch?\nTurn 3 (user): A"): the answer is the object the question asks for, so the request is the
question's verb phrase with the address after it ("fetch A"). The question's last sentence must open with
"what" or "which" (`asked_objects`), perhaps a noun for a page, then a frame that asks what to do
(`asking_frames`: "should I", "would you like me to"); the address goes after a stranded preposition at the
end ("check robots.txt for A") or else right after the verb; the rewritten request is read with every check,
so "What should I delete?" answered with A refuses the verb, as "delete A" does.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.vocab import ReaderWords

__all__ = ["answered_request", "asked_request", "only_address"]

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


def asked_request(question: str, address: str, words: ReaderWords) -> str | None:
    """The deputy's question "which page should I fetch?" answered with the address: "fetch <address>"; None
    unless the question's last sentence has that shape and names no address."""
    if not question.rstrip().endswith("?") or protect(question).items:
        return None
    last = re.split(r"(?<=[.!?])\s+", question.strip())[-1]
    objects = "|".join(re.escape(w) for w in sorted(words.asked_objects, key=len, reverse=True))
    frames = "|".join(r"\s+".join(re.escape(w) for w in f.split())
                      for f in sorted(words.asking_frames, key=len, reverse=True))
    nouns = "|".join(re.escape(n) for n in sorted(words.object_nouns, key=len, reverse=True) if n.isalpha())
    if not (objects and frames):
        return None
    # The question may follow a greeting set off by a comma ("hello, what should I fetch?").
    found = re.search(
        rf"(?:^|(?<=,)\s+)(?:{objects})(?:\s+(?:{nouns}))?\s+(?:{frames})\s+(?P<rest>[^?,]*[^\W\d_][^?,]*?)\s*\?$",
        last, re.IGNORECASE,
    )
    if found is None:
        return None
    return _with_object(found.group("rest"), address, words.prepositions)


def _with_object(rest: str, address: str, prepositions: frozenset[str]) -> str:
    """The question's verb phrase with the address as its object: after a stranded preposition at the end
    ("check robots.txt for" → "check robots.txt for A"), else right after the verb ("download for you" →
    "download A for you"), so a word after the verb ("crawl entirely") still bears on the address as it
    would in "crawl A entirely", and is refused or read as it is there."""
    words = rest.split()
    if words[-1].lower() in prepositions:
        return f"{rest} {address}"
    return " ".join([words[0], address, *words[1:]])
