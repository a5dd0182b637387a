"""Every prompt of tests/english/prompts/ through the real model: accuracy tables and zero wrong actions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from deputy import Plan, Refusal
from deputy.scoring import Expectation, Outcome, Scoreboard, judge
from seaspider.english_reader import build_deputy
from _deputy_helpers import Case, load_cases

CASES = load_cases()


@pytest.fixture(scope="module")
def deputy() -> Any:
    return build_deputy()


def _expectation(case: Case) -> Expectation:
    return Expectation(family=case.family, operation=case.operation, args=case.args, refusal=case.refusal,
                       judgement=case.call == "judgement")


def _outcome(result: Plan | Refusal) -> tuple[str, str, Any]:
    if isinstance(result, Plan):
        return ("act", result.operation, result.json_args())
    return ("refuse", str(result.kind), result.reason)


def test_corpus_is_large_and_covers_every_kind() -> None:
    assert len(CASES) >= 1000
    operations = {c.operation for c in CASES if c.operation}
    assert operations == {"fetch", "robots", "sitemaps", "stats", "page", "status", "read"}
    kinds = Counter(c.refusal for c in CASES if c.refusal)
    for kind in ("negation", "condition", "unsupported_verb", "no_url", "too_many_urls", "url_outside_parse",
                 "non_public_address", "invalid_url", "not_understood"):
        assert kinds[kind] >= 3, kind


def test_every_new_family_has_negative_controls() -> None:
    # Issue 14: each family keeps refusals beside its acts: a negation, a real condition, an
    # unsupported verb, or the address moved into the context.
    first = {c.family for c in CASES if c.file.startswith("agents/") and not c.file.startswith("agents/round")}
    later = {c.family for c in CASES if c.file.startswith("agents/round")}
    for family in first | later:
        refused = [c for c in CASES if c.family == family and c.refusal]
        assert len(refused) >= (8 if family in first else 1), family
    controls = Counter(c.control for c in CASES if c.control)
    for control in ("negation", "condition", "verb", "moved"):
        assert controls[control] >= 5, control


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, reason=c.xfail)] if c.xfail else [])
     for c in CASES],
)
def test_prompt(case: Case, deputy: Any) -> None:
    result = deputy.read(case.prompt)
    outcome = judge(_expectation(case), result)
    assert outcome is not Outcome.WRONG_ACTION, f"WRONG ACTION for {case.prompt!r}: {_outcome(result)}"
    expected = case.refusal or (case.operation, case.args)
    assert outcome is Outcome.RIGHT, f"{case.prompt!r}: expected {expected}, got {_outcome(result)}"


@pytest.mark.slow
def test_accuracy_tables_and_zero_wrong_actions(deputy: Any, capsys: pytest.CaptureFixture[str]) -> None:
    board = Scoreboard()
    for case in CASES:
        board.add(_expectation(case), deputy.read(case.prompt), case.prompt)
    with capsys.disabled():
        print("\n" + "\n".join(board.lines()))
    assert board.wrong == []


def test_a_wrong_action_is_counted_apart_from_a_miss() -> None:  # negative control for the scoring
    expected_refusal = Expectation(family="f", operation=None, args=None, refusal="negation")
    expected_plan = Expectation(family="f", operation="fetch", args={"urls": ["https://a.example/"]}, refusal=None)
    deputy = build_deputy()
    acted = deputy.read("Fetch https://a.example/")
    refused = deputy.read("Do not fetch https://a.example/")
    assert judge(expected_refusal, acted) is Outcome.WRONG_ACTION
    assert judge(expected_plan, refused) is Outcome.MISSED
    other = deputy.read("Fetch https://b.example/")
    assert judge(expected_plan, other) is Outcome.WRONG_ACTION
    assert judge(Expectation(family="f", operation=None, args=None, refusal="any"), refused) is Outcome.RIGHT
