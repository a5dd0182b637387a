""""The finance team asked whether we're even allowed to pull ECB pages automatically. Check whether
robots.txt permits A.": a reported question of leave asks whether an act is allowed; it does not ask for
the act (round 19, ctx19).

deputy.compose._reported_question keeps a reported question as context only when it holds no verb that
acts; "pull" there is the act the permission is about. `leave_asked` names such verbs: a verb that acts,
set as the infinitive of a word of permission ("allowed to pull", "permitted to fetch", "have permission
to crawl"). A refused or forbidden verb ("allowed to delete") is never named, nor a verb with a negation
in its clause, so those still keep the sentence out of the context. The sentence, once context, is judged
as any context sentence that speaks of acting: its widening and time words ("every hour") still count.
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.vocab import ReaderWords

__all__ = ["leave_asked"]


def leave_asked(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> frozenset[int]:
    """The tokens of the verbs that act whose leave a reported question asks about ("allowed to pull")."""
    doc = parsed.doc
    found = set()
    for index in clause.tokens:
        tok = doc[index]
        if tok.pos_ != "VERB" or str(tok.lemma_).lower() not in actions or tok.dep_ != "xcomp":
            continue
        if str(tok.lemma_).lower() in words.unsupported | words.forbidden:
            continue
        if not _permitting(tok.head, words):
            continue
        if any(is_negation(t, parsed, words) for t in tok.head.subtree):
            continue
        found.add(index)
    return frozenset(found)


def _permitting(head: Any, words: ReaderWords) -> bool:
    """"allowed", "permitted", "able" (words.permission_words) or "permission" in "have permission to"."""
    lemma = str(head.lemma_).lower()
    return lemma in words.permission_words or lower(head) in words.permission_words or lemma in ("allowed", "permitted")
