"""What each refused prompt lacked, and the review queue grouped by it: the reader's teaching material.

A refusal line says its kind and reason; this module recovers which of the reader's reasons it was
(by matching the vocabulary's own reason templates) and what was missing: a verb the vocabulary does
not know, a question no form answers, a word it cannot place — or a safety rule that held (a
negation, a condition, an address). Only the first three can be taught. Pure: items and a vocabulary
in, groups out.
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from deputy.teaching.redact import redact, redact_address
from deputy.teaching.review import ReviewItem
from deputy.vocab import Vocab

__all__ = ["Finding", "Gap", "GapGroup", "NOT_TEACHABLE", "TEACHABLE", "classify", "group_review", "known_words"]

EXAMPLES = 3  # example prompts kept per group
_QUESTION_MOODS = frozenset({"yes_no_question", "wh_question"})
_PRONOUNS = frozenset({"i", "you", "we", "they", "he", "she", "it", "one", "someone", "anyone"})
_CONTENT_UPOS = frozenset({"VERB", "NOUN", "PROPN", "ADJ", "X", "INTJ"})


class Gap(enum.StrEnum):
    """What a refused prompt lacked, as far as teaching is concerned."""

    UNKNOWN_VERB = "unknown_verb"  # a verb, or a word where the verb stands, that the vocabulary does not know
    UNKNOWN_QUESTION = "unknown_question"  # a question that no form of any capability answers
    UNKNOWN_WORDS = "unknown_words"  # modifiers the reader could not place ("pronto")
    UNSUPPORTED_VERB = "unsupported_verb"  # a verb the vocabulary lists as one it cannot do ("delete")
    WIDENING_WORDS = "widening_words"  # words that widen an action ("everything", "or", "tomorrow")
    NEGATION = "negation"
    CONDITION = "condition"
    ADDRESS = "address"  # an address a slot checker refused (not public, not valid)
    UNBOUND_ADDRESS = "unbound_address"  # an address outside the request's own parse
    NO_VALUE = "no_value"
    TOO_MANY_VALUES = "too_many_values"
    SEVERAL_ACTIONS = "several_actions"
    AMBIGUOUS = "ambiguous"
    OTHER = "other"


TEACHABLE = frozenset({Gap.UNKNOWN_VERB, Gap.UNKNOWN_QUESTION, Gap.UNKNOWN_WORDS})

# Why teaching leaves the other gaps alone: one clause each, completing «… is not taught because …».
NOT_TEACHABLE: Mapping[Gap, str] = {
    Gap.UNSUPPORTED_VERB: "the vocabulary lists the verb as one the program cannot do, and a new ability is code",
    Gap.WIDENING_WORDS: "words that widen an action past what the reader can promise stay refused",
    Gap.NEGATION: "a negated request never acts: a safety rule",
    Gap.CONDITION: "a conditional request never acts: a safety rule",
    Gap.ADDRESS: "the address policy decides which addresses may be used, not the vocabulary",
    Gap.UNBOUND_ADDRESS: "an address outside the request itself is never bound: a safety rule",
    Gap.NO_VALUE: "a request without the value its slot needs cannot act",
    Gap.TOO_MANY_VALUES: "a slot's bounds belong to the capability, not to its words",
    Gap.SEVERAL_ACTIONS: "one prompt that asks for several things is refused by the reader's rules",
    Gap.AMBIGUOUS: "a prompt that fits several capabilities is refused by the reader's rules",
    Gap.OTHER: "the reader's rules refused it, and no word in the vocabulary would change that",
}


@dataclass(frozen=True, slots=True)
class Finding:
    """What one refused prompt lacked: the gap and the word (or words) that show it."""

    gap: Gap
    word: str
    reason_key: str | None  # the reader's reason the refusal matched (None when none matched)


@dataclass(frozen=True, slots=True)
class GapGroup:
    """Refused prompts with the same gap and word: how many (by refusal kind), when, and a few examples.

    One gap may come with several kinds: "Snag A" is not understood (the tagger reads "snag" as a noun),
    "Could you snag A?" names an unsupported verb; one predicate answers both.
    """

    kinds: tuple[tuple[str, int], ...]  # (refusal kind, count), the most frequent first
    gap: Gap
    word: str
    count: int
    first: str
    last: str
    examples: tuple[str, ...]
    prompts: tuple[str, ...]  # every distinct prompt, in order of first appearance
    prompt_sha256s: tuple[str, ...]

    @property
    def teachable(self) -> bool:
        """Whether a vocabulary edit may answer this group."""
        return self.gap in TEACHABLE

    def to_json(self) -> dict[str, Any]:
        """The group as `review list` prints it."""
        out: dict[str, Any] = {
            "gap": str(self.gap), "word": self.word, "count": self.count, "kinds": dict(self.kinds),
            "first": self.first, "last": self.last, "examples": list(self.examples), "teachable": self.teachable,
        }
        if not self.teachable:
            out["why_not"] = NOT_TEACHABLE[self.gap]
        return out


@cache
def _template(template: str) -> re.Pattern[str]:
    """A reason template as a pattern: each placeholder becomes a lazy group named after it (the first time)."""
    out, seen, at = "", set(), 0
    for match in re.finditer(r"\{(\w+)\}", template):
        out += re.escape(template[at:match.start()])
        name = match.group(1)
        out += "(.+?)" if name in seen else f"(?P<{name}>.+?)"
        seen.add(name)
        at = match.end()
    return re.compile("^" + out + re.escape(template[at:]) + "$", re.DOTALL)


def _reason(reason: str, reasons: Mapping[str, str]) -> tuple[str | None, dict[str, str]]:
    """Which of the vocabulary's reasons made `reason`, and the values filled in; the most literal first."""
    def literal(item: tuple[str, str]) -> int:
        return -len(re.sub(r"\{\w+\}", "", item[1]))

    for key, template in sorted(reasons.items(), key=literal):
        found = _template(template).match(reason)
        if found is not None:
            return key, {k: v for k, v in found.groupdict().items() if v is not None}
    return None, {}


