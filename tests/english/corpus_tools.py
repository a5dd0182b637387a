"""The corpus workflow of issue 14 as one script: first sight of a new set, marks dropped, before/after checks.

Run from the checkout's root with it first on the path (`PYTHONPATH=$PWD`, so a worktree judges its own
reader, not the one installed):

    python tests/english/corpus_tools.py first-sight FILE "round 28 (written blind, first sight on SHA)"
        reads every line of FILE, marks each miss strict xfail in place with what the reader did, and prints
        the clear and judgement figures and every wrong action (a wrong action is never marked: it must be
        mended, or the corpus test fails);
    python tests/english/corpus_tools.py unmark
        drops the xfail mark of every corpus line that is now right (a strict xfail that passes fails);
    python tests/english/corpus_tools.py snapshot OUT.json
        writes what the reader does with every corpus line;
    python tests/english/corpus_tools.py compare OUT.json
        prints every corpus line whose outcome changed since the snapshot, judged (silent: none changed).

A change to the reader is shown harmless by `snapshot` before it and `compare` after it: no line may go from
right to missed or wrong.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from _deputy_helpers import PROMPTS_DIR, Case, load_cases  # noqa: E402

Outcome = list[Any]  # ["fetch", {"urls": [...]}] or ["refused", "negation"]


def _reader() -> Any:
    from seaspider.english_reader import build_deputy

    return build_deputy()


def _outcome(result: Any) -> Outcome:
    from deputy import Plan

    if isinstance(result, Plan):
        return [result.operation, result.json_args()]
    return ["refused", str(result.kind)]


def _judge(raw: dict[str, Any], result: Any) -> Any:
    from deputy.teaching.scoring import Expectation, judge

    expectation = Expectation.from_json(raw, family=str(raw.get("family", "")))
    if expectation is None:
        raise SystemExit(f"corpus line states no expectation: {raw['prompt']!r}")
    return judge(expectation, result)


def first_sight(path: Path, label: str) -> int:
    """Mark the misses of a new set in place; print the figures and the wrong actions."""
    from deputy.teaching.scoring import Outcome as Judged

    reader = _reader()
    counts: Counter[tuple[str, str]] = Counter()
    wrong: list[str] = []
    lines = []
    for text in path.read_text(encoding="utf-8").splitlines():
        if not text.strip():
            continue
        raw = json.loads(text)
        raw.pop("xfail", None)
        result = reader.read(raw["prompt"])
        judged = _judge(raw, result)
        call = str(raw.get("call", "clear"))
        counts[(call, judged.value)] += 1
        if judged is Judged.WRONG_ACTION:
            wrong.append(f"WRONG ACTION: {raw['prompt']!r} -> {_outcome(result)}")
        elif judged is Judged.MISSED:
            how = "refused with another kind" if raw.get("refusal") else "refused"
            expected = raw.get("refusal") or raw.get("operation")
            raw["xfail"] = f"{call}: {how} at first sight in {label} ({result.kind}: {result.reason}); expected {expected}"
        lines.append(json.dumps(raw, ensure_ascii=False))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for call in ("clear", "judgement"):
        total = sum(n for (c, _), n in counts.items() if c == call)
        print(f"{call}: {counts[(call, 'right')]}/{total} right, {counts[(call, 'wrong_action')]} wrong")
    print("\n".join(wrong))
    return 1 if wrong else 0


def unmark() -> int:
    """Drop the xfail mark of every corpus line that is now right."""
    from deputy.teaching.scoring import Outcome as Judged

    reader = _reader()
    dropped = 0
    for path in sorted(PROMPTS_DIR.rglob("*.jsonl")):
        lines = path.read_text(encoding="utf-8").splitlines()
        changed = False
        for number, text in enumerate(lines):
            if '"xfail"' not in text:
                continue
            raw = json.loads(text)
            if _judge(raw, reader.read(raw["prompt"])) is Judged.RIGHT:
                del raw["xfail"]
                lines[number] = json.dumps(raw, ensure_ascii=False)
                changed = True
                dropped += 1
                print(f"now right: {path.relative_to(PROMPTS_DIR)}:{number + 1} {raw['prompt'][:100]!r}")
        if changed:
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"dropped {dropped} marks")
    return 0


def _key(case: Case) -> str:
    return f"{case.file}\t{case.prompt}"


def snapshot(out: Path, cases: Iterable[Case] | None = None) -> int:
    """What the reader does with every corpus line, keyed by file and prompt."""
    reader = _reader()
    found = {_key(c): _outcome(reader.read(c.prompt)) for c in (cases if cases is not None else load_cases())}
    out.write_text(json.dumps(found, ensure_ascii=False), encoding="utf-8")
    print(f"{len(found)} lines judged -> {out}")
    return 0


def compare(before_path: Path, cases: Iterable[Case] | None = None) -> int:
    """Print every corpus line whose outcome changed since the snapshot, with how it is judged now."""
    before = json.loads(before_path.read_text(encoding="utf-8"))
    reader = _reader()
    changed = 0
    for case in cases if cases is not None else load_cases():
        old = before.get(_key(case))
        if old is None:
            continue
        result = reader.read(case.prompt)
        now = _outcome(result)
        if now != old:
            raw = {"prompt": case.prompt, "operation": case.operation, "args": case.args, "refusal": case.refusal,
                   "family": case.family, "call": case.call}
            print(f"{case.id}: {old} -> {now} [{_judge(raw, result).value}] {case.prompt[:120]!r}")
            changed += 1
    return 1 if changed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    verbs = parser.add_subparsers(dest="verb", required=True)
    sight = verbs.add_parser("first-sight", help="mark the misses of a new set in place")
    sight.add_argument("file", type=Path)
    sight.add_argument("label")
    verbs.add_parser("unmark", help="drop the marks of corpus lines now right")
    snap = verbs.add_parser("snapshot", help="write what the reader does with every corpus line")
    snap.add_argument("out", type=Path)
    comp = verbs.add_parser("compare", help="print corpus lines whose outcome changed since a snapshot")
    comp.add_argument("before", type=Path)
    args = parser.parse_args(argv)
    if args.verb == "first-sight":
        return first_sight(args.file, args.label)
    if args.verb == "unmark":
        return unmark()
    if args.verb == "snapshot":
        return snapshot(args.out)
    return compare(args.before)


if __name__ == "__main__":
    sys.exit(main())
