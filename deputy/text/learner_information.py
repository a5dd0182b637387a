""""What is the informations you have about A ?": a learner's question about what is stored on an address.

Learners put "What is/are the information(s) (that) you have about A" for "What information do you have about
A"; read as written, the relative clause left the question with no verb of a capability and it was not
understood (round 28, voice28). The question is put in the form the page forms know. A closing list of the
parts wanted ("Status, size, this things.") is the record again and is read by the page question as before.

Only "what" opening the prompt, "is"/"are", "the", "information"/"informations"/"info"/"infos", an optional
"that", "you have" or "do you have", and "about"/"on"/"for" right before an address. A negation ("what is the
information you don't have about A") does not match. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["learner_information"]

_INFORMATION = re.compile(
    r"\A(?P<lead>[ \t]*)what[ \t]+(?:is|are)[ \t]+the[ \t]+(?:informations?|infos?)[ \t]+(?:that[ \t]+)?you[ \t]+have"
    r"[ \t]+(?P<prep>about|on|for)[ \t]+(?=https?://|www\.)",
    re.IGNORECASE,
)
# "this things", "these things", "that stuff": a learner's closing word for "and so on" after the parts listed.
_THESE_THINGS = re.compile(
    r"(?<=[?.][ \t])(?P<list>[ \t]*[A-Za-z][\w ,-]*?),?[ \t]+(?:this|these|those|that)[ \t]+(?:things?|stuff)[ \t]*[.!]*[ \t]*\Z",
    re.IGNORECASE,
)


def learner_information(text: str) -> str:
    """The text with "What is the informations you have about A" put as "What information do you have about A",
    and a closing "…, this things." read as the list before it; else unchanged."""
    found = _INFORMATION.match(text)
    if found is None:
        return text
    text = f"{found.group('lead')}What information do you have {found.group('prep')} " + text[found.end():]
    return _THESE_THINGS.sub(lambda m: m.group("list").rstrip(" ,") + ".", text)