def known_words(vocab: Vocab) -> frozenset[str]:
    """Every word the vocabulary mentions anywhere (lists, predicates, question words, required words)."""
    words: set[str] = set()
    for name in vocab.words.__slots__:
        value = getattr(vocab.words, name)
        items: Iterable[str] = list(value) + list(value.values()) if isinstance(value, Mapping) else value
        for phrase in items:
            words |= set(str(phrase).lower().split())
    for capability in vocab.capabilities:
        words |= capability.predicates
        for form in capability.forms:
            words |= form.predicates | form.wh | form.subjects
            for group in form.requires:
                words |= group
    return frozenset(words)


def _skeleton(item: ReviewItem, key: str, default: Any = None) -> Any:
    return item.skeleton.get(key, default) if isinstance(item.skeleton, dict) else default


def _unknown_word(item: ReviewItem, known: frozenset[str]) -> str | None:
    """The first content word of the prompt the vocabulary does not know, from the parse rows."""
    for row in item.tokens:
        if len(row) < 8 or row[7]:
            continue  # an address, a quotation or a word the reader inserted
        form, lemma, upos = str(row[1]).lower(), str(row[2]).lower(), str(row[3])
        if upos in _CONTENT_UPOS and form.isalpha() and form not in known and lemma not in known:
            return lemma if lemma.isalpha() else form
    return None


def _question_word(item: ReviewItem) -> str:
    """"what … be … eta": the question word (or the opening auxiliary), the verb and the subject."""
    opener = _skeleton(item, "wh")
    if not opener and item.tokens:
        opener = str(item.tokens[0][1]).lower()
    subject = _skeleton(item, "subject")
    if subject in _PRONOUNS or subject == opener:
        subject = None  # "did … fetch" says more than "did … fetch … you"
    parts = [opener, _skeleton(item, "predicate"), subject]
    return " … ".join(str(p) for p in parts if p)


def _rule_of(kind: str, vocab: Vocab) -> str:
    """The reader's generic kind behind a public kind name (`no_url` → `no_value`)."""
    inverse = {public: rule for rule, public in vocab.kinds.items()}
    return inverse.get(kind, kind)


