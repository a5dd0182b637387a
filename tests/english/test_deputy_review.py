"""The review queue: fsynced JSONL lines that follow schemas/review.schema.json, and their summary."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from deputy import Plan, Refusal, ReviewQueue, summarize_review
from seaspider.english_reader import build_deputy
from seaspider.resources import load_schema


@pytest.fixture(scope="module")
def deputy() -> Any:
    return build_deputy()


def test_each_refusal_appends_one_valid_line(tmp_path: Path, deputy: Any) -> None:
    queue = ReviewQueue(tmp_path / "review" / "queue.jsonl", now=lambda: 1_700_000_000.0)
    prompts = ["Do not fetch https://a.example/.", "Delete the store.", "Translate https://a.example/.",
               "Translate https://b.example/x.", "Summarize it.", "Fetch http://10.0.0.1/"]
    for prompt in prompts:
        result = deputy.read(prompt)
        assert isinstance(result, Refusal)
        queue.append(prompt, result)
    lines = (tmp_path / "review" / "queue.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == len(prompts)
    validator = jsonschema.Draft202012Validator(load_schema("review"))
    for prompt, line in zip(prompts, lines, strict=True):
        record = json.loads(line)
        assert list(validator.iter_errors(record)) == []
        assert record["prompt"] == prompt
        assert record["prompt_sha256"] == hashlib.sha256(prompt.encode()).hexdigest()
        assert record["time"] == "2023-11-14T22:13:20Z"
        assert record["tokens"][0][0] == 1
    assert oct(os.stat(tmp_path / "review" / "queue.jsonl").st_mode & 0o777) == "0o600"

    summary = summarize_review(tmp_path / "review" / "queue.jsonl")
    assert summary["total"] == 6
    assert summary["by_kind"] == {"unsupported_verb": 4, "negation": 1, "non_public_address": 1}
    assert summary["unknown_predicates"][0] == ["translate", 2]


def test_review_line_is_fsynced_before_append_returns(tmp_path: Path, deputy: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    synced: list[int] = []
    real_fsync = os.fsync
    monkeypatch.setattr(os, "fsync", lambda fd: (synced.append(fd), real_fsync(fd))[1])
    result = deputy.read("Never fetch https://a.example/")
    assert isinstance(result, Refusal)
    ReviewQueue(tmp_path / "q.jsonl").append("Never fetch https://a.example/", result)
    assert len(synced) == 2  # the file, then its new directory entry
    ReviewQueue(tmp_path / "q.jsonl").append("Never fetch https://a.example/", result)
    assert len(synced) == 3  # an existing file: the line only


def test_summary_counts_a_torn_last_line_without_failing(tmp_path: Path, deputy: Any) -> None:
    path = tmp_path / "q.jsonl"
    result = deputy.read("Delete the store.")
    assert isinstance(result, Refusal)
    ReviewQueue(path).append("Delete the store.", result)
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"v": 1, "kind": "neg')
    summary = summarize_review(path)
    assert (summary["total"], summary["skipped_lines"]) == (1, 1)


def test_plans_are_not_review_material(deputy: Any) -> None:  # negative control
    assert isinstance(deputy.read("Fetch https://a.example/"), Plan)
