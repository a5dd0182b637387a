"""JSONL keys in rule order; CSV per RFC 4180, read back by Python's csv module to the same values."""

from __future__ import annotations

import csv
import io
import json

import pytest

import seaspider.extract
from seaspider.extract import writers
from seaspider.extract.page import Value
from seaspider.extract.rules import build_rules
from seaspider.extract.writers import CsvWriter, JsonlWriter, PageMeta

RULES = build_rules(
    {"rules": {
        "b": {"url": "*", "fields": {"zeta": "h1", "alpha": "p", "list": {"selector": "li", "all": True}}},
        "a": {"url": "*", "fields": {"x": "h1"}},
    }},
    source="r.json",
)  # fmt: skip
PAGE = PageMeta(url="https://a.example/x", fetched_unix=1790000000.25, sha256="ab" * 32)
AWKWARD: list[tuple[Value, ...]] = [
    ('He said "hi", then left', "line one\nline two", ("a", "b, c")),
    (None, "", ()),
    ("=1+1", " spaced ", ("only",)),
    ("crème brûlée", "tab\there", ("x | y", "z")),
    ("\r\n", ",", None),
]


def test_public_names_are_pinned() -> None:
    assert seaspider.extract.__all__ == ["page", "rules", "selectors", "stream", "writers"]
    assert writers.__all__ == ["LIST_SEPARATOR", "CsvWriter", "Format", "JsonlWriter", "PageMeta", "RecordWriter"]


def test_jsonl_keys_follow_the_rule_order() -> None:
    out = io.StringIO()
    writer = JsonlWriter(out)
    writer.write(RULES.sets[0], PAGE, ("Title", None, ("x", "y")))
    writer.write(RULES.sets[1], PAGE, ("T",))
    first, second = (json.loads(line) for line in out.getvalue().splitlines())
    assert list(first) == ["rule", "url", "fetched_unix", "sha256", "zeta", "alpha", "list"]
    assert first == {"rule": "b", "url": PAGE.url, "fetched_unix": 1790000000.25, "sha256": PAGE.sha256, "zeta": "Title", "alpha": None, "list": ["x", "y"]}
    assert second["rule"] == "a" and second["x"] == "T"


def test_jsonl_is_one_line_per_record_whatever_the_text() -> None:
    out = io.StringIO()
    for values in AWKWARD:
        JsonlWriter(out).write(RULES.sets[0], PAGE, values)
    lines = out.getvalue().split("\n")
    assert lines[-1] == "" and len(lines) == len(AWKWARD) + 1
    assert [tuple(json.loads(line)[k] for k in ("zeta", "alpha")) for line in lines[:-1]] == [v[:2] for v in AWKWARD]


def test_csv_is_rfc_4180_and_reads_back_to_the_same_values() -> None:
    out = io.StringIO(newline="")
    writer = CsvWriter(out, RULES.sets[0])
    for values in AWKWARD:
        writer.write(RULES.sets[0], PAGE, values)
    text = out.getvalue()
    assert text.startswith("url,fetched_unix,sha256,zeta,alpha,list\r\n")
    assert '"He said ""hi"", then left","line one\nline two","a | b, c"\r\n' in text  # quotes doubled, CRLF ends rows
    assert f"{PAGE.url},1790000000.25,{PAGE.sha256},=1+1, spaced ,only\r\n" in text  # quoted only where needed
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert rows[0] == ["url", "fetched_unix", "sha256", "zeta", "alpha", "list"]
    expected = [["" if v is None else " | ".join(v) if isinstance(v, tuple) else v for v in values] for values in AWKWARD]
    assert [row[3:] for row in rows[1:]] == expected
    assert {tuple(row[:3]) for row in rows[1:]} == {(PAGE.url, "1790000000.25", PAGE.sha256)}


def test_a_csv_holds_one_rule_set() -> None:
    writer = CsvWriter(io.StringIO(newline=""), RULES.sets[0])
    with pytest.raises(TypeError, match="holds the rule set b, not a"):
        writer.write(RULES.sets[1], PAGE, ("x",))
