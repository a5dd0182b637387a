"""What the reader made of a prompt: the skeleton records (mood, modality, predicate, slots, parse rows).

Records only; deputy.compose builds them from a parse, one sentence at a time (deputy.clause).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

__all__ = ["Modality", "Mood", "Skeleton", "SlotToken", "TokenRow"]


class Mood(enum.StrEnum):
    """How the sentence addresses the deputy."""

    IMPERATIVE = "imperative"
    REQUEST = "request"  # please…, could you…, would you…, I would like you to…
    YES_NO_QUESTION = "yes_no_question"
    WH_QUESTION = "wh_question"
    STATEMENT = "statement"
    FRAGMENT = "fragment"  # no verb at all: "Status?"


class Modality(enum.StrEnum):
    """What the modal verbs or governing words make of the predicate."""

    NONE = "none"
    PERMISSION = "permission"  # can, may, be allowed to
    REQUEST = "request"  # could you, would you, will you
    OTHER = "other"  # a modal the reader does not map (should I …?)


@dataclass(frozen=True, slots=True)
class TokenRow:
    """One CoNLL-like row of the parse; protected items show their own text, with `misc` naming the kind."""

    id: int  # 1-based
    form: str
    lemma: str
    upos: str
    xpos: str
    head: int  # 0 for a sentence root
    deprel: str
    misc: str  # "address", "quote", "inserted" (a word the reader added) or ""


@dataclass(frozen=True, slots=True)
class SlotToken:
    """A protected token of the prompt and whether it lies inside the action's own parse."""

    index: int
    kind: str
    text: str
    source: str
    link_text: str | None
    in_scope: bool
    role: str = ""  # how it hangs from the action ("dobj", "pobj:from"); "list" after a colon


@dataclass(frozen=True, slots=True)
class Skeleton:
    """What the reader made of a prompt, before any capability is chosen."""

    predicate: str | None
    mood: Mood
    modality: Modality
    aspects: tuple[str, ...]
    subject: str | None
    wh: str | None
    polite: bool
    negation: str | None
    conditions: tuple[str, ...]
    governors: tuple[str, ...]
    conjoined: tuple[str, ...]  # verbs conjoined with the predicate ("download and save")
    others: tuple[str, ...]  # every other verb in the prompt
    words: tuple[str, ...]  # lemmas and forms of the action's sentence
    unexpected: tuple[str, ...]  # modifiers of the action the reader does not know ("tomorrow")
    forbidden: tuple[str, ...]  # forbidden verbs anywhere, whatever their tag ("bypass")
    counts: tuple[int, ...]  # numbers the prompt gives for its objects ("these two pages")
    extra: tuple[str, ...]  # content words of other sentences ("It is urgent.")
    slots: tuple[SlotToken, ...]
    tokens: tuple[TokenRow, ...]
    # Further request sentences for the same action ("Fetch A. Also fetch B."), read on their own.
    also: tuple[Skeleton, ...] = ()
    # Sentences around the request that ask for nothing ("The user is comparing two libraries.").
    context: tuple[str, ...] = ()
    # Words that widen an action past what the reader can promise ("everything", "or", "tomorrow").
    blocked: tuple[str, ...] = ()
    # The pronoun that stands for the prompt's one address, when the request names it so ("… fetch it").
    bound: str | None = None
    # What the reader rewrote before parsing ("pls → please", "hedge: when you get a chance").
    rewrites: tuple[str, ...] = ()
    # The negation stands in the question itself ("How many pages could you not fetch?"): a question
    # that only asks may carry one; a negation anywhere else always refuses.
    negation_asked: bool = False
    # Conditions inside a context statement ("Just checking in before I send more work."): they
    # refuse any action, but not a question that only asks.
    conditions_aside: tuple[str, ...] = ()
    # Orders inside the sentence that are not the action: "check if A is fetched and FETCH it".
    commands: tuple[str, ...] = ()
    # An address stands only in another sentence than the request ("The user gave me A. Fetch the notes.").
    elsewhere: bool = False
    # Conjoined verbs that embed a second question: "Fetch A and tell me how many pages you have".
    asking: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-able view (for --explain and the review queue)."""
        return {
            "predicate": self.predicate,
            "mood": str(self.mood),
            "modality": str(self.modality),
            "aspects": list(self.aspects),
            "subject": self.subject,
            "wh": self.wh,
            "polite": self.polite,
            "negation": self.negation,
            "negation_asked": self.negation_asked,
            "conditions": list(self.conditions),
            "conditions_aside": list(self.conditions_aside),
            "commands": list(self.commands),
            "asking": list(self.asking),
            "governors": list(self.governors),
            "conjoined": list(self.conjoined),
            "others": list(self.others),
            "unexpected": list(self.unexpected),
            "forbidden": list(self.forbidden),
            "counts": list(self.counts),
            "extra": list(self.extra),
            "blocked": list(self.blocked),
            "slots": [
                {"kind": s.kind, "text": s.text, "token": s.index + 1, "in_scope": s.in_scope, "role": s.role}
                for s in self.slots
            ],
            "bound": self.bound,
            "context": list(self.context),
            "rewrites": list(self.rewrites),
            "also": [a.to_json() for a in self.also],
        }
