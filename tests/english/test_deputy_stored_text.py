""""What text did you save for A?" asks for the stored text (read), not the page record (page): a
question whose "what" names the text is answered with the text, whatever verb says how it was kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from seaspider.english_reader import build_deputy
from seaspider.resources import default_vocab_text
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    f"What text did you save for {A}?",
    f"Which wording did we store for {A}?",
    f"What text have you got for {A}?",
    f"what text was saved for {A}",
], ids=["save", "wording-store", "have-got", "passive-no-mark"])
def test_the_text_asked_after_is_read(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("read", {"url": A})


@pytest.mark.parametrize("prompt, expected", [
    (f"What did you get from {A}?", ("page", {"url": A})),  # no text named: the record
    (f"What status did {A} return?", ("page", {"url": A})),
    (f"What text did you delete from {A}?", ("refused", "unsupported_verb")),
    (f"What text did you save for http://10.0.0.1/?", ("refused", "non_public_address")),
    (f"What text will you save for {A}?", ("refused", "not_understood")),  # a question about acting never acts
    (f'Per Reviewer 2\'s comment ("please cite the original RFC"), fetch {A}.', ("fetch", {"urls": [A]})),
], ids=["record", "status", "unsupported", "private", "future", "quoted-aside-still-passed-over"])
def test_other_questions_and_the_checks_are_unchanged(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_form_the_record_answers(tmp_path: Path) -> None:
    """Negative control: the vocabulary without the read form and page's exclusion answers the record."""
    vocab = json.loads(default_vocab_text())
    for cap in vocab["capabilities"]:
        if cap["name"] == "page":
            cap["excludes"] = [w for w in cap["excludes"] if w not in ("text", "wording")]
        if cap["name"] == "read":
            cap["forms"] = [f for f in cap["forms"] if not f["note"].startswith("What text did you save")]
    path = tmp_path / "vocab.json"
    path.write_text(json.dumps(vocab), encoding="utf-8")
    assert read_outcome(build_deputy(path), f"What text did you save for {A}?") == ("page", {"url": A})
