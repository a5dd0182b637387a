"""The same address named twice in one request: "Fetch A and, actually, A again to be sure." (issue 14,
round 17). The spec counts an address repeated in context and request as one thing; the small model
may leave the repeat outside the request's parse ("… A again to be sure" read as a clause of its own),
and the repeat would refuse as an address outside the request though it names nothing new.

Pure over the skeleton. Only an address written exactly as one the request's own parse holds is
dropped (no canonical forms are compared: "a.example" and "https://a.example/" stay two things); every
other word of the prompt is judged as before (a negation, a condition or another verb still refuses).
"""

from __future__ import annotations

from dataclasses import replace

from deputy.skeleton import Skeleton

__all__ = ["without_repeats"]


def without_repeats(sk: Skeleton) -> Skeleton:
    """`sk` without the address slots outside the request that repeat, after it, an address inside it."""
    first: dict[str, int] = {}
    for s in sk.slots:
        if s.kind == "address" and s.in_scope:
            first.setdefault(s.text, s.index)
    if not first:
        return sk
    # Only a repeat after the request's own mention: one before it is a sentence of context's, which
    # deputy.forms.restated judges.
    kept = tuple(s for s in sk.slots if s.in_scope or s.kind != "address" or s.index < first.get(s.text, s.index + 1))
    if len(kept) == len(sk.slots):
        return sk
    return replace(sk, slots=kept, rewrites=sk.rewrites + ("repeated address → once",))
