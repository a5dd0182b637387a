"""Finds the data folders (`schemas/`, `vocab/`, the English corpus) whether installed editable or from a wheel."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

__all__ = ["corpus_dir", "default_vocab_text", "load_schema", "schema_dir", "vocab_dir"]


def _data_dir(package: str, folder: str) -> Traversable:
    # A wheel ships the folder as a package; an editable install (or a source checkout) reads
    # it where it lies, at the repository root beside `seaspider/`.
    try:
        return resources.files(package)
    except ModuleNotFoundError:
        return Path(__file__).resolve().parent.parent / folder


def schema_dir() -> Traversable:
    """The folder of JSON Schemas (`schemas/`, shipped as `seaspider._schemas`)."""
    return _data_dir("seaspider._schemas", "schemas")


def vocab_dir() -> Traversable:
    """The folder of vocabulary files (`vocab/`, shipped as `seaspider._vocab`)."""
    return _data_dir("seaspider._vocab", "vocab")


def corpus_dir() -> Traversable:
    """The English corpus (`tests/english/prompts/`, shipped as `seaspider._corpus`) that proves vocabulary edits."""
    return _data_dir("seaspider._corpus", "tests/english/prompts")


@cache
def load_schema(name: str) -> dict[str, Any]:
    """The schema `schemas/<name>.schema.json`, parsed once per process."""
    text = schema_dir().joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def default_vocab_text() -> str:
    """The text of Sea Spider's own vocabulary, `vocab/deputy.example.json`."""
    return vocab_dir().joinpath("deputy.example.json").read_text(encoding="utf-8")
