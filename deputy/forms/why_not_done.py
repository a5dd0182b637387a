""""Why haven't you deleted A yet?": a why-question about not having done a thing the reader never does names
that verb as the problem, not the "n't" that asks about it (round 25, ctx25).

The negation of such a question is part of what it asks ("why not …?"), and it acts on nothing either way;
what the writer wants done is the verb, which no capability does. Only the kind of a refusal changes: the
prompt is refused as before, now as an unsupported verb. Over the parse's skeleton: a wh-question opened by
"why", its negation asked in it (`negation_asked`), its own verb a refused one. "Why didn't you fetch A?" (a
verb the reader has) and "Why haven't you deleted A? Don't fetch B." (a negation outside the question) are
left as they were.
"""

from __future__ import annotations

from collections.abc import Collection

from deputy.skeleton import Mood, Skeleton

__all__ = ["why_not_done"]


def why_not_done(sk: Skeleton, refused: Collection[str]) -> str | None:
    """The refused verb a negated why-question asks about ("Why haven't you deleted A?"), or None."""
    if sk.mood is not Mood.WH_QUESTION or sk.wh != "why" or sk.negation is None or not sk.negation_asked:
        return None
    if sk.predicate is None or sk.predicate not in refused or sk.also:
        return None
    return sk.predicate
