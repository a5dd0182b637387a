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
    """`sk` without the address slots outside the request that repeat an address inside it."""
    asked = {s.text for s in sk.slots if s.kind == "address" and s.in_scope}
    if not asked:
        return sk
    kept = tuple(s for s in sk.slots if s.in_scope or s.kind != "address" or s.text not in asked)
    if len(kept) == len(sk.slots):
        return sk
    return replace(sk, slots=kept, rewrites=sk.rewrites + ("repeated address → once",))
