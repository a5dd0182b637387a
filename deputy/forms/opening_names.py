"""'Raj is asking on Slack whether you're busy right now.': a short given name opening a sentence that
the small model tags an adverb. A progressive after it ("is asking") needs a subject, and no adverb
opens "<word> is asking"; only its tag changes, to a proper noun. Pure over tokens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["opening_names", "opening_subjects"]

_ENDS = frozenset({".", "!", "?", ";", ":"})


def opening_names(doc: Any, items: dict[int, Any]) -> None:
    """Retag as a proper noun a capitalised word tagged RB that opens a sentence and is followed by
    "is"/"was" and a present participle ("Raj is asking", "Ana was wondering"). "Here is A", "Now is
    the time" have no participle there and are left."""
    for tok in doc[:-2]:
        if tok.tag_ != "RB" or tok.i in items or not tok.text.istitle() or not tok.text.isalpha():
            continue
        if tok.i > 0 and doc[tok.i - 1].text not in _ENDS:
            continue
        aux, verb = doc[tok.i + 1], doc[tok.i + 2]
        if aux.lower_ in ("is", "was") and verb.tag_ == "VBG" and verb.i not in items:
            tok.tag_ = "NNP"


def opening_subjects(doc: Any, items: dict[int, Any]) -> None:
    """After parsing: the retagged name that the parser still hangs as an adverb of the participle
    ("Raj" advmod of "asking") is that participle's subject when it has none of its own."""
    for tok in doc[:-2]:
        if tok.tag_ != "NNP" or tok.dep_ != "advmod" or tok.i in items:
            continue
        verb = tok.head
        if verb.i != tok.i + 2 or verb.tag_ != "VBG" or doc[tok.i + 1].lower_ not in ("is", "was"):
            continue
        if any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
            continue
        tok.dep_ = "nsubj"
