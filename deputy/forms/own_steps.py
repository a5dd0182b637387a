"""The writer's own next step set as a deadline anywhere in a sentence: "Status check before I enqueue
the nightly batch: is the worker idle?", "The user wants to know whether the batch went through before
we continue." A clause opened by a "before" that deputy.signals.writers_deadline accepts (the writer's
own act, not negated, no address, nothing of the reader's) says by when the writer needs the answer;
its verbs are the writer's plan, not a second thing asked of me.

Pure over a parse; knows no capability. A forbidden verb inside such a clause is still refused by the
reader's forbidden-verb check, which looks at every token whatever this module says.
"""

from __future__ import annotations

from collections.abc import Iterable

from deputy.nlp import Parsed
from deputy.signals import writers_deadline
from deputy.vocab import ReaderWords

__all__ = ["deadline_clauses"]


def deadline_clauses(tokens: Iterable[int], parsed: Parsed, words: ReaderWords) -> frozenset[int]:
    """The tokens, among `tokens`, of every clause a writer's deadline "before" opens.

    Only a "before" that marks a clause (dep "mark" on a verb): a "before" phrase ("before lunch") has
    no verbs to set apart, and the reader already passes it over as a deadline.
    """
    doc = parsed.doc
    ids = frozenset(tokens)
    out: set[int] = set()
    for index in sorted(ids):
        tok = doc[index]
        if tok.dep_ != "mark" or tok.head.pos_ not in ("VERB", "AUX") or not writers_deadline(tok, parsed, words):
            continue
        out |= {t.i for t in tok.head.subtree}
    return frozenset(out & ids)
