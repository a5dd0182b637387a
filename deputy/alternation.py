"""A regex alternation built from one of the vocabulary's closed word lists, once per list.

Pure string work for the text passes ("us|me|<the robot's names>"); knows nothing of what the words mean.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["alternation"]


@cache
def alternation(phrases: frozenset[str]) -> str:
    """`(?:a|b c)`: the phrases escaped, longest first, their words apart by any blank; `(?!)`, which never
    matches, when there are none. Cached by the frozenset, so a word list is joined once, not per prompt."""
    ordered = sorted({" ".join(p.split()) for p in phrases if p.strip()}, key=lambda p: (-len(p), p))
    if not ordered:
        return "(?!)"
    return "(?:" + "|".join(r"[ \t]+".join(re.escape(w) for w in p.split()) for p in ordered) + ")"
