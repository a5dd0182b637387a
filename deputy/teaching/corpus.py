"""A corpus of English prompts with expected outcomes (a folder of JSONL files), read for replay.

Each line is `{"prompt": …, "operation": …, "args": …}` or `{"prompt": …, "refusal": …}` (see
deputy.teaching.scoring.Expectation). The folder may be a plain directory or package data (any importlib
Traversable); its hash names exactly the prompts a proof was made on. File I/O only: no parsing.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources.abc import Traversable

from deputy.teaching.scoring import Expectation

__all__ = ["CorpusCase", "CorpusError", "corpus_files", "corpus_sha256", "load_corpus"]

SUFFIX = ".jsonl"


class CorpusError(ValueError):
    """A corpus folder that is missing, empty or holds a line that is not a corpus line."""


@dataclass(frozen=True, slots=True)
class CorpusCase:
    """One corpus line: where it is (`file:line`), its prompt and what should come of it."""

    where: str
    prompt: str
    expected: Expectation
    xfail: str | None  # a known miss, recorded in the line itself


def corpus_files(root: Traversable) -> tuple[tuple[str, Traversable], ...]:
    """Every `*.jsonl` below `root`, as (relative posix path, file), sorted by path."""
    if not root.is_dir():
        raise CorpusError(f"{root}: the corpus folder does not exist")
    found: list[tuple[str, Traversable]] = []

    def walk(node: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
        for child in node.iterdir():
            name = prefix + child.name
            if child.is_dir():
                yield from walk(child, name + "/")
            elif child.name.endswith(SUFFIX):
                yield name, child

    found = sorted(walk(root, ""), key=lambda pair: pair[0])
    if not found:
        raise CorpusError(f"{root}: the corpus folder holds no {SUFFIX} files")
    return tuple(found)


def corpus_sha256(root: Traversable) -> str:
    """One hash over every file's relative path and bytes: the same prompts give the same hash anywhere."""
    digest = hashlib.sha256()
    for name, node in corpus_files(root):
        body = node.read_bytes()
        digest.update(f"{name}\n{len(body)}\n".encode())
        digest.update(body)
    return digest.hexdigest()


def load_corpus(root: Traversable) -> tuple[CorpusCase, ...]:
    """Every case of the corpus, in file and line order; a line that is not a corpus line is an error."""
    cases: list[CorpusCase] = []
    for name, node in corpus_files(root):
        stem = name[: -len(SUFFIX)]
        family = stem.rsplit("/", 1)[-1]
        for number, line in enumerate(node.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            where = f"{stem}:{number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise CorpusError(f"{where}: not valid JSON ({exc.msg})") from exc
            expected = Expectation.from_json(raw, family=family) if isinstance(raw, dict) else None
            if expected is None or not isinstance(raw.get("prompt"), str):
                raise CorpusError(f"{where}: a corpus line needs a prompt and an operation or a refusal")
            cases.append(CorpusCase(where=where, prompt=raw["prompt"], expected=expected, xfail=raw.get("xfail")))
    return tuple(cases)
