"""Shared pieces of the teaching tests: a review queue made from a batch of refused prompts, and edits."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

from deputy import Refusal, ReviewQueue

REPO = Path(__file__).resolve().parents[2]
VOCAB = REPO / "vocab" / "deputy.example.json"
PROMPTS = REPO / "tests" / "english" / "prompts"

# Requests with a verb the vocabulary does not know, and the plans they should become once taught.
NAB = {
    "Nab https://a.example/.": ["https://a.example/"],
    "Could you nab https://b.example/x?": ["https://b.example/x"],
    "Please nab https://a.example/ and https://b.example/x.": ["https://a.example/", "https://b.example/x"],
    "Would you nab https://c.example/docs/page.html for me?": ["https://c.example/docs/page.html"],
    "I need you to nab https://a.example/.": ["https://a.example/"],
    "Kindly nab https://a.example/": ["https://a.example/"],
    "nab https://a.example/ pls": ["https://a.example/"],
}
# Refused prompts beside them that no teaching may turn into an action (negative controls), by kind.
CONTROLS = {
    "Don't nab https://a.example/.": "negation",
    "Nab https://a.example/ if it changed.": "condition",
    "Nab http://10.0.0.1/": "non_public_address",
    "Nab https://a.example/ and delete it.": "unsupported_verb",
    "Translate https://a.example/.": "unsupported_verb",
    "The page is https://a.example/private?token=s3cret. Summarize.": "unsupported_verb",
    "Fetch everything on https://a.example/": "not_understood",
    "What's the ETA?": "not_understood",
    "What's the ETA on the crawl?": "not_understood",
}
START_UNIX = 1_700_000_000  # 2023-11-14T22:13:20Z


def make_queue(path: Path, deputy: Any) -> Path:
    """A review queue of the NAB batch (the first prompt twice) and the CONTROLS, a minute apart."""
    ticks = iter(range(START_UNIX, START_UNIX + 3600, 60))
    queue = ReviewQueue(path, now=lambda: float(next(ticks)))
    prompts = list(NAB) + [next(iter(NAB))] + list(CONTROLS)
    for prompt in prompts:
        result = deputy.read(prompt)
        assert isinstance(result, Refusal), prompt
        queue.append(prompt, result)
    return path


def vocab_raw() -> dict[str, Any]:
    raw: dict[str, Any] = json.loads(VOCAB.read_text(encoding="utf-8"))
    return raw


def with_predicate(word: str, capability: str = "fetch") -> dict[str, Any]:
    """Sea Spider's vocabulary with `word` added to a capability's predicates."""
    raw = copy.deepcopy(vocab_raw())
    next(c for c in raw["capabilities"] if c["name"] == capability)["predicates"].append(word)
    return raw


def relaxations_on_adding(name: str, word: str) -> list[str]:
    """What the relaxation check reports when `word` is added to the word list `name` of Sea Spider's
    vocabulary (the check a widening list must trip)."""
    from deputy import Vocab
    from deputy.teaching.relaxations import relaxations

    raw = vocab_raw()
    changed = dict(raw)
    changed["words"] = {**raw.get("words", {}), name: [word]}
    return list(relaxations(Vocab.from_raw(raw), Vocab.from_raw(changed)))


def write_json(path: Path, raw: Any) -> Path:
    path.write_text(json.dumps(raw, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return path


@cache
def reader() -> Any:
    """Sea Spider's deputy with its own vocabulary (the real model), loaded once per test process."""
    from seaspider.english_reader import build_deputy

    return build_deputy()
