""""so the run, is it done yet or what": a spoken topic set before the question that takes it up as "it".

The speaker names the topic first and asks about it after a comma (round 29, voice29: "okay okay okay so the
run, is it done yet or what"). Read as written, the parse found no question in the fragment and the prompt
was not understood. The question is read with the topic in the place of its "it": "is the run done yet or
what", which the reader reads as the native question.

Only at the very start (after spoken fillers), only "the" and one or two words, a comma, then "is/was/has
it": "the run, is it not done yet" keeps its "not" (and is refused for it), and anything else is left as
written. Pure text work on closed words.
"""

from __future__ import annotations

import re

__all__ = ["topic_taken_up"]

_TOPIC = re.compile(
    r"\A[ \t]*(?:(?:okay|ok|so|well|right|alright|hey|and|um|uh)[ \t]*,?[ \t]+)*"
    r"(?P<topic>the[ \t]+[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)[ \t]*,[ \t]*(?P<aux>is|was|has)[ \t]+it\b",
    re.IGNORECASE,
)


def topic_taken_up(text: str) -> str:
    """The question with a fronted topic put in the place of its "it"; the text as written otherwise."""
    found = _TOPIC.match(text)
    if found is None:
        return text
    return f"{found.group('aux')} {found.group('topic')}{text[found.end():]}"
