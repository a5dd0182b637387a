"""A sentence of context that reports what was done to an address the request names again:
"Previously: fetched A OK.\nNow: fetch B and A." (issue 14, round 25, bind25). The request asks for A in its
own words, so the report's mention of A is no second thing asked of me (deputy.forms.restated does the same
for a sentence that only tells; this one lets a report of a past act through, with its own guards).

Pure over clauses read from a parse; knows no capability beyond the verbs that act and the refused lists.
"""

from __future__ import annotations

from collections.abc import Iterable

from deputy.clause import Clause
from deputy.forms.written_past import written_past
from deputy.nlp import Parsed
from deputy.protect import ItemKind
from deputy.signals import is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["named_again", "reports_a_past_act"]

# Verbs that do nothing to a page ("A was fine", "had no errors"): never what a report reports.
_BASIC = frozenset({"be", "have", "do", "go"})
# Tags of a verb that tells what happened ("fetched", "was stored").
_PAST_TAGS = frozenset({"VBD", "VBN"})


def reports_a_past_act(
    clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str], known: frozenset[str] = frozenset()
) -> bool:
    """Whether a sentence of context only reports an act done before: a statement with no negation, no
    condition word, no refused or forbidden verb, and every verb that acts or that the reader knows
    (`known`: "stored", "checked") in the past ("fetched", "was saved") — written so, whatever tag the
    model gave it. "Fetch A" or "wants A fetched tomorrow" hold a verb that acts now and are no report."""
    if clause.mood is not Mood.STATEMENT or clause.asked or clause.label:
        return False
    doc = parsed.doc
    refused = words.unsupported | words.forbidden
    acts = actions | (known - _BASIC)
    conditions = frozenset(c for c in words.conditions if " " not in c)
    acted = False
    for index in sorted(clause.tokens):
        if index in parsed.items:
            continue
        tok = doc[index]
        if is_negation(tok, parsed, words):
            return False
        word, lemma = lower(tok), str(tok.lemma_).lower()
        if word in conditions:
            return False
        if tok.pos_ not in ("VERB", "AUX"):
            continue
        if lemma in refused or word in refused:
            return False
        if lemma in acts or clause.predicate in acts and index in clause.chain:
            past = tok.tag_ in _PAST_TAGS or written_past(tok, clause.predicate)
            if not past or any(c.dep_ == "aux" and c.tag_ == "TO" for c in tok.children):
                return False  # "wants A fetched", "was meant to fetch A": an order under a past word
            acted = True
    return acted


def named_again(
    clauses: list[Clause], context: Iterable[int], main: int, parsed: Parsed, words: ReaderWords,
    actions: frozenset[str], known: frozenset[str] = frozenset(),
) -> list[int]:
    """The sentences of `context` (indexes into `clauses`) that only report a past act on addresses the
    request `main` names too, written the same way; a sentence naming any address the request does not
    name ("fetched A and B" before "download A again") is left to the other checks, and still refuses."""
    asked = _addresses(clauses[main].scope, parsed)
    if not asked:
        return []
    out = []
    for index in context:
        named = _addresses(clauses[index].tokens, parsed)
        if named and named <= asked and reports_a_past_act(clauses[index], parsed, words, actions, known):
            out.append(index)
    return out


def _addresses(tokens: Iterable[int], parsed: Parsed) -> frozenset[str]:
    """The addresses among the tokens, as written."""
    return frozenset(parsed.items[i].text for i in tokens
                     if i in parsed.items and parsed.items[i].kind is ItemKind.ADDRESS)
