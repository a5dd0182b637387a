"""A noun phrase named first and taken up by "it"/"them": "The sitemaps of A, please list them" is read
as "please list the sitemaps of A" (round 21).

The writer names what they want, then asks with a pronoun. With a determiner the small model makes the
phrase the subject of a statement ("The sitemaps … list them"), and the reader refused it; without one it
hangs the noun on the verb (deputy.forms.dislocated reads that parse). Here the phrase is put where the
pronoun stands, so the request reads as it would have been written plainly.

The shape is closed, and anything else is left as written: the phrase opens its sentence and is at most
a determiner, one to three plain words and a preposition of a page (of/for/from/on/at) with the address
right after it; a comma or dash follows, then at most please/kindly, a verb the reader knows (`verbs`)
and "it"/"them". A phrase word that is a negation or a condition ("If A is up, fetch it"), or a known verb
opening a phrase with no determiner ("Skip page of A, fetch it"), keeps the prompt as written. Pure over the protected prompt; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import Protected

__all__ = ["taken_up"]

_TAKEN_UP = re.compile(
    r"(?:\A|(?<=[.!?\n]))(?P<space>[ \t]*)"
    r"(?P<phrase>(?P<det>(?:the|a|an|its|their|our|your)[ \t]+)?(?P<words>(?:[A-Za-z][A-Za-z-]*[ \t]+){1,3})"
    r"(?:of|for|from|on|at)[ \t]+\x00)"
    r"[ \t]*(?:,|[ \t]-{1,2}|—|–)[ \t]*(?P<please>(?:please|pls|kindly)[ \t]+)?(?P<verb>[A-Za-z]+)[ \t]+"
    r"(?:it|them)\b",
    re.IGNORECASE,
)


def taken_up(
    protected: Protected, *, verbs: frozenset[str], refusing: frozenset[str],
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "<phrase with A>, please <verb> it/them" put as "please <verb> <phrase with A>".

    `verbs` are the verbs the reader knows; `refusing` the single words that negate or condition (a
    phrase holding one is left as written)."""
    if not protected.items:
        return protected, ()
    joined = protected.joined()
    notes: list[str] = []

    def put(match: re.Match[str]) -> str:
        words = [w.lower() for w in match.group("words").split()]
        verb = match.group("verb")
        # Without a determiner, a known verb first ("Skip page of A, fetch it") may be an order of its own.
        opens_with_verb = match.group("det") is None and words[0] in verbs
        if verb.lower() not in verbs or set(words) & refusing or opens_with_verb:
            return match.group(0)
        notes.append(f"… , {verb} it → {verb} …")
        return f"{match.group('space')}{match.group('please') or ''}{verb} {match.group('phrase')}"

    joined = _TAKEN_UP.sub(put, joined)
    return protected.rewritten(joined, notes)
