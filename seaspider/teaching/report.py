"""The people's side of `seaspider review`: short English summaries on stderr beside the JSON on stdout.

Pure: groups, suggestions and trials in, lines of text out.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from deputy.teaching.gaps import NOT_TEACHABLE, GapGroup
from deputy.teaching.replay import Change
from deputy.teaching.suggest import Suggestion
from seaspider.teaching.proof import Trial

__all__ = ["group_lines", "suggestion_lines", "trial_lines"]

_GAP_NAMES = {
    "unknown_verb": "unknown verb",
    "unknown_question": "unknown question",
    "unknown_words": "unknown words",
    "unsupported_verb": "unsupported verb",
    "widening_words": "widening words",
    "negation": "negation",
    "condition": "condition word",
    "address": "address refused",
    "unbound_address": "address outside the request",
    "no_value": "nothing named",
    "too_many_values": "too many values",
    "several_actions": "several actions",
    "ambiguous": "ambiguous",
    "other": "other",
}


def _clip(text: str, width: int = 100) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def group_lines(groups: Sequence[GapGroup], *, total: int, skipped: int) -> list[str]:
    """«7× unknown verb “snag” (not_understood 4, unsupported_verb 3), 2026-… to 2026-…» and examples."""
    out = [f"{total} refused prompt{'s' if total != 1 else ''} in {len(groups)} group{'s' if len(groups) != 1 else ''}"
           + (f" ({skipped} unreadable line{'s' if skipped != 1 else ''} skipped)" if skipped else "") + ":"]
    for group in groups:
        kinds = ", ".join(f"{kind} {count}" for kind, count in group.kinds)
        word = f" “{group.word}”" if group.word else ""
        seen = group.first if group.first == group.last else f"{group.first} to {group.last}"
        mark = "teachable" if group.teachable else "not teachable"
        out.append(f"{group.count:4}× {_GAP_NAMES[str(group.gap)]}{word} ({kinds}; {seen}) — {mark}")
        out += [f"        e.g. {_clip(example)}" for example in group.examples]
    return out


def suggestion_lines(suggestions: Sequence[Suggestion], groups: Sequence[GapGroup]) -> list[str]:
    """One line per suggestion, then the gaps left alone and why."""
    out = [f"{len(suggestions)} suggested edit{'s' if len(suggestions) != 1 else ''}:"]
    out += [f"  {s.text}" for s in suggestions] or ["  (none: no teachable gap has an edit that answers it)"]
    left = [g for g in groups if not g.teachable]
    if left:
        out.append("not taught:")
        for group in left:
            word = f" “{group.word}”" if group.word else ""
            out.append(f"  {group.count}× {_GAP_NAMES[str(group.gap)]}{word}: {NOT_TEACHABLE[group.gap]}")
    return out


def _change(change: Change, show: Callable[[str], str]) -> str:
    arrow = f"{change.before.text()} → {change.after.text()}"
    line = f"  {change.where}: {_clip(show(change.prompt), 80)}  {arrow}"
    return line + (f"\n      ERROR: {change.error}" if change.error else "")


def trial_lines(trial: Trial, *, show: Callable[[str], str] = str) -> list[str]:
    """The proof for people: what it was made on, each kind of change, and the verdict."""
    proof = trial.proof
    current = trial.current.source.strip("()")
    out = [
        f"Proof of {trial.candidate.source} against {current}: {proof.corpus_prompts} corpus prompts "
        f"({trial.corpus_source}, sha256 {trial.corpus_sha256[:12]}…) and {proof.review_prompts} review prompts.",
    ]
    if proof.relaxations:
        out.append(f"Relaxations of a safety rule ({len(proof.relaxations)}):")
        out += [f"  ERROR: {why}" for why in proof.relaxations]
    sections = (
        ("Errors", proof.errors),
        ("Now acting", tuple(c for c in proof.now_acting if c.error is None)),
        ("Changed kind", tuple(c for c in proof.changed_kind if c.error is None)),
    )
    for title, changes in sections:
        if changes:
            out.append(f"{title} ({len(changes)}):")
            out += [_change(c, show) for c in changes]
    if proof.fixed:
        out.append(f"Corpus lines marked xfail that now read right ({len(proof.fixed)}): {', '.join(proof.fixed)}")
    if proof.clean:
        out.append("The proof is clean: `seaspider review accept` may write this vocabulary.")
    else:
        out.append("The proof failed: this vocabulary must not be accepted.")
    return out
