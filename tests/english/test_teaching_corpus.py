"""The corpus a proof runs on: shipped with the package, hashed by content, refused when damaged."""

from __future__ import annotations

import fnmatch
import shutil
import tomllib
from pathlib import Path

import pytest

from _deputy_helpers import load_cases
from _teaching_helpers import PROMPTS, REPO
from deputy.teaching.corpus import CorpusError, corpus_sha256, load_corpus
from seaspider.errors import UsageError
from seaspider.teaching.corpus import find_corpus


def test_every_corpus_file_ships_with_the_package() -> None:
    setuptools = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert setuptools["package-dir"]["seaspider._corpus"] == "tests/english/prompts"
    assert "seaspider._corpus" in setuptools["packages"]
    globs = setuptools["package-data"]["seaspider._corpus"]
    files = [str(p.relative_to(PROMPTS)) for p in PROMPTS.rglob("*.jsonl")]
    assert files and all(any(fnmatch.fnmatch(name, g) for g in globs) for name in files), files


def test_the_replay_reads_the_same_cases_as_the_corpus_test() -> None:
    cases = load_corpus(PROMPTS)
    assert [c.prompt for c in cases] == [c.prompt for c in load_cases()]
    assert find_corpus(None).sha256 == corpus_sha256(PROMPTS)


def test_the_hash_names_the_content(tmp_path: Path) -> None:
    copy = tmp_path / "prompts"
    shutil.copytree(PROMPTS, copy)
    assert corpus_sha256(copy) == corpus_sha256(PROMPTS)  # another place, the same prompts
    with (copy / "fetch.jsonl").open("a") as handle:  # negative control: one more prompt
        handle.write('{"prompt": "Fetch https://z.example/", "operation": "fetch", "args": {"urls": ["https://z.example/"]}}\n')
    assert corpus_sha256(copy) != corpus_sha256(PROMPTS)


def test_a_damaged_corpus_is_refused_with_its_place(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_text('{"prompt": "Fetch https://a.example/", "refusal": "any"}\n{"prompt": "x"}\n')
    with pytest.raises(CorpusError, match="a:2: a corpus line needs a prompt and an operation or a refusal"):
        load_corpus(tmp_path)
    with pytest.raises(UsageError, match="the corpus folder does not exist"):
        find_corpus(str(tmp_path / "none"))


def test_the_teaching_line_schema_is_strict() -> None:
    import jsonschema

    from seaspider.resources import load_schema

    schema = load_schema("teaching-line")
    jsonschema.Draft202012Validator.check_schema(schema)
    line = {
        "v": 1, "time": "2026-11-04T07:52:00Z", "by": "tester", "vocab_file": "/v.json", "previous_file": "/v.json.prev",
        "previous_sha256": "0" * 64, "vocab_sha256": "1" * 64, "candidate_file": "/new.json",
        "corpus": {"source": "the corpus shipped with Sea Spider", "sha256": "2" * 64, "prompts": 1554},
        "review_file": None, "answers": ["3" * 64], "now_acting": 1, "changed_kind": 0, "fixed": [],
    }  # fmt: skip
    validator = jsonschema.Draft202012Validator(schema)
    assert list(validator.iter_errors(line)) == []
    assert list(validator.iter_errors({**line, "surprise": 1}))  # negative control: an unknown field is refused
    assert list(validator.iter_errors({**line, "answers": ["not a hash"]}))
