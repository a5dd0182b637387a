""""We're checking whether yesterday's scrape captured the right version. When did you fetch A?": a
statement of what the writer, the team or another agent is checking asks nothing of the reader; the
question it embeds is theirs, about the world (round 19, ctx19b).

deputy.compose._reported_question keeps such an embedded question as context only when it holds no word
that acts. In a writer's own inquiry the words that act there name things or events, not requests: a
noun ("the mirror", "last night's crawl", "the archive copy"), an adjective or participle before a noun
("the stored copies"), or a finite verb with a subject other than the deputy ("the scrape captured …",
"the mirror it keeps"). `inquiry_events` names those tokens so the check passes over them.

Guards: the inquiring verb ("check", "verify", … the embedders) must have a subject of its own that is not
"you" (an order "Check whether …" has none, "You're checking …" and "Could you check …" speak to the
reader); a bare or infinitive verb ("whether to fetch A") and anything under a modal ("whether you can
fetch A") are never named; nor a forbidden word, nor anything in a clause whose subject is "you". An
address in the sentence, a negation and a question mark still keep it out (the caller's own checks).
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import asks, lower
from deputy.vocab import ReaderWords

__all__ = ["inquiry_events"]

_YOU = frozenset({"you", "u", "yourself", "ya"})
# Finite verb tags: an event or a state told in the embedded question, never an order.
_FINITE = frozenset({"VBD", "VBZ", "VBP", "VBN", "VBG"})
_NAMING = frozenset({"NOUN", "PROPN", "ADJ"})


def inquiry_events(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> frozenset[int]:
    """The acting words inside a writer's own embedded question that name things or events (see above);
    empty unless the clause is an inquiry of someone other than the deputy."""
    if clause.asked or not clause.governors or clause.governors[0] not in words.embedders:
        return frozenset()
    doc = parsed.doc
    found: set[int] = set()
    for index in clause.tokens:
        gov = doc[index]
        if str(gov.lemma_).lower() != clause.governors[0] or not _inquirer_not_you(gov):
            continue
        for asked in gov.children:
            # "checking whether …" (ccomp) or "figure out if …" (an advcl the model hangs there; signals.asks).
            if asked.dep_ in ("ccomp", "advcl") and asks(asked, words) \
                    and any(lower(c) in ("whether", "if") for c in asked.children if c.dep_ == "mark"):
                found |= _events(asked, parsed, words, actions)
    return frozenset(found & set(clause.tokens))


def _inquirer_not_you(gov: Any) -> bool:
    """Whether the inquiring verb has its own subject, and it is not the deputy: "We're checking",
    "The QA team is verifying", "My colleague is trying to find out" (the subject of "trying")."""
    node = gov
    for _ in range(3):
        subjects = [c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")]
        if subjects:
            return all(lower(s) not in _YOU for s in subjects)
        if node.dep_ not in ("xcomp", "prt") or node.head.i == node.i:
            return False
        node = node.head
    return False


def _events(asked: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> set[int]:
    """The acting tokens of the embedded question that name a thing or tell an event."""
    acting = actions | words.unsupported
    out: set[int] = set()
    for tok in asked.subtree:
        lemma = str(tok.lemma_).lower()
        if lemma not in acting and lower(tok) not in acting:
            continue
        if lemma in words.forbidden or lower(tok) in words.forbidden or tok.i in parsed.items:
            continue
        if _speaks_to_you(tok, asked):
            continue
        if tok.pos_ in _NAMING or tok.dep_ in ("amod", "compound"):
            out.add(tok.i)
        elif tok.pos_ == "VERB" and tok.tag_ in _FINITE and _told(tok):
            out.add(tok.i)
    return out


def _told(verb: Any) -> bool:
    """A finite verb with a subject of its own (or a relative clause's verb), under no modal: an event."""
    if any(c.dep_ == "aux" and c.tag_ == "MD" for c in verb.children):
        return False
    if verb.dep_ == "relcl":
        return True
    return any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children)


def _speaks_to_you(tok: Any, top: Any) -> bool:
    """Whether a token's clause, up to the embedded question's verb, has "you" as its subject or sits under a modal."""
    node = tok
    for _ in range(12):
        if node.pos_ in ("VERB", "AUX"):
            for c in node.children:
                if c.dep_ in ("nsubj", "nsubjpass") and lower(c) in _YOU:
                    return True
                if c.dep_ == "aux" and c.tag_ == "MD":
                    return True
        if node.i == top.i or node.head.i == node.i:
            return False
        node = node.head
    return True