def classify(item: ReviewItem, vocab: Vocab, known: frozenset[str] | None = None) -> Finding:
    """What the refused prompt of `item` lacked, read with `vocab`'s reasons and words.

    `known` is `known_words(vocab)`, passed in when many items are classified with one vocabulary.
    """
    known = known if known is not None else known_words(vocab)
    rule = _rule_of(item.kind, vocab)
    key, fields = _reason(item.reason, vocab.reasons)
    mood = _skeleton(item, "mood")
    slots = _skeleton(item, "slots") or []
    if rule in ("disallowed_value", "invalid_value"):
        shown = next((str(s.get("text")) for s in slots if s.get("kind") == "address"), "")
        return Finding(Gap.ADDRESS, redact_address(shown) if shown else "", key)
    if rule == "negation":
        return Finding(Gap.NEGATION, str(_skeleton(item, "negation") or fields.get("word", "")), key)
    if rule == "condition":
        return Finding(Gap.CONDITION, fields.get("word") or next(iter(_skeleton(item, "conditions") or []), ""), key)
    if rule == "value_outside_parse" or key == "value_outside_parse":
        return Finding(Gap.UNBOUND_ADDRESS, str(item.predicate or ""), key)
    if rule == "no_value":
        return Finding(Gap.NO_VALUE, str(item.predicate or ""), key)
    if rule == "too_many_values":
        return Finding(Gap.TOO_MANY_VALUES, str(item.predicate or ""), key)
    if key == "whole_site":
        # "Crawl all of A recursively": the word that widens the action is what a teacher would look at,
        # as it was when the reader named it a word it could not place.
        return Finding(Gap.WIDENING_WORDS, fields.get("word", ""), key)
    if rule == "unsupported_verb":
        verb = (fields.get("predicate") or item.predicate or "").lower()
        words = vocab.words
        if verb in words.unsupported or verb in words.forbidden or verb in known:
            return Finding(Gap.UNSUPPORTED_VERB, verb, key)
        return Finding(Gap.UNKNOWN_VERB, verb, key)
    return _not_understood(item, vocab, known, key, fields, mood)


def _not_understood(
    item: ReviewItem, vocab: Vocab, known: frozenset[str], key: str | None, fields: dict[str, str], mood: Any
) -> Finding:
    if key == "unexpected_words":
        words = fields.get("word", "").split()
        if words and all(w.lower() in vocab.words.blockers for w in words):
            return Finding(Gap.WIDENING_WORDS, " ".join(words), key)
        unknown = [w for w in words if w.lower() not in vocab.words.blockers]
        return Finding(Gap.UNKNOWN_WORDS, " ".join(unknown), key)
    if key == "several_actions":
        return Finding(Gap.SEVERAL_ACTIONS, fields.get("word", ""), key)
    if key == "ambiguous":
        return Finding(Gap.AMBIGUOUS, fields.get("word", ""), key)
    if key == "question_for_action" or (key in (None, "not_understood") and mood in _QUESTION_MOODS):
        return Finding(Gap.UNKNOWN_QUESTION, _question_word(item), key)
    if key in (None, "not_understood"):
        verb = _unknown_word(item, known)
        if verb is not None:
            return Finding(Gap.UNKNOWN_VERB, verb, key)
    return Finding(Gap.OTHER, key or str(mood or ""), key)


def group_review(
    items: Iterable[ReviewItem], vocab: Vocab, *, kind: str | None = None, redacted: bool = False
) -> tuple[GapGroup, ...]:
    """The items grouped by gap and word, the most frequent first (then the most recent, then by name);
    `kind` keeps only the items refused with that kind, `redacted` hides addresses' paths and queries."""
    found: dict[tuple[Gap, str], list[ReviewItem]] = {}
    known = known_words(vocab)
    for item in items:
        if kind is not None and item.kind != kind:
            continue
        finding = classify(item, vocab, known)
        word = redact(finding.word) if redacted else finding.word
        found.setdefault((finding.gap, word), []).append(item)
    groups = []
    for (gap, word), members in found.items():
        kinds: dict[str, int] = {}
        for member in members:
            kinds[member.kind] = kinds.get(member.kind, 0) + 1
        prompts = tuple(dict.fromkeys(m.prompt for m in members))
        shown = tuple(dict.fromkeys(redact(p) if redacted else p for p in prompts))
        times = sorted(m.time for m in members if m.time)
        groups.append(GapGroup(
            kinds=tuple(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))), gap=gap, word=word, count=len(members), first=times[0] if times else "",
            last=times[-1] if times else "", examples=shown[:EXAMPLES], prompts=prompts,
            prompt_sha256s=tuple(dict.fromkeys(m.prompt_sha256 for m in members)),
        ))
    groups.sort(key=lambda g: (g.gap, g.word))
    groups.sort(key=lambda g: g.last, reverse=True)
    groups.sort(key=lambda g: g.count, reverse=True)
    return tuple(groups)
