"""A purpose clause put before the request ("So that the summariser step has material to work with,
download A now."), moved after it, where the parser reads it as the purpose it is (round 18). Up front,
the small model makes the purpose's verb the sentence's root and the request a second action.
Pure over the protected text; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import Protected

__all__ = ["fronted_so_that"]

# "So that …," opening the prompt: a purpose of plain words up to its comma, then the request.
_FRONTED = re.compile(r"\A(?P<lead>[ \t]*)(?P<purpose>so[ \t]+that[ \t]+[^,.;:!?\n]+?)[ \t]*,[ \t]*(?P<rest>\S)",
                      re.IGNORECASE)
_ENDING = re.compile(r"(?P<end>[.!]?)[ \t]*\Z")
_SENTENCE_END = re.compile(r"[.!?;:\n]")


def fronted_so_that(protected: Protected) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with a leading "So that X, <request>." put as "<request>, so that X.".

    Only a one-sentence prompt (no sentence ends but its last: a purpose before one of several
    sentences is left as written), with no address inside the purpose ("So that A stays fresh, fetch
    B" is left: the address is refused as outside the request either way), and never a question.
    Nothing is dropped: the purpose's own negations, conditions and verbs are still read, after it."""
    pieces = protected.pieces
    match = _FRONTED.match(pieces[0])
    if match is None:
        return protected, ()
    body = pieces[0][match.start("rest"):]
    last = pieces[-1] if len(pieces) > 1 else body
    ending = _ENDING.search(last)
    middle = [body, *pieces[1:-1]] if len(pieces) > 1 else []
    if ending is None or any(_SENTENCE_END.search(p) for p in middle):
        return protected, ()
    if _SENTENCE_END.search(last[: ending.start()]):
        return protected, ()
    purpose = match.group("purpose")
    moved = f"{last[: ending.start()]}, {purpose[0].lower()}{purpose[1:]}{ending.group('end') or '.'}"
    new: tuple[str, ...]
    if len(pieces) == 1:
        new = (match.group("lead") + moved,)
    else:
        new = (match.group("lead") + body, *pieces[1:-1], moved)
    rewrite = f"“{purpose}, …” → “…, {purpose[0].lower()}{purpose[1:]}”"
    return Protected(prompt=protected.prompt, pieces=new, items=protected.items), (rewrite,)
