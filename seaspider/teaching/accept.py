"""Writes a proven vocabulary in place of the one in use, keeping the previous one, and records the
accepted edit in teaching.jsonl (schemas/teaching-line.schema.json).

Only a clean proof is written. The target must still hold the bytes the proof was made against, so
two people accepting at once cannot overwrite each other unseen. Each file is written to a temporary
name, fsynced and renamed over the old one, then the directory is fsynced: a crash leaves the old
vocabulary or the new one, never half of one.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from seaspider.errors import ProofFailed, SeaSpiderError
from seaspider.jsonerrors import record_checker
from seaspider.store.journal import JournalAppender
from seaspider.store.segments import fsync_dir
from seaspider.teaching.proof import Trial

__all__ = ["PREVIOUS_SUFFIX", "TEACHING_FILE", "Accepted", "accept", "write_atomically"]

PREVIOUS_SUFFIX = ".prev"
TEACHING_FILE = "teaching.jsonl"
TEACHING_VERSION = 1


@dataclass(frozen=True, slots=True)
class Accepted:
    """What `accept` wrote: the vocabulary, where the previous one is kept, and the audit line."""

    vocab_file: Path
    previous_file: Path
    teaching_file: Path
    line: dict[str, Any]


def write_atomically(path: Path, data: bytes, *, mode: int) -> None:
    """`data` at `path` as one step: a temporary file beside it, fsynced, renamed over it, the directory fsynced."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_CLOEXEC, mode)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        temp.unlink(missing_ok=True)
        raise
    os.close(fd)
    os.replace(temp, path)
    fsync_dir(path.parent)


def _utc(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def accept(
    trial: Trial, *, target: Path, teaching_file: Path | None = None, by: str, now: Callable[[], float]
) -> Accepted:
    """Writes the trial's candidate over `target` (the vocabulary the trial proved against) and records it.

    Raises ProofFailed when the proof is not clean or `target` changed since the proof; nothing is written then.
    """
    proof = trial.proof
    if not proof.clean:
        problems = len(proof.relaxations) + len(proof.errors)
        raise ProofFailed(
            f"{trial.candidate.source} did not pass its proof ({problems} "
            f"problem{'s' if problems != 1 else ''}; see `seaspider review try`), so nothing was written."
        )
    teaching_file = teaching_file or target.with_name(TEACHING_FILE)
    previous = target.with_name(target.name + PREVIOUS_SUFFIX)
    try:
        old = target.read_bytes()
        mode = os.stat(target).st_mode & 0o777
    except OSError as exc:
        raise SeaSpiderError(f"{target}: the vocabulary cannot be read ({exc.strerror}).") from exc
    if hashlib.sha256(old).hexdigest() != trial.current.sha256:
        raise ProofFailed(f"{target} changed while the proof ran, so nothing was written; prove the edit again.")
    line = {
        "v": TEACHING_VERSION,
        "time": _utc(now()),
        "by": by,
        "vocab_file": str(target.resolve()),
        "previous_file": str(previous.resolve()),
        "previous_sha256": trial.current.sha256,
        "vocab_sha256": trial.candidate.sha256,
        "candidate_file": trial.candidate.source,
        "corpus": {"source": trial.corpus_source, "sha256": trial.corpus_sha256, "prompts": proof.corpus_prompts},
        "review_file": trial.review,
        "answers": list(proof.answered()),
        "now_acting": len(proof.now_acting),
        "changed_kind": len(proof.changed_kind),
        "fixed": list(proof.fixed),
    }
    check = record_checker("teaching-line")
    check(line)  # our own record: a mismatch is a bug, found before anything is written
    try:
        write_atomically(previous, old, mode=mode)
        write_atomically(target, trial.candidate.text.encode("utf-8"), mode=mode)
        # The audit line follows the change it records: it never names an edit that did not land.
        journal = JournalAppender(teaching_file, name="teaching", create=True, mode=0o644, check=check)
        try:
            journal.append_record(line)
        finally:
            journal.close()
    except OSError as exc:
        raise SeaSpiderError(f"{exc.filename or target}: the accepted vocabulary could not be written ({exc.strerror}).") from exc
    return Accepted(vocab_file=target, previous_file=previous, teaching_file=teaching_file, line=line)
