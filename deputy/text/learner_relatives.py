""""Please give the sitemaps what is declared by A": a learner's relative "what is" before a participle.

Learners carry over "que está declarado", "die … erklärt sind" as "what is declared"; read as written, the
parse made "what is declared by A" a clause of its own and the address fell outside the request (round 29,
voice29). The relative and its "is"/"are" go, and the participle stays: "the sitemaps declared by A", which
the reader reads as the native phrase.

Only "what"/"which" then "is"/"are", then a participle ending in "-ed", then "by"/"in"/"on"/"for" and an
address: "what is not declared by A" has "not" there and is left as written, as is any other relative
("the sitemaps what you declared"). Pure text work on closed words.
"""

from __future__ import annotations

import re

__all__ = ["relative_participle"]

_RELATIVE = re.compile(
    r"(?<=[A-Za-z])[ \t]+(?:what|which)[ \t]+(?:is|are)[ \t]+(?P<participle>[A-Za-z]+ed)"
    r"(?=[ \t]+(?:by|in|on|for)[ \t]+(?:https?://|www\.))",
    re.IGNORECASE,
)


def relative_participle(text: str) -> str:
    """The text with "N what is declared by A" put as "N declared by A"; as written otherwise."""
    if "what" not in text.lower() and "which" not in text.lower():
        return text
    return _RELATIVE.sub(lambda found: f" {found.group('participle')}", text)
