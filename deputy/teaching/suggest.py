"""Vocabulary edits that would answer the review queue's teachable gaps, each as a JSON patch, each
tried on the prompts it is meant to answer before it is proposed.

Only what a vocabulary can say: a predicate for a capability, a question form for a capability that
only observes, an adverb the reader may pass over. Never a capability, a slot, a condition, a
negation, an address rule or a word from a safety list (deputy.teaching.relaxations refuses those, and an
edit it refuses is never proposed). Whether an edit is safe for everything else is the proof's job
(deputy.teaching.replay), not this module's.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from deputy.bind import Plan
from deputy.teaching.gaps import Gap, GapGroup
from deputy.teaching.jsonpatch import apply_patch
from deputy.refusals import Refusal
from deputy.teaching.relaxations import relaxations
from deputy.skeleton import Skeleton
from deputy.vocab import Vocab, VocabError

__all__ = ["Suggestion", "suggest"]

Reader = Callable[[str], Plan | Refusal]
MAX_PROMPTS = 50  # prompts of one group tried per candidate edit: enough to count, cheap to parse
_QUESTIONS = frozenset({"yes_no_question", "wh_question"})
_NOUNISH = frozenset({"NOUN", "PROPN", "ADJ"})
_AUXILIARIES = frozenset({"be", "have", "do", "can", "could", "may", "might", "will", "would", "shall", "should", "must"})


@dataclass(frozen=True, slots=True)
class Suggestion:
    """One proposed edit: what it adds, where, how many refused prompts it answers, and the patch."""

    gap: Gap
    word: str
    capability: str | None
    edit: str  # "add predicate", "add question form", "add adverb"
    text: str  # "`fetch`: add predicate `snag` — 7 refused requests with addresses"
    patch: tuple[Mapping[str, Any], ...]
    answers: int  # prompts of the group that the edit turns into plans
    of: int  # distinct prompts in the group
    prompt_sha256s: tuple[str, ...]
    alternatives: tuple[str, ...] = ()  # other capabilities the same edit would answer as many prompts for

    def to_json(self) -> dict[str, Any]:
        return {
            "gap": str(self.gap), "word": self.word, "capability": self.capability, "edit": self.edit,
            "text": self.text, "answers": self.answers, "of": self.of, "alternatives": list(self.alternatives),
            "review_items": list(self.prompt_sha256s), "patch": [dict(op) for op in self.patch],
        }


@dataclass(frozen=True, slots=True)
class _Tried:
    capability: str | None
    edit: str
    word: str
    patch: tuple[Mapping[str, Any], ...]
    answered: tuple[str, ...]  # prompts turned into plans
    plans: tuple[Plan, ...]


class _Teacher:
    """Tries candidate edits of one vocabulary on the prompts they are meant to answer."""

    def __init__(self, raw: Mapping[str, Any], make_reader: Callable[[Vocab], Reader]) -> None:
        self.raw = raw
        self.vocab = Vocab.from_raw(raw)
        self.make_reader = make_reader
        self.read = make_reader(self.vocab)
        words = self.vocab.words
        self.refusing = (
            words.negations | words.forbidden | words.unsupported | words.blockers
            | frozenset(c for c in words.conditions if " " not in c) | _AUXILIARIES
        )

    def teachable_word(self, word: str) -> bool:
        return word.isalpha() and word.lower() == word and word not in self.refusing

    def attempt(self, patch: list[dict[str, Any]], prompts: Sequence[str], capability: str | None,
                edit: str, word: str) -> _Tried | None:
        try:
            candidate = Vocab.from_raw(apply_patch(self.raw, patch))
        except VocabError:
            return None
        if relaxations(self.vocab, candidate):
            return None
        read = self.make_reader(candidate)
        answered, plans = [], []
        for prompt in prompts:
            result = read(prompt)
            if isinstance(result, Plan) and capability in (None, result.capability):
                answered.append(prompt)
                plans.append(result)
        if not answered:
            return None
        return _Tried(capability, edit, word, tuple(patch), tuple(answered), tuple(plans))


def _words_patch(raw: Mapping[str, Any], key: str, words: list[str]) -> list[dict[str, Any]]:
    given = raw.get("words")
    if not isinstance(given, Mapping):
        return [{"op": "add", "path": "/words", "value": {key: words}}]
    if key not in given:
        return [{"op": "add", "path": f"/words/{key}", "value": words}]
    return [{"op": "add", "path": f"/words/{key}/-", "value": w} for w in words]


def _content_words(sk: Skeleton) -> set[str]:
    return {
        row.lemma.lower() for row in sk.tokens
        if row.upos in _NOUNISH and not row.misc and row.lemma.isalpha()
    }


def _affinity(raw_capability: Mapping[str, Any], words: set[str]) -> int:
    """How many of the prompts' words the capability's own declaration already uses."""
    text = " ".join([str(raw_capability.get("description", ""))] + [str(f.get("note", "")) for f in raw_capability["forms"]])
    mine = {w.strip(".,?!/()“”\"'").lower() for w in text.split()}
    for form in raw_capability["forms"]:
        for group in form.get("requires", []):
            mine |= {str(w).lower() for w in group}
    return len(words & mine)


def _shape(plans: Sequence[Plan]) -> str:
    """"7 refused requests with addresses", "2 refused questions"."""
    count = len(plans)
    asks = sum(str(p.skeleton.mood) in _QUESTIONS for p in plans)
    noun = "question" if asks * 2 > count else "request"
    with_address = sum(any(s.kind == "address" for s in p.skeleton.slots) for p in plans)
    tail = ""
    if with_address * 2 > count:
        tail = " with an address" if count == 1 else " with addresses"
    return f"{count} refused {noun}{'' if count == 1 else 's'}{tail}"


def _verb_candidates(teacher: _Teacher, group: GapGroup, prompts: list[str]) -> list[_Tried]:
    word = group.word.lower()
    if not teacher.teachable_word(word):
        return []
    tried = []
    for index, capability in enumerate(teacher.raw["capabilities"]):
        if word in capability["predicates"]:
            continue
        patch = [{"op": "add", "path": f"/capabilities/{index}/predicates/-", "value": word}]
        found = teacher.attempt(patch, prompts, capability["name"], "add predicate", word)
        if found is not None:
            tried.append(found)
    # Greedy: the edit that answers the most prompts first; another capability only for what is left.
    tried.sort(key=lambda t: -len(t.answered))
    chosen: list[_Tried] = []
    claimed: set[str] = set()
    for found in tried:
        left = [p for p in found.answered if p not in claimed]
        if left:
            keep = [i for i, p in enumerate(found.answered) if p in left]
            chosen.append(_Tried(found.capability, found.edit, found.word, found.patch, tuple(left),
                                 tuple(found.plans[i] for i in keep)))
            claimed |= set(left)
    return chosen


def _question_candidates(teacher: _Teacher, group: GapGroup, prompts: list[str]) -> list[_Tried]:
    skeletons = [r.skeleton for r in map(teacher.read, prompts) if isinstance(r, Refusal) and r.skeleton is not None]
    if not skeletons:
        return []
    first = skeletons[0]
    shared = set.intersection(*(_content_words(sk) for sk in skeletons)) - teacher.refusing
    shared -= {first.subject or ""} if first.subject in ("you", "we") else set()
    predicate = first.predicate if first.predicate and teacher.teachable_word(first.predicate) else None
    tried: list[tuple[int, int, _Tried]] = []
    for index, capability in enumerate(teacher.raw["capabilities"]):
        if not capability.get("observes", False):
            continue  # a question never acts: only a capability that observes may learn one
        options: list[tuple[int, list[dict[str, Any]], str]] = []
        if predicate and predicate not in capability["predicates"]:
            path = f"/capabilities/{index}/predicates/-"
            options.append((0, [{"op": "add", "path": path, "value": predicate}], "add predicate"))
        if shared:
            form: dict[str, Any] = {"note": f"{prompts[0]} (taught from the review queue)", "moods": [str(first.mood)]}
            if first.wh:
                form["wh"] = [first.wh]
            if first.predicate:
                form["predicates"] = [first.predicate]
            form["requires"] = [sorted(shared)]
            options.append((1, [{"op": "add", "path": f"/capabilities/{index}/forms/-", "value": form}], "add question form"))
        for size, patch, edit in options:
            word = predicate if edit == "add predicate" else group.word
            found = teacher.attempt(patch, prompts, capability["name"], edit, word or group.word)
            if found is not None:
                affinity = _affinity(capability, set().union(*(_content_words(sk) for sk in skeletons)))
                tried.append((size, affinity, found))
    if not tried:
        return []
    tried.sort(key=lambda t: (-len(t[2].answered), -t[1], t[0]))
    best_count, best_affinity, best = len(tried[0][2].answered), tried[0][1], tried[0][2]
    others = tuple(dict.fromkeys(
        str(t.capability) for _, a, t in tried[1:] if len(t.answered) == best_count and a == best_affinity
        and t.capability != best.capability
    ))
    return [_Tried(best.capability, best.edit, best.word, best.patch, best.answered, best.plans)] + (
        [_Tried(None, "alternatives", "", (), others, ())] if others else []
    )


def _adverb_candidates(teacher: _Teacher, group: GapGroup, prompts: list[str]) -> list[_Tried]:
    words = [w.lower() for w in group.word.split()]
    if not words or not all(teacher.teachable_word(w) for w in words):
        return []
    found = teacher.attempt(_words_patch(teacher.raw, "adverbs", words), prompts, None, "add adverb", " ".join(words))
    return [found] if found is not None else []


def suggest(groups: Sequence[GapGroup], raw: Mapping[str, Any], *, make_reader: Callable[[Vocab], Reader]) -> tuple[Suggestion, ...]:
    """Edits of the vocabulary `raw` (its parsed JSON) that answer the teachable groups, the most useful first.

    `make_reader` builds a reader for a candidate vocabulary (the program's own slot checkers bound in).
    """
    raw = copy.deepcopy(dict(raw))
    teacher = _Teacher(raw, make_reader)
    out: list[Suggestion] = []
    for group in groups:
        if not group.teachable:
            continue
        # Prompts the vocabulary in use already reads as plans need no teaching.
        prompts = [p for p in group.prompts[:MAX_PROMPTS] if not isinstance(teacher.read(p), Plan)]
        if not prompts:
            continue
        if group.gap is Gap.UNKNOWN_VERB:
            found = _verb_candidates(teacher, group, prompts)
        elif group.gap is Gap.UNKNOWN_QUESTION:
            found = _question_candidates(teacher, group, prompts)
        else:
            found = _adverb_candidates(teacher, group, prompts)
        alternatives = next((t.answered for t in found if t.edit == "alternatives"), ())
        shas = dict(zip(group.prompts, group.prompt_sha256s, strict=False))
        for tried in (t for t in found if t.edit != "alternatives"):
            what = f"{tried.edit} `{tried.word}`"
            where = f"`{tried.capability}`: " if tried.capability else ""
            text = f"{where}{what} — {_shape(tried.plans)}"
            if alternatives:
                text += f" (or teach it to {', '.join(f'`{a}`' for a in alternatives)} instead)"
            out.append(Suggestion(
                gap=group.gap, word=tried.word, capability=tried.capability, edit=tried.edit, text=text,
                patch=tried.patch, answers=len(tried.answered), of=len(prompts),
                prompt_sha256s=tuple(shas[p] for p in tried.answered if p in shas), alternatives=alternatives,
            ))
    out.sort(key=lambda s: -s.answers)
    return tuple(out)
