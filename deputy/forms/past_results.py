""""Last time the robots check for A said yes. Fetch it now.": a sentence of context telling what an earlier
check, probe or run on the one address came back with hands that address to a following "it" (round 21,
ctx21).

The shape: the sentence's subject is a noun with the address as the object of its own preposition ("the
robots check for A", "the status probe on A", "yesterday's crawl of A"), and its verb tells, in the past, what
that check or run gave ("said yes", "returned 200", "came back clean", "showed it was up"). Such a sentence
does nothing to the address itself: it is a result, and the request's singular pointer can only mean the
one address it names (no one fetches a check).

Guards (a sentence failing any is left to the other readings, and the address stays outside the request):
the main verb is a past-tense verb the reader neither acts on nor refuses; no negation anywhere ("said no",
"didn't return"), no refused, forbidden or acting verb, no blocker or condition word, no other item; the
address hangs from the subject through "for", "on", "of" or "at" and nothing else. The caller
(deputy.context.bind_pronoun) has checked that the pronoun is singular and the address the only item, and
judges the request itself with every check (a condition or negation there still refuses).
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.forms.recalled import dates_the_past
from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["tells_a_result", "verdict"]

# The answers a check gives: "the robots check said yes", "the probe said OK".
_VERDICTS = frozenset({"yes", "no", "ok", "okay", "fine", "allowed", "disallowed"})
# The prepositions that tie a check or a run to the page it was about.
_ABOUT = frozenset({"for", "on", "of", "at", "against"})


def tells_a_result(
    clause: Clause, addresses: frozenset[int], parsed: Parsed, words: ReaderWords, actions: frozenset[str]
) -> bool:
    """Whether a sentence of context only tells what an earlier check or run on the one address gave."""
    if clause.mood is not Mood.STATEMENT or len(addresses) != 1:
        return False
    doc = parsed.doc
    address = doc[next(iter(addresses))]
    subject = _subject_of_address(address)
    if subject is None:
        return False
    verb = subject.head
    if verb.tag_ != "VBD" or verb.i not in clause.tokens:
        return False
    return _nothing_else(clause, verb, parsed, words, actions)


def _subject_of_address(address: Any) -> Any:
    """The noun that is the sentence's subject and has the address as the object of its preposition."""
    prep = address.head
    if address.dep_ != "pobj" or lower(prep) not in _ABOUT or prep.dep_ != "prep":
        return None
    noun = prep.head
    # The small model may tag the noun "check" as a verb ("the last status check on A returned 200"); as the
    # subject of the past verb it is still the check's name.
    if noun.pos_ not in ("NOUN", "VERB") or noun.dep_ != "nsubj" or noun.head.pos_ != "VERB":
        return None
    return noun


def _nothing_else(clause: Clause, verb: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """No negation, no second item, no verb that acts or is refused, no blocker or condition word."""
    doc = parsed.doc
    never = words.unsupported | words.forbidden | words.negating_verbs
    refused = actions | never
    stops = words.blockers
    subject = next(c for c in verb.children if c.dep_ == "nsubj")
    for index in clause.tokens:
        tok = doc[index]
        if index in parsed.synthetic or index == subject.i:
            continue
        if index == verb.i:
            # The result's own verb ("said yes", "returned 200") may be one the reader knows ("what does A say");
            # of the verbs it refuses only a verb of reporting ("said", "flagged"), told of a check in the past.
            lemma = str(tok.lemma_).lower()
            if lemma in never and lemma not in words.report_verbs:
                return False
            continue
        if index in parsed.items and index != verb.i and tok.head.head.dep_ == "nsubj" and tok.head.head.head.i == verb.i:
            continue  # the one address, under the subject
        if index in parsed.items or is_negation(tok, parsed, words):
            return False
        lemma = str(tok.lemma_).lower()
        if tok.pos_ in ("VERB", "AUX") and (lemma in refused or lower(tok) in refused):
            return False
        if (lemma in stops or lower(tok) in stops) and not dates_the_past(tok):
            return False  # "An hour ago", "last week's check": a time word that dates the past verb is fine
        if tok.dep_ == "mark":
            return False  # "if", "unless", "once", "because": a clause that conditions or reasons
    return True


def verdict(tok: Any) -> bool:
    """Whether a verb's child is the verdict it said ("… said yes", "… said OK"): the small model hangs it as
    an interjection, so a verb of saying would otherwise seem to say nothing of its own and the next
    sentence would be taken for its words (deputy.context.after_reported_things)."""
    return tok.dep_ in ("intj", "dobj", "acomp") and lower(tok) in _VERDICTS
