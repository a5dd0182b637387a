""""Fetch A and do the same for B" read as "Fetch A and B" (round 21).

"do the same for B" repeats the action just asked with another object. The small model reads "do" as a
second verb of its own, and the reader refuses two actions at once. The phrase says nothing but "the
same action, again, on B", so it is replaced by "and": the action, its negation, its conditions and
its verb are read once for both addresses, as in "Fetch A and B" ("Don't fetch A and do the same for B"
is negated for both; "Delete A and do the same for B" is refused as an unsupported verb for both).

The shape is closed: the phrase comes from a word list (`same_again`), right after "and" (and "then"),
in the same sentence as an address before it, and right before an address. ", if it works, do the same
for B" has no "and" before the phrase and is left as written (a condition is refused later). Pure over
the protected prompt; knows no capability.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from deputy.protect import Protected

__all__ = ["same_again"]

# An address is one opaque mark (\x00) in the joined text; a sentence ends at . ! ? or a line break.
_MARK = "\x00"


@lru_cache(maxsize=8)
def _pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """"[,] and [then] <phrase>" right before an address mark; longest phrases first."""
    alternatives = "|".join(
        r"[ \t]+".join(re.escape(word) for word in phrase.split())
        for phrase in sorted(phrases, key=len, reverse=True)
    )
    return re.compile(
        rf"(?P<join>,?[ \t]+and(?:[ \t]*,)?(?:[ \t]+then)?(?:[ \t]*,)?)[ \t]+(?:{alternatives})[ \t]+(?={_MARK})",
        re.IGNORECASE,
    )


def same_again(protected: Protected, phrases: tuple[str, ...]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "and do the same for <address>" read as "and <address>", and a note for each."""
    if not phrases or len(protected.items) < 2:
        return protected, ()
    joined = _MARK.join(protected.pieces)
    found = [m for m in _pattern(phrases).finditer(joined) if _address_before(joined, m.start())]
    if not found:
        return protected, ()
    for match in reversed(found):
        joined = joined[: match.start()] + " and " + joined[match.end():]
    pieces = tuple(joined.split(_MARK))
    if len(pieces) != len(protected.pieces):
        return protected, ()  # an address mark was touched: leave the prompt as written
    return replace(protected, pieces=pieces), tuple("do the same for → and" for _ in found)


def _address_before(joined: str, at: int) -> bool:
    """Whether an address stands earlier in the sentence the phrase ends: the action it repeats has one."""
    start = max(joined.rfind(stop, 0, at) for stop in (".", "!", "?", "\n"))
    return _MARK in joined[start + 1: at]
