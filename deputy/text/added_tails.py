"""A closing tail that only says the request adds to earlier work (round 28, ops28): "Also queue A — that's on top
of what you already have.", "Fetch A; that's in addition to what's already queued." The tail asks nothing new (its
"you already have" read as a second request: "it asks for more than one thing at once"), so it is dropped.

A closed shape only, at the very end of the prompt after a dash or a semicolon: "that's|that is|this is" + "on top
of|in addition to|besides|as well as" + what was there before ("what you (already) have/got/queued/fetched", "what's
already queued/there/in the queue", "the earlier/previous/other/last ones/batch/pages/jobs", "everything else",
"the rest"). No address, negation, condition or other verb can be in it; the request before it is read with every
check. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["without_added_tail"]

_BEFORE = (
    r"what[ \t]+(?:you|we)(?:['’]ve|[ \t]+have)?[ \t]+(?:already[ \t]+)?(?:have|got|queued|fetched|downloaded)"
    r"(?:[ \t]+(?:queued|in[ \t]+the[ \t]+queue))?"
    r"|what(?:['’]s|[ \t]+is)[ \t]+already[ \t]+(?:queued|there|in[ \t]+the[ \t]+queue|pending|waiting)"
    r"|the[ \t]+(?:earlier|previous|other|last|first)[ \t]+(?:ones?|batch|pages|jobs|requests|links|urls)"
    r"|everything[ \t]+else|the[ \t]+rest"
)
_ADDED_TAIL = re.compile(
    r"[ \t]*(?:[—–;]|--|[ \t]-)[ \t]*(?:that(?:['’]s|[ \t]+is)|this[ \t]+is)[ \t]+"
    r"(?:on[ \t]+top[ \t]+of|in[ \t]+addition[ \t]+to|besides|as[ \t]+well[ \t]+as)[ \t]+(?:" + _BEFORE + r")"
    r"[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)


def without_added_tail(text: str) -> str:
    """The text without a closing "— that's on top of what you already have" tail; unchanged when it has none."""
    match = _ADDED_TAIL.search(text)
    if match is None or not text[:match.start()].strip():
        return text
    return text[:match.start()].rstrip() + "."
