""""Check whether robots.txt lets MovaBot onto A": "let … onto" is the robots question's "allow … on".

Read as written, "let" is a verb no capability does, and the prompt was refused as an unsupported verb
(round 28, voice28: "If you can, please check whether robots.txt lets MovaBot onto A"). Only the file
(robots.txt, "the robots file", "robots") as the subject of "let"/"lets", the crawler as its object (us,
me, one of the robot's own names, or "our/the/your" + a noun for it) and "onto"/"on"/"into" right before an
address are put as "allows … on": "robots.txt lets us fetch A" (no preposition), "let MovaBot onto A" (no
file as subject) and anything else are left as written. The question around it keeps every check ("… lets
MovaBot onto A if it changed" still refuses for its condition). Pure text work.
"""

from __future__ import annotations

import re
from functools import cache

from deputy.alternation import alternation

__all__ = ["robots_lets"]


@cache
def _lets(names: frozenset[str], nouns: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?P<file>\b(?:robots\.txt|robots[ \t]+file|robots))[ \t]+lets?[ \t]+"
        rf"(?P<who>us|me|{alternation(names)}|(?:our|the|your)[ \t]+{alternation(nouns)})[ \t]+(?:onto|on|into)[ \t]+"
        r"(?=https?://|www\.)",
        re.IGNORECASE,
    )


# Round 29 (voice29): "whether the robots file at A lets your bot in or not": the file named with its site
# first, and "in" closing the crawler ("let … in" is the robots question's "allow …"). Only the file, then
# "at/on/of/for" and the address, then "lets" and the crawler as above (or "you", the robot asked), then "in"
# as a word of its own: "robots.txt at A lets us fetch it" is left as written.
@cache
def _lets_in(names: frozenset[str], nouns: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?P<file>\b(?:robots\.txt|robots[ \t]+file|robots)[ \t]+(?:at|on|of|for)[ \t]+(?:https?://|www\.)\S+)[ \t]+"
        rf"lets?[ \t]+(?P<who>us|me|you|{alternation(names)}|(?:our|the|your)[ \t]+{alternation(nouns)})[ \t]+in\b",
        re.IGNORECASE,
    )


def robots_lets(text: str, *, names: frozenset[str], nouns: frozenset[str]) -> str:
    """The text with "robots.txt lets MovaBot onto A" put as "robots.txt allows MovaBot on A"; `names` are
    the robot's own names, `nouns` what "our …" calls it; anything else unchanged."""
    if "let" not in text.lower():
        return text
    text = _lets(names, nouns).sub(lambda m: f"{m.group('file')} allows {m.group('who')} on ", text)
    # "Doesn't robots.txt on H let us in?": a negation before the file keeps the words as written (refused).
    return _lets_in(names, nouns).sub(
        lambda m: m.group(0) if _NEGATED.search(text[: m.start()]) else f"{m.group('file')} allows {m.group('who')}",
        text,
    )


_NEGATED = re.compile(r"\b(?:not|never|no)\b|n't\b|n’t\b", re.IGNORECASE)
