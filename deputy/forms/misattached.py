"""Words the small model hangs from the wrong head in learners' and busy writers' sentences: "Is your
crawler allowed to grab A?" (the permission participle hung from the subject, not the copula) and "for
the people-search comparison" (the verb of a hyphenated noun read as a verb). Each test is small and
pure over spaCy tokens; the core reader (predicate, clause) asks it. Knows no capability.
"""

from __future__ import annotations

from typing import Any

from deputy.vocab import ReaderWords

__all__ = ["hanging_permission", "hyphen_compound"]


def hanging_permission(be: Any, words: ReaderWords) -> Any | None:
    """"Is your crawler allowed to grab A?": the model may hang "allowed" from the subject as a participle
    (acl) rather than make it the copula's complement; it is the same permission question. The participle
    must be a permission word, after the copula, and govern an active verb with "to" (its xcomp), and the
    subject must be who is let (a noun or pronoun): "Is A allowed to be crawled by the contractor?" names a
    page and a passive, and is left to the reader as before; else None."""
    for subject in be.children:
        if subject.dep_ not in ("nsubj", "nsubjpass") or subject.i < be.i:
            continue
        if subject.pos_ not in ("NOUN", "PRON", "PROPN") or subject.tag_ == "ADD":
            continue
        for child in subject.children:
            if child.dep_ != "acl" or child.tag_ != "VBN" or str(child.lemma_).lower() not in words.permission_words:
                continue
            if any(c.dep_ == "xcomp" and c.pos_ == "VERB" and str(c.lemma_).lower() != "be"
                   and not any(a.dep_ == "auxpass" for a in c.children) for c in child.children):
                return child
    return None


def hyphen_compound(tok: Any) -> bool:
    """"the people-search comparison": a verb the model made a compound of a noun, joined by a hyphen to
    the word before it, names a kind of thing, not an action. Only when its children are that hyphen and
    that one childless word, both right before it, and its head is a noun."""
    kids = list(tok.children)
    if tok.dep_ != "compound" or tok.head.pos_ not in ("NOUN", "PROPN") or len(kids) != 2:
        return False
    hyphen = next((k for k in kids if k.tag_ == "HYPH" and k.i == tok.i - 1), None)
    word = next((k for k in kids if k.i == tok.i - 2 and k.pos_ in ("NOUN", "PROPN", "ADJ")), None)
    return hyphen is not None and word is not None and not list(word.children)
