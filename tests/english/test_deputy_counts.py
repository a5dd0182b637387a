"""Round 12: terse notes about pages and counts ("did A 404", "dl A + B", "how many pages stored total",
"is A ok for robots??", "[pricing](A) — fetch that link"), each beside the control that must still refuse."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome
from deputy.nlp import parse
from deputy.protect import protect
from seaspider.english_reader import load_vocab

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"did {A} 404", ("page", {"url": A})),          # no question mark: "did" and the address still ask
    (f"Did {A} 500", ("page", {"url": A})),
    (f"did {A} 404?", ("page", {"url": A})),
])
def test_did_an_address_ask_without_its_question_mark(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"did {A} 404, refetch it",          # a wrong action before this round: it answered the page
    f"Did {A} 404, then refetch it.",
    f"did {A} 404, refetch it?",
    f"Did {A} 404; refetch it.",
])
def test_an_order_after_the_comma_of_a_question_is_a_second_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("prompt, expected", [
    (f"Did you, by any chance, fetch {A}?", ("page", {"url": A})),  # paired commas set off an aside
    (f"Did you fetch {A}?", ("page", {"url": A})),
])
def test_paired_commas_cut_no_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_fetch_a_number_is_still_no_question(deputy: Any) -> None:  # negative control
    assert read_outcome(deputy, f"Fetch {A} 404 times")[0] == "refused"


@pytest.mark.parametrize("prompt, expected", [
    (f"fetch {A} + {B}", ("fetch", {"urls": [A, B]})),
    ("how many pages stored total", ("stats", {})),
    ("how many pages stored total for docs.python.org", ("stats", {"host": "docs.python.org"})),
    (f"is {A} ok for robots?? thx", ("robots", {"target": A})),
    (f"[pricing]({A}) — fetch that link", ("fetch", {"urls": [A]})),
])
def test_terse_notes_are_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"fetch {A} + http://10.0.0.8/engine/", "non_public_address"),
    (f"fetch {A} + delete {B}", "unsupported_verb"),
    (f"dl {A} + {B} and diff them", "unsupported_verb"),
    (f"is {A} ok for robots? if so grab it", "condition"),
    (f"is {A} ok for robots? grab it", "not_understood"),  # a question and an order: two requests
    (f"[pricing]({A}) — don't fetch that link yet", "negation"),
    ("[admin](http://127.0.0.1:8080/admin) — fetch that link", "non_public_address"),
    (f"Fetch 3 pages total from {A}", "not_understood"),  # "total" passes; the count still has to match
])
def test_terse_notes_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_slot_noun_after_a_determiner_is_tagged_a_noun() -> None:
    words = load_vocab().words
    parsed = parse(protect(f"{A} — fetch that link"), words=words, verbs={"fetch"})
    link = next(t for t in parsed.doc if t.text == "link")
    assert link.tag_ == "NN"
    relative = parse(protect(f"Fetch the page that links to {A}"), words=words, verbs={"fetch"})
    links = next(t for t in relative.doc if t.text == "links")  # a relative "that" is no determiner
    assert links.tag_.startswith("VB") or relative.doc[links.i - 1].tag_ != "DT"
