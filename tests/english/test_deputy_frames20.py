"""Round 20 (frames20): chat and ticket frames around the writer's own request.

- a channel or time mark before the deputy's own handle ("[#data-eng] @seaspider fetch A") only says where
  the line was written (deputy.text.channel_marks);
- a question word after the handle ("@seaspider what are you working on?") calls the deputy too
  (deputy.text.mentions `_ASKING`);
- a ticket's opening line may close its label with a colon ("Ticket: INC-9920") (deputy.text.fields).

Every case is read with every check: a negation, a condition, a refused verb or someone else's handle still refuses.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import deputy.text.fields as fields_module
import deputy.text.headed as headed_module
import deputy.text.mentions as mentions_module
from _deputy_helpers import read_outcome
from deputy import Deputy
from deputy.text.channel_marks import unmarked
from seaspider.english_reader import build_deputy

A = "https://www.bbc.co.uk/news"
B = "https://www.lemonde.fr/"


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"[#ops] @seaspider please download {A}", ("fetch", {"urls": [A]})),
    (f"[09:14] @seaspider fetch {B} please", ("fetch", {"urls": [B]})),
    (f"[#ops][9:14 pm] @seaspider grab {A}", ("fetch", {"urls": [A]})),
    ("[#infra] @seaspider what's in the queue right now?", ("status", {})),
    ("@seaspider how many pages are stored from www.bbc.co.uk?", ("stats", {"host": "www.bbc.co.uk"})),
    (f"[#data-eng] priya: we still need the news page\n[#data-eng] @seaspider fetch {A}", ("fetch", {"urls": [A]})),
    ("Ticket: INC-9920\nPriority: high\nRequest: what is the queue doing right now?", ("status", {})),
    (f"Case: 7781\nAssignee: bot\nAction: download {A}", ("fetch", {"urls": [A]})),
])
def test_frames_read(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"[#ops] @seaspider don't fetch {A}", "negation"),
    (f"[#ops] @seaspider fetch {A} if it changed", "condition"),
    (f"[#ops] @seaspider fetch {A} unless B is down", "condition"),
    (f"[#ops] @seaspider delete {A}", "unsupported_verb"),
    (f"[#ops] @kwame fetch {A}", None),  # someone else's handle: a request to them
    (f"[urgent] @seaspider fetch {A} for kwame", None),  # only a channel or a time is a mark
    (f"@seaspider what if you fetch {A}", "condition"),
    (f"@seaspider when the embargo lifts, fetch {A}", None),
    (f"Ticket: OPS-118\nPriority: low\nRequest: don't fetch {A} yet", "negation"),
    (f"Ticket: OPS-118\nPriority: low\nRequest: fetch {A} once the outage ends", "condition"),
    (f"Ticket: OPS-118\nPriority: low\nRequest: delete {A} from the store", "unsupported_verb"),
])
def test_controls_refuse(deputy: Deputy, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", outcome
    if kind is not None:
        assert str(getattr(outcome[1], "value", outcome[1])) == kind


def test_unmarked_only_before_own_handle() -> None:
    assert unmarked(f"[#ops] @seaspider fetch {A}", "seaspider") == f"@seaspider fetch {A}"
    assert unmarked(f"[#ops] @kwame fetch {A}", "seaspider") == f"[#ops] @kwame fetch {A}"
    assert unmarked(f"[#ops] @seaspiderling fetch {A}", "seaspider") == f"[#ops] @seaspiderling fetch {A}"
    assert unmarked(f"[note] @seaspider fetch {A}", "seaspider") == f"[note] @seaspider fetch {A}"


_OLD_OPENING = re.compile(
    r"^[ \t]*(?P<label>[A-Za-z]+)[ \t]+#?[A-Za-z]{0,6}-?\d[\w-]*[ \t]*(?:[—–-][ \t]*(?P<field>.+?))?[ \t]*$"
)


def _keep(text: str, own_name: str) -> str:
    return text


@pytest.mark.parametrize(("targets", "name", "off", "prompt"), [
    ((mentions_module, headed_module), "unmarked", _keep, f"[#ops] @seaspider please download {A}"),
    ((mentions_module,), "_ASKING", frozenset(), "[#infra] @seaspider what's in the queue right now?"),
    ((fields_module,), "_OPENING", _OLD_OPENING,
     "Ticket: INC-9920\nPriority: high\nRequest: what is the queue doing right now?"),
])
def test_rule_disabled(monkeypatch: pytest.MonkeyPatch, targets: tuple[Any, ...], name: str, off: Any,
                       prompt: str) -> None:
    assert read_outcome(build_deputy(), prompt)[0] != "refused"
    for target in targets:
        monkeypatch.setattr(target, name, off)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"
