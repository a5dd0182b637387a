"""A question whose optional address was named by a word instead: "How many pages do you have from the BBC?"
(round 27, lead).

A capability with an optional address slot (Sea Spider's count: "How many pages (from H)?") answers for
everything when the slot is empty. A request that names where the pages come from by a word rather than an
address ("from the BBC", "from Wikipedia", "from github") would then be answered for the whole store: a
misleading answer. Such a source is the object of "from"/"on" in the request, a proper noun or a noun that is
not one of `count_sources` (words for the store itself or a time: "from the archive", "from today").
The reader refuses the question, naming the word, so the writer can name the site by its address.

It only ever turns a plan into a refusal.
"""

from __future__ import annotations

from deputy.skeleton import Skeleton, TokenRow

__all__ = ["unnamed_source"]

_SOURCE_PREPOSITIONS = frozenset({"from", "on"})


def unnamed_source(sk: Skeleton, keep: frozenset[str]) -> str | None:
    """The phrase by which the request names a source with no address ("the BBC"), or None."""
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.deprel != "pobj" or row.misc or row.upos not in ("PROPN", "NOUN"):
            continue
        prep = rows.get(row.head)
        if prep is None or prep.form.lower() not in _SOURCE_PREPOSITIONS:
            continue
        if row.form.lower() in keep or row.lemma.lower() in keep:
            continue
        return _phrase(row, sk.tokens)
    return None


def _phrase(row: TokenRow, rows: tuple[TokenRow, ...]) -> str:
    """The noun with its determiner and compounds, as written: "the BBC", "Wikipedia"."""
    words = [r for r in rows if r.head == row.id and r.deprel in ("det", "compound", "amod")] + [row]
    return " ".join(r.form for r in sorted(words, key=lambda r: r.id))
