""""fetch A and B and also uh A wait that's the first one again never mind just once": a spoken note that the
last address repeats an earlier one, closing the prompt.

The speaker names an address again, notices, and says so; the note (`words.repeat_callouts`: "that's the first
one again") with its dismissal (`words.repeat_dismissals`: "never mind", "just once") takes back only the
repetition, which the reader already counts once (deputy.forms.repeated). Read as written, "never" negated the
request and it was refused (round 28, voice28). The note is dropped; the request keeps every other check.

Only at the very end of the prompt, only right after an address (an optional "wait", "oh wait", "oops" or
"sorry" before the note), only when that address is named earlier in the prompt too, and only a whole phrase
of each list: "fetch A and B wait that's the first one again never mind" (B is no repeat) or "… never mind
the first one" (not on the list) are read as written, and refused. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.alternation import alternation
from deputy.protect import ItemKind, protect

__all__ = ["without_repeat_callout"]


@cache
def _callout(callouts: frozenset[str], dismissals: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<=\S)[ \t]*[,;—–-]?[ \t]*(?:(?:oh[ \t]+)?wait|oops|sorry)?[ \t]*[,;—–-]?[ \t]*" + alternation(callouts)
        + r"(?:[ \t]*[,;.—–-]?[ \t]*" + alternation(dismissals) + r")*[ \t]*[.!]*[ \t]*\Z",
        re.IGNORECASE,
    )


def without_repeat_callout(text: str, *, callouts: Collection[str], dismissals: Collection[str]) -> str:
    """The text without a closing note that its last address repeats an earlier one; else unchanged."""
    if not callouts or "one" not in text.lower():
        return text
    found = _callout(frozenset(callouts), frozenset(dismissals)).search(text)
    if found is None:
        return text
    before = text[:found.start()].rstrip()
    addresses = [item.text for item in protect(before).items if item.kind is ItemKind.ADDRESS]
    if not addresses or not before.endswith(addresses[-1]) or addresses.count(addresses[-1]) < 2:
        return text
    return before
