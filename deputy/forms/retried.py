"""A request to do again what failed before: "Retry A", "Please try A once more", "Turn 2 (me): retry A,
please." (issue 14, round 17). For a downloader, retrying an address is fetching it again.

A verb of `words.retrying_verbs` asked for (imperative or request; no negation, no condition, no other
verb) whose objects are addresses and nothing else reads as the fetch verb. "try" asks to retry only
with "again" after it ("Try A again", "… once more" is read as "again" before this); "try harder",
"retry the job", "try to delete A" stay verbs the reader refuses. Pure over the skeleton.
"""

from __future__ import annotations

from dataclasses import replace

from deputy.skeleton import Mood, Skeleton
from deputy.vocab import ReaderWords

__all__ = ["retried"]

_ASKING = frozenset({Mood.IMPERATIVE, Mood.REQUEST})
# The verb "retry" asks again by itself; the others ("try") only with one of these after the address.
_SELF_REPEATING = frozenset({"retry"})
_AGAIN = frozenset({"again"})


def retried(sk: Skeleton, words: ReaderWords, verb: str) -> Skeleton:
    """`sk` with a retrying verb read as `verb` (the capability's own verb for fetching), or `sk` unchanged."""
    if sk.predicate not in words.retrying_verbs or sk.mood not in _ASKING:
        return sk
    if sk.negation or sk.conditions or sk.others or sk.unexpected or sk.forbidden:
        return sk
    slots = [s for s in sk.slots if s.in_scope]
    # Every slot is an address that is the verb's own object: "Retry A and B", not "retry the job for A".
    if not slots or any(s.kind != "address" or s.role != "dobj" for s in slots):
        return sk
    if sk.predicate not in _SELF_REPEATING and not (_AGAIN & set(sk.words)):
        return sk
    return replace(sk, predicate=verb, rewrites=sk.rewrites + (f"{sk.predicate} → {verb}",))
