""""Before doing anything with A, tell me whether robots.txt lets us in.": the page is named in the opening
("before doing anything with A"), the question after it names none. The opening says what to ask about
first, it sets no condition on the world: the question is read as asked about A.

Only the closed opening "before doing anything (else) with A," / "before anything (else) with A," / "before
you do anything (else) with A," at the start of the prompt or of a sentence, with one address, followed
by "tell me whether|if" + "robots.txt" + a question that names no address of its own; then the opening
goes and the address closes the question ("… robots.txt allows us on A"). "robots.txt lets us in" is said
as "robots.txt allows us on". Anything else ("before you fetch A, …", a second address, another question)
is left as written. Pure text work, before the parse.
"""

from __future__ import annotations

import re

__all__ = ["asked_first"]

_ADDRESS = r"https?://[^\s]+?(?=[,.;:!?)]*(?:\s|\Z))"
_OPENING = re.compile(
    r"(?P<start>\A|(?<=[.!?])[ \t\n]+)before[ \t]+(?:doing[ \t]+anything|anything|you[ \t]+do[ \t]+anything)"
    r"(?:[ \t]+else)?[ \t]+with[ \t]+(?P<page>" + _ADDRESS + r")[ \t]*,[ \t]*"
    r"(?P<ask>tell[ \t]+me[ \t]+(?:whether|if)[ \t]+robots\.txt[ \t]+[^\n]*?)[ \t]*(?P<end>[.?!]*)[ \t]*\Z",
    re.IGNORECASE,
)
# "lets us in", "will let us in", "would let our bot in": the leave robots.txt gives, put as "allows us on".
_LETS_IN = re.compile(
    r"\b(?:lets|will[ \t]+let|would[ \t]+let)[ \t]+(us|me|you|our[ \t]+(?:bot|crawler|spider))[ \t]+in\Z", re.IGNORECASE
)


def asked_first(prompt: str) -> str:
    """The prompt with "before doing anything with A, tell me whether robots.txt …" asked about A."""
    match = _OPENING.search(prompt)
    if match is None or "://" in match.group("ask"):
        return prompt
    ask = _LETS_IN.sub(lambda m: f"allows {m.group(1)} on", match.group("ask"))
    if not ask.lower().rstrip().endswith(("allows us on", "allows me on", "allows you on", "bot on", "crawler on",
                                          "spider on")):
        return prompt
    question = ask[:1].upper() + ask[1:] + " " + match.group("page") + (match.group("end") or ".")
    return prompt[: match.start()] + match.group("start") + question
