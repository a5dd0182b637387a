"""An order to tell under a condition ("Once the crawl finishes, tell me how many pages you have.") makes
the answer itself wait for something the reader cannot check: it refuses as a condition, as "Once the
crawl finishes, tell me the status." always did. A question asked outright under the writer's own
condition, a courtesy "if you have a minute", or a plain "tell me …" still answers."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.decide as decide_module
from tests.english._deputy_helpers import read_outcome

A = "https://www.bbc.co.uk/news"


@pytest.mark.parametrize("prompt", [
    "Once the crawl finishes, tell me how many pages you have.",
    "Once the crawl finishes, tell me how many pages you have stored.",
    f"Once the crawl finishes, tell me what you stored from {A}.",
    "Tell me how many pages you have once the crawl finishes.",
    "After the job is done, let me know how many pages you stored.",
    f"As soon as the run ends, show me the title of {A}.",
], ids=["once-count", "once-stored", "once-page", "once-after", "after-let-me-know", "as-soon-as-show"])
def test_a_told_answer_that_waits_for_an_event_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


@pytest.mark.parametrize("prompt, expected", [
    ("Tell me how many pages you have.", ("stats", {})),
    (f"Tell me when you fetched {A}.", ("page", {"url": A})),
    ("If you have a minute, tell me how many pages you have.", ("stats", {})),
    ("Before I write the report, tell me how many pages you have.", ("stats", {})),
    (f"Before I queue anything: may we crawl {A}?", ("robots", {"target": A})),
], ids=["plain", "when-is-the-question", "courtesy", "writers-own-step", "question-outright"])
def test_questions_without_a_waiting_condition_still_answer(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Once the crawl finishes, don't tell me anything about {A}.", "negation"),
    # The condition is checked before the verb, as for every prompt.
    (f"Once the crawl finishes, delete {A}.", "condition"),
    (f"Once the crawl finishes, fetch {A}.", "condition"),
], ids=["negation", "refused-verb", "acting-order"])
def test_other_refusals_keep_their_kind(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_check_the_answer_does_not_wait(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative control: with the check switched off, the count is answered at once."""
    monkeypatch.setattr(decide_module, "_conditional_telling", lambda sk: False)
    assert read_outcome(deputy, "Once the crawl finishes, tell me how many pages you have.") == ("stats", {})
