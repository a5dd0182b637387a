"""The corpus workflow script: a first sight marks misses and never a wrong action; compare sees a change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import corpus_tools
from _deputy_helpers import Case

RIGHT = {"prompt": "Fetch https://www.iana.org/help", "operation": "fetch",
         "args": {"urls": ["https://www.iana.org/help"]}, "family": "t"}
MISSED = {"prompt": "Do not fetch https://www.iana.org/help", "operation": "fetch",
          "args": {"urls": ["https://www.iana.org/help"]}, "family": "t"}
WRONG = {"prompt": "Fetch https://www.iana.org/help", "refusal": "negation", "family": "t"}


def test_first_sight_marks_the_miss_and_reports_the_wrong_action(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "round.jsonl"
    path.write_text("\n".join(json.dumps(line) for line in (RIGHT, MISSED, WRONG)) + "\n", encoding="utf-8")
    assert corpus_tools.first_sight(path, "round T") == 1  # a wrong action fails the run
    right, missed, wrong = (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
    assert "xfail" not in right and "xfail" not in wrong  # a wrong action is never marked as a known miss
    assert missed["xfail"].startswith("clear: refused at first sight in round T (negation:")
    out = capsys.readouterr().out
    assert "clear: 1/3 right, 1 wrong" in out and "WRONG ACTION" in out


def test_compare_prints_a_changed_line_and_is_silent_otherwise(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    cases = [Case(file="t", line=1, prompt=RIGHT["prompt"], operation="fetch", args=RIGHT["args"], refusal=None,
                  xfail=None, family="t")]
    snapshot = tmp_path / "before.json"
    corpus_tools.snapshot(snapshot, cases)
    assert corpus_tools.compare(snapshot, cases) == 0
    before = json.loads(snapshot.read_text(encoding="utf-8"))
    snapshot.write_text(json.dumps({key: ["refused", "negation"] for key in before}), encoding="utf-8")
    assert corpus_tools.compare(snapshot, cases) == 1  # negative control: a changed outcome is printed
    assert "['refused', 'negation'] -> ['fetch'" in capsys.readouterr().out
