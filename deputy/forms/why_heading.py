"""A context heading that says why it is there: "Quick background so you know why: legal wants a
snapshot of the terms. Download A." The words after the label noun ("so you know why", "so you see the
point") are the heading's own purpose, addressed to the reader; the heading still asks nothing, so it is
a label like "Background:".

Pure over tokens; knows no capability. The heading ends with a colon, holds a context label noun
(`words.context_labels`: "background", "context") before the purpose, and the purpose is "so (that)
you" + a verb of understanding from the closed set below, with at most a question word or "the point"/
"the reason" after it: no address, no negation, nothing else.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import content, is_negation, lower
from deputy.vocab import ReaderWords

__all__ = ["why_heading"]

# Verbs of understanding that a heading's purpose may name; a closed set, not a vocabulary list:
# anything else after "so you" ("so you can fetch", "so you delete") keeps the heading a sentence.
_UNDERSTAND = frozenset({"know", "see", "understand", "get"})
# What may follow the verb: the question word or the noun of what is to be understood.
_WHAT = frozenset({"why", "what", "how", "the", "point", "reason", "context", "background", "situation", "this", "it"})


def why_heading(sent: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether the sentence is a context label followed by the purpose of the heading itself."""
    toks = [t for t in sent if not t.is_space]
    if len(toks) < 5 or toks[-1].text != ":" or any(t.i in parsed.items for t in toks):
        return False
    said = [t for t in toks[:-1] if content(t, parsed, words) or lower(t) in ("so", "that", "you")]
    so = next((n for n, t in enumerate(said) if lower(t) == "so"), None)
    if so is None or so == 0 or so > 3:
        return False
    label, purpose = said[:so], said[so + 1:]
    if not any(lower(t) in words.context_labels or str(t.lemma_).lower() in words.context_labels for t in label):
        return False
    if purpose[:1] and lower(purpose[0]) == "that":
        purpose = purpose[1:]
    if len(purpose) < 2 or lower(purpose[0]) != "you" or str(purpose[1].lemma_).lower() not in _UNDERSTAND:
        return False
    if any(is_negation(t, parsed, words) for t in toks):
        return False
    return all(lower(t) in _WHAT for t in purpose[2:])
