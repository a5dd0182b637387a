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

__all__ = ["without_thinking_aloud", "without_thinking_frame"]

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


# Round 29 (voice29): "hmm let me think, okay, yes, please go ahead and fetch A": the speaker thinking aloud
# before deciding. Read as written, "think" was the main verb and the prompt was refused as an unsupported
# verb. Only at the very start (after spoken fillers), only "let me think/see" or "let's see" set off by a
# comma, then only agreeing words ("okay", "yes", "right" …): a "no" there ("let me think, no, don't …")
# or anything else leaves the text as written. The rest must open on a verb the reader reads or refuses
# (`verbs`), after an optional "please"/"just"/"go ahead and"; it keeps every check ("… okay, please don't
# fetch A" has "don't" there and is left as written).
_ALOUD = re.compile(
    r"\A[ \t]*(?:(?:hmm+|um+|uh+|erm|er|so|well|okay|ok)[ \t]*,?[ \t]+)*"
    r"(?:let[ \t]+me[ \t]+(?:think|see)|let['’]s[ \t]+see)[ \t]*,[ \t]*"
    r"(?:(?:okay|ok|yes|yeah|yep|right|alright|sure)[ \t]*[,.][ \t]*)*"
    r"(?P<rest>(?:(?:please|just|go[ \t]+ahead[ \t]+and)[ \t]+)*(?P<verb>[A-Za-z]+)\b)",
    re.IGNORECASE,
)


def without_thinking_aloud(text: str, verbs: Collection[str]) -> str:
    """The text from the order on, when the speaker thinks aloud before it; the text as written otherwise."""
    found = _ALOUD.match(text)
    if found is None or found.group("verb").lower() not in verbs:
        return text
    return text[found.start("rest"):]
