"""A lone address first, then a request that points back at it (round 24): "<url>A</url> download this",
"A download it", "`A` save this page for me".

The address opens the prompt as a line of its own would; the request after it points at it with a word of
`words.address_pointers` ("this", "it", "that one", "this page"). Written with a stop between them ("A. download
this", "A: download this") the reader already takes it; without one the parse reads the address as the
verb's subject. So the address is closed with a stop, and only when: it is the prompt's only address (with two,
"this" names neither for sure), it may sit in one pair of markup (`A`, <A>, [A], (A)), and a verb that acts
or that is refused follows it, after at most a plain "please"/"just", and before the pointer. Nothing is
dropped: the request is read with every check, so "A don't download this", "A download this if it
changed", "A delete this" still refuse. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from functools import cache

__all__ = ["address_first"]

# Markup that may hold the opening address: the pair only marks it.
_PAIRS = {"`": "`", "<": ">", "[": "]", "(": ")"}
# Words that may stand between the address and the verb: they ask, and negate or condition nothing.
_LEAD_INS = ("please", "pls", "plz", "just", "kindly")


@cache
def _request(verbs: frozenset[str], pointers: tuple[str, ...]) -> re.Pattern[str]:
    said = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    pointed = "|".join(re.escape(p).replace(r"\ ", r"[ \t]+") for p in sorted(pointers, key=len, reverse=True))
    lead = "|".join(_LEAD_INS)
    return re.compile(rf"(?:(?:{lead})[ \t]+)?(?:{said})[ \t]+(?:{pointed})(?![\w'’-])", re.IGNORECASE)


def _unwrapped(word: str) -> str:
    """The word without one pair of markup around it ("`A`" is A); the word itself otherwise."""
    if len(word) > 2 and _PAIRS.get(word[0]) == word[-1]:
        return word[1:-1]
    return word


def address_first(text: str, *, verbs: Collection[str], pointers: tuple[str, ...],
                  is_address: Callable[[str], bool], count_addresses: Callable[[str], int]) -> str:
    """The text with its opening lone address closed by a stop before a request pointing back at it;
    the text as written otherwise."""
    if not verbs or not pointers:
        return text
    found = re.match(r"[ \t\n]*(?P<word>\S+)(?P<gap>[ \t]*\n?[ \t]*)", text)
    if found is None or not found.group("gap"):
        return text
    rest = text[found.end():]
    if not _request(frozenset(v.lower() for v in verbs), pointers).match(rest):
        return text
    address = _unwrapped(found.group("word"))
    if not is_address(address) or count_addresses(text) != 1:
        return text
    return f"{address}. {rest}"
