"""Round 20 (branch reasons20): the robot's own name written in lower case ("yo is movabot allowed on A")
is capitalised before the parse (deputy.text.self_name_case), so the question reads as "Is Movabot
allowed on A?" does. Positive cases, negative controls, and a rule-off check."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome

A = "https://www.twitch.tv/directory"


@pytest.mark.parametrize("prompt", [
    f"yo is movabot allowed on {A}",
    f"is movabot allowed on {A}",
    f"ok is movabot permitted on {A}?",
])
def test_a_lower_case_self_name_asks_the_robots_question(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize(("prompt", "expected"), [
    # An unsupported verb, a negated order, an address that only contains the name: as before.
    (f"yo is movabot allowed to delete {A}", ("refused", "unsupported_verb")),
    (f"don't let movabot fetch {A}", ("refused", "negation")),
    ("Fetch https://movabot.example/ and https://x.example/movabot",
     ("fetch", {"urls": ["https://movabot.example/", "https://x.example/movabot"]})),
])
def test_negative_controls(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_the_pass_leaves_addresses_and_other_words() -> None:
    from deputy.protect import protect
    from deputy.text.self_name_case import capitalised_self_names
    protected = protect("is movabot ok on https://movabot.example/ or movabots?")
    out, notes = capitalised_self_names(protected, frozenset({"movabot"}))
    assert out.pieces[0] == "is Movabot ok on " and len(notes) == 1
    assert out.items == protected.items and out.pieces[1:] == protected.pieces[1:]


def test_without_the_pass_the_question_falls_apart(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import nlp
    monkeypatch.setattr(nlp, "capitalised_self_names", lambda protected, names: (protected, ()))
    assert read_outcome(deputy, f"yo is movabot allowed on {A}")[0] == "refused"
