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

__all__ = ["without_repeat_callout", "without_taken_back_repeat"]


@cache
def _callout(callouts: frozenset[str], dismissals: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?<=\S)[ \t]*[,;—–-]?[ \t]*(?:(?:oh[ \t]+)?wait|oops|sorry)?[ \t]*[,;—–-]?[ \t]*" + alternation(callouts)
        + r"(?:[ \t]*[,;.—–-]?[ \t]*" + alternation(dismissals) + r")*[ \t]*[.!]*[ \t]*\Z",
        re.IGNORECASE,
    )


def without_repeat_callout(text: str, *, callouts: Collection[str], dismissals: Collection[str]) -> str:
    """The text without a closing note that its last address repeats an earlier one; else unchanged."""
    if not callouts or "said" not in text.lower() and "one" not in text.lower():
        return text
    found = _callout(frozenset(callouts), frozenset(dismissals)).search(text)
    if found is None:
        return text
    before = text[:found.start()].rstrip()
    # Round 29 (voice29): "… — oh and A as well, I know I said it already": the repeat may close on "as well",
    # "too" or "again", which the reader already reads after an address.
    named = _ALSO.sub("", before)
    addresses = [item.text for item in protect(named).items if item.kind is ItemKind.ADDRESS]
    if not addresses or not named.endswith(addresses[-1]) or addresses.count(addresses[-1]) < 2:
        return text
    return before


_ALSO = re.compile(r"[ \t]+(?:as[ \t]+well|too|again)[ \t]*\Z", re.IGNORECASE)

# Round 29 (voice29): "download A and B and uh yeah also the smithsonian one again no wait I already said
# that": the speaker starts to add a page by a description, then takes it back. Read as written, the aside
# was a second request. Only at the very end, right after an address, only "and … also the <words> one
# again", then "no wait"/"wait" and "I already said that", and only when each describing word is part of an
# address named before (so the aside names no page of its own): the whole aside goes, and the request keeps
# every other check.
_TAKEN_BACK = re.compile(
    r"(?<=\S)[ \t]+and[ \t]+(?:(?:uh|um|er|yeah|oh)[ \t]*,?[ \t]+)*also[ \t]+the[ \t]+(?P<words>(?:[A-Za-z]+[ \t]+){1,3})"
    r"one[ \t]+again[ \t]*,?[ \t]+(?:no[ \t]*,?[ \t]+)?wait[ \t]*,?[ \t]+I[ \t]+already[ \t]+said[ \t]+(?:that|it)"
    r"[ \t]*[.!]*[ \t]*\Z",
    re.IGNORECASE,
)


def without_taken_back_repeat(text: str) -> str:
    """The text without a closing aside that starts to name a page again and takes it back; else unchanged."""
    if "already said" not in text.lower():
        return text
    found = _TAKEN_BACK.search(text)
    if found is None:
        return text
    before = text[:found.start()]
    addresses = [item.text.lower() for item in protect(before).items if item.kind is ItemKind.ADDRESS]
    if not addresses or not before.rstrip().lower().endswith(addresses[-1]):
        return text
    if not all(any(word.lower() in address for address in addresses) for word in found.group("words").split()):
        return text
    return before

