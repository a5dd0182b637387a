"""A sentence that only states the writer's need ("… go through? Need the status code.") is context."""

from __future__ import annotations

from typing import Any

import pytest

from deputy.protect import protect
from deputy.rewrite import rewrite
from seaspider.english_reader import load_vocab
from tests.english._deputy_helpers import read_outcome

WORDS = load_vocab().words

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Did the fetch of {A} go through? Need the status code.", ("page", {"url": A})),
    (f"Need the status code. Did the fetch of {A} go through?", ("page", {"url": A})),
    ("Any jobs waiting? Need to know before I kick off the release sync.", ("status", {})),
    (f"what does {A} say? need the exact wording", ("read", {"url": A})),
])
def test_a_sentence_opening_on_need_is_the_writers_need(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Did the fetch of {A} go through? Need you to fetch it again.", "not_understood"),  # a second request
    (f"Did the fetch of {A} go through? Need it summarised.", "unsupported_verb"),
    # Round 12: "Need B fetched" gets its "I" back before the address and is the request it is; beside
    # the question it is a second one (it was refused as an address outside the question).
    (f"Is the crawl job still running? Need {B} fetched as well.", "not_understood"),
    (f"Did {A} get stored? Need the status, but don't fetch it again.", "negation"),
    ("Anything in the queue? Need to delete the stale jobs.", "unsupported_verb"),
    # When the writer needs a thing is when to act: a time in the need is a schedule.
    (f"Need the status code tomorrow. Fetch {A}.", "condition"),
    (f"Fetch {A}. Need it by noon.", "condition"),
])
def test_a_stated_need_that_asks_more_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_need_inside_a_sentence_is_left_alone(deputy: Any) -> None:  # negative control: only a sentence's first word
    assert read_outcome(deputy, f"Fetch {A}, need not be fast.")[0] == "refused"


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Did {A} go through? Need the status code.", f"Did {A} go through? I need the status code."),
    ("need to know first", "I need to know first"),
    ("Any jobs?\nNeed the count.", "Any jobs?\nI need the count."),
    # Round 13 (chat): "Need you to fetch A" is the writer's "I need you to …" too; it was left as
    # written for being "already a request", which it was not (refused as not understood).
    (f"Need you to fetch {A}.", f"I need you to fetch {A}."),
    # Negative controls: a negation, and "need" inside a sentence stay as written.
    ("Need not hurry.", "Need not hurry."),
    (f"Fetch {A} as we need it.", f"Fetch {A} as we need it."),
    (f"{A} need the code", f"{A} need the code"),  # a piece after an address opens no sentence
])
def test_need_opening_a_sentence_gets_its_subject(prompt: str, expected: str) -> None:
    assert _text(prompt) == expected


def _text(prompt: str) -> str:
    done = rewrite(protect(prompt), spellings=WORDS.spellings, frames=WORDS.hedge_frames,
                   asides=WORDS.hedge_asides, courtesy=WORDS.courtesy | WORDS.politeness)
    out = done.protected.pieces[0]
    for item, piece in zip(done.protected.items, done.protected.pieces[1:], strict=True):
        out += item.text + piece
    return out


@pytest.mark.parametrize("prompt, expected", [
    (f"Let me check whether robots.txt permits {A} before going further.", ("robots", {"target": A})),
    (f"Let me check whether we may crawl {A} before proceeding.", ("robots", {"target": A})),
    (f"Fetch {A} before moving on.", ("fetch", {"urls": [A]})),
])
def test_the_writers_own_pace_conditions_nothing(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Let me check whether robots.txt permits {A} before fetching it.", "not_understood"),  # a next step
    (f"Fetch {A} before proceeding to {B}.", "unsupported_verb"),  # the aside must end the sentence
    (f"Don't fetch {A} before going further.", "negation"),
])
def test_a_named_next_step_is_no_aside(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)
