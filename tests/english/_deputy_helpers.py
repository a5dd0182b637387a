"""Shared pieces of the deputy tests: the prompt corpus and a parse built by hand."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

PROMPTS_DIR = Path(__file__).parent / "prompts"


@dataclass(frozen=True, slots=True)
class Case:
    """One corpus line: a prompt and either the expected plan or the expected refusal kind.

    `refusal` may be "any" where only the refusal matters (a typo in a verb). `call` is "clear" or
    "judgement"; `family` groups the accuracy tables; `control` names what a negative control varies.
    """

    file: str
    line: int
    prompt: str
    operation: str | None
    args: dict[str, Any] | None
    refusal: str | None
    xfail: str | None
    family: str = ""
    call: str = "clear"
    control: str | None = None

    @property
    def id(self) -> str:
        return f"{self.file}:{self.line}"


def load_cases() -> list[Case]:
    """Every case of tests/english/prompts/ (and its sub-folders), in file and line order."""
    cases = []
    for path in sorted(PROMPTS_DIR.rglob("*.jsonl")):
        name = str(path.relative_to(PROMPTS_DIR).with_suffix(""))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            raw = json.loads(line)
            cases.append(
                Case(
                    file=name, line=number, prompt=raw["prompt"], operation=raw.get("operation"),
                    args=raw.get("args"), refusal=raw.get("refusal"), xfail=raw.get("xfail"),
                    family=raw.get("family", path.stem), call=raw.get("call", "clear"), control=raw.get("control"),
                )
            )
    return cases


def hand_parse(words: list[str], heads: list[int], deps: list[str], tags: list[str], pos: list[str],
               lemmas: list[str], addresses: dict[int, str] | None = None) -> Any:
    """A Parsed built by hand (heads are absolute token indices); `addresses` marks protected tokens."""
    from spacy.tokens import Doc
    from spacy.vocab import Vocab as SpacyVocab

    from deputy.nlp import Parsed
    from deputy.protect import ItemKind, ProtectedItem

    doc = Doc(SpacyVocab(), words=words, heads=heads, deps=deps, tags=tags, pos=pos, lemmas=lemmas,
              sent_starts=[True] + [False] * (len(words) - 1))
    items = {
        i: ProtectedItem(ItemKind.ADDRESS, text, text, 0, len(text), has_scheme="://" in text)
        for i, text in (addresses or {}).items()
    }
    return Parsed(doc=doc, items=items, synthetic=frozenset())


def read_outcome(deputy: Any, prompt: str) -> tuple[str, object]:
    """(operation, its arguments) for a plan, ("refused", its kind) for a refusal."""
    result = deputy.read(prompt)
    if result.__class__.__name__ == "Plan":
        return result.operation, result.json_args()
    return "refused", result.kind


def deputy_with_words(**lists: Any) -> Any:
    """Sea Spider's deputy whose named word lists are the given ones: a rule's words taken off, to
    show that the rule is what reads its cases (the rule-off checks of the reader's tests)."""
    from dataclasses import replace

    from seaspider.english_reader import deputy_for, load_vocab
    vocab = load_vocab()
    return deputy_for(replace(vocab, words=replace(vocab.words, **lists)))


def operation_or_kind(deputy: Any, prompt: str) -> tuple[str | None, str | None]:
    """(operation, None) for a plan, (None, refusal kind) for a refusal: for tests that judge only which."""
    operation, detail = read_outcome(deputy, prompt)
    if operation == "refused":
        return None, str(getattr(detail, "value", detail))
    return operation, None
