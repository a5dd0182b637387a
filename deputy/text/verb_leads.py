"""Spoken leads right before the verb, round 26: "Only fetch A — nothing else." is "fetch A — nothing else.",
"okay next one fetch A and B" is "fetch A and B".

- An exclusive "only" right before a verb the reader knows narrows the request to what follows; it negates
  nothing and conditions nothing, as "just" does (which the reader already passes over). It goes where it
  opens the prompt or a sentence, or follows "please" or "you" ("could you only fetch A").
- A speaker moving on to the next item of a list of requests ("okay next one fetch A"), as the round-22
  openers "next thing"/"next up" do. Only at the start of the prompt: "okay next one is A just get that
  one" names the item with "is" and is read as written.
Both go only before a verb the reader knows and does not refuse: "Only delete A" and "next one delete A"
are read as written and refused for "delete". Whatever follows is read with every check: "Only fetch A if B
is down" is still a condition, "next one fetch A if it changed" too. Pure text work, before the parse.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["without_verb_leads"]


def _verb_alternatives(verbs: frozenset[str]) -> str:
    # Longest first, so that "download" is never read as "down" + "load"; a whole word only.
    names = "|".join(sorted((re.escape(v) for v in verbs), key=len, reverse=True))
    return r"(?=(?:" + names + r")\b(?![-'’]))"


@cache
def _only_before(verbs: frozenset[str]) -> re.Pattern[str]:
    # Group 1 keeps what stands before "only": the start, a sentence's end, "please" or "you".
    return re.compile(
        r"(\A[ \t]*|[.!?\n][ \t]*|\bplease[ \t]+|\byou[ \t]+)only[ \t]+" + _verb_alternatives(verbs), re.IGNORECASE
    )


@cache
def _next_one_before(verbs: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"\A[ \t]*(?:(?:okay|ok|alright|right|so|and)[ \t]*,?[ \t]+)?(?:the[ \t]+)?next[ \t]+one[ \t]*[,:—–-]?[ \t]+"
        + _verb_alternatives(verbs),
        re.IGNORECASE,
    )


def _without_only_lead(text: str, known: frozenset[str]) -> str:
    """The prompt without an exclusive "only" right before a verb of `known`."""
    if not known or "only" not in text.lower():
        return text  # most prompts hold no "only": no pattern is built or run
    return _only_before(known).sub(r"\1", text)


def _without_next_one(text: str, known: frozenset[str]) -> str:
    """The prompt without an opening "okay next one" right before a verb of `known`."""
    if not known or "next" not in text.lower():
        return text
    return _next_one_before(known).sub("", text, count=1)


def without_verb_leads(text: str, known: frozenset[str]) -> str:
    """The prompt without an "only" or an opening "next one" before a verb of `known` (the verbs the reader
    reads and does not refuse)."""
    return _without_next_one(_without_only_lead(text, known), known)
