"""The proof of a vocabulary edit: every corpus prompt and every review prompt read twice, with the
vocabulary in use and with the candidate, and each difference judged.

An error is a corpus prompt that would now do something its expectation forbids (act where a refusal
or a question is expected, or act otherwise), a corpus prompt whose plan changes or is lost, or a
review prompt refused by a safety rule (negation, condition, address) that would now act. Refusals
that only change their reason, and review prompts that now act, are reported, not errors. Pure:
readers and prompts in, a Proof out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deputy.bind import Plan
from deputy.teaching.corpus import CorpusCase
from deputy.refusals import Refusal
from deputy.teaching.review import ReviewItem
from deputy.teaching.scoring import ANY_REFUSAL, Expectation, Outcome

__all__ = ["Change", "Proof", "Reading", "judge_reading", "replay"]

Reader = Callable[[str], Plan | Refusal]
# The reader's generic refusal kinds that are safety rules: a prompt refused for one never learns to act.
SAFETY_RULES = frozenset({"negation", "condition", "disallowed_value", "invalid_value", "value_outside_parse"})


@dataclass(frozen=True, slots=True)
class Reading:
    """What one reading made of a prompt: a plan (capability, operation, JSON arguments) or a refusal."""

    act: bool
    capability: str | None
    operation: str | None
    args: Mapping[str, Any]
    kind: str | None
    reason: str | None
    rule: str | None  # the reader's generic refusal kind behind `kind`

    @classmethod
    def of(cls, result: Plan | Refusal) -> Reading:
        if isinstance(result, Plan):
            return cls(True, result.capability, result.operation, result.json_args(), None, None, None)
        return cls(False, None, None, {}, str(result.kind), result.reason, str(result.rule))

    def same(self, other: Reading) -> bool:
        """The same plan, or a refusal of the same kind (the wording may differ)."""
        return (self.act, self.operation, dict(self.args), self.kind) == (
            other.act, other.operation, dict(other.args), other.kind
        )

    def text(self) -> str:
        """`fetch {"urls": [...]}` or `refused: negation`."""
        if self.act:
            args = ", ".join(f"{k}={v}" for k, v in self.args.items())
            return f"{self.operation}({args})"
        return f"refused ({self.kind})"

    def to_json(self) -> dict[str, Any]:
        if self.act:
            return {"act": True, "capability": self.capability, "operation": self.operation, "args": dict(self.args)}
        return {"act": False, "kind": self.kind, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Change:
    """A prompt read differently by the candidate; `error` says why that is not allowed (None when it is)."""

    source: str  # "corpus" or "review"
    where: str  # "agents/round5:3" or "review:12"
    prompt: str
    before: Reading
    after: Reading
    error: str | None
    prompt_sha256s: tuple[str, ...] = ()  # the review items this prompt stands for

    def to_json(self, *, show: Callable[[str], str] = str) -> dict[str, Any]:
        out: dict[str, Any] = {
            "source": self.source, "where": self.where, "prompt": show(self.prompt),
            "before": self.before.to_json(), "after": self.after.to_json(),
        }
        if self.error is not None:
            out["error"] = self.error
        return out


@dataclass(frozen=True, slots=True)
class Proof:
    """Every difference a candidate vocabulary makes, and whether any of them is an error."""

    relaxations: tuple[str, ...]
    corpus_prompts: int
    review_prompts: int
    changes: tuple[Change, ...]
    fixed: tuple[str, ...]  # corpus lines marked xfail that the candidate reads right

    @property
    def errors(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.error is not None)

    @property
    def now_acting(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if c.after.act and not c.before.act)

    @property
    def changed_kind(self) -> tuple[Change, ...]:
        return tuple(c for c in self.changes if not c.after.act and not c.before.act)

    @property
    def clean(self) -> bool:
        """No relaxation and no error: the candidate may be accepted."""
        return not self.relaxations and not self.errors

    def answered(self) -> tuple[str, ...]:
        """The review items (prompt sha256) the candidate turns into plans."""
        return tuple(dict.fromkeys(
            sha for c in self.changes if c.source == "review" and c.after.act for sha in c.prompt_sha256s
        ))


def judge_reading(expected: Expectation, reading: Reading) -> Outcome:
    """deputy.teaching.scoring.judge over a Reading (a reading kept from an earlier replay holds no Plan)."""
    if expected.refusal is not None:
        if reading.act:
            return Outcome.WRONG_ACTION
        return Outcome.RIGHT if expected.refusal in (ANY_REFUSAL, reading.kind) else Outcome.MISSED
    if not reading.act:
        return Outcome.MISSED
    same = reading.operation == expected.operation and dict(reading.args) == dict(expected.args or {})
    return Outcome.RIGHT if same else Outcome.WRONG_ACTION


def _expected_text(expected: Expectation) -> str:
    if expected.refusal is not None:
        return "a refusal" if expected.refusal == ANY_REFUSAL else f"a refusal ({expected.refusal})"
    args = ", ".join(f"{k}={v}" for k, v in (expected.args or {}).items())
    return f"{expected.operation}({args})"


def _corpus_error(expected: Expectation, before: Reading, reading: Reading) -> str | None:
    if judge_reading(expected, reading) is Outcome.WRONG_ACTION:
        return f"it should give {_expected_text(expected)}, and it would now give {reading.text()}"
    if before.act and not reading.same(before):
        return f"its plan {before.text()} would become {reading.text()}"
    return None


def replay(
    cases: Sequence[CorpusCase],
    items: Iterable[ReviewItem],
    *,
    before: Reader,
    after: Reader,
    earlier: Sequence[Reading] | None = None,
    later: Sequence[Reading] | None = None,
    relaxations: Sequence[str] = (),
    kinds: Mapping[str, str] | None = None,
) -> Proof:
    """Reads every corpus case and every distinct review prompt with both readers and judges each change.

    `earlier` and `later` may hold the readings of `cases` made before with `before`'s and `after`'s
    vocabularies (a reader is deterministic, so they are reused rather than read again); `kinds` maps
    the review lines' public kind names to the reader's rules (`no_url` → `no_value`).
    """
    for given in (earlier, later):
        if given is not None and len(given) != len(cases):
            raise ValueError(f"{len(given)} readings were given for {len(cases)} corpus cases")
    changes: list[Change] = []
    fixed: list[str] = []
    for number, case in enumerate(cases):
        old = earlier[number] if earlier is not None else Reading.of(before(case.prompt))
        new = later[number] if later is not None else Reading.of(after(case.prompt))
        if case.xfail and judge_reading(case.expected, new) is Outcome.RIGHT:
            fixed.append(case.where)
        if new.same(old):
            continue
        changes.append(Change("corpus", case.where, case.prompt, old, new, _corpus_error(case.expected, old, new)))
    inverse = {public: rule for rule, public in (kinds or {}).items()}
    seen: dict[str, list[ReviewItem]] = {}
    for item in items:
        seen.setdefault(item.prompt, []).append(item)
    for prompt, members in seen.items():
        # Read again with the vocabulary in use: a prompt an earlier teaching answered is no change now.
        old = Reading.of(before(prompt))
        new = Reading.of(after(prompt))
        if new.same(old):
            continue
        rule = inverse.get(members[0].kind, members[0].kind)
        error = None
        if new.act and rule in SAFETY_RULES:
            error = f"it was refused for a safety rule ({members[0].kind}), and it would now give {new.text()}"
        shas = tuple(dict.fromkeys(m.prompt_sha256 for m in members))
        changes.append(Change("review", f"review:{members[0].line}", prompt, old, new, error, shas))
    return Proof(
        relaxations=tuple(relaxations), corpus_prompts=len(cases), review_prompts=len(seen),
        changes=tuple(changes), fixed=tuple(fixed),
    )
