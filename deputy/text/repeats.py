"""Drops a writer's note that an address is listed twice ("(sorry, one is listed twice)") when the
list really repeats one: the repeat is counted once by the binder, and the note asks nothing else.

Pure text work over the protected pieces. The note must be one of the vocabulary's `repeat_notes`
phrases, with at most an apology ("sorry", "apologies", "oops", "my bad") and "I think" around it,
in parentheses or set off by a comma before the heading's colon. A note when no address is repeated
says something the list does not bear out, and stays, to be refused ("twice" is a blocker).
"""

from __future__ import annotations

import re
from functools import cache

from deputy.protect import ItemKind, Protected

__all__ = ["drop_repeat_notes"]

_APOLOGY = r"(?:sorry|apologies|oops|my bad)"


@cache
def _patterns(notes: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    if not notes:
        return None
    said = "|".join(r"[ \t]+".join(re.escape(w) for w in note.split()) for note in sorted(notes, key=len, reverse=True))
    note = (rf"(?:{_APOLOGY}[ \t]*[,;:—–-]?[ \t]*)?(?:I[ \t]+think[ \t]+)?(?:{said})"
            rf"(?:[ \t]*[,;]?[ \t]*{_APOLOGY})?[ \t]*[.!]?")
    # "(sorry, one is listed twice)" anywhere in a piece; ", one is duplicated, sorry:" before a colon.
    parenthesised = re.compile(rf"[ \t]*\([ \t]*{note}[ \t]*\)", re.IGNORECASE)
    before_colon = re.compile(rf"[ \t]*,[ \t]*{note}(?=[ \t]*:)", re.IGNORECASE)
    return parenthesised, before_colon


def _repeats_an_address(protected: Protected) -> bool:
    seen = [item.text for item in protected.items if item.kind is ItemKind.ADDRESS]
    return len(set(seen)) < len(seen)


def drop_repeat_notes(protected: Protected, notes: tuple[str, ...], rewrites: list[str]) -> Protected:
    """The prompt without notes that an address is listed twice, when one is; else as it was."""
    patterns = _patterns(tuple(notes))
    if patterns is None or not _repeats_an_address(protected):
        return protected
    pieces = []
    for piece in protected.pieces:
        for pattern in patterns:
            piece = pattern.sub(lambda m: _dropped(m, rewrites), piece)
        pieces.append(piece)
    if pieces == list(protected.pieces):
        return protected
    return Protected(prompt=protected.prompt, pieces=tuple(pieces), items=protected.items)


def _dropped(match: re.Match[str], rewrites: list[str]) -> str:
    rewrites.append(f"note of a repeat: {' '.join(match.group(0).split())} → (dropped)")
    return ""
