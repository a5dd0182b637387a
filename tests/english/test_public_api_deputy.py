"""Pins the deputy's public surface: a change to it must be deliberate."""

from __future__ import annotations

import deputy


def test_deputy_all_is_pinned() -> None:
    assert deputy.__all__ == [
        "CHECKS", "Capability", "Deputy", "Form", "ItemKind", "Modality", "Mood", "Plan", "Protected",
        "ProtectedItem", "ReaderWords", "Refusal", "RefusalKind", "ReviewQueue", "Skeleton", "SlotChecker",
        "SlotRejected", "SlotSpec", "SlotToken", "TokenRow", "Vocab", "VocabError", "load_nlp", "model_name",
        "protect", "summarize_review",
    ]
    for name in deputy.__all__:
        assert hasattr(deputy, name), name


def test_refusal_kinds_are_the_nine_of_the_specification() -> None:
    assert [str(k) for k in deputy.RefusalKind] == [
        "negation", "condition", "unsupported_verb", "no_url", "too_many_urls", "url_outside_parse",
        "non_public_address", "invalid_url", "not_understood",
    ]


def test_importing_deputy_does_not_load_spacy() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = "import sys, deputy; print('spacy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.stdout.strip() == "False"
