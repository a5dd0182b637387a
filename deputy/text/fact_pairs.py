"""Two stored facts joined by "and", the second named with a participle (round 28, ctx28): "Could you tell us the
status code and stored date for A?", "the title and fetched date of A".

The small model reads the bare participle after "and" as a second verb ("… and stored [the] date"), and the
reader refuses a request for two things. With an article ("the status code and the stored date") it reads the
participle as the adjective it is. Pure text work: only when a stored fact (`words.sent_facts`: "status code",
"title") stands right before "and", and right after it a participle of a verb the reader knows ("stored",
"fetched") and then another stored fact ("date", "text"), is "the" put before the participle; else as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["paired_facts"]

_PAIR = re.compile(r"\b(?P<left>[A-Za-z][A-Za-z -]{0,30}?)[ \t]+and[ \t]+(?P<part>[A-Za-z]+)[ \t]+(?P<right>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)\b")


def paired_facts(text: str, facts: Iterable[str], participles: Iterable[str]) -> str:
    """The text with "<fact> and <participle> <fact>" put as "<fact> and the <participle> <fact>"."""
    names = frozenset(" ".join(f.lower().split()) for f in facts)
    parts = frozenset(p.lower() for p in participles if p.lower().endswith("ed"))
    if " and " not in text or not names or not parts:
        return text

    def fixed(found: re.Match[str]) -> str:
        left = " ".join(found.group("left").lower().split())
        if not any(left == name or left.endswith(" " + name) for name in names):
            return found.group(0)
        if found.group("part").lower() not in parts:
            return found.group(0)
        right = found.group("right").lower().split()
        if " ".join(right) not in names and right[0] not in names:
            return found.group(0)
        start = found.start("part") - found.start()
        whole = found.group(0)
        return whole[:start] + "the " + whole[start:]

    return _PAIR.sub(fixed, text)
