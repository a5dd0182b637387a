"""A site named as the subject of a relative clause on what is asked about (round 23): "list the sitemaps
that A declares", "show me the robots rules A has" ask for "the sitemaps of A", "the robots rules of A".

Only when the noun is one of `words.held_nouns` (things an observing capability reports on: sitemaps,
robots rules, never a page), the clause's verb is one of `words.holding_verbs` and closes the sentence,
and no verb that acts stands before the noun ("download the robots rules A has" is left as written): the
rewrite then only ever makes a question answerable, never an action. "Fetch the page that A links to"
names no held noun and is left as written, and the address stays outside the request. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

__all__ = ["held_by_site"]

_WORD = re.compile(r"[^\W\d_][\w'’-]*")


@cache
def _clause(nouns: frozenset[str], verbs: frozenset[str]) -> re.Pattern[str]:
    held = "|".join(re.escape(n) for n in sorted(nouns, key=len, reverse=True))
    holding = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    return re.compile(
        rf"\b(?P<the>the|any|all the|whatever)\s+(?P<noun>{held})\s+(?:that\s+|which\s+)?(?P<site>\S+)\s+"
        rf"(?P<verb>{holding})(?=\s*(?:[?.!]|,?\s*please\b|$))",
        re.IGNORECASE,
    )


def held_by_site(text: str, *, nouns: frozenset[str], verbs: frozenset[str], actions: frozenset[str],
                 is_address: Callable[[str], bool]) -> str:
    """The text with "the N that A V" put as "the N of A"; the text as written when the form is not there,
    its subject is no address, or a verb that acts stands before it."""
    if not nouns or not verbs:
        return text
    found = _clause(nouns, verbs).search(text)
    if found is None or not is_address(found.group("site")):
        return text
    if any(w.lower() in actions for w in _WORD.findall(text[:found.start()])):
        return text
    put = f"{found.group('the')} {found.group('noun')} of {found.group('site')}"
    return text[:found.start()] + put + text[found.end():]
