"""Deterministic English realisation: counts with agreement, plurals, lists, past forms, times,
sizes, sentences and the «I could not … because …» frames.

Generic: it knows English, not what the words are about. Pure functions of their arguments.
"""

from __future__ import annotations

from realize.frames import could_not, did_not_act
from realize.lists import join
from realize.numbers import article, count, count_be, number_word, of_total, plural
from realize.sentences import clause, paragraph, quote, sentence
from realize.sizes import size
from realize.times import utc_minute
from realize.verbs import past, past_participle

__all__ = [
    "article",
    "clause",
    "could_not",
    "count",
    "count_be",
    "did_not_act",
    "join",
    "number_word",
    "of_total",
    "paragraph",
    "past",
    "past_participle",
    "plural",
    "quote",
    "sentence",
    "size",
    "utc_minute",
]
