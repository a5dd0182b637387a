"""An address a sentence of context names and the request names again: "Ticket #8840: the store count
for docs.aws.amazon.com looks off. How many pages have you stored from docs.aws.amazon.com?" The
context speaks of the very thing the request asks about, so its mention is no second thing asked of me.

Pure over clauses read from a parse; knows no capability. Only the same address written the same way
passes (no canonical forms are compared here: "a.example" and "https://a.example/" stay two things), and
only in a sentence that only tells (deputy.context.fine_context); a mention in a loose sentence, in a
further request or in no sentence at all still falls outside the request, as before.
"""

from __future__ import annotations

from collections.abc import Iterable

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.protect import ItemKind

__all__ = ["restated"]


def restated(main: Clause, context: Iterable[Clause], parsed: Parsed) -> frozenset[int]:
    """The addresses of the `context` sentences (those that only tell) that the request's own parse
    names too, written exactly the same way."""
    asked = {parsed.items[i].text for i in main.scope
             if i in parsed.items and parsed.items[i].kind is ItemKind.ADDRESS}
    if not asked:
        return frozenset()
    found = frozenset(
        i for clause in context for i in clause.tokens
        if i in parsed.items and i not in main.scope and parsed.items[i].kind is ItemKind.ADDRESS
        and parsed.items[i].text in asked
    )
    # Only when the restatements are all the prompt holds beyond the request: beside any other item
    # ('The user typed "fetch A" by mistake; they meant B. Fetch B.') the prompt is judged as before.
    if any(i not in main.scope and i not in found for i in parsed.items):
        return frozenset()
    return found
