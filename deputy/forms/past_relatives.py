"""Relative clauses in the past inside a request (round 28, ctx28): "show me the stored text of A that we
downloaded on Monday", "download the paper they were reading yesterday on the train".

The relative clause says which page or record is meant by when something happened to it; its time words date
that past event and schedule nothing now. Only a relative clause (`relcl`) whose verb is in the simple past or
has a past auxiliary, with no negation inside ("that we didn't fetch on Monday" is left to the other checks).
Pure over a parse.
"""

from __future__ import annotations

from typing import Any

__all__ = ["past_relative_spans"]


def _happened(verb: Any) -> bool:
    """A verb in the simple past, or with a past auxiliary ("were reading", "was fetched")."""
    return verb.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def past_relative_spans(tokens: frozenset[int], doc: Any) -> frozenset[int]:
    """The tokens, among `tokens`, of relative clauses in the past that hold no negation."""
    out: set[int] = set()
    for index in tokens:
        verb = doc[index]
        if verb.dep_ != "relcl" or verb.pos_ not in ("VERB", "AUX") or not _happened(verb):
            continue
        span = {t.i for t in verb.subtree}
        if any(doc[t].dep_ == "neg" for t in span):
            continue
        out |= span
    return frozenset(out & tokens)
