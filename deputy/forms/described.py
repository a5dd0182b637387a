"""What a relative clause on the page says the page is about: "Fetch A, the page that explains how
attackers delete files through injected commands." The verbs inside ("delete", "injected") tell what
the page describes; nobody is asked to do them, so they are not the verb the reader refuses.

Pure over tokens; knows no capability. Narrow on purpose. The clause is a relative clause on the
address itself or on a noun in apposition to it; every verb from the word up to that clause is said of
someone other than the two sides of the exchange and other than a person who could be passing on an
order ("attackers delete", "adversaries destroy"), with no modal ("that you should delete", "that must
be deleted"), no wish ("that the user wants deleted"), and no base-form verb of its own that could be an
order; a participle used as an adjective ("injected commands") only describes. Anything else keeps the
forbidden-verb refusal as before.
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import lower
from deputy.vocab import ReaderWords

__all__ = ["describes_the_page"]

# Who may be the subject of a verb that only describes: never the exchange's own sides or a person.
_EXCHANGE = frozenset({"you", "u", "yourself", "i", "we", "me", "us", "he", "she", "they", "someone", "somebody"})
_RELATIVES = frozenset({"that", "which"})
_MODALS = frozenset({"MD"})


def describes_the_page(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether the verb `tok` stands in a relative clause that only describes the page asked for."""
    node = tok
    saw_subject = False
    for _ in range(12):
        if node.pos_ in ("VERB", "AUX") and not _said_of_another(node, words):
            return False
        saw_subject = saw_subject or any(c.dep_ in ("nsubj", "nsubjpass") for c in node.children)
        if node.dep_ == "relcl":
            # "the page that tells you to delete files" speaks to the deputy: no mere description.
            addressed = any(lower(t) in _EXCHANGE for t in node.subtree)
            return saw_subject and not addressed and _on_the_page(node.head, parsed) and _relative_subject(node)
        if node.head.i == node.i:
            return False
        node = node.head
    return False


def _said_of_another(verb: Any, words: ReaderWords) -> bool:
    """A verb that describes: no modal, no wish, its subject (if any) neither a side of the exchange
    nor a person; without a subject only a participle, an infinitive with "to", or a verb in the
    third person (the relative pronoun's)."""
    lemma = str(verb.lemma_).lower()
    if lemma in words.request_governors:
        return False
    if any(c.tag_ in _MODALS for c in verb.children):
        return False
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    for subject in subjects:
        said = lower(subject)
        if said in _EXCHANGE or said in words.person_nouns or str(subject.lemma_).lower() in words.person_nouns:
            return False
    if subjects:
        return verb.tag_ != "VB"
    if verb.tag_ in ("VBN", "VBG") and verb.dep_ in ("amod", "acl"):
        return True  # "injected commands", "files affected": a participle as an adjective
    return verb.tag_ == "VB" and any(c.tag_ == "TO" for c in verb.children)


def _relative_subject(clause: Any) -> bool:
    """The relative clause is said of the page itself: "the page that explains …", "A, which shows …"."""
    return any(c.dep_ == "nsubj" and lower(c) in _RELATIVES for c in clause.children)


def _on_the_page(noun: Any, parsed: Parsed) -> bool:
    """The address itself, or a noun set beside it in apposition ("A, the page that …")."""
    if noun.i in parsed.items:
        return True
    return noun.dep_ == "appos" and noun.head.i in parsed.items and noun.pos_ in ("NOUN", "PROPN")
