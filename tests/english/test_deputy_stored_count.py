"""Round 27 (lead): a count of stored pages with a participle ("Count the pages stored from H.", "Pages stored
for H?") asks the count for that host (deputy/text/stored_count.py). The blind round 27 read the first as a
count of the whole store (the host dropped) and the second as a page question about the host's front page:
two wrong answers at first sight."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.nlp as nlp
from _deputy_helpers import read_outcome
from deputy.protect import protect
from deputy.text.stored_count import stored_count

COUNTS = [
    ("Count the pages stored from a.example.com.", "a.example.com"),
    ("Pages stored for en.wikipedia.org?", "en.wikipedia.org"),
    ("pls count the pages you have fetched from www.bbc.co.uk", "www.bbc.co.uk"),
    ("Tally up the pages saved for docs.python.org, please.", "docs.python.org"),
    ("Total pages downloaded from www.gov.uk?", "www.gov.uk"),
]


@pytest.mark.parametrize("prompt,host", COUNTS)
def test_a_count_with_a_participle_asks_for_the_host(deputy: Any, prompt: str, host: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {"host": host})


@pytest.mark.parametrize("prompt,kind", [
    ("Count the pages stored from a.example.com if it is up.", "condition"),
    ("Count the pages stored from a.example.com and delete them.", "unsupported_verb"),
    ("Don't count the pages stored from a.example.com.", "negation"),
    # A site the reader cannot place is refused by name, never dropped into a count of the whole store.
    ("Count the pages stored from docs.rs.", "not_understood"),
])
def test_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_page_address_is_left_as_written() -> None:  # negative control: only a host alone is a site to count
    for prompt in ("Pages stored for https://a.example.com/x?", "Count the pages stored from a.example.com/x."):
        assert stored_count(protect(prompt)) == (protect(prompt), ())


def test_only_the_whole_prompt_is_rewritten() -> None:  # negative control
    prompt = "Fetch https://b.example.com/ and count the pages stored from a.example.com."
    assert stored_count(protect(prompt))[1] == ()


def test_without_the_pass_the_host_is_lost(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nlp, "stored_count", lambda protected: (protected, ()))  # rule off
    assert read_outcome(deputy, "Pages stored for en.wikipedia.org?") == ("page", {"url": "https://en.wikipedia.org/"})
    assert read_outcome(deputy, "Count the pages stored from banana.example.") != ("stats", {"host": "banana.example"})
