""""Fetch A and then fetch it again along with B" read as "Fetch A and B" (issue 14, round 24, turns24).

The second clause repeats the first clause's verb on "it" and joins another address to it: "it" can only
be the one address the first clause's verb took, and fetching it again is fetching it (the binder counts a
repeated address once). So the clause says nothing but "and B": the action, its negation, its conditions
and its verb are then read once for both addresses, as in "Fetch A and B". Read as written, the "it" was
a word the reader could not place and the prompt was refused.

The shape is closed: the clause opens with "and", "and then" or ", then" right after the first clause, its
verb is one the reader knows (`verbs`) and the same word as the verb right before the sentence's one
earlier address ("Fetch A"), "it" follows that verb (perhaps "again" or "once more"), and a joining
phrase of `repeat_joiners` ("along with", "plus") stands right before the next address. Anything between
("and then, if it changed, fetch it …", "but don't fetch it …"), another verb ("and then delete it"), two
addresses before "it", or a verb with another object before the address ("check robots.txt for A") leaves
the prompt as written. Pure over the protected prompt; knows no capability.
"""

from __future__ import annotations

import re
from functools import lru_cache

from deputy.alternation import alternation
from deputy.protect import ITEM_MARK, Protected

__all__ = ["repeated_verb"]

# An address is one opaque mark (\x00) in the joined text; a sentence ends at . ! ? or a line break.
_MARK = ITEM_MARK
_VERB_BEFORE_MARK = re.compile(rf"([A-Za-z]+)[ \t]+{_MARK}$")


@lru_cache(maxsize=8)
def _pattern(joiners: frozenset[str]) -> re.Pattern[str]:
    """"[,] and [then] <verb> it [again] <joiner>" right before an address mark; longest joiners first."""
    alternatives = alternation(joiners)
    return re.compile(
        rf"(?:,?[ \t]+and(?:[ \t]+then)?|,[ \t]*then)[ \t]+(?P<verb>[A-Za-z]+)[ \t]+it"
        rf"(?:[ \t]+(?:again|once[ \t]+more))?[ \t]+(?:{alternatives})[ \t]+(?={_MARK})",
        re.IGNORECASE,
    )


def repeated_verb(
    protected: Protected, joiners: frozenset[str], verbs: frozenset[str],
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "and then <verb> it again along with <address>" read as "and <address>" where the
    verb is the one the sentence's one earlier address took; a note for each."""
    if not joiners or len(protected.items) < 2:
        return protected, ()
    joined = protected.joined()
    notes: list[str] = []
    for match in reversed(list(_pattern(joiners).finditer(joined))):
        verb = match.group("verb").lower()
        if verb in verbs and _object_verb(joined, match.start()) == verb:
            joined = joined[: match.start()] + " and " + joined[match.end():]
            notes.append(f"{verb} it again along with → and")
    return protected.rewritten(joined, notes)


def _object_verb(joined: str, at: int) -> str | None:
    """The verb right before the one address of the sentence up to `at`, lower-cased; None when the sentence
    holds no address or more than one there, or the address does not follow a verb-like word directly."""
    start = max(joined.rfind(stop, 0, at) for stop in (".", "!", "?", "\n")) + 1
    before = joined[start:at]
    if before.count(_MARK) != 1:
        return None
    found = _VERB_BEFORE_MARK.search(before[: before.index(_MARK) + 1])
    return None if found is None else found.group(1).lower()
