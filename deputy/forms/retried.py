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
    if any(a.predicate in words.retrying_verbs for a in sk.also):
        # "Fetch A. Then retry B." / "How many pages failed? Retry them.": a further request is read the same way.
        also = tuple(retried(a, words, verb) for a in sk.also)
        refused = tuple(a.forbidden[-1] for a, b in zip(also, sk.also, strict=True) if a.forbidden != b.forbidden)
        sk = replace(sk, also=also, forbidden=sk.forbidden + refused)
    if sk.predicate not in words.retrying_verbs:
        return sk
    if _fetches(sk):
        return replace(sk, predicate=verb, rewrites=sk.rewrites + (f"{sk.predicate} → {verb}",))
    # "How many pages failed? Retry them.": retrying anything but addresses is a verb the reader does not
    # support, and is refused as one (unless a negation or a condition is the more telling reason).
    if sk.negation or sk.conditions or sk.predicate in words.unsupported or sk.predicate in sk.forbidden:
        return sk
    return replace(sk, forbidden=sk.forbidden + (sk.predicate,))


def _fetches(sk: Skeleton) -> bool:
    """Whether a retrying request asks, plainly, for its addresses and nothing else."""
    if sk.mood not in _ASKING or sk.negation or sk.conditions or sk.others or sk.unexpected or sk.forbidden:
        return False
    slots = [s for s in sk.slots if s.in_scope]
    # Every slot is an address that is the verb's own object: "Retry A and B", not "retry the job for A".
    if not slots or any(s.kind != "address" or s.role != "dobj" for s in slots):
        return False
    return sk.predicate in _SELF_REPEATING or bool(_AGAIN & set(sk.words))
