"""Records out as JSONL (one object per line, keys in rule order) or RFC 4180 CSV.

Pure apart from writing to the text stream the caller passes (opened with newline="" so that
CSV's CRLF and the newlines inside quoted values reach the file as they are).
"""

from __future__ import annotations

import csv
import enum
import json
from dataclasses import dataclass
from typing import Protocol, TextIO

from seaspider.extract.page import Value
from seaspider.extract.rules import RuleSet

__all__ = ["LIST_SEPARATOR", "CsvWriter", "Format", "JsonlWriter", "PageMeta", "RecordWriter"]

LIST_SEPARATOR = " | "  # how a list field (all) reads in one CSV cell


class Format(enum.StrEnum):
    JSONL = "jsonl"
    CSV = "csv"


@dataclass(frozen=True, slots=True)
class PageMeta:
    """What every record says about the page it came from."""

    url: str
    fetched_unix: float
    sha256: str


class RecordWriter(Protocol):
    def write(self, rule_set: RuleSet, page: PageMeta, values: tuple[Value, ...]) -> None: ...


class JsonlWriter:
    """One JSON object per line: rule, url, fetched_unix, sha256, then the fields in rule order."""

    def __init__(self, out: TextIO) -> None:
        self._out = out

    def write(self, rule_set: RuleSet, page: PageMeta, values: tuple[Value, ...]) -> None:
        record: dict[str, object] = {"rule": rule_set.name, "url": page.url, "fetched_unix": page.fetched_unix, "sha256": page.sha256}
        for name, value in zip(rule_set.field_names, values, strict=True):
            record[name] = list(value) if isinstance(value, tuple) else value
        self._out.write(json.dumps(record, ensure_ascii=False) + "\n")


class CsvWriter:
    """RFC 4180: a header row (url, fetched_unix, sha256, then the field names), CRLF line ends,
    a value quoted when it holds a comma, a quote or a line break; None is an empty cell and a
    list is joined with " | ". One CSV holds one rule set's table.
    """

    def __init__(self, out: TextIO, rule_set: RuleSet) -> None:
        self._rule_set = rule_set
        self._csv = csv.writer(out, dialect="excel", lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
        self._csv.writerow(["url", "fetched_unix", "sha256", *rule_set.field_names])

    def write(self, rule_set: RuleSet, page: PageMeta, values: tuple[Value, ...]) -> None:
        if rule_set is not self._rule_set:
            raise TypeError(f"this CSV holds the rule set {self._rule_set.name}, not {rule_set.name}")
        cells = ["" if v is None else LIST_SEPARATOR.join(v) if isinstance(v, tuple) else v for v in values]
        self._csv.writerow([page.url, json.dumps(page.fetched_unix), page.sha256, *cells])
