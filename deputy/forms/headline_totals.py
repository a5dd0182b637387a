"""A count put as a headline: "Total pages stored.", "Total documents fetched so far." The writer
names the total and the stored pages it counts, with no verb of their own; the participle after the
noun says which pages ("the pages [that were] stored").

The small model makes the participle the root of a statement ("pages stored" as "pages were stored"),
and the reader, which acts on no statement, refuses. Tagged an adjective, the line is the noun phrase
it is, and the stats fragment form ("Total stored pages.") answers it.

Pure over spaCy tokens; knows no capability. The shape is closed: it opens its prompt with "total",
then one counted noun, then a known verb's "-ed" form, then only "so far"/"in total" or the end.
Anything else ("not", "if …", "for A", another verb) leaves the tags as the model gave them.
"""

from __future__ import annotations

from typing import Any

__all__ = ["headline_totals"]

# What may follow the participle: the end of the line, or words that only restate the total.
_TAILS = (("so", "far"), ("in", "total"), ("until", "now"), ("to", "date"))
_ENDS = frozenset({".", "?", "!"})


def headline_totals(doc: Any, participles: frozenset[str], nouns: frozenset[str], items: dict[int, Any]) -> None:
    """Retag the participle of "Total pages stored." an adjective (JJ), so the parse reads a noun phrase.

    Only a prompt that is this one headline: "total" first (case-insensitive), a counted noun
    (`nouns`: words.headline_nouns), a participle of storing (`participles`: words.headline_participles;
    "deleted" is none, and keeps its refusal), then an allowed tail and at most one end mark. No
    address may stand in it (`items`)."""
    last = len(doc) - 1
    words = [t for t in doc if not (t.i == last and t.lower_ in _ENDS)]
    if any(t.i in items or t.lower_ in _ENDS for t in words):
        return
    if len(words) < 3 or words[0].lower_ != "total" or words[1].lower_ not in nouns:
        return
    participle = words[2]
    if participle.lower_ not in participles or not participle.tag_.startswith("VB"):
        return
    tail = tuple(t.lower_ for t in words[3:])
    if tail and tail not in _TAILS:
        return
    participle.tag_ = "JJ"
