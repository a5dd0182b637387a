""""what did we get for A like the status code and when": a spoken "like …" tail listing what is asked.

A "what" question about an address may close with "like" and the parts of the page's record the speaker
wants ("like the status code and when", "like the status and the size"); the record answers them all, so the
tail only says what the question already asks. Read as written, "and when" was taken for a second question and
the prompt was refused (round 28, voice28). The tail is dropped and the question is read alone.

Only when the prompt opens with "what" (after spoken openers such as okay, and, then, so), only right after an
address at the very end of the prompt, and only when every word of the tail is one of `words.record_tail_words`
(record nouns, "the", "its", "and", "when"): no verb, negation, condition or address can be among them, so
"… like the status and delete it" or "… like if it changed" are read as written. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["without_record_tail"]

_OPENS_WITH_WHAT = re.compile(r"\A[ \t]*(?:(?:okay|ok|and|then|so|um|uh|yeah|well)[ \t]*,?[ \t]+)*what\b", re.IGNORECASE)
_TAIL = re.compile(r"(?<=\S)(?P<cut>[ \t]*,?[ \t]+like[ \t]+(?P<body>[^\n.!?;:]+?))[ \t]*[.?!]*[ \t]*\Z", re.IGNORECASE)
_ENDS_IN_ADDRESS = re.compile(r"(?:https?://|www\.)\S+\Z", re.IGNORECASE)


def without_record_tail(text: str, words: Collection[str]) -> str:
    """The text without a closing "like <record parts>" tail after its address (a "?" kept); else unchanged."""
    if not words or _OPENS_WITH_WHAT.match(text) is None:
        return text
    found = _TAIL.search(text)
    if found is None or _ENDS_IN_ADDRESS.search(text[: found.start("cut")]) is None:
        return text
    said = re.findall(r"[\w'’]+", found.group("body").lower())
    if not said or any(word not in words for word in said):
        return text
    return text[: found.start("cut")] + "?"
