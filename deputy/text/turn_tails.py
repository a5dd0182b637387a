"""A word closing a transcript's last turn that only sets the request against an earlier turn (round 19):
"Tool output: … none found for A\\nOK, then just fetch A instead.", "Assistant earlier: robots.txt disallows
A.\\nUser: ok, then fetch B instead."

Read alone, "instead" leaves open what is replaced, and the reader refuses it. In a transcript the
earlier turns say what: the word adds nothing to the request, and every earlier address is still held to
it (deputy.text.turns refuses B's request above as naming A outside it). Only a word of
`words.turn_contrasts` standing last, before the closing stop; never before "of" ("fetch A instead of B"
names a choice, which keeps its refusal). Pure text work.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["without_contrast"]


@cache
def _closing(contrasts: frozenset[str]) -> re.Pattern[str]:
    names = "|".join(re.escape(c) for c in sorted(contrasts, key=len, reverse=True))
    # A comma may set it off ("fetch A, instead."); only a stop, "!" or nothing may follow it.
    return re.compile(rf"[,\s]+(?:{names})(?P<stop>\s*[.!]*\s*)$", re.IGNORECASE)


def without_contrast(request: str, contrasts: frozenset[str]) -> str:
    """The request without a closing contrast word; the request as written when none closes it."""
    if not contrasts:
        return request
    found = _closing(contrasts).search(request)
    if found is None:
        return request
    return request[:found.start()] + found.group("stop").strip()
