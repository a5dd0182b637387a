""""Fetch not only A but also B": the "not" of a correlative pair adds B to A and negates nothing.

Pure over a spaCy Doc (real or built by hand); knows no capability. Only the exact surface form is
read: "not", a focus word (`words.correlative_focus`: only, just), one address, an optional comma,
"but", an optional "also", and a second address. "Fetch not A but B" (no focus word), "fetch not only
A" (no second half) and any other "not" in the prompt still negate; "only" and "but" anywhere else
still widen or narrow a request and are refused as before.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed

__all__ = ["correlative_not", "correlative_word"]


def _lower(tok: Any) -> str:
    return str(tok.text).lower()  # deputy.signals imports this module, so not its `lower`


def _pair(start: int, parsed: Parsed, focus: frozenset[str]) -> tuple[int, ...]:
    """The indices of the pair's own words ("not", the focus word, "but"; never the addresses) when a
    correlative pair opens at `start`, else ()."""
    doc = parsed.doc
    if start < 0 or start + 2 >= len(doc) or _lower(doc[start]) != "not" or _lower(doc[start + 1]) not in focus:
        return ()
    first = start + 2
    if first not in parsed.items:
        return ()  # "not only the PDF": the pair is read only around addresses
    but = first + 1
    if but < len(doc) and doc[but].text == ",":
        but += 1
    if but >= len(doc) or _lower(doc[but]) != "but":
        return ()
    second = but + 1
    if second < len(doc) and _lower(doc[second]) == "also":
        second += 1
    return (start, start + 1, but) if second in parsed.items else ()


def correlative_not(tok: Any, parsed: Parsed, focus: frozenset[str]) -> bool:
    """Whether `tok` is the "not" of "not only A[,] but [also] B", with A and B addresses."""
    return _lower(tok) == "not" and bool(_pair(tok.i, parsed, focus))


def correlative_word(tok: Any, parsed: Parsed, focus: frozenset[str]) -> bool:
    """Whether `tok` is the "not", the focus word or the "but" of such a pair (a few places to look)."""
    return any(tok.i in _pair(tok.i - back, parsed, focus) for back in (0, 1, 3, 4))
