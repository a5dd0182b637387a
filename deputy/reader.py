"""The deputy: reads one English prompt into a Plan for a declared capability, or a Refusal.

Deterministic and side-effect free: the same vocabulary, checkers and model give the same answer.
It knows parses, forms and slots; what an operation does is the caller's business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from deputy.nlp import parse
from deputy.protect import protect
from deputy.refusals import Refusal, Refuser, RefusalKind, SlotRejected, join_words
from deputy.skeleton import Mood, Skeleton, SlotToken, build_skeleton
from deputy.vocab import Capability, Form, SlotSpec, Vocab

__all__ = ["CHECKS", "Deputy", "Plan", "SlotChecker"]

SlotChecker = Callable[[str], Any]
_AUXILIARIES = frozenset({"be", "have", "do", "can", "may", "might", "will", "would", "shall", "should", "must"})
# The refusal checks a test may switch off to prove that its suite notices (negative controls only).
CHECKS = frozenset({"negation", "condition", "unsupported_verb", "scope"})
MAX_PROMPT_CHARS = 4000  # prompts are short English; a longer text is refused before it is parsed


@dataclass(frozen=True, slots=True)
class Plan:
    """What the prompt asks for: a capability, its handler and operation, and canonical typed arguments.

    `args` maps slot names to canonical values (a tuple for list slots); `json_args()` gives plain JSON.
    """

    capability: str
    handler: str
    operation: str
    args: Mapping[str, Any]
    skeleton: Skeleton

    @property
    def act(self) -> bool:
        """Always True: a plan is something to do."""
        return True

    def json_args(self) -> dict[str, Any]:
        """The arguments as a fresh JSON-able dict (lists for list slots)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.args.items()}


def _quote_checker(text: str) -> str:
    """The built-in `quote` slot type: the quoted text itself, trimmed; empty quotes are refused."""
    value = " ".join(text.split())
    if not value:
        raise SlotRejected(RefusalKind.NOT_UNDERSTOOD, "the quotation is empty")
    return value


