"""A plan's first step, pointed at: "Plan: fetch A, then summarise it for the user. Please do step one
now." asks for the first step only; the later steps are the writer's plan, not asked of me now.

Reads the one parse the skeleton was built from; knows no capability and never makes a sentence act
that did not: it only sets aside the steps after "then" when a closing sentence points at step one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from deputy.skeleton import Mood, Skeleton, TokenRow
from deputy.vocab import ReaderWords

__all__ = ["pointed_first_step"]

# Words that name the first step in a pointing sentence ("step one", "step 1", "the first step").
_FIRST = frozenset({"one", "1", "first"})
_REQUESTS = frozenset({Mood.IMPERATIVE, Mood.REQUEST})


def pointed_first_step(sk: Skeleton, words: ReaderWords) -> Skeleton:
    """The skeleton with the plan's later steps set aside, or `sk` unchanged.

    Only when: a label of `words.plan_labels` ("Plan:") opens the sentence of the request; the request's
    verb is the first step and holds every address of the prompt, before a "then" that starts the later
    steps; every verb the request would otherwise carry stands after that "then"; and the prompt ends with
    one sentence of `words.step_pointers` that names step one ("Please do step one now."). A negation,
    condition, blocker or forbidden verb anywhere still refuses, as the skeleton keeps them.
    """
    if sk.mood not in _REQUESTS or len(sk.also) != 1 or sk.also[0].slots or sk.conjoined or not sk.others:
        return sk
    rows = {row.id: row for row in sk.tokens}
    sentences = _sentences(rows)
    if len(sentences) < 3 or not _points_at_step_one(sentences[-1], words):
        return sk
    for index, sentence in enumerate(sentences[1:-1], 1):
        verb = next((r for r in sentence if r.head == 0 and r.lemma == sk.predicate), None)
        if verb is None or not _plan_label(sentences[index - 1], words):
            continue
        then = next((r for r in sentence if r.head == verb.id and r.form.lower() == "then"), None)
        if then is None:
            return sk
        addresses = [r for r in rows.values() if r.misc == "address"]
        if not addresses or any(r.id > then.id or r not in sentence for r in addresses):
            return sk
        later = {r.lemma.lower() for r in sentence if r.id > then.id and r.upos in ("VERB", "AUX")}
        if not set(sk.others) <= later:
            return sk
        return replace(sk, others=(), also=(), rewrites=sk.rewrites + ("step one of the plan: later steps set aside",))
    return sk


def _sentences(rows: Mapping[int, TokenRow]) -> list[list[TokenRow]]:
    """The parse's sentences in order: the tokens under each root."""
    def root(row: TokenRow) -> int:
        seen = 0
        while row.head != 0 and seen < len(rows):
            row, seen = rows[row.head], seen + 1
        return row.id

    grouped: dict[int, list[TokenRow]] = {}
    for row in rows.values():
        grouped.setdefault(root(row), []).append(row)
    return sorted((sorted(group, key=lambda r: r.id) for group in grouped.values()), key=lambda g: g[0].id)


def _plan_label(sentence: list[TokenRow], words: ReaderWords) -> bool:
    """"Plan:" alone: a label of the plan list and its colon."""
    said = [r.form.lower() for r in sentence]
    return len(said) == 2 and said[0] in words.plan_labels and said[1] == ":"


def _points_at_step_one(sentence: list[TokenRow], words: ReaderWords) -> bool:
    """"Please do step one now.": every word a pointer word, naming step one and nothing else."""
    said = [r.form.lower() for r in sentence if r.upos != "PUNCT"]
    return (bool(said) and set(said) <= words.step_pointers and "step" in said and bool(set(said) & _FIRST)
            and all(r.misc != "address" for r in sentence))
