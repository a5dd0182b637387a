"""Punctuation said as a word between two addresses: "download A comma B" (dictated) is "download A, B".

Pure over the protected prompt; knows no capability. Only a piece that is exactly one word of
`words.dictated_commas`, with an address on each side, is read so: "the comma A", "A, comma B" and
"A comma separated" are left as written (and refused as before).
"""

from __future__ import annotations

from deputy.protect import ItemKind, Protected

__all__ = ["dictated_commas"]


def dictated_commas(protected: Protected, commas: frozenset[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each dictated comma between two addresses written as a comma, and what changed."""
    if not commas or len(protected.items) < 2:
        return protected, ()
    pieces = list(protected.pieces)
    rewrites: list[str] = []
    for k in range(1, len(protected.items)):
        # pieces[k] stands between items[k - 1] and items[k].
        piece = pieces[k]
        said = piece.split()
        if (len(said) == 1 and said[0].lower() in commas and piece[:1].isspace() and piece[-1:].isspace()
                and protected.items[k - 1].kind is ItemKind.ADDRESS and protected.items[k].kind is ItemKind.ADDRESS):
            pieces[k] = ", "
            rewrites.append(f"{said[0]} → ,")
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=tuple(pieces), items=protected.items), tuple(rewrites)
