"""Round 20 (branch reasons20): a request for a whole site is named as an unsupported action, however
it is worded ("the whole of A", "all of A", "every page of A", "every linked page").

deputy.forms.whole_site reads the shapes; deputy.decide `_whole_site` renames a not-understood refusal of
an acting request that has one. Only the kind of a refusal changes: nothing here acts that was refused,
and nothing is refused that acted. Positive cases, negative controls, and rule-off checks."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome

A = "https://www.esa.int/"
B = "https://www.rijksmuseum.nl/en"


@pytest.mark.parametrize("prompt", [
    f"Crawl the whole of {A} and store every page.",
    f"Crawl the whole of {A} including every linked page.",
    f"Please download all of {B} for offline reading.",
    f"Fetch every page of {B} and save them.",
    f"Grab {A} plus every linked page.",
    f"Download all pages on {B} please.",
    f"Crawl the entire {A} archive, every linked page.",
])
def test_a_whole_site_in_any_words_is_an_unsupported_action(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")
    assert "whole site" in deputy.read(prompt).reason


@pytest.mark.parametrize(("prompt", "expected"), [
    # A question that only asks about a whole site still answers.
    (f"How many pages from the whole of {A} have you stored?", ("stats", {"host": "www.esa.int"})),
    # A negation, a condition or a private address outranks the scope.
    (f"Don't crawl the whole of {A}.", ("refused", "negation")),
    (f"Crawl the whole of {A} once the nightly job finishes.", ("refused", "condition")),
    ("Crawl the whole of http://192.168.1.20/ and store every page.", ("refused", "non_public_address")),
    # Named pages still act; "all of these" lists them.
    (f"Fetch all of these: {A} and {B}", ("fetch", {"urls": [A, B]})),
    # A clause on the noun picks particular pages; a URL in another sentence is not the site; a bare host
    # stays the word the reader cannot place (as the older corpus has it).
    (f"Fetch the sitemap {A}sitemap.xml and every page it lists.", ("refused", "not_understood")),
    (f"Playbook step 4: grab every page the alert points at.\ndownload {B}", ("refused", "not_understood")),
    ("Fetch all pages of a.example.", ("refused", "not_understood")),
])
def test_negative_controls(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_quantifier_words_all_of_a_is_not_understood() -> None:
    off = deputy_with_words(site_quantifiers=frozenset())
    assert read_outcome(off, f"Please download all of {B} for offline reading.") == ("refused", "not_understood")


def test_without_the_rule_the_whole_of_a_is_not_understood(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import decide
    monkeypatch.setattr(decide, "whole_site_word", lambda *args: None)
    assert read_outcome(deputy, f"Crawl the whole of {A} and store every page.") == ("refused", "not_understood")
