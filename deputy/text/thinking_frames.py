""""so I was thinking we should probably grab A": a speaker's thinking frame around a suggestion for us both.

"I was thinking we should V …", "I'm thinking we could maybe V …" put the request as the speaker's idea;
read as written, "think" was the main verb and the prompt was refused as an unsupported verb (round 28,
voice28: "so I was thinking we should probably grab the ABC science page A and then uh that's everything for
today"). The frame is dropped and the request is read from its verb on: "grab the ABC science page A …".

Only at the start of the prompt (after an optional spoken opener: so, well, okay, yeah), only the past or
present progressive of "think" (a plain "I think we should …" is a musing the reader leaves alone), only
"we"/"you" with "should"/"could"/"might", an optional "probably"/"maybe"/"just", and only when the word after
is a verb the reader reads or refuses (`verbs`): "… we should probably not download A" has "not" there and
is left as written (and refused for it); "… we should delete A" becomes "delete A", refused for its verb.
What follows keeps every check. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["without_thinking_frame"]

_FRAME = re.compile(
    r"\A[ \t]*(?:(?:so|well|okay|ok|yeah|and)[ \t,]+)*"
    r"(?:I[ \t]+was|I['’]m|I[ \t]+am)[ \t]+thinking[ \t]+(?:that[ \t]+)?(?:we|you)[ \t]+(?:should|could|might)[ \t]+"
    r"(?:(?:probably|maybe|perhaps|just)[ \t]+)*(?P<verb>[A-Za-z]+)\b",
    re.IGNORECASE,
)


def without_thinking_frame(text: str, verbs: Collection[str]) -> str:
    """The text from the suggested verb on, when a thinking frame opens it; the text as written otherwise."""
    found = _FRAME.match(text)
    if found is None or found.group("verb").lower() not in verbs:
        return text
    return text[found.start("verb"):]
