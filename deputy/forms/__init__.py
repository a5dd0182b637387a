"""Readings of particular prompt forms over the parse: questions about a stored record, reasons and
plans beside a request, pronouns, time words, counts and quotations. Each is a small pure test
the core reader (clause, compose, context, decide) asks.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "asides",
    "asked",
    "asked_back",
    "check_heading",
    "conditioned_nots",
    "contrast",
    "copula",
    "correlative",
    "dated",
    "described",
    "echo",
    "elliptic",
    "elsewhere",
    "headline_totals",
    "joined",
    "listcounts",
    "misattached",
    "needed_page",
    "numbers",
    "opening_names",
    "own_inquiry",
    "own_steps",
    "pointed",
    "pointed_one",
    "priority",
    "products",
    "pronouns",
    "quoted",
    "reasons",
    "recalled",
    "repeated",
    "reported_ask",
    "reported_past",
    "restated",
    "retried",
    "second_question",
    "steps",
    "times",
    "told_before",
    "why_heading",
]
