""""just the one thing really, the sitemap list for A": a spoken opener that only announces a single ask.

Round 29 (voice29: "yeah so just the one thing really, the sitemap list for A, whatever they've got
declared"): read as written, "one" was a word the reader could not place, and the prompt was not understood.
The opener says only that one request follows, so it goes and the request is read on its own ("the sitemap
list for A, …"), keeping every check.

Only at the very start (after spoken fillers), only "(just) (the) one thing" or "one (more|last) thing" with
an optional "really"/"please", and only before a comma, colon or dash: "one thing I don't want is A" has no
such stop and is left as written. Pure text work on closed words.
"""

from __future__ import annotations

import re

__all__ = ["without_one_thing"]

_ONE_THING = re.compile(
    r"\A[ \t]*(?:(?:okay|ok|so|well|yeah|right|alright|and|um|uh)[ \t]*,?[ \t]+)*"
    r"(?:just[ \t]+)?(?:the[ \t]+)?one[ \t]+(?:(?:more|last|quick)[ \t]+)?thing(?:[ \t]+(?:really|please))?"
    r"[ \t]*(?:,|:|—|–|-)[ \t]*(?=\S)",
    re.IGNORECASE,
)


def without_one_thing(text: str) -> str:
    """The text without an opener announcing one ask; the text as written otherwise."""
    found = _ONE_THING.match(text)
    return text if found is None else text[found.end():]
