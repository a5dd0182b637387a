"""A learner's "which" for "what" (round 25): "Which is title of page A ?", "Which was the status code of
A?", "Which is the title of the page A?".

Learners carry over "qual é", "cuál es", "quel est", "welches ist" as "which is": a question of what a
thing of one page is, not a choice between things. The reader refused it (the parse makes "which" the
subject and the page the attribute). A question that is only "which is/was/'s", an optional article, one to
three words naming the thing, "of/for/from/on/at", an optional "the page" and one address, closed by "?",
is put as "What is …?", which the reader answers (or refuses) as the native question; a question never
acts. Anything else in the sentence (an "or", a second address, a verb the reader refuses, a negation or
a condition) leaves it as written: "Which is better to fetch, A or B?" is still refused. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["which_as_what"]

_ADDRESS = r"(?:https?://\S+?|www\.\S+?|[a-z0-9-]+(?:\.[a-z0-9-]+)+/?\S*?)"
_THING = r"[a-z][a-z-]*(?:[ \t]+[a-z][a-z-]*){0,2}"
_WHICH = re.compile(
    r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)which(?P<copula>[ \t]+(?:is|was)|'s|’s)(?P<rest>[ \t]+(?:(?:the|its)[ \t]+)?"
    r"(?P<thing>" + _THING + r")[ \t]+(?:of|for|from|on|at)[ \t]+(?:the[ \t]+)?(?:(?:page|site|website|url|link)[ \t]+)?"
    + _ADDRESS + r"[ \t]*\?)",
    re.IGNORECASE,
)


def which_as_what(text: str, refusing: frozenset[str]) -> str:
    """The text with a learner's "Which is <thing> of A?" put as "What is …?" (see the module's note);
    `refusing` are words (refused verbs, negations, conditions) the thing may not hold."""
    if "which" not in text.lower():
        return text  # the cheap test first

    def put(found: re.Match[str]) -> str:
        words = found.group("thing").lower().split()
        if any(word in refusing or word == "or" for word in words):
            return found.group(0)
        what = "What" if found.group(0).lstrip()[0].isupper() else "what"
        return found.group("lead") + what + found.group("copula") + found.group("rest")

    return _WHICH.sub(put, text)
