""""Fetch A provided it isn't blocked by robots": a negation inside a condition clause is the condition's.

The reader already gives a "mark"-led condition about someone else its own negation ("if the user
hasn't read it"). Two shapes slipped past it (round 18): a condition of several words, whose "mark"
is its last word ("as long as robots.txt doesn't forbid it": the first "as" is an adverb), and a
condition verb the small model makes the sentence's root ("Fetch A provided it isn't blocked":
"provided" heads the clause as a ccomp). Either way the refusal should name the condition, which is
the real reason not to act. Pure: a parse in, token indices out; knows nothing about crawling.

Guards: only a condition that counts (so the prompt is still refused, now as a condition); only a
clause with a subject of its own other than the deputy ("provided you don't …" stays a negation); the
clause never holds the request's own root.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["conditioned_nots"]

# Clause links by which a condition verb (parsed as a verb) heads its clause: "provided it isn't …".
_CLAUSE_LINKS = frozenset({"ccomp", "advcl"})


def conditioned_nots(
    doc: Any, found: tuple[tuple[str, int], ...], counted: tuple[str, ...], about_another: Callable[[Any], bool]
) -> frozenset[int]:
    """The tokens of each counted condition's clause (about someone else) that the simple rule missed."""
    out: set[int] = set()
    for word, index in found:
        if word not in counted:
            continue
        clause = _clause(doc, index, len(word.split()))
        if clause is None or not about_another(clause):
            continue
        tokens = {t.i for t in clause.subtree}
        if any(doc[i].dep_ == "ROOT" for i in tokens):
            continue  # the condition's clause would swallow the request itself
        out |= tokens
    return frozenset(out)


def _clause(doc: Any, index: int, length: int) -> Any | None:
    """The verb of the clause a condition phrase opens: the head of its last word when that is a "mark",
    or else a clause verb (ccomp/advcl) whose words start right after the phrase ("provided it isn't
    blocked", where the model hangs "blocked" beside "provided" rather than under it)."""
    last = doc[index + length - 1]
    if last.dep_ == "mark" and length > 1:
        return last.head
    after = index + length
    return next((t for t in doc[after:] if t.dep_ in _CLAUSE_LINKS and t.pos_ in ("VERB", "AUX")
                 and t.left_edge.i == after), None)
