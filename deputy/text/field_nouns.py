"""Nouns for a copy in a ticket's describing field (round 26, markup26): "Summary: stale copy of the tariff page",
"Title: Copy of pricing page is stale". "copy" is also a verb the reader refuses, so such a field kept the whole
header in play and its person fields ("Reporter: m.kowalski") were read as addresses.

A word of `words.copy_nouns` is read as the noun, and set aside before the field is scanned for what could change
a request, only where English makes it one: right before "of" ("copy of the page") or right after an article, a
possessive or a demonstrative ("the copy", "our copy"). "Summary: copy the tariff page to the drive" (the verb,
first and with an object) is still scanned and still refuses; every other word of the field is scanned as before.
Pure text work.
"""

from __future__ import annotations

import re

from deputy.vocab import ReaderWords

__all__ = ["without_copy_nouns"]

_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
# Words before which a copy noun can only be a noun ("the copy", "our copy", "this copy"). "no" is left out: it
# negates, and the field is then kept in play by the negation anyway.
_DETERMINERS = frozenset({
    "a", "an", "the", "our", "your", "my", "its", "their", "his", "her", "this", "that", "these", "those",
    "every", "each", "any",
})


def without_copy_nouns(value: str, words: ReaderWords) -> str:
    """The field's words with each copy noun read as a noun left out, joined by spaces; else the value."""
    found = _WORDS.findall(value)
    lowered = [w.lower() for w in found]
    kept = [
        word for i, word in enumerate(found)
        if not (lowered[i] in words.copy_nouns and (
            (i + 1 < len(found) and lowered[i + 1] == "of") or (i > 0 and lowered[i - 1] in _DETERMINERS)))
    ]
    return value if len(kept) == len(found) else " ".join(kept)
