""""need the txt of A we saved": a chat spelling of a noun after "the", read before the other text passes.

The chat spellings (`words.spellings`) are read when the prompt is parsed, after the text passes; a pass
that knows "the text of A" (a stored record asked for) did not see "the txt of A", and the prompt was refused
(round 28, voice28). The entries of that list that open with "the" ("the txt" → "the text") spell a noun,
never a verb, so they are read here first, as whole words outside addresses; every other chat spelling is
left to the parse as before. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

__all__ = ["spelt_nouns", "noun_spellings"]

_BEFORE = r"(?<![\w'’./@:-])"
_AFTER = r"(?![\w'’/@-]|\.\w)"


def noun_spellings(spellings: Mapping[str, str]) -> dict[str, str]:
    """The chat spellings read by this pass: those whose written form opens with "the" ("the txt")."""
    return {source.lower(): standard for source, standard in spellings.items() if source.lower().startswith("the ")}


@cache
def _pattern(sources: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted(sources, key=len, reverse=True)
    return re.compile(_BEFORE + "(" + "|".join(r"[ \t]+".join(map(re.escape, s.split())) for s in ordered) + ")" + _AFTER,
                      re.IGNORECASE)


def spelt_nouns(text: str, spellings: Mapping[str, str]) -> str:
    """The text with each noun spelling of `spellings` (as chosen by `noun_spellings`) spelt out."""
    if not spellings:
        return text
    pattern = _pattern(tuple(sorted(spellings)))
    return pattern.sub(lambda m: spellings[" ".join(m.group(1).lower().split())], text)
