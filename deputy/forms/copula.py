"""A sentence of context that says what the one address is: "The next item on that list is A.", "The
official changelog is A." Its subject names the address as "page" would, so a following "Please
download it." can only mean A (deputy.context.bind_pronoun).

Pure over tokens; knows no capability. The address must be the attribute of the sentence's own copula,
the subject a noun phrase (never a clause: "What I deleted is A"). Inside the subject, nouns and their
modifiers only say which thing it is ("on that list", "the one my user cited"); a verb there may only
describe (it neither acts nor is refused nor forbidden, and is not negated: "the item I deleted
yesterday is A", "the page to fetch tomorrow is A" keep refusing as before).
"""

from __future__ import annotations

from typing import Any

from deputy.nlp import Parsed
from deputy.signals import is_negation
from deputy.vocab import ReaderWords

__all__ = ["named_by_copula"]


def named_by_copula(
    addresses: frozenset[int], tokens: frozenset[int], parsed: Parsed, words: ReaderWords, actions: frozenset[str]
) -> frozenset[int]:
    """The tokens of the subject that a copula of `tokens` equates with one of the `addresses`, when
    everything in that subject only names it; empty otherwise."""
    doc = parsed.doc
    refused = actions | words.unsupported | words.forbidden
    for index in addresses:
        attr = doc[index]
        copula = attr.head
        if attr.dep_ != "attr" or copula.i == attr.i or str(copula.lemma_).lower() != "be" or copula.i not in tokens:
            continue
        if any(c.dep_ == "neg" for c in copula.children):
            return frozenset()  # "The page is not A"
        subjects = [c for c in copula.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")]
        if len(subjects) != 1 or subjects[0].dep_ != "nsubj" or not _a_noun(subjects[0]):
            continue
        subject = {t.i for t in subjects[0].subtree}
        if any(i in parsed.items for i in subject):
            continue
        for i in subject:
            tok = doc[i]
            lemma = str(tok.lemma_).lower()
            if is_negation(tok, parsed, words):
                return frozenset()
            if tok.pos_ in ("VERB", "AUX") and (lemma in refused or tok.lower_ in refused):
                return frozenset()
        return frozenset(subject)
    return frozenset()


def _a_noun(tok: Any) -> bool:
    """A noun phrase's head: a noun, a pronoun, or the pronoun "one" the model tags a number ("the
    first one on my list")."""
    return tok.pos_ in ("NOUN", "PROPN", "PRON") or (tok.lower_ == "one" and any(c.dep_ == "det" for c in tok.children))
