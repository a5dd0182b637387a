"""Every prompt of tests/english/prompts/ through the real model: accuracy tables and zero wrong actions."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from deputy import Plan, Refusal
from seaspider.english import build_deputy
from _deputy_helpers import Case, load_cases

CASES = load_cases()


@pytest.fixture(scope="module")
def deputy() -> Any:
    return build_deputy()


def _outcome(result: Plan | Refusal) -> tuple[str, str, Any]:
    if isinstance(result, Plan):
        return ("act", result.operation, result.json_args())
    return ("refuse", str(result.kind), result.reason)


def _judge(case: Case, result: Plan | Refusal) -> tuple[bool, bool]:
    """(right, wrong_action): a refusal where an action was expected is not right but not wrong either."""
    got = _outcome(result)
    if case.refusal is not None:
        return got == ("refuse", case.refusal, got[2]), got[0] == "act"
    right = got[0] == "act" and got[1] == case.operation and got[2] == case.args
    return right, got[0] == "act" and not right


def test_corpus_is_large_and_covers_every_kind() -> None:
    assert len(CASES) >= 300
    operations = {c.operation for c in CASES if c.operation}
    assert operations == {"fetch", "robots", "stats", "page", "status", "read"}
    kinds = Counter(c.refusal for c in CASES if c.refusal)
    for kind in ("negation", "condition", "unsupported_verb", "no_url", "too_many_urls", "url_outside_parse",
                 "non_public_address", "invalid_url", "not_understood"):
        assert kinds[kind] >= 3, kind


@pytest.mark.parametrize(
    "case",
    [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, reason=c.xfail)] if c.xfail else [])
     for c in CASES],
)
def test_prompt(case: Case, deputy: Any) -> None:
    result = deputy.read(case.prompt)
    right, wrong = _judge(case, result)
    assert not wrong, f"WRONG ACTION for {case.prompt!r}: {_outcome(result)}"
    expected = case.refusal or (case.operation, case.args)
    assert right, f"{case.prompt!r}: expected {expected}, got {_outcome(result)}"


@pytest.mark.slow
def test_accuracy_tables_and_zero_wrong_actions(deputy: Any, capsys: pytest.CaptureFixture[str]) -> None:
    by_op: dict[str, list[int]] = {}
    by_kind: dict[str, list[int]] = {}
    wrong_actions = []
    for case in CASES:
        result = deputy.read(case.prompt)
        right, wrong = _judge(case, result)
        table = by_kind if case.refusal else by_op
        cell = table.setdefault(case.refusal or case.operation or "?", [0, 0])
        cell[0] += right
        cell[1] += 1
        if wrong:
            wrong_actions.append((case.id, case.prompt, _outcome(result)))
    lines = ["", "accuracy by operation (expected to act):"]
    lines += [f"  {name:20} {r:4}/{n:<4} {100 * r / n:5.1f}%" for name, (r, n) in sorted(by_op.items())]
    lines += ["accuracy by refusal kind (expected to refuse):"]
    lines += [f"  {name:20} {r:4}/{n:<4} {100 * r / n:5.1f}%" for name, (r, n) in sorted(by_kind.items())]
    lines += [f"wrong actions: {len(wrong_actions)} of {len(CASES)} prompts"]
    with capsys.disabled():
        print("\n".join(lines))
    assert wrong_actions == []
