"""Markdown task lists: an open box ("- [ ] fetch A") is a request; a ticked one ("- [x] fetch B") is a
task already done, so a prompt holding one is refused rather than fetching what nobody asked for now."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.reader as reader_module
from deputy.text.tasks import ticked_task
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt", [
    f"- [ ] fetch {A}\n- [x] fetch {B}",
    f"1. [x] fetch {B}",
    f"[x] fetch {B}",
    f"- [ x ] fetch {B}",
], ids=["after-open", "numbered", "no-marker", "spaced"])
def test_a_ticked_task_that_would_be_fetched_is_refused_and_named(deputy: Any, prompt: str) -> None:
    result = deputy.read(prompt)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
    assert "ticked as done" in result.reason and B in result.reason


@pytest.mark.parametrize("prompt", [
    f"- [x] fetch {B}\n- [ ] fetch {A}",
    f"* [X] grab {B}\n* [ ] grab {A}",
    f"Plan:\n- [ ] download {A}\n  - [✔] download {B}",
    f"- [x] ~~fetch {B}~~ (cancelled, don't fetch)",
], ids=["before-open", "capital-x", "nested-check-mark", "struck-out-negation"])
def test_a_ticked_task_refused_for_another_reason_keeps_that_reason(deputy: Any, prompt: str) -> None:
    """The done task is checked last: what the reader already refuses keeps its own, earlier reason."""
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused" and "ticked as done" not in deputy.read(prompt).reason


@pytest.mark.parametrize("prompt, expected", [
    (f"- [ ] fetch {A}", ("fetch", {"urls": [A]})),
    (f"- [ ] fetch {A}\n- [ ] fetch {B}", ("fetch", {"urls": [A, B]})),
    (f"Fetch {A} [1]", ("fetch", {"urls": [A]})),  # a footnote marker is no box
], ids=["one-open", "two-open", "footnote"])
def test_open_boxes_are_requests(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"- [ ] don't fetch {A} yet", "negation"),
    (f"- [ ] fetch {A} if the close has been posted", "condition"),
    (f"- [ ] delete {A} from the store", "unsupported_verb"),
    ("- [ ] fetch http://10.0.0.7/admin", "non_public_address"),
], ids=["negation", "condition", "unsupported", "private"])
def test_an_open_box_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_ticked_line_is_quoted_as_written() -> None:
    assert ticked_task(f"- [ ] fetch {A}\n- [X]   fetch  {B}\n") == f"[x] fetch {B}"
    assert ticked_task(f"fetch {A} and tick [x] when done") is None  # a box mid-line opens no task


def test_without_the_check_the_ticked_task_is_fetched(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Negative control: with the check switched off, the done task's address is fetched (a wrong action)."""
    monkeypatch.setattr(reader_module, "ticked_task", lambda text: None)
    assert read_outcome(deputy, f"- [ ] fetch {A}\n- [x] fetch {B}") == ("fetch", {"urls": [A, B]})
