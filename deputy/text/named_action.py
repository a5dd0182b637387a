""""Me I would like the download of A please": a learner's wish for the action itself, named as a noun.

A learner names the action as a noun ("the download of A", "the fetch of A") after a wish of the writer's
own ("I would like", "I'd like", "I want", "I need"); read as written, the wish had no verb of a capability
and the prompt was not understood (round 28, voice28). When the noun is itself a verb that acts (`verbs`:
"download", "fetch", "crawl"), the wish is put as the request "I would like you to download A".

Only the writer's own wish ("I", "we"; "the user wants the download of A" is someone else's), only "the"
before the noun and "of" right before an address; a negated wish ("I don't want the download of A") does not
match, and what follows keeps every check ("… if it changed" still refuses). "the copy of A" is no action
(it may be a stored copy) and is left alone, since "copy" is no verb that acts. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["named_action"]

_WISH = re.compile(
    r"(?P<who>\b(?:I|we))(?:[ \t]+|(?=['’]))(?P<wish>would[ \t]+like|['’]d[ \t]+like|want|need)[ \t]+the[ \t]+(?P<noun>[A-Za-z]+)"
    r"[ \t]+of[ \t]+(?=https?://|www\.)",
    re.IGNORECASE,
)


def named_action(text: str, verbs: Collection[str]) -> str:
    """The text with "I would like the download of A" put as "I would like you to download A"; else unchanged."""

    def asked(match: re.Match[str]) -> str:
        noun = match.group("noun").lower()
        if noun not in verbs:
            return match.group(0)
        wish = "would like" if "like" in match.group("wish").lower() else match.group("wish").lower()
        return f"{match.group('who')} {wish} you to {noun} "

    return _WISH.sub(asked, text)
