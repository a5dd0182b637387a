"""A permission question whose subject is the action itself: "Is crawling A permitted?".

The small model hangs the address from the permission word ("crawling" the root, "A permitted" a
clause of its own), so the address falls outside the action. The same question in its usual order,
"Is it permitted to crawl A?", parses as the permission question it is; this module rewrites the
one into the other before parsing. Closed lists only: the gerund must be the "-ing" form of a verb
the reader knows, the word after the address one of a few permission words, and the question must
open its sentence with "is" or "was" right before the gerund. Anything else (a negation between, "Is fetching A
not allowed?"; an unknown verb) is left as written. Pure text work over the pieces between
protected items; knows no capability.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache

from deputy.protect import Protected

__all__ = ["gerund_forms", "permission_gerunds"]

# Words that ask for leave when they follow "is <gerund> A": "Is fetching A allowed?".
_PERMISSIONS = ("allowed", "permitted", "ok", "okay", "alright", "fine", "permissible", "legal", "acceptable")
# The question opens its sentence (or follows a comma: "Hey, is fetching A allowed?"); "What is
# fetching A allowed to do?" asks something else and is left alone.
_BEFORE = re.compile(r"(?:\A|(?<=[.!?:;,\n—–(]))[ \t]*(?P<aux>is|was)\s+(?P<ger>[a-z]+ing)\s+\Z", re.IGNORECASE)
_AFTER = re.compile(r"\A\s*(?P<perm>" + "|".join(_PERMISSIONS) + r")\b", re.IGNORECASE)
_VOWELS = frozenset("aeiou")


@cache
def gerund_forms(verbs: frozenset[str]) -> Mapping[str, str]:
    """Each known verb's "-ing" forms, mapped back to the verb: fetching → fetch, scraping → scrape,
    grabbing → grab. Spelling rules only; a form two verbs share keeps the first in sorted order."""
    forms: dict[str, str] = {}
    for verb in sorted(verbs):
        if not verb.isalpha() or len(verb) < 2:
            continue
        candidates = [verb + "ing"]
        if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
            candidates.append(verb[:-1] + "ing")
        if len(verb) >= 3 and verb[-1] not in _VOWELS | {"w", "x", "y"} and verb[-2] in _VOWELS and verb[-3] not in _VOWELS:
            candidates.append(verb + verb[-1] + "ing")
        for form in candidates:
            forms.setdefault(form, verb)
    return forms


def permission_gerunds(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each "is <gerund> A <permission>" put in the usual order, and what was rewritten."""
    forms = gerund_forms(frozenset(verbs))
    pieces = list(protected.pieces)
    rewrites: list[str] = []
    for index in range(len(pieces) - 1):
        before = _BEFORE.search(pieces[index])
        after = _AFTER.match(pieces[index + 1])
        if before is None or after is None:
            continue
        verb = forms.get(before.group("ger").lower())
        if verb is None:
            continue
        perm = after.group("perm")
        pieces[index] = pieces[index][: before.start("aux")] + f"{before.group('aux')} it {perm.lower()} to {verb} "
        pieces[index + 1] = pieces[index + 1][after.end():]
        rewrites.append(f"{before.group('aux')} {before.group('ger')} … {perm} → {before.group('aux')} it {perm.lower()} to {verb} …")
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=tuple(pieces), items=protected.items), tuple(rewrites)
