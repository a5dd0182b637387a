"""JSON Patch (RFC 6902) for vocabulary edits: the operations, all-or-nothing, and layout kept in the text."""

from __future__ import annotations

import difflib
import json
from typing import Any

import pytest

from _teaching_helpers import VOCAB
from deputy.teaching.jsonpatch import PatchError, apply_patch, patch_text

DOC = {"a": {"b": ["x", "y"]}, "c": 1, "d~e/f": 2}


@pytest.mark.parametrize(
    ("patch", "expected"),
    [
        ([{"op": "add", "path": "/a/b/-", "value": "z"}], {"a": {"b": ["x", "y", "z"]}, "c": 1, "d~e/f": 2}),
        ([{"op": "add", "path": "/a/b/0", "value": "w"}], {"a": {"b": ["w", "x", "y"]}, "c": 1, "d~e/f": 2}),
        ([{"op": "add", "path": "/n", "value": [1]}], {**DOC, "n": [1]}),
        ([{"op": "remove", "path": "/c"}], {"a": {"b": ["x", "y"]}, "d~e/f": 2}),
        ([{"op": "replace", "path": "/a/b/1", "value": "q"}], {"a": {"b": ["x", "q"]}, "c": 1, "d~e/f": 2}),
        ([{"op": "move", "from": "/c", "path": "/m"}], {"a": {"b": ["x", "y"]}, "d~e/f": 2, "m": 1}),
        ([{"op": "copy", "from": "/c", "path": "/a/c"}], {"a": {"b": ["x", "y"], "c": 1}, "c": 1, "d~e/f": 2}),
        ([{"op": "test", "path": "/d~0e~1f", "value": 2}], DOC),
    ],
    ids=["add-end", "add-index", "add-member", "remove", "replace", "move", "copy", "test-escaped"],
)
def test_operations(patch: list[dict[str, Any]], expected: Any) -> None:
    assert apply_patch(DOC, patch) == expected
    assert DOC == {"a": {"b": ["x", "y"]}, "c": 1, "d~e/f": 2}  # the input is never changed


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ([{"op": "test", "path": "/c", "value": 2}], "the value differs"),
        ([{"op": "remove", "path": "/nope"}], "nothing to remove"),
        ([{"op": "add", "path": "/a/b/9", "value": 1}], "past the end"),
        ([{"op": "add", "path": "", "value": {}}], "whole vocabulary"),
        ([{"op": "frobnicate", "path": "/c"}], "needs an op"),
        ([{"op": "add", "path": "/c"}], "has no value"),
        ({"op": "add"}, "a JSON array"),
    ],
    ids=["test-fails", "remove-missing", "index-past-end", "root", "unknown-op", "no-value", "not-a-list"],
)
def test_a_patch_that_does_not_apply_is_refused_whole(patch: Any, message: str) -> None:
    with pytest.raises(PatchError, match=message):
        apply_patch(DOC, [{"op": "add", "path": "/first", "value": 1}, *patch] if isinstance(patch, list) else patch)


def test_patch_text_keeps_the_layout_and_changes_only_the_edited_lines() -> None:
    text = VOCAB.read_text(encoding="utf-8")
    patch = [
        {"op": "add", "path": "/capabilities/0/predicates/-", "value": "nab"},
        {"op": "add", "path": "/capabilities/4/forms/-", "value": {"moods": ["wh_question"], "wh": ["what"], "requires": [["eta"]]}},
        {"op": "add", "path": "/words/adverbs/-", "value": "pronto"},
    ]
    out = patch_text(text, patch)
    assert json.loads(out) == apply_patch(json.loads(text), patch)
    diff = list(difflib.ndiff(text.splitlines(), out.splitlines()))
    added = [line[2:] for line in diff if line.startswith("+ ")]
    removed = [line[2:] for line in diff if line.startswith("- ")]
    assert len(removed) == 3 and len(added) == 4  # two lists grew, a form gained a comma, a form was added
    assert any(line.endswith('"load", "nab"],') for line in added)
    # The new form is one line, laid out like its neighbours.
    assert '        {"moods": ["wh_question"], "wh": ["what"], "requires": [["eta"]]}' in added


def test_patch_text_falls_back_to_a_full_dump_for_other_operations() -> None:  # negative control
    out = patch_text('{"a": [1, 2],   "b": 3}', [{"op": "remove", "path": "/b"}])
    assert out == '{\n  "a": [\n    1,\n    2\n  ]\n}\n'
