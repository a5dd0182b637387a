"""A short question that repeats the one just reported: "Raj is asking on Slack whether you're busy
right now. Are you?" The bare "Are you?" asks the reported question again, of me; it adds nothing to
read, so the reported question is what is asked.

Pure over clauses read from a parse; knows no capability. Only an auxiliary and the same subject
pronoun as the question reported right before it ("… whether you're busy. Are you?", "… whether it has
finished. Has it?"), with no negation ("Aren't you?" asks something else) and nothing else in it.
"""

from __future__ import annotations

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import lower
from deputy.skeleton import Mood

__all__ = ["echoes"]

_PRONOUNS = frozenset({"you", "it", "they", "we", "u"})
_QUESTIONS = frozenset({Mood.YES_NO_QUESTION, Mood.WH_QUESTION})


def echoes(clauses: list[Clause], parsed: Parsed) -> set[int]:
    """The clauses that only echo the reported question right before them."""
    doc = parsed.doc
    out = set()
    for n, clause in enumerate(clauses[1:], 1):
        said = [doc[i] for i in sorted(clause.tokens) if not doc[i].is_punct]
        if clause.mood is not Mood.YES_NO_QUESTION or not clause.asked or len(said) != 2:
            continue
        aux, subject = said
        if aux.pos_ != "AUX" or lower(subject) not in _PRONOUNS or subject.dep_ != "nsubj":
            continue
        before = clauses[n - 1]
        # The question before is reported ("Raj is asking whether …"), not asked: it has no "?" of its own.
        if before.mood not in _QUESTIONS or before.asked or not before.governors or before.subject != lower(subject):
            continue
        # The reported question's own auxiliary is the echo's ("whether you're busy" → "Are you?").
        inner = [doc[i] for i in sorted(before.tokens) if doc[i].pos_ == "AUX" and doc[i].head.i in before.chain
                 or (doc[i].pos_ == "AUX" and doc[i].i in before.chain)]
        if not any(str(t.lemma_).lower() == str(aux.lemma_).lower() for t in inner):
            continue
        out.add(n)
    return out
