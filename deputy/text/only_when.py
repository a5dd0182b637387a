"""A request held back by "only" and a condition word: "please fetch A — but only after the nightly backup
completes", "…, only once the migration is done", "only if it changed" (issue 14, round 26, ctx26).

The reader refuses such a prompt already; when the parse cannot place the clause (the model reads "backup
completes" as nouns) the refusal says it could not understand, where the true reason is the condition. This
finds the condition word (`words.conditions`) right after "only", so that the refusal can name it. It never
makes the reader act: it only names the kind of a refusal. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

__all__ = ["only_when"]


@cache
def _pattern(conditions: tuple[str, ...]) -> re.Pattern[str]:
    said = "|".join(re.escape(c).replace(r"\ ", r"\s+") for c in sorted(conditions, key=len, reverse=True))
    # "only" as a focus on the condition, followed by a clause of some words ("only after the backup completes").
    return re.compile(rf"(?<![\w'’-])only\s+(?P<word>{said})\s+\w+(?:\s+\w+)", re.IGNORECASE)


def only_when(text: str, conditions: Collection[str]) -> str | None:
    """The condition word an "only" holds the request back by ("after" in "but only after the backup
    completes"); None when there is none."""
    if not conditions:
        return None
    found = _pattern(tuple(conditions)).search(text)
    return found.group("word").lower() if found is not None else None
