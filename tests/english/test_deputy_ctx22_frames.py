"""Round 22 (ctx22): a fronted purpose before a request that only asks, a ticket's "Status: open" field and a
source label alone on the first line ("Email from Tomás:") are context, never an order; controls still refuse."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.text.fields as fields
import deputy.text.fronted_purpose as fronted_purpose
import deputy.text.headed as headed
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import operation_or_kind


@pytest.fixture()
def reader() -> Any:
    return build_deputy()


@pytest.mark.parametrize(("prompt", "operation"), [
    ("We are auditing which sites let crawlers in. To fill in the spreadsheet, tell me whether MovaBot may fetch "
     "https://www.bundestag.de/dokumente.", "robots"),
    ("To update our tracker, what did you get from https://www.nrk.no/?", "page"),
    ("Ticket 8813\nStatus: open\nPlease fetch https://www.lrt.lt/.", "fetch"),
    ("Email from Tomás:\nPlease fetch https://www.clarin.com/.", "fetch"),
    ("Email from Søren:\nWhat did you store from https://www.dr.dk/?", "page"),
])
def test_context_is_dropped(reader: Any, prompt: str, operation: str) -> None:
    assert operation_or_kind(reader, prompt) == (operation, None)


@pytest.mark.parametrize(("prompt", "kind"), [
    ("To fill in the spreadsheet, fetch https://www.svt.se/.", "unsupported_verb"),  # acts: purpose kept
    ("To delete the old copies, tell me what you stored from https://www.ruv.is/.", "unsupported_verb"),
    ("To delete it from the archive, tell me what you stored from https://www.ruv.is/.", "unsupported_verb"),
    ("To fill in the spreadsheet, don't tell me whether MovaBot may fetch https://www.err.ee/.", "negation"),
    ("To fill in the spreadsheet tomorrow, tell me whether MovaBot may fetch https://www.err.ee/.", "unsupported_verb"),
    ("Ticket 8813\nStatus: open\nPlease delete https://www.lrt.lt/ from the store.", "unsupported_verb"),
    ("Ticket 8814\nStatus: open\nPlease fetch https://www.postimees.ee/ if it changed.", "condition"),
    ("Email from Tomás:\nPlease fetch https://www.clarin.com/ every morning at 7.", "condition"),
    ("Email from Søren:\nPlease email https://www.politiken.dk/ to the team.", "unsupported_verb"),
    ("Not from Legal:\nPlease fetch https://www.clarin.com/.", "negation"),
])
def test_controls_still_refuse(reader: Any, prompt: str, kind: str) -> None:
    operation, refused = operation_or_kind(reader, prompt)
    assert operation is None and refused == kind


@pytest.mark.parametrize(("target", "name", "off", "prompt"), [
    (fronted_purpose, "_serves_asking", lambda *a: False, "To update our tracker, what did you get from https://www.nrk.no/?"),
    (fields, "_state", lambda *a: False, "Ticket 8813\nStatus: open\nPlease fetch https://www.lrt.lt/."),
    (headed, "_label_opened", lambda *a: None, "Email from Tomás:\nPlease fetch https://www.clarin.com/."),
])
def test_rules_off_refuse_again(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str) -> None:
    assert operation_or_kind(build_deputy(), prompt)[1] is None
    monkeypatch.setattr(target, name, off)
    assert operation_or_kind(build_deputy(), prompt)[0] is None
