""""Fetch A and do the same for B" read as "Fetch A and B" (round 21).

"do the same for B" repeats the action just asked with another object. The small model reads "do" as a
second verb of its own, and the reader refuses two actions at once. The phrase says nothing but "the
same action, again, on B", so it is replaced by "and": the action, its negation, its conditions and
its verb are read once for both addresses, as in "Fetch A and B" ("Don't fetch A and do the same for B"
is negated for both; "Delete A and do the same for B" is refused as an unsupported verb for both).

The shape is closed: the phrase comes from a word list (`same_again`), right after "and" (and "then"),
in the same sentence as an address before it, and right before an address. ", if it works, do the same
for B" has no "and" before the phrase and is left as written (a condition is refused later).

The phrase may also open the next sentence ("Fetch A. Then do the same for B."): it is then put as the
verb that opens the sentence before, when that verb is one the reader knows (`verbs`) and that sentence
holds an address ("Fetch A. Then fetch B."). A sentence before that opens otherwise ("Don't fetch A.",
"If A is up, fetch it.") leaves the phrase as written, and the prompt is refused as before. Pure over the
protected prompt; knows no capability.
"""

from __future__ import annotations

import re
from functools import lru_cache

from deputy.alternation import alternation
from deputy.protect import ITEM_MARK, Protected

__all__ = ["same_again"]

# An address is one opaque mark (\x00) in the joined text; a sentence ends at . ! ? or a line break.
_MARK = ITEM_MARK


@lru_cache(maxsize=8)
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """"[,] and [then] <phrase>" right before an address mark; longest phrases first."""
    alternatives = alternation(frozenset(phrases))
    return re.compile(
        rf"(?P<join>,?[ \t]+and(?:[ \t]*,)?(?:[ \t]+then)?(?:[ \t]*,)?)[ \t]+(?:{alternatives})[ \t]+(?={_MARK})",
        re.IGNORECASE,
    )


@lru_cache(maxsize=8)
def _opening_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """The phrase opening a sentence ("Then do the same for", "Same for") right before an address mark."""
    alternatives = alternation(frozenset(phrases))
    return re.compile(
        rf"(?:(?<=[.!?])[ \t]+|(?<=\n)[ \t]*)(?P<lead>(?:(?:then|now|also|and|next)[ \t]*,?[ \t]+)?"
        rf"(?:(?:please|pls|kindly)[ \t]+)?)(?:{alternatives})[ \t]+(?={_MARK})",
        re.IGNORECASE,
    )


# The verb opening a sentence, after at most please/kindly: "Please fetch A." → "fetch".
_OPENING_VERB = re.compile(r"[ \t]*(?:(?:please|pls|kindly)[ \t,]+)?(?P<verb>[A-Za-z]+)\b", re.IGNORECASE)


def same_again(
    protected: Protected, phrases: tuple[str, ...], verbs: frozenset[str] = frozenset(),
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "and do the same for <address>" read as "and <address>", and "Do the same for
    <address>." after a sentence that opens with a known verb read as that verb; a note for each."""
    if not phrases or len(protected.items) < 2:
        return protected, ()
    joined = protected.joined()
    notes: list[str] = []
    found = [m for m in _pattern(phrases).finditer(joined) if _address_before(joined, m.start())]
    for match in reversed(found):
        joined = joined[: match.start()] + " and " + joined[match.end():]
        notes.append("do the same for → and")
    for match in reversed(list(_opening_pattern(phrases).finditer(joined))):
        verb = _verb_before(joined, match.start(), verbs)
        if verb is not None:
            joined = joined[: match.start()] + " " + match.group("lead") + verb + " " + joined[match.end():]
            notes.append(f"do the same for → {verb}")
    return protected.rewritten(joined, notes)


def _verb_before(joined: str, at: int, verbs: frozenset[str]) -> str | None:
    """The known verb opening the sentence before `at`, when that sentence holds an address; else None."""
    before = joined[:at].rstrip()
    if not before or before[-1] not in ".!?":
        return None
    body = before.rstrip(".!?")
    start = max(max((m.end() for m in re.finditer(r"[.!?]+[ \t]+", body)), default=0), body.rfind("\n") + 1)
    sentence = body[start:]
    opening = _OPENING_VERB.match(sentence)
    if opening is None or _MARK not in sentence:
        return None
    verb = opening.group("verb").lower()
    return verb if verb in verbs else None


def _address_before(joined: str, at: int) -> bool:
    """Whether an address stands earlier in the sentence the phrase ends: the action it repeats has one."""
    start = max(joined.rfind(stop, 0, at) for stop in (".", "!", "?", "\n"))
    return _MARK in joined[start + 1: at]
