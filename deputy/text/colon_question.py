""""For my comparison table I only need the timestamp: when was A fetched?": the writer's statement of
what they need, then a colon, then the question itself (round 19, ctx19b). The small model hangs the
question under the statement's verb ("need … when was …" as a ccomp), and its question word is then read
as a condition. Read as two sentences, the statement is context and the question is the request.

Only the colon becomes a stop; nothing is dropped, so every word of both parts is still read. Guards:
the part before the colon is the writer's own sentence ("I"/"we"/"my"/"our" in it, "you" not), at most
`_MAX_WORDS` words, naming no address and holding no negation or condition word (a real condition, "If it
changed: when was A fetched?", stays joined and is judged as written). The part after it opens with a
question word or an auxiliary and ends at its own "?", with no stop before it.
"""

from __future__ import annotations

import re

__all__ = ["question_after_colon"]

_MAX_WORDS = 16
_WRITER = frozenset({"i", "we", "my", "our", "i'm", "we're", "i've", "we've"})
_YOU = frozenset({"you", "your", "u", "you're", "you've"})
# The words a direct question opens with (question words and the auxiliaries put before the subject).
_OPENERS = ("when", "what", "which", "how", "where", "who", "whose", "is", "was", "were", "are",
            "did", "does", "do", "has", "have", "had")
# A statement (after a stop, a line break or the start), a colon, then one question up to its "?" (a dot
# inside an address is no stop).
_SHAPE = re.compile(
    r"(?P<lead>(?:^|(?<=[.!?\n]))[ \t]*)(?P<said>[^.!?\n:]+?):[ \t]+(?P<open>" + "|".join(_OPENERS)
    + r")(?P<rest>\b(?:[^.!?\n]|\.(?=\S))*\?)",
    re.IGNORECASE,
)
_ADDRESS = re.compile(r"://|\bwww\.|\b[a-z0-9-]+\.(?:com|org|net|gov|edu|io|de|fr|uk)\b", re.IGNORECASE)


def question_after_colon(text: str, *, turning: frozenset[str]) -> str:
    """The text with "<writer's statement>: <question>?" read as "<statement>. <Question>?"; `turning`
    holds the negation and condition words that keep the two joined."""
    def split(match: re.Match[str]) -> str:
        said = match.group("said")
        if not _writers_statement(said, turning):
            return match.group(0)
        opener = match.group("open")
        return f"{match.group('lead')}{said}. {opener[0].upper()}{opener[1:]}{match.group('rest')}"

    return _SHAPE.sub(split, text)


def _writers_statement(said: str, turning: frozenset[str]) -> bool:
    """Whether the part before the colon is a short statement of the writer's own, with no address,
    no "you", no negation and no condition word."""
    words = re.findall(r"[a-z']+", said.lower().replace("’", "'"))
    if not words or len(words) > _MAX_WORDS or _ADDRESS.search(said):
        return False
    if not _WRITER & set(words) or _YOU & set(words):
        return False
    return not any(w in turning or w.endswith("n't") for w in words)
