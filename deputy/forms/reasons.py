"""Reasons beside a request that are no second action: the writer's own later step ("I'll translate
it myself"), someone wanting to know something ("the user wants to know what changed"), a person's
report about the one address that "it" then names ("Customer reports broken images on A — please
download it").

Pure over a parse; knows no capability. (A purpose phrase up front about the writer's own work is put
right before parsing, in deputy.text.fronted.)
Each reading is narrow: a negation, an address, "you" as the one who acts, or a verb that acts keeps
the prompt as the other checks read it.
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.forms.own_steps import deadline_clauses
from deputy.forms.reported_change import changed_by_the_page, names_many
from deputy.signals import is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords, Vocab

__all__ = ["by_the_writer", "happened", "listened_for", "reports_on", "wants_to_know"]

# The emphatic reflexive of the writer: "I'll translate it myself" says who does it.
_WRITERS_SELVES = {"i": "myself", "we": "ourselves"}
# Wishes that embed a question of someone's ("the user wants to know …", "I'd like to know …").
_WISHES = frozenset({"want", "need", "like", "wish"})
# Who a question is put to when it is about the exchange itself ("what you fetched", "what we stored").
_EXCHANGE = frozenset({"you", "your", "yours", "yourself", "u", "ur", "we", "our", "ours", "us"})
_SECOND_PERSON = frozenset({"you", "your", "yours", "yourself", "u", "ur"})
_COUNTS = frozenset({"how many", "how much"})
_WH_SUBJECTS = frozenset({"what", "which", "whatever"})
_PERSONAL = frozenset({"i", "we", "he", "she", "they", "someone", "somebody", "everyone"})


def by_the_writer(verb: Any) -> bool:
    """"I'll translate it myself later", "We'll compare it against last month ourselves": a verb whose
    subject is the writer and which carries the writer's own reflexive is the writer's work, not a
    second action asked of me. "You translate it yourself" and "I'll translate it later" (no reflexive:
    whose work it is stays open) are not.

    The small model may hang the reflexive lower down ("… for the team myself" as the team's
    apposition), so it may stand anywhere under the verb, but no "you" may: "I'll have you translate it
    myself" is no plan of the writer's alone.
    """
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1:
        return False
    reflexive = _WRITERS_SELVES.get(lower(subjects[0]))
    below = [lower(t) for t in verb.subtree]
    return reflexive is not None and reflexive in below and not set(below) & _SECOND_PERSON


def wants_to_know(clause: Clause, parsed: Parsed, words: ReaderWords, answers: frozenset[str]) -> bool:
    """"The user wants to know what changed", "my manager wants to know what it says about pods": a
    wish to know, of anyone but the deputy, that embeds a question naming no address.

    Not a question about the exchange itself ("… what you fetched", "… what we stored": the pronouns
    of the two sides) and none holding a word an answering capability that needs no address listens
    for (`answers`: "queue", "stored", "crawler"), which I could answer and would then leave unanswered,
    and none asking for leave ("… whether it's allowed").
    """
    governors = clause.governors
    if len(governors) < 2 or governors[0] not in _WISHES or governors[1] != "know":
        return False
    if clause.wh in _COUNTS:
        return False  # "… how many pages there are": a count, which I may be able to give
    doc = parsed.doc
    wish = next((doc[i] for i in sorted(clause.chain) if str(doc[i].lemma_).lower() == governors[0]), None)
    if wish is None:
        return False
    wishers = [c for c in wish.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(wishers) != 1 or lower(wishers[0]) in ("you", "u", "yourself"):
        return False
    # "The user wants you to know …": the deputy is told something, not asked nothing.
    if any(c.dep_ in ("dobj", "dative") for c in wish.children):
        return False
    knowing = next((doc[i] for i in sorted(clause.chain) if str(doc[i].lemma_).lower() == "know"), None)
    if knowing is None:
        return False
    # Only the question itself: "Our PM wants to know …" is the wisher's "our", not the exchange's.
    # "… before we continue": the writer's own next step says by when, and its "we" is no question about
    # the exchange (deputy.forms.own_steps).
    step = deadline_clauses((t.i for t in knowing.subtree), parsed, words)
    said = {w for t in knowing.subtree if t.i not in parsed.items and t.i not in step
            for w in (lower(t), str(t.lemma_).lower())}
    # "I need to know if it's allowed" asks for leave, which robots answers: a question, never a reason.
    return not said & (_EXCHANGE | answers | words.permission_words)


def happened(tok: Any) -> bool:
    """"… what changed in 3.0", "… which parts broke": a verb whose subject is the question word and
    which has no object and no passive names an event on the page, not something to do (a refused verb
    used that way changes nothing; "what was changed" and "what to change" stay refused)."""
    if tok.pos_ != "VERB" or tok.tag_ not in ("VBD", "VBZ", "VBP", "VBN"):
        return False
    kids = list(tok.children)
    if any(c.dep_ in ("dobj", "nsubjpass", "auxpass", "dative", "iobj") for c in kids):
        return False
    subjects = [c for c in kids if c.dep_ == "nsubj"]
    return len(subjects) == 1 and lower(subjects[0]) in _WH_SUBJECTS


def reports_on(clause: Clause, addresses: frozenset[int], parsed: Parsed, words: ReaderWords) -> bool:
    """"Customer reports broken images on A", "Our client complained about missing prices on A": a
    person's report of what they saw on the one address hands that address over to a following "it".

    The subject is a person, the verb one of `words.report_verbs`, and nothing else in the sentence can
    be what a singular "it" stands for: every other noun is plural ("images", "prices"), a person or a
    word for the address itself; participles only describe a noun ("broken", "missing"); no negation,
    no other verb. The caller checks that the pronoun is "it" and the address the only item.
    """
    if clause.mood is not Mood.STATEMENT or clause.predicate not in words.report_verbs:
        return False
    doc = parsed.doc
    verbs = [doc[i] for i in clause.chain if str(doc[i].lemma_).lower() == clause.predicate]
    if len(verbs) != 1:
        return False
    subjects = [c for c in verbs[0].children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or not _a_person(subjects[0], words):
        return False
    allowed = words.referent_nouns | words.person_nouns
    for index in clause.tokens:
        tok = doc[index]
        if index in addresses or index in parsed.synthetic or index == verbs[0].i:
            continue
        if index in parsed.items or is_negation(tok, parsed, words):
            return False
        if tok.pos_ in ("NOUN", "PROPN") and tok.tag_ not in ("NNS", "NNPS") and not names_many(tok):
            if str(tok.lemma_).lower() not in allowed and lower(tok) not in allowed:
                return False  # "a broken image on A": "it" may be the image
        # "Customer says A changed its prices": what the page did is told, not asked of me (round 23).
        if tok.pos_ == "VERB" and not (tok.dep_ == "amod" and not list(tok.children)) \
                and not changed_by_the_page(tok, verbs[0], addresses, words):
            return False
    return True


def _a_person(tok: Any, words: ReaderWords) -> bool:
    return lower(tok) in _PERSONAL or lower(tok) in words.person_nouns or str(tok.lemma_).lower() in words.person_nouns


def listened_for(vocab: Vocab) -> frozenset[str]:
    """The words an answering capability that needs no address listens for ("queue", "stored",
    "crawler"): a question holding one is a question for me, not someone's reason. Words that only name
    the page or place it ("page", "for", "on") are left out: a question about the page says them too."""
    found = {
        word for cap in vocab.capabilities if cap.observes and all(slot.min == 0 for slot in cap.slots)
        for form in cap.forms for group in form.requires for word in group
    }
    words = vocab.words
    return frozenset(found - words.referent_nouns - words.object_nouns - words.prepositions)
