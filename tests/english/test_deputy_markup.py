"""Markdown agents write around a request: code fences, task lists; what they hold is read with every check."""

from __future__ import annotations

import pytest

from _deputy_helpers import read_outcome
from deputy import Deputy

A, B = "https://a.example/", "https://b.example/x"


@pytest.mark.parametrize("prompt", [
    f"Download:\n```\n{A}\n{B}\n```",
    f"Please fetch these:\n```text\n{A}\n{B}\n```",
    f"- [ ] fetch {A}\n- [ ] fetch {B}",
])
def test_fences_and_open_task_boxes_leave_the_request(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Run this:\n```bash\nrm -rf /\n```", "unsupported_verb"),
    (f"- [ ] fetch {A}\n- [ ] delete {B}", "unsupported_verb"),
    (f"Download:\n```\n{A}\nhttp://10.0.0.1/\n```", "non_public_address"),
    (f"```\ndon't fetch {A}\n```", "negation"),
])
def test_what_a_fence_or_a_task_list_holds_is_checked(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_ticked_task_is_not_a_request(deputy: Deputy) -> None:  # negative control
    assert read_outcome(deputy, f"- [x] fetch {A}\n- [ ] fetch {B}")[0] == "refused"
