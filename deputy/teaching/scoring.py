"""Scores readings against expected outcomes: per-family accuracy and the wrong actions, counted apart.

A corpus line names a prompt and what should come of it: a plan (operation and arguments) or a
refusal kind ("any" where only the refusal matters). A refusal where a plan was expected is a miss;
a plan where a refusal was expected, or a plan other than the expected one, is a wrong action, and
no count of right answers makes up for one. Pure: results in, counts out.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from deputy.bind import Plan
from deputy.refusals import Refusal

__all__ = ["ANY_REFUSAL", "Expectation", "Outcome", "Scoreboard", "judge"]

ANY_REFUSAL = "any"


class Outcome(enum.StrEnum):
    """What a reading made of an expectation."""

    RIGHT = "right"
    MISSED = "missed"  # refused where it should have acted, or refused for another reason
    WRONG_ACTION = "wrong_action"  # acted where it should have refused, or acted otherwise


@dataclass(frozen=True, slots=True)
class Expectation:
    """What should come of one prompt, and where it counts: its family and whether it is a judgement call."""

    family: str
    operation: str | None
    args: Mapping[str, Any] | None
    refusal: str | None
    judgement: bool = False

    @classmethod
    def from_json(cls, raw: Mapping[str, Any], *, family: str) -> Expectation | None:
        """The expectation a corpus line states, or None when it states none (a bare prompt)."""
        if raw.get("refusal") is None and raw.get("operation") is None:
            return None
        return cls(
            family=str(raw.get("family") or family), operation=raw.get("operation"), args=raw.get("args"),
            refusal=raw.get("refusal"), judgement=raw.get("call") == "judgement",
        )


def judge(expected: Expectation, result: Plan | Refusal) -> Outcome:
    """Right, missed, or a wrong action."""
    if expected.refusal is not None:
        if isinstance(result, Plan):
            return Outcome.WRONG_ACTION
        return Outcome.RIGHT if expected.refusal in (ANY_REFUSAL, result.kind) else Outcome.MISSED
    if isinstance(result, Refusal):
        return Outcome.MISSED
    same = result.operation == expected.operation and result.json_args() == dict(expected.args or {})
    return Outcome.RIGHT if same else Outcome.WRONG_ACTION


@dataclass
class _Cell:
    right: int = 0
    total: int = 0

    def text(self) -> str:
        if not self.total:
            return "     -     "
        return f"{self.right:4}/{self.total:<4} {100 * self.right / self.total:5.1f}%"


@dataclass
class Scoreboard:
    """Accuracy per family, clear cases and judgement calls apart, and every wrong action."""

    clear: dict[str, _Cell] = field(default_factory=dict)
    judgement: dict[str, _Cell] = field(default_factory=dict)
    wrong: list[tuple[str, str]] = field(default_factory=list)  # (family, prompt)

    def add(self, expected: Expectation, result: Plan | Refusal, prompt: str) -> Outcome:
        """Counts one reading; returns its outcome."""
        outcome = judge(expected, result)
        table = self.judgement if expected.judgement else self.clear
        cell = table.setdefault(expected.family, _Cell())
        cell.total += 1
        cell.right += outcome is Outcome.RIGHT
        if outcome is Outcome.WRONG_ACTION:
            self.wrong.append((expected.family, prompt))
        return outcome

    def lines(self) -> list[str]:
        """The table for people: one line per family, then the totals and the wrong actions."""
        families = sorted(set(self.clear) | set(self.judgement))
        out = [f"{'family':16} {'clear cases':17} {'judgement calls':17}"]
        for name in families:
            clear, judged = self.clear.get(name, _Cell()), self.judgement.get(name, _Cell())
            out.append(f"{name:16} {clear.text():17} {judged.text():17}")
        total_clear = _Cell(sum(c.right for c in self.clear.values()), sum(c.total for c in self.clear.values()))
        total_judged = _Cell(sum(c.right for c in self.judgement.values()), sum(c.total for c in self.judgement.values()))
        out.append(f"{'all':16} {total_clear.text():17} {total_judged.text():17}")
        out.append(f"wrong actions: {len(self.wrong)}")
        out += [f"  WRONG ACTION ({family}): {prompt}" for family, prompt in self.wrong]
        return out
