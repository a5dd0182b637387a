"""Sea Spider's English reader: the generic deputy with Sea Spider's vocabulary and slot checkers.

Also the two shapes a reading is shown in outside the service: the `seaspider plan` JSON object and
the parse laid out for people (`--explain`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from deputy import Deputy, Plan, Refusal, Vocab, VocabError
from seaspider.errors import ConfigError
from seaspider.resources import default_vocab_text
from seaspider.slot_checkers import host_checker, url_checker

__all__ = ["build_deputy", "deputy_for", "format_parse", "load_vocab", "plan_json", "vocab_from_text"]


def load_vocab(vocab_path: str | Path | None = None) -> Vocab:
    """Sea Spider's vocabulary (vocab/deputy.example.json) or the given file; errors become ConfigError."""
    try:
        if vocab_path is None:
            return Vocab.load(default_vocab_text())
        return Vocab.load(Path(vocab_path))
    except VocabError as exc:
        raise ConfigError(str(exc)) from exc


def vocab_from_text(text: str, *, source: str) -> Vocab:
    """A vocabulary from the text of its file (read once by the caller, so its hash names what was loaded)."""
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{source}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    try:
        return Vocab.from_raw(raw, source=source)
    except VocabError as exc:
        raise ConfigError(str(exc)) from exc


def deputy_for(vocab: Vocab, *, allow_private: bool = False) -> Deputy:
    """The Sea Spider deputy for `vocab`: its `url` and `host` slots checked by the crawler's rules."""
    return Deputy(
        vocab,
        slot_types={"url": url_checker(allow_private=allow_private), "host": host_checker(allow_private=allow_private)},
    )


def build_deputy(vocab_path: str | Path | None = None, *, allow_private: bool = False) -> Deputy:
    """The Sea Spider deputy: its vocabulary with `url` and `host` slots checked by the crawler's rules."""
    return deputy_for(load_vocab(vocab_path), allow_private=allow_private)


def plan_json(prompt: str, result: Plan | Refusal) -> dict[str, Any]:
    """The `seaspider plan` object (schemas/plan.schema.json) for one prompt and what the deputy made of it."""
    if isinstance(result, Plan):
        return {"prompt": prompt, "act": True, "operation": result.operation, "args": result.json_args(), "refusal": None}
    return {
        "prompt": prompt,
        "act": False,
        "operation": None,
        "args": {},
        "refusal": {"kind": str(result.kind), "reason": result.reason},
    }


def format_parse(prompt: str, result: Plan | Refusal) -> str:
    """The parse as CoNLL-like rows and the skeleton, for people (`seaspider plan --explain`)."""
    from deputy import model_name

    lines = [f"# prompt: {prompt}", f"# model: {model_name()}"]
    sk = result.skeleton
    if sk is not None:
        lines.append("# id\tform\tlemma\tupos\txpos\thead\tdeprel\tmisc")
        for row in sk.tokens:
            lines.append(
                f"{row.id}\t{row.form}\t{row.lemma}\t{row.upos}\t{row.xpos}\t{row.head}\t{row.deprel}\t{row.misc or '_'}"
            )
        lines.append("# skeleton: " + json.dumps(sk.to_json(), ensure_ascii=False))
    if isinstance(result, Plan):
        lines.append(f"# plan: {result.capability} ({result.handler}.{result.operation}) {json.dumps(result.json_args())}")
    else:
        lines.append(f"# refusal: {result.kind}: {result.sentence()}")
    return "\n".join(lines)
