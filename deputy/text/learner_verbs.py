"""Verbs learners and chat writers use for a capability, put as the capability's own verb before parsing:
"Take page A for me" / "Bring me page A" (read "Fetch page A"), "Pull up the stored text of A" / "Dump
the saved text of A" / "gimme the stored text of A" (read "Show me the stored text of A").

Two closed lists (`words.learner_verbs`, `words.learner_show_verbs`) and a closed shape for each:
a fetching verb only with the address as its object (after "me", "for me", an article or a page noun),
a showing verb only with the stored text as its object. Their other senses are never in that shape or
are guarded: "take down A", "take A offline", "take A away", "bring down A", "dump A" (the page itself)
and "take a look at A" are left as written and refused as before. A permission question ("Is permitted
to take A?") becomes the same question with "fetch", which the reader answers from robots.txt and never
acts on. Everything after the rewrite keeps every check (a negation, a condition, another verb).
Pure text work on closed words; knows nothing about crawling beyond the verbs the caller passes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["learner_verbs"]

_ADDRESS = r"(?:https?://|www\.)"
# What may stand between the verb and the address: whom for, an article, a page noun.
_BETWEEN = (
    r"(?:[ \t]+(?:for[ \t]+)?(?:me|us))?"
    r"(?:[ \t]+(?:the|this|that|a))?"
    r"(?:[ \t]+(?:page|site|website|homepage|url|link|pages|sites|websites|urls|links))?"
)
# Particles and words that give a fetching learner verb another sense, anywhere after it in its
# sentence: "take A offline", "take A away", "bring A down", "take A back to the store", "take A from the list".
_OTHER_SENSES = frozenset({
    "down", "off", "offline", "online", "away", "out", "apart", "over", "back", "up", "into", "onto", "in",
    "to", "under", "home", "seriously", "personally", "part", "place", "care", "notice",
    # "Take A from the list", "take A off the queue": taking it away from somewhere, never fetching it.
    "from", "of", "against",
})
# Inflected forms of the verbs a learner list may hold, and the same form of the capability's verb.
_IRREGULAR = {"take": ("took", "taken"), "bring": ("brought",), "carry": ("carried",)}
_FETCH_FORMS = {"base": "fetch", "s": "fetches", "past": "fetched", "ing": "fetching"}


def _forms(lemma: str) -> dict[str, str]:
    """The written forms of a learner verb and which form of "fetch" each stands for."""
    out = {lemma: "base", lemma + "s": "s", lemma + "ing": "ing"}
    if lemma.endswith("e"):
        out[lemma[:-1] + "ing"] = "ing"
    # A learner verb not in the table is read in its base, -s and -ing forms only.
    out.update({form: "past" for form in _IRREGULAR.get(lemma, ())})
    return out


def _sentence_rest(text: str, start: int) -> str:
    """The rest of the sentence from `start` (up to a sentence mark followed by space or the end)."""
    end = re.search(r"[.!?](?=\s|\Z)|\n|—|–", text[start:])
    # An address holds dots: a sentence mark is a mark followed by space, or the end.
    return text[start:] if end is None else text[start:start + end.start()]


def _fetching(text: str, lemmas: Iterable[str]) -> str:
    forms: dict[str, str] = {}
    for lemma in lemmas:
        if " " not in lemma:
            forms.update(_forms(lemma))
    if not forms:
        return text
    pattern = re.compile(
        r"(?<![\w'’-])(?P<verb>" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + r")"
        r"(?P<between>" + _BETWEEN + r")[ \t]+(?=" + _ADDRESS + r")",
        re.IGNORECASE,
    )

    def swap(m: re.Match[str]) -> str:
        rest = _sentence_rest(text, m.end())
        tail = {w.strip(",;:()").lower() for w in rest.split()[1:]}
        if tail & _OTHER_SENSES:
            return m.group(0)  # "take A offline", "bring A down", "take A to the lawyer"
        verb = _FETCH_FORMS[forms[m.group("verb").lower()]]
        if m.group("verb")[0].isupper():
            verb = verb.capitalize()
        return f"{verb}{m.group('between')} "

    return pattern.sub(swap, text)


# Words that give the stored text a place to go ("dump it into a file", "pull it up on the screen"):
# a showing verb followed by one is left as written.
_DESTINATIONS = frozenset({"into", "to", "onto", "in", "on", "out", "down", "off", "away", "file", "disk"})
# The stored text as the object of a showing verb: "the stored text of", "the text you saved for".
_STORED_TEXT = (
    r"(?:the[ \t]+)?(?P<kept>stored|saved|kept|archived)[ \t]+"
    r"(?P<noun>text|contents|content|wording|body)[ \t]+(?P<prep>of|for|from)[ \t]+(?=" + _ADDRESS + r")"
)


def _showing(text: str, phrases: Iterable[str]) -> str:
    verbs = [p for p in phrases if p]
    if not verbs:
        return text
    alternatives = "|".join(
        r"[ \t]+".join(map(re.escape, p.split())) for p in sorted(verbs, key=len, reverse=True)
    )
    pattern = re.compile(
        r"(?<![\w'’-])(?P<verb>" + alternatives + r")(?:[ \t]+(?:me|us))?[ \t]+" + _STORED_TEXT, re.IGNORECASE
    )

    def swap(m: re.Match[str]) -> str:
        rest = _sentence_rest(text, m.end())
        if {w.strip(",;:()").lower() for w in rest.split()[1:]} & _DESTINATIONS:
            return m.group(0)  # "Dump the stored text of A into a file": a place, not a showing
        show = "Show" if m.group("verb")[0].isupper() else "show"
        return f"{show} me the {m.group('kept')} {m.group('noun')} {m.group('prep')} "

    return pattern.sub(swap, text)


def learner_verbs(prompt: str, fetching: Iterable[str], showing: Iterable[str]) -> str:
    """The prompt with a learner's verb for fetching an address, or for showing its stored text, put as
    "fetch" / "show me"; unchanged where the verb has another sense or another object."""
    return _fetching(_showing(prompt, showing), fetching)
