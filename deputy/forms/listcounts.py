"""Numbers that count the list of addresses a request gives ("download the two indexes: A and B",
"fetch all 16: A, …"). Pure token tests on one parse.

A number read here becomes a count the binder holds to the distinct addresses bound, so a count that
disagrees with the list ("the three PDFs: A and B") is refused, never widened.
"""

from __future__ import annotations

from typing import Any

__all__ = ["counts_the_object", "quantifies_a_count"]

# Determiners that make the object a definite set the writer is about to list.
_DEFINITE = frozenset({"the", "these", "those"})


def _lower(tok: Any) -> str:
    return str(tok.text).lower()


def counts_the_object(tok: Any, action: Any) -> bool:
    """"download the two indexes: A and B": a number on the action's own definite object counts it.

    The model may hang the number from the first noun of a compound object ("pull the two competitor
    landing pages: A and B"). Without a determiner ("download two indexes") the number stays a word
    the reader cannot place.
    """
    head = tok.head
    return (
        tok.dep_ == "nummod" and head.dep_ == "dobj" and head.head.i == action.i
        and any(c.dep_ == "det" and _lower(c) in _DEFINITE for c in head.children)
    )


def quantifies_a_count(tok: Any) -> bool:
    """"fetch all 16: A, …": an "all" that determines a number asks for as many as the number says
    (which the binder holds to the list), not for "all" of anything else."""
    head = tok.head
    return _lower(tok) == "all" and tok.dep_ in ("det", "predet") and head.i != tok.i and bool(head.like_num)
