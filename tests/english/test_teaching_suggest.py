"""`seaspider review suggest`: edits the vocabulary can express, each a JSON patch tried on the prompts it answers."""

from __future__ import annotations

import contextlib
import difflib
import hashlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from _teaching_helpers import NAB, VOCAB, make_queue, reader
from deputy import Vocab
from deputy.teaching.relaxations import relaxations
from seaspider.cli import main


@pytest.fixture(scope="module")
def queue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_queue(tmp_path_factory.mktemp("review") / "review.jsonl", reader())


@pytest.fixture(scope="module")
def suggested(queue: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], str, Path]:
    new = tmp_path_factory.mktemp("candidate") / "new.json"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert main(["review", "suggest", str(queue), "--write", str(new)]) == 0
    return json.loads(out.getvalue()), err.getvalue(), new


def test_suggest_proposes_the_missing_predicate(suggested: tuple[dict[str, Any], str, Path]) -> None:
    found, err, _ = suggested
    first = found["suggestions"][0]
    assert (first["capability"], first["edit"], first["word"], first["answers"], first["of"]) == (
        "fetch", "add predicate", "nab", 7, 7
    )
    assert first["text"] == "`fetch`: add predicate `nab` — 7 refused requests with addresses"
    assert first["patch"] == [{"op": "add", "path": "/capabilities/0/predicates/-", "value": "nab"}]
    assert first["review_items"] == [hashlib.sha256(p.encode()).hexdigest() for p in NAB]
    assert "  `fetch`: add predicate `nab` — 7 refused requests with addresses" in err


def test_suggest_teaches_questions_only_to_capabilities_that_observe(suggested: tuple[dict[str, Any], str, Path]) -> None:
    found, _, _ = suggested
    (question,) = [s for s in found["suggestions"] if s["gap"] == "unknown_question"]
    assert question["capability"] == "status" and question["edit"] == "add question form"
    form = question["patch"][0]["value"]
    assert (form["moods"], form["wh"], form["requires"]) == (["wh_question"], ["what"], [["eta"]])
    observing = {c.name for c in reader().vocab.capabilities if c.observes}
    assert all(s["capability"] in observing for s in found["suggestions"] if s["gap"] == "unknown_question")


def test_suggest_never_touches_a_safety_refusal(suggested: tuple[dict[str, Any], str, Path]) -> None:
    found, err, _ = suggested
    words = {s["word"] for s in found["suggestions"]}
    assert words == {"nab", "what … be … eta"}
    not_taught = {(g["gap"], g["word"]) for g in found["not_taught"]}
    assert {("negation", "not"), ("condition", "if"), ("unsupported_verb", "delete"),
            ("unsupported_verb", "translate"), ("address", "http://10.0.0.1/")} <= not_taught
    assert "condition word “if”: a conditional request never acts: a safety rule" in err


def test_the_written_candidate_keeps_the_layout_and_relaxes_nothing(suggested: tuple[dict[str, Any], str, Path]) -> None:
    _, err, new = suggested
    diff = difflib.ndiff(VOCAB.read_text(encoding="utf-8").splitlines(), new.read_text(encoding="utf-8").splitlines())
    changed = [line[0] for line in diff if line[:1] in "+-"]
    assert changed.count("-") == 2 and changed.count("+") == 3  # fetch's predicates, a comma, status's new form
    assert relaxations(Vocab.load(VOCAB), Vocab.load(new)) == ()
    assert f"prove it with: seaspider review try --vocab {new}" in err


def test_suggest_never_writes_over_the_vocabulary_in_use(queue: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = tmp_path / "live.json"
    live.write_bytes(VOCAB.read_bytes())
    code = main(["review", "suggest", str(queue), "--vocab-file", str(live), "--write", str(live)])
    assert code == 2 and "is the vocabulary in use" in capsys.readouterr().err
    assert live.read_bytes() == VOCAB.read_bytes()
