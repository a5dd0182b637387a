"""A closing note that only says where to answer (round 24): "How many pages from H?\\n(please answer in
thread)", "Is MovaBot allowed to fetch A? Reply here.", "Slack #data-eng\\nmaria: …?\\n(answer in the channel)".

Chat and ticket writers close a request with where the answer should go. Those words name no act of mine
("answer", "reply" are no capability): the reader refused such prompts for the verb. The note is dropped
when it closes the prompt, as its own line (in parentheses or not) or as the last sentence after a stop, and
its words as a whole are a phrase of `words.delivery_notes` ("reply in thread"), with at most a courtesy
word before or after ("please", "thanks"). Anything more in it ("reply in thread and delete the old copy",
"reply here when it's done") keeps the prompt as written. What is left is read with every check; a note that
is the whole prompt is left. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["without_delivery_note"]

# The note as the last line, or as the last sentence after ".", "!" or "?" on the request's line.
_NOTE = re.compile(r"(?:\n|(?<=[.!?])[ \t]+)[ \t]*(?P<open>\()?(?P<body>[^()\n.!?]+)(?(open)\))[ \t]*[.!]?[ \t]*\Z")
_WORD = re.compile(r"[a-z]+")
# Courtesy words around the note that ask nothing of their own.
_COURTESY_BEFORE = frozenset({"please", "pls", "plz", "kindly"})
_COURTESY_AFTER = frozenset({"please", "pls", "plz", "thanks", "thx", "ty"})


def _bare(body: str) -> str:
    """The note's words in lower case, a courtesy word at either end left out."""
    found = _WORD.findall(body.lower())
    if found and found[0] in _COURTESY_BEFORE:
        found = found[1:]
    if found and found[-1] in _COURTESY_AFTER:
        found = found[:-1]
    return " ".join(found)


def without_delivery_note(text: str, notes: frozenset[str]) -> str:
    """The text without a closing note saying where to answer; the text as written when there is none."""
    if not notes:
        return text
    found = _NOTE.search(text.rstrip())
    if found is None or _bare(found.group("body")) not in notes:
        return text
    rest = text.rstrip()[:found.start()].rstrip()
    return rest or text
