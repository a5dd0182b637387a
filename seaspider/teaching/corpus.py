"""Where the English corpus comes from for a proof: the copy shipped inside the package, or a folder.

The corpus (tests/english/prompts) ships as package data (`seaspider._corpus`), so an installed
Sea Spider can prove a vocabulary edit on the host that runs `serve`, where no checkout exists; the
hash recorded with an accepted edit then names exactly the prompts of that release. `--corpus DIR`
proves against another folder (a checkout with new prompts, or a site's own negative controls).
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from deputy.teaching.corpus import CorpusCase, CorpusError, corpus_sha256, load_corpus
from seaspider.errors import UsageError
from seaspider.resources import corpus_dir

__all__ = ["Corpus", "find_corpus"]

PACKAGED = "the corpus shipped with Sea Spider"


@dataclass(frozen=True, slots=True)
class Corpus:
    """A loaded corpus: where it came from, its hash and its cases."""

    source: str
    sha256: str
    cases: tuple[CorpusCase, ...]


def find_corpus(folder: str | None) -> Corpus:
    """The corpus in `folder`, or the shipped one; a missing, empty or damaged corpus is a usage error."""
    root: Traversable = Path(folder) if folder is not None else corpus_dir()
    try:
        cases = load_corpus(root)
        digest = corpus_sha256(root)
    except CorpusError as exc:
        raise UsageError(f"{exc}.") from exc
    except OSError as exc:
        raise UsageError(f"{folder or PACKAGED}: the corpus cannot be read ({exc.strerror}).") from exc
    return Corpus(source=folder if folder is not None else PACKAGED, sha256=digest, cases=cases)
