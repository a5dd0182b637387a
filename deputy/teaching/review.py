"""The review queue: each refused prompt becomes one fsynced JSONL line of teaching material, read back
as ReviewItem records for teaching (deputy.teaching.gaps groups them).

The deputy's file I/O lives here and in deputy.teaching.corpus; the clock is injected so tests need no wall time.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from deputy.refusals import Refusal

__all__ = ["ReviewItem", "ReviewQueue", "read_review", "summarize_review"]

REVIEW_VERSION = 1
_UNKNOWN_KINDS = frozenset({"unsupported_verb", "not_understood"})


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


class ReviewQueue:
    """Appends review candidates to a JSONL file; each line is fsynced before `append` returns."""

    def __init__(self, path: str | Path, *, now: Callable[[], float] | None = None) -> None:
        import time

        self.path = Path(path)
        self._now = now or time.time

    def append(self, prompt: str, refusal: Refusal) -> dict[str, Any]:
        """Writes one line (see schemas/review.schema.json) and returns it."""
        sk = refusal.skeleton
        record: dict[str, Any] = {
            "v": REVIEW_VERSION,
            "time": _utc(self._now()),
            "prompt_sha256": hashlib.sha256(prompt.encode("utf-8")).hexdigest(),
            "prompt": prompt,
            "kind": str(refusal.kind),
            "reason": refusal.reason,
            "predicate": sk.predicate if sk else None,
            "skeleton": sk.to_json() if sk else None,
            "tokens": [list(asdict(row).values()) for row in sk.tokens] if sk else [],
        }
        line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        created = not self.path.exists()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line)
            os.fsync(fd)
        finally:
            os.close(fd)
        if created:
            # A new file's directory entry must reach the disk too.
            dir_fd = os.open(self.path.parent, os.O_RDONLY)
            try:
                os.fsync(dir_fd)
            finally:
                os.close(dir_fd)
        return record


def summarize_review(path: str | Path) -> dict[str, Any]:
    """Counts of a review queue by kind, and the most common predicates the vocabulary lacks."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise FileNotFoundError(f"{path}: the review queue does not exist") from exc
    kinds: Counter[str] = Counter()
    predicates: Counter[str] = Counter()
    total = skipped = 0
    first = last = None
    for line in text.splitlines():
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            kind = str(record["kind"])
        except (json.JSONDecodeError, KeyError, TypeError):
            skipped += 1  # a torn last line after a crash, or a foreign line: counted, not fatal
            continue
        total += 1
        kinds[kind] += 1
        first = first or record.get("time")
        last = record.get("time") or last
        if kind in _UNKNOWN_KINDS and record.get("predicate"):
            predicates[str(record["predicate"])] += 1
    return {
        "review": str(path),
        "total": total,
        "skipped_lines": skipped,
        "first": first,
        "last": last,
        "by_kind": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
        "unknown_predicates": [[p, n] for p, n in sorted(predicates.items(), key=lambda kv: (-kv[1], kv[0]))[:20]],
    }


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One review line as teaching reads it: the prompt, its refusal, and what the reader made of it.

    `skeleton` keeps the line's skeleton object as written (None when there was nothing to parse);
    `tokens` are the parse rows (id, form, lemma, upos, xpos, head, deprel, misc).
    """

    line: int
    time: str
    prompt: str
    prompt_sha256: str
    kind: str
    reason: str
    predicate: str | None
    skeleton: Any
    tokens: tuple[tuple[Any, ...], ...]


def read_review(path: str | Path) -> tuple[tuple[ReviewItem, ...], int]:
    """The items of a review queue in file order, and how many lines were skipped (torn or foreign)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise FileNotFoundError(f"{path}: the review queue does not exist") from exc
    items: list[ReviewItem] = []
    skipped = 0
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            prompt = record["prompt"]
            kind = record["kind"]
            if not isinstance(prompt, str) or not isinstance(kind, str):
                raise TypeError(kind)
            tokens = tuple(tuple(row) for row in record.get("tokens") or ())
        except (json.JSONDecodeError, KeyError, TypeError):
            skipped += 1  # a torn last line after a crash, or a foreign line: counted, not fatal
            continue
        sha = record.get("prompt_sha256") or hashlib.sha256(prompt.encode("utf-8")).hexdigest()
        skeleton = record.get("skeleton") if isinstance(record.get("skeleton"), dict) else None
        items.append(ReviewItem(
            line=number, time=str(record.get("time") or ""), prompt=prompt, prompt_sha256=str(sha), kind=kind,
            reason=str(record.get("reason") or ""), predicate=record.get("predicate"), skeleton=skeleton,
            tokens=tokens,
        ))
    return tuple(items), skipped
