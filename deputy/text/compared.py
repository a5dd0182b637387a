""""could you just kinda tell me what's different between A and B like side by side": a comparison asked as a
question about the difference is the verb "compare", which no capability does.

Read as written, "what's different between A and B" has no verb the reader knows and was refused as not
understood, or for a filler it could not place ("kinda"); the reader refuses a comparison by name ("I cannot
compare"), which tells the writer what it cannot do (round 28, voice28). So "(tell me / show me) what's (the)
difference(s) between" and "what's different between" are put as "compare", and a hedge of manner right before
"tell me" ("kinda", "sort of") goes with it. This pass never makes a prompt act: "compare" is refused. A negation
or condition around it stays and refuses first as before. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["asked_comparison"]

_DIFFERENCE = re.compile(
    r"(?:\b(?:kinda|kind[ \t]+of|sorta|sort[ \t]+of)[ \t]+)?(?:\b(?:tell|show)[ \t]+(?:me|us)[ \t]+)?"
    r"\bwhat(?:['’]s|[ \t]+is|[ \t]+are)[ \t]+(?:the[ \t]+)?(?:different|differences?)[ \t]+between[ \t]+",
    re.IGNORECASE,
)


def asked_comparison(text: str) -> str:
    """The text with "what's different between A and B" put as "compare A and B"; else unchanged."""
    if "differen" not in text.lower():
        return text
    return _DIFFERENCE.sub("compare ", text)
