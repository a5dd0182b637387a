"""Every prompt of tests/english/prompts/ through the real model: zero wrong actions, every expectation met.

Each line is its own test, read once. A line marked xfail (a known miss) may fail only by missing: its
mark catches AssertionError and nothing else, and a wrong action raises WrongAction, so a wrong action
fails the suite on any line, marked or not. The per-family accuracy table is `seaspider plan --jsonl`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from deputy import Plan, Refusal
from deputy.teaching.scoring import Expectation, Outcome, judge
from seaspider.english_reader import build_deputy
from _deputy_helpers import Case, load_cases

CASES = load_cases()


class WrongAction(Exception):
    """An act on a line that must be refused or is a question, or a fetch of a URL not asked for.

    Not an AssertionError on purpose: an xfail mark (raises=AssertionError) must never swallow it.
    """


def check(case: Case, result: Plan | Refusal) -> None:
    """Raise WrongAction for a wrong action and AssertionError for a miss; return when the line is right."""
    outcome = judge(_expectation(case), result)
    if outcome is Outcome.WRONG_ACTION:
        raise WrongAction(f"WRONG ACTION for {case.prompt!r}: {_outcome(result)}")
    expected = case.refusal or (case.operation, case.args)
    assert outcome is Outcome.RIGHT, f"{case.prompt!r}: expected {expected}, got {_outcome(result)}"


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


LINES = [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(strict=True, raises=AssertionError, reason=c.xfail)]
                      if c.xfail else [])
         for c in CASES]


@pytest.mark.parametrize("case", LINES)
def test_prompt(case: Case, deputy: Any) -> None:
    check(case, deputy.read(case.prompt))


@pytest.mark.parametrize("marked", [False, True], ids=["unmarked", "marked-xfail"])
def test_a_wrong_action_fails_a_line_even_when_it_is_marked_as_a_known_miss(marked: bool, pytester: pytest.Pytester) -> None:
    # Negative control for the marks above: the same check, run by pytest itself on a line that acts
    # where it must refuse. A mark that swallowed every exception would turn this test red.
    pytester.makepyfile(test_line=f"""
        import pytest
        from test_deputy_corpus import WrongAction

        def read():
            raise WrongAction("acted on a negation")

        mark = pytest.mark.xfail(strict=True, raises=AssertionError) if {marked} else lambda f: f

        @mark
        def test_line():
            read()

        @pytest.mark.xfail(strict=True, raises=AssertionError)
        def test_a_miss_stays_a_known_miss():
            assert False, "refused with another kind"
    """)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:xdist", "-o", "addopts=")
    result.assert_outcomes(failed=1, xfailed=1)
    marks = [mark for line in LINES for mark in line.marks]
    assert marks and all(mark.kwargs["raises"] is AssertionError for mark in marks)


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
