"""The proof of a candidate vocabulary with Sea Spider's own readers: the relaxation check, then the
whole corpus and the review queue read with the vocabulary in use and with the candidate.

Readings of the corpus with one vocabulary are kept for the life of the process, keyed by the
hashes of the vocabulary's bytes and of the corpus: the reader is deterministic (same code, model,
vocabulary and prompt, same reading), so a process that proves several candidates against one
vocabulary reads the corpus with it once. A new process always reads everything again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deputy import Plan, Refusal, Vocab
from deputy.teaching.relaxations import relaxations
from deputy.teaching.replay import Proof, Reading, replay
from deputy.teaching.review import ReviewItem
from seaspider.english_reader import deputy_for, vocab_from_text
from seaspider.errors import ConfigError
from seaspider.resources import default_vocab_text
from seaspider.teaching.corpus import Corpus

__all__ = ["OWN_VOCAB", "Trial", "VocabFile", "make_reader", "read_vocab", "try_vocab"]

OWN_VOCAB = "(Sea Spider's own vocabulary)"
_READINGS: dict[tuple[str, str], tuple[Reading, ...]] = {}


@dataclass(frozen=True, slots=True)
class VocabFile:
    """A vocabulary as a file: where it is, its exact bytes, their hash and what they load into."""

    source: str  # a path, or OWN_VOCAB
    text: str
    sha256: str
    vocab: Vocab

    @property
    def raw(self) -> Any:
        return json.loads(self.text)


@dataclass(frozen=True, slots=True)
class Trial:
    """A proof and what it was made on: the candidate, the vocabulary in use, the corpus, the review queue."""

    candidate: VocabFile
    current: VocabFile
    corpus_source: str
    corpus_sha256: str
    review: str | None
    proof: Proof

    def to_json(self, *, show: Callable[[str], str] = str) -> dict[str, Any]:
        """The `review try` object: the verdict first, then each kind of change."""
        proof = self.proof
        return {
            "proof": "clean" if proof.clean else "failed",
            "candidate": {"file": self.candidate.source, "sha256": self.candidate.sha256},
            "current": {"file": self.current.source, "sha256": self.current.sha256},
            "corpus": {"source": self.corpus_source, "sha256": self.corpus_sha256, "prompts": proof.corpus_prompts},
            "review": {"file": self.review, "prompts": proof.review_prompts},
            "relaxations": list(proof.relaxations),
            "errors": [c.to_json(show=show) for c in proof.errors],
            "now_acting": [c.to_json(show=show) for c in proof.now_acting if c.error is None],
            "changed_kind": [c.to_json(show=show) for c in proof.changed_kind if c.error is None],
            "fixed": list(proof.fixed),
            "answers": list(proof.answered()),
        }


def read_vocab(path: str | Path | None) -> VocabFile:
    """The vocabulary at `path` (Sea Spider's own when None); a missing or invalid one is a ConfigError."""
    if path is None:
        text, source = default_vocab_text(), OWN_VOCAB
    else:
        source = str(path)
        try:
            text = Path(path).read_text(encoding="utf-8")
        except FileNotFoundError as exc:
            raise ConfigError(f"{path}: the vocabulary file does not exist.") from exc
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"{path}: the vocabulary file cannot be read ({exc}).") from exc
    vocab = vocab_from_text(text, source=source)
    return VocabFile(source=source, text=text, sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(), vocab=vocab)


def make_reader(vocab: Vocab) -> Callable[[str], Plan | Refusal]:
    """Sea Spider's reader for `vocab`: the crawler's URL and host rules, private addresses refused (as the corpus expects)."""
    return deputy_for(vocab).read


def _readings(vocab: VocabFile, corpus: Corpus, read: Callable[[str], Plan | Refusal]) -> tuple[Reading, ...]:
    key = (vocab.sha256, corpus.sha256)
    if key not in _READINGS:
        _READINGS[key] = tuple(Reading.of(read(case.prompt)) for case in corpus.cases)
    return _READINGS[key]


def try_vocab(
    candidate: VocabFile, current: VocabFile, corpus: Corpus, *, review: str | None = None,
    items: Iterable[ReviewItem] = (),
) -> Trial:
    """The proof of `candidate` against `current` on `corpus` and the review `items`."""
    before, after = make_reader(current.vocab), make_reader(candidate.vocab)
    proof = replay(
        corpus.cases, items, before=before, after=after, earlier=_readings(current, corpus, before),
        later=_readings(candidate, corpus, after),
        relaxations=relaxations(current.vocab, candidate.vocab), kinds=current.vocab.kinds,
    )
    return Trial(
        candidate=candidate, current=current, corpus_source=corpus.source, corpus_sha256=corpus.sha256,
        review=review, proof=proof,
    )
