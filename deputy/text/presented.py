"""Addresses presented by an opening verb before the order that points back at them (issue 14, round 26,
ctx26): "Take A and B — fetch them both.", "Consider A and B: grab both.", "Take A, then download it."

A presenting verb (`words.presenting_verbs`: "take", "consider") opening the prompt only hands over the
addresses after it; the order after the break is the request. Written without it ("A and B — fetch them both")
the reader already binds the pointer, so the opener is dropped, and only when: what stands between it and the
break is addresses joined by "," / "and" and nothing else, the break is a dash, a colon or ", then", and the
part after the break opens (after at most "please"/"just"/"now") with a verb the reader knows, acting or
refused. Nothing else is dropped, so "… — don't fetch them", "… — fetch them if they changed", "… — delete
them" still refuse as they do without the opener. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

__all__ = ["presented_addresses"]

# Breaks between the presented addresses and the order: a dash, a colon, ", then".
_BREAK = re.compile(r"[ \t]*(?:[—–]|--|[ \t]-[ \t]|:|,[ \t]*then\b|,?[ \t]+then\b)[ \t]*", re.IGNORECASE)
# Words that may open the order before its verb: they ask, and negate or condition nothing.
_LEAD_INS = frozenset({"please", "pls", "plz", "just", "kindly", "now", "then"})
# Words joining the presented addresses.
_JOINS = frozenset({",", "and", "&"})


def presented_addresses(text: str, *, openers: Collection[str], verbs: Collection[str],
                        is_address: Callable[[str], bool]) -> str:
    """The text without its presenting opener when it only hands over the addresses before an order (see the
    module); the text as written otherwise."""
    if not openers or not verbs:
        return text
    lowered = text.lstrip()
    opener = next((o for o in sorted(openers, key=len, reverse=True)
                   if lowered.lower().startswith(o.lower() + " ")), None)
    if opener is None:
        return text
    rest = lowered[len(opener):].lstrip()
    broken = _split_at_break(rest, is_address)
    if broken is None:
        return text
    listed, order = broken
    if not _opens_with_verb(order, frozenset(v.lower() for v in verbs)):
        return text
    return f"{listed} — {order}"


def _split_at_break(rest: str, is_address: Callable[[str], bool]) -> tuple[str, str] | None:
    """The presented list and the order after the first break, when the list is addresses and joins only."""
    for found in _BREAK.finditer(rest):
        listed = rest[:found.start()].strip()
        if not listed:
            return None
        pieces = [p for p in re.split(r"(,|\s+)", listed) if p and not p.isspace()]
        if not pieces or not all(p.lower() in _JOINS or is_address(p) for p in pieces):
            continue  # a colon inside an address ("https:") is no break; try the next one
        if not is_address(pieces[0]) or not is_address(pieces[-1]):
            return None
        order = rest[found.end():].strip()
        return (listed, order) if order else None
    return None


def _opens_with_verb(order: str, verbs: frozenset[str]) -> bool:
    """Whether the order opens with a known verb, after at most the lead-in words."""
    words = re.findall(r"[A-Za-z'’]+", order)
    for word in words[:4]:
        if word.lower() in _LEAD_INS:
            continue
        return word.lower() in verbs
    return False
