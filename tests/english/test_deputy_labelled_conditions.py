"""Round 10's one wrong action: a condition after a step label ("Step 3 — once the deploy finishes,
download A") was fetched, because after the label the small model hangs the clause as a noun phrase."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt", [
    f"Step 3 — once the deploy finishes, download {A}.",
    f"Step 3: once the deploy finishes, download {A}.",
    f"Note: once the build is green, fetch {A}.",
    f"Task: until the vendor confirms, fetch {A}.",
    f"Step 3 — when the deploy finishes, download {A}.",
])
def test_a_condition_after_a_label_still_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt", [
    f"Step 3 — download {A} once.",  # one time: no clause of its own
    f"Step 3: download {A} at once.",
    f"Step 2: fetch {A}.",
])
def test_once_without_a_clause_is_no_condition(deputy: Any, prompt: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt", [
    f"Once more pages arrive, fetch {A}.",  # fetched before: "once" hung on "more", the subject's modifier
    f"Fetch {A} once more pages arrive.",
    f"Once more results come in, download {A}.",
])
def test_once_before_a_quantified_subject_is_a_condition(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


def test_once_more_alone_is_no_condition(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:  # negative control
    assert read_outcome(deputy, f"Fetch {A} once more.") != ("refused", "condition")
    # Switched off, the clause is missed again and the prompt is fetched: the rule is what refuses it.
    from deputy import signals
    monkeypatch.setattr(signals, "_opens_on_a_quantified_subject", lambda tok: False)
    assert read_outcome(deputy, f"Once more pages arrive, fetch {A}.") == ("fetch", {"urls": [A]})
