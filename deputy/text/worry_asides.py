"""Asides that reassure or concede, around a request (round 24): "Download A, it is not a private page,
don't worry.", "Fetch A. Don't worry, it's public.", "Not that I need it today, but fetch A.".

Their "not" negates nothing the writer asks: "don't worry" frees the reader of a worry, "not that I need it"
concedes that the request is not urgent. Two closed shapes, each dropped, the rest read with every check:

- a phrase of `words.worry_asides` ("don't worry", "do not worry") standing as a clause of its own: at the
  prompt's or a sentence's start, or after a comma, and closed by a comma, a stop or the end. "don't worry
  about it" (the "it" may be the page), "don't worry if it fails" (a condition) are left as written.
- a fronted concession: a phrase of `words.concession_openers` ("not that") + a pronoun subject + a few
  words with no address, no refused verb and no other negation or condition (a verb that acts
  may be the writer's own: "not that we'll read it this week"), then ", but"
  and the request. "Not that page, but B" (a correction: no pronoun subject) is left as written.

An aside that is the whole prompt is left as written (it asks nothing). Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

__all__ = ["without_worry_asides"]

# The subject a concession opens with: someone or the page, never a noun phrase that names what is refused.
_SUBJECTS = r"(?:i|we|you|they|he|she|it|anyone|anybody|the[ \t]+team|my[ \t]+boss)"
_CONCESSION_WORDS = 12  # a concession longer than this is more than an aside


def _phrases(words: Collection[str]) -> str:
    return "|".join(re.escape(w).replace(r"\ ", r"[ \t]+").replace("'", "['’]?")
                    for w in sorted(words, key=len, reverse=True))


@cache
def _worry(asides: frozenset[str]) -> re.Pattern[str]:
    # The clause alone: after the start, a sentence's stop or a comma; before a comma, a stop or the end.
    return re.compile(
        r"(?P<lead>\A[ \t]*|(?<=[.!])[ \t]+|[ \t]*,[ \t]*)(?:" + _phrases(asides) + r")(?:[ \t]+(?:though|too))?"
        r"[ \t]*(?P<close>,[ \t]*|[.!]+[ \t]*|(?=[ \t]*\Z))",
        re.IGNORECASE,
    )


@cache
def _concession(openers: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"\A[ \t]*(?:" + _phrases(openers) + r")[ \t]+" + _SUBJECTS + r"\b(?P<body>[^,.;:!?\n]*),[ \t]*but[ \t]+",
        re.IGNORECASE,
    )


def _drop_worry(text: str, asides: frozenset[str]) -> str:
    found = _worry(asides).search(text)
    if found is None:
        return text
    lead, close = found.group("lead").strip(), found.group("close").strip()
    if lead == ",":
        # "A, don't worry, it's public" keeps its comma; "A, don't worry." its stop; at the end, nothing.
        joint = ", " if close == "," else close
    else:
        joint = " " if found.start() else ""  # after a sentence's stop, or opening the prompt
    rest = (text[:found.start()] + joint + text[found.end():]).strip()
    if not re.search(r"\w", rest):
        return text
    return rest[:1].upper() + rest[1:] if not found.start() else rest


def _drop_concession(text: str, openers: frozenset[str], blocked: frozenset[str]) -> str:
    found = _concession(openers).match(text)
    if found is None:
        return text
    said = re.findall(r"[\w'’]+", found.group("body").lower().replace("’", "'"))
    if len(said) > _CONCESSION_WORDS or any(w in blocked or w.endswith("n't") for w in said):
        return text
    if re.search(r"https?://|www\.|\w\.\w{2,}", found.group("body")):
        return text
    rest = text[found.end():]
    return rest[:1].upper() + rest[1:] if rest.strip() else text


def without_worry_asides(text: str, *, asides: Collection[str], openers: Collection[str],
                         blocked: frozenset[str]) -> str:
    """The text without a "don't worry" clause and a fronted "not that …, but" concession; as written when
    it holds neither, or when dropping would leave nothing."""
    if not asides and not openers:
        return text
    if asides:
        text = _drop_worry(text, frozenset(asides))
    if openers:
        text = _drop_concession(text, frozenset(openers), blocked)
    return text
