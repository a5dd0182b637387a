"""Pins the deputy's public surface and its independence: a change to either must be deliberate."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

import deputy

REPO = Path(__file__).resolve().parents[2]


def test_deputy_all_is_pinned() -> None:
    assert deputy.__all__ == [
        "CHECKS", "Capability", "Deputy", "Expectation", "Form", "ItemKind", "Modality", "Mood", "Outcome", "Plan",
        "Protected", "ProtectedItem", "ReaderWords", "Refusal", "RefusalKind", "ReviewQueue", "Scoreboard",
        "Skeleton", "SlotChecker", "SlotRejected", "SlotSpec", "SlotToken", "TokenRow", "Vocab", "VocabError",
        "judge", "load_nlp", "model_name", "protect", "summarize_review",
    ]
    for name in deputy.__all__:
        assert hasattr(deputy, name), name


def test_refusal_kinds_are_generic_slot_kinds() -> None:
    # The deputy speaks of values and slots; a vocabulary names them for its program (no_value → no_url).
    assert [str(k) for k in deputy.RefusalKind] == [
        "negation", "condition", "unsupported_verb", "no_value", "too_many_values", "value_outside_parse",
        "disallowed_value", "invalid_value", "not_understood",
    ]


def _fresh(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    return done.stdout.strip()


def test_importing_deputy_does_not_load_spacy() -> None:
    assert _fresh("import sys, deputy; print('spacy' in sys.modules)") == "False"


def test_deputy_imports_nothing_from_seaspider_even_when_it_reads_a_vocabulary() -> None:
    code = (
        "import sys, deputy\n"
        "vocab = deputy.Vocab.load('vocab/deputy.example.json')\n"
        "deputy.Deputy(vocab, slot_types={'url': str, 'host': str})\n"
        "print(sorted(m for m in sys.modules if m == 'seaspider' or m.startswith('seaspider.')))\n"
    )
    assert _fresh(code) == "[]"


def test_the_seaspider_import_check_notices_an_import() -> None:  # negative control
    code = "import sys, deputy, seaspider.web.urls\nprint(sorted(m for m in sys.modules if m == 'seaspider'))"
    assert _fresh(code) == "['seaspider']"


def test_the_teaching_modules_are_generic_too() -> None:
    # Grouping, suggestions and replay belong to the deputy: they know vocabularies, never Sea Spider.
    code = (
        "import sys, deputy.teaching.gaps, deputy.teaching.suggest, deputy.teaching.replay, deputy.teaching.relaxations, deputy.teaching.corpus, "
        "deputy.teaching.jsonpatch, deputy.teaching.redact\n"
        "print(sorted(m for m in sys.modules if m == 'seaspider' or m.startswith('seaspider.')), 'spacy' in sys.modules)\n"
    )
    assert _fresh(code) == "[] False"


DEPUTY = Path(deputy.__file__).resolve().parent
# The reader's core stays at the top (protect, nlp, clause, compose, decide, bind, …); three wings
# hold the rest: passes over the text before the parse, readings of prompt forms over the parse, and
# what the reader learns from.
WINGS = ("forms", "teaching", "text")


def test_the_deputy_wings_are_the_documented_ones() -> None:
    packages = sorted(p.parent.name for p in DEPUTY.glob("*/__init__.py") if not p.parent.name.startswith("_"))
    assert packages == sorted(WINGS)


@pytest.mark.parametrize("wing", WINGS)
def test_each_deputy_wing_lists_exactly_its_modules(wing: str) -> None:
    package = importlib.import_module(f"deputy.{wing}")
    on_disk = sorted(p.stem for p in (DEPUTY / wing).glob("*.py") if not p.stem.startswith("_"))
    assert package.__all__ == on_disk, f"deputy/{wing}/__init__.py: __all__ must list {on_disk}"
