"""Round 29 (lead): conditions the reader did not see, each a wrong action found by wave 29's fixers or the lead.

A verbless line that waits ("Deadline: after the deploy", "After the release.") was read as context and the
fetch ran at once; a lower-case "once" opening a clause was read by the model as an adverb of the request's verb
("once the nightly job finishes, fetch A"). Both are conditions now (deputy.signals.find_conditions)."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.signals as signals
from _deputy_helpers import read_outcome

A = "https://www.kicker.de/"
WAITING = [
    f"Action: fetch\nTarget: {A}\nDeadline: after the deploy",
    f"Action: fetch\nTarget: {A}\nWhen: once the deploy is done",
    f"Fetch {A}\nTiming: after the release",
    f"Fetch {A}. After the deploy.",
    f"Fetch {A}\nNote: until the freeze ends",
    f"once the nightly job finishes, fetch {A}.",
    f"when the job is done, fetch {A}",
]


@pytest.mark.parametrize("prompt", WAITING)
def test_a_line_or_clause_that_waits_is_a_condition(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt", [  # controls: deadlines met by acting now, repeats that wait for nothing
    f"Action: fetch\nTarget: {A}\nDeadline: Friday",
    f"Fetch {A}\nDeadline: before lunch",
    f"once again, fetch {A}",
    f"Fetch {A}. Thanks.",
])
def test_a_deadline_or_a_repeat_still_acts(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


def test_without_the_fragment_rule_the_waiting_line_is_context(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(signals, "_waits_in_a_fragment", lambda tok, word: False)  # rule off: the wrong action returns
    assert read_outcome(deputy, WAITING[3]) == ("fetch", {"urls": [A]})


def test_without_the_fronted_clause_rule_lower_case_once_fetches(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(signals, "_fronts_a_clause", lambda tok: False)  # rule off: the wrong action returns
    assert read_outcome(deputy, WAITING[5]) == ("fetch", {"urls": [A]})
