"""Round 18's wrong plan at first sight: "Have you stored anything from www.reuters.com?" answered about
the host's home page (page) where the writer asked about the host's pages (stats). Two stats forms in
the vocabulary read an indefinite object ("anything", "something", "any pages") with a host written as
a host; a page address still asks about that page. Only observing answers change here: nothing fetches."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from _deputy_helpers import read_outcome
from seaspider.english_reader import deputy_for, load_vocab


@pytest.mark.parametrize(("prompt", "host"), [
    ("Have you stored anything from www.reuters.com?", "www.reuters.com"),
    ("Did you fetch anything from www.reuters.com?", "www.reuters.com"),
    ("Did you fetch something from reuters.com yesterday?", "reuters.com"),
    ("Have you stored any pages from www.lemonde.fr?", "www.lemonde.fr"),
    ("Do you have any pages from bbc.co.uk?", "bbc.co.uk"),
])
def test_an_indefinite_object_counts_the_hosts_pages(deputy: Any, prompt: str, host: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {"host": host})


@pytest.mark.parametrize(("prompt", "expected"), [
    # A page address asks about that page.
    ("Have you got anything from https://www.reuters.com/world/?", ("page", {"url": "https://www.reuters.com/world/"})),
    ("Did you fetch any pages from https://www.reuters.com/world/?", ("page", {"url": "https://www.reuters.com/world/"})),
    ("Have you stored https://www.reuters.com/world/?", ("page", {"url": "https://www.reuters.com/world/"})),
    # The work going on now is the status, not a count.
    ("Are you currently fetching anything?", ("status", {})),
    # A permission question asks robots.txt; an order with "anything" is refused as before.
    ("Can you fetch anything from www.reuters.com?", ("robots", {"target": "https://www.reuters.com/"})),
    ("Fetch anything from www.reuters.com.", ("refused", "not_understood")),
    ("Haven't you stored anything from www.reuters.com?", ("stats", {"host": "www.reuters.com"})),
])
def test_negative_controls(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_forms_the_home_page_is_answered() -> None:
    vocab = load_vocab()
    stats = next(c for c in vocab.capabilities if c.name == "stats")
    kept = tuple(f for f in stats.forms if not any({"anything", "any"} & group for group in f.requires))
    trimmed = replace(vocab, capabilities=tuple(replace(c, forms=kept) if c is stats else c for c in vocab.capabilities))
    assert read_outcome(deputy_for(trimmed), "Have you stored anything from www.reuters.com?") == (
        "page", {"url": "https://www.reuters.com/"})