class Deputy:
    """Reads prompts against one vocabulary with injected slot checkers (`{"url": check_url, ...}`).

    `disabled_checks` exists for negative-control tests only: it switches named refusal checks off so a
    test can show the suite would turn red without them.
    """

    def __init__(
        self,
        vocab: Vocab,
        slot_types: Mapping[str, SlotChecker] | None = None,
        *,
        disabled_checks: Iterable[str] = (),
    ) -> None:
        self.vocab = vocab
        self._checkers: dict[str, SlotChecker] = {"quote": _quote_checker}
        self._checkers.update(slot_types or {})
        missing = sorted(
            {slot.type for cap in vocab.capabilities for slot in cap.slots} - set(self._checkers)
        )
        if missing:
            raise TypeError(f"no slot checker was given for the slot types {', '.join(missing)}")
        disabled = frozenset(disabled_checks)
        if disabled - CHECKS:
            raise TypeError(f"unknown checks to disable: {', '.join(sorted(disabled - CHECKS))}")
        self._disabled = disabled
        self._refuser = Refuser(
            kinds=vocab.kinds, reasons=vocab.reasons, capabilities=tuple(c.name for c in vocab.capabilities)
        )
        self._verbs = vocab.known_predicates | frozenset({"be", "have", "do", "get", "go"})
        # Verbs that may open an imperative; auxiliaries open questions instead ("Have you …?").
        self._openers = self._verbs - _AUXILIARIES

    def read(self, prompt: str) -> Plan | Refusal:
        """The plan the prompt asks for, or the reason not to act."""
        if not isinstance(prompt, str):
            raise TypeError(f"a prompt is a str, not {type(prompt).__name__}")
        text = prompt.strip()
        if not text:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, None, "empty")
        if len(text) > MAX_PROMPT_CHARS:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, None, "too_long", count=len(text), max=MAX_PROMPT_CHARS)
        parsed = parse(protect(text), verbs=self._openers, courtesy=self.vocab.words.courtesy)
        skeleton = build_skeleton(parsed, self.vocab.words, self._verbs)
        return self.decide(skeleton)

    def skeleton(self, prompt: str) -> Skeleton:
        """The skeleton alone (for explanations)."""
        parsed = parse(protect(prompt.strip()), verbs=self._openers, courtesy=self.vocab.words.courtesy)
        return build_skeleton(parsed, self.vocab.words, self._verbs)

    def decide(self, sk: Skeleton) -> Plan | Refusal:
        """Matches a skeleton against the capabilities and binds the typed slots; refuses when unsure."""
        words = self.vocab.words
        if sk.negation is not None and "negation" not in self._disabled:
            return self._refuse(RefusalKind.NEGATION, sk, "negation", word=sk.negation)
        if sk.conditions and "condition" not in self._disabled:
            return self._refuse(RefusalKind.CONDITION, sk, "condition", word=sk.conditions[0])
        checking_verbs = "unsupported_verb" not in self._disabled
        if sk.forbidden and checking_verbs:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=sk.forbidden[0])

        matches = [cap for cap in self.vocab.capabilities if any(self._fits(cap, f, sk) for f in cap.forms)]
        # Any verb the vocabulary does not support refuses the whole prompt, wherever it stands.
        if checking_verbs:
            if not matches and sk.predicate is not None and self._unsupported(sk.predicate):
                return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=sk.predicate)
            chosen = matches[0] if len(matches) == 1 else None
            for lemma in list(sk.conjoined) + list(sk.others):
                if not _plain_word(lemma):
                    continue  # markup or shell text: refused below as unexpected words
                # Only the capability's own predicates may recur ("download and save A"); a form's extra
                # predicates ("add … to the queue") stand for the action only where the form says.
                if chosen is not None and lemma in chosen.predicates and sk.predicate in chosen.predicates:
                    continue
                if lemma in words.unsupported:
                    return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=lemma)
                if lemma in words.neutral_predicates or lemma in words.request_governors or lemma in ("be", "have"):
                    continue
                if lemma in words.courtesy or lemma in words.permission_words:
                    continue
                if any(lemma in c.predicates or self._form_predicate(c, lemma) for c in self.vocab.capabilities):
                    return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=lemma)
                return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=lemma)
        if sk.unexpected:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unexpected_words", word=" ".join(sk.unexpected))
        outside = [s for s in sk.slots if not s.in_scope]
        if outside and "scope" not in self._disabled:
            first = outside[0]
            if first.kind == "quote":
                return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unused_quote")
            return self._refuse(RefusalKind.VALUE_OUTSIDE_PARSE, sk, "value_outside_parse", word=first.source)
        if sk.extra:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=" ".join(sk.extra[:6]))

        if not matches:
            acting = [c for c in self.vocab.capabilities if not c.observes and sk.predicate in c.predicates]
            questions = (Mood.YES_NO_QUESTION, Mood.WH_QUESTION)
            if acting and sk.mood in questions:
                return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "question_for_action", predicate=sk.predicate)
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "not_understood")
        if len(matches) > 1:
            return self._refuse(
                RefusalKind.NOT_UNDERSTOOD, sk, "ambiguous", word=" or ".join(c.name for c in matches)
            )
        return self._bind(matches[0], sk)

    def _unsupported(self, lemma: str) -> bool:
        return lemma in self.vocab.words.unsupported or lemma not in self._verbs

    def _form_predicate(self, capability: Capability, lemma: str) -> bool:
        return any(lemma in form.predicates for form in capability.forms)

    def _fits(self, capability: Capability, form: Form, sk: Skeleton) -> bool:
        """Whether the skeleton has this form's shape."""
        if str(sk.mood) not in form.moods:
            return False
        if sk.mood is not Mood.FRAGMENT:
            predicates = form.predicates or capability.predicates
            if sk.predicate not in predicates:
                return False
        if form.modalities and str(sk.modality) not in form.modalities:
            return False
        if not form.modalities and str(sk.modality) in ("permission", "other"):
            # Only a form that says so answers "can/may …?"; "could you …?" is a request, never permission.
            return False
        if form.aspects and not (set(sk.aspects) & form.aspects):
            return False
        if form.wh and sk.wh not in form.wh:
            return False
        if form.subjects and sk.subject not in form.subjects:
            return False
        present = set(sk.words)
        return all(group & present for group in form.requires)

    def _bind(self, capability: Capability, sk: Skeleton) -> Plan | Refusal:
        """Fills the capability's slots from protected tokens inside the action's parse."""
        args: dict[str, Any] = {}
        for takes in ("address", "quote"):
            tokens = [s for s in sk.slots if s.kind == takes and (s.in_scope or "scope" in self._disabled)]
            spec = next((s for s in capability.slots if s.takes == takes), None)
            if spec is None:
                if not tokens:
                    continue
                if takes == "quote":
                    return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unused_quote")
                return self._refuse(
                    RefusalKind.TOO_MANY_VALUES, sk, "value_not_wanted", count=len(tokens), max=0,
                    values=_addresses(len(tokens)), capability=capability.name,
                )
            bound = self._fill(spec, tokens, sk, capability)
            if isinstance(bound, Refusal):
                return bound
            if bound is not None:
                args[spec.name] = bound
        return Plan(
            capability=capability.name,
            handler=capability.handler,
            operation=capability.operation,
            args=MappingProxyType(args),
            skeleton=sk,
        )

    def _fill(
        self, spec: SlotSpec, tokens: list[SlotToken], sk: Skeleton, capability: Capability
    ) -> Any | Refusal | None:
        checker = self._checkers[spec.type]
        values: list[Any] = []
        for token in tokens:
            try:
                value = checker(token.text)
                if token.link_text:
                    self._check_link_text(checker, token, value)
            except SlotRejected as rejected:
                return self._refuser.rejected(rejected, sk)
            except _LinkMismatch:
                return self._refuse(RefusalKind.INVALID_VALUE, sk, "link_mismatch", word=token.link_text or "")
            if value not in values:
                values.append(value)
        predicate = sk.predicate or capability.operation
        if len(values) < spec.min:
            if spec.takes == "quote":
                return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "no_quote", predicate=predicate)
            return self._refuse(RefusalKind.NO_VALUE, sk, "no_value", predicate=predicate, min=spec.min)
        if len(values) > spec.max:
            if spec.takes == "quote":
                return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "too_many_quotes", count=len(values), max=spec.max)
            return self._refuse(
                RefusalKind.TOO_MANY_VALUES, sk, "too_many_values", count=len(values), max=spec.max,
                values=_addresses(len(values)), capability=capability.name,
            )
        roles = {t.role for t in tokens if t.role != "list"}
        if len(roles) > 1 and "scope" not in self._disabled:
            # "Fetch A from B", "Fetch A for B": addresses in different roles are not one list.
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "mixed_roles", word=join_words([t.source for t in tokens]))
        if spec.takes == "address" and any(count != len(values) for count in sk.counts):
            return self._refuse(
                RefusalKind.NOT_UNDERSTOOD, sk, "count_mismatch", count=sk.counts[0], values=_addresses(len(values))
            )
        if not values:
            return None
        return tuple(values) if (spec.is_list or spec.max > 1) else values[0]

    def _check_link_text(self, checker: SlotChecker, token: SlotToken, value: Any) -> None:
        """A markdown link whose text is itself an address must name the same address as its target."""
        inner = protect(token.link_text or "")
        if len(inner.items) != 1 or any(p.strip() for p in inner.pieces):
            return
        try:
            shown = checker(inner.items[0].text)
        except SlotRejected as exc:
            raise _LinkMismatch from exc
        if shown != value and not _same_site(shown, value):
            raise _LinkMismatch

    def _refuse(self, kind: RefusalKind, sk: Skeleton | None, reason_key: str, **fields: Any) -> Refusal:
        return self._refuser.refuse(kind, sk, reason_key, **fields)


class _LinkMismatch(Exception):
    pass


def _same_site(shown: Any, value: Any) -> bool:
    """`[a.example](https://a.example/page)`: link text naming the host of its own target is fine."""
    text, target = str(shown).rstrip("/"), str(value)
    return target == text or target.startswith(text + "/")


def _addresses(count: int) -> str:
    return "one address" if count == 1 else f"{count} addresses"


def _plain_word(text: str) -> bool:
    return all(ch.isalnum() or ch in "'’-_" for ch in text) and any(ch.isalpha() for ch in text)
