"""Refusals: the reader's generic refusal kinds, the one table of reasons, and the records a refusal makes.

A refusal is a result, never an exception. The reader refuses in its own generic terms (a slot with no
value, a value outside the request's parse); a vocabulary gives each kind its public name and wording
(Sea Spider calls `no_value` «no_url»), so the deputy never speaks of URLs or crawling itself.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deputy.skeleton import Skeleton

__all__ = ["DEFAULT_REASONS", "Refusal", "RefusalKind", "Refuser", "SlotRejected", "join_words"]


class RefusalKind(enum.StrEnum):
    """Why the deputy did not act, in the reader's generic terms (a vocabulary maps each to a public name)."""

    NEGATION = "negation"
    CONDITION = "condition"
    UNSUPPORTED_VERB = "unsupported_verb"
    NO_VALUE = "no_value"  # a slot that needs a value got none
    TOO_MANY_VALUES = "too_many_values"  # more values than a slot takes
    VALUE_OUTSIDE_PARSE = "value_outside_parse"  # a value the prompt names outside the request itself
    DISALLOWED_VALUE = "disallowed_value"  # a slot checker's policy refuses the value
    INVALID_VALUE = "invalid_value"  # a slot checker cannot read the value
    NOT_UNDERSTOOD = "not_understood"


# The one table of reasons: English clauses completing «I did not act on this request because …».
# Keys are the reader's reasons (finer than kinds); a vocabulary overrides any of them with its own
# wording. Placeholders: {word} {predicate} {count} {values} {max} {min} {capability} {capabilities}.
DEFAULT_REASONS: Mapping[str, str] = MappingProxyType({
    "negation": "it is negated (“{word}”), and I only act on plain requests",
    "condition": "it depends on a condition (“{word} …”), and I do not act on conditional requests",
    "unsupported_verb": "I cannot {predicate}: {capabilities} is all I do",
    "no_value": "it names nothing for me to {predicate}",
    "too_many_values": "it names {values} where I can take at most {max}",
    # A question that answers for one value at a time, asked of more ("Can you fetch A and B?"): the same
    # kind of refusal, said as what it is (round 21).
    "too_many_asked": "it asks about {values} at once, and I answer that question for at most {max} at a time",
    "value_not_wanted": "it names {values}, and that request takes none",
    "no_quote": "it quotes no text for me to {predicate}",
    "too_many_quotes": "it quotes {count} texts where I can take at most {max}",
    "value_outside_parse": "{word} is not part of the request itself",
    "not_understood": "I could not tell which of my capabilities it asks for",
    "ambiguous": "it could mean more than one thing ({word})",
    "several_actions": "it asks for more than one thing at once ({word})",
    "unexpected_words": "I do not know what “{word}” asks of me there",
    "whole_site": "it asks for a whole site (“{word}”), and I only act on the pages a request names",
    "other_resource": "it asks for {word} that address, not the page itself, and I only fetch the pages a request names",
    "unnamed_source": "it names “{word}” as where the pages come from, and I count pages by host: name the site by its address (as www.example.org)",
    "asked_amount": "it asks for “{word}” from that address, not for its page, and I only fetch the pages a request names",
    "other_agent": "it asks on behalf of another agent (“{word}”), and I only act and answer for myself",
    "channel": "it asks for the answer by {word}, and I only answer here",
    "unused_quote": "it quotes text I have no use for here",
    "count_mismatch": "it speaks of {count} but names {values}",
    "mixed_roles": "the addresses {word} play different parts in it, and I cannot tell which to use",
    "link_mismatch": "the link text {word} names a different address than the link itself",
    "empty": "it is empty",
    "too_long": "it is {count} characters long, and I read prompts of at most {max}",
    # Round 28 (ops28): an address written broken ("htp:/www.rtve.es/", "https://www.gov .uk/news"), named as such
    # instead of a piece of it not understood (deputy/text/broken_addresses.py).
    "broken_scheme": "“{word}” is not an address I can use: it does not begin with http:// or https://",
    "spaced_address": "“{word}” is not an address I can use: it has a space inside its host name",
    "ticked_task": "it lists a task ticked as done (“{word}”); send me only the tasks you want done",
    "question_for_action": "it asks whether I {predicate}, and a question never makes me act",
})


@dataclass(frozen=True, slots=True)
class Refusal:
    """A prompt the deputy will not act on.

    `kind` is the public name the vocabulary gives the refusal (what plans, answers and review lines
    show); `rule` is the reader's generic kind behind it. `reason` completes the sentence «I did not act
    on this request because …»; `skeleton` is what the reader made of the prompt (None when there was
    nothing to parse).
    """

    kind: str
    reason: str
    skeleton: Skeleton | None
    rule: RefusalKind

    @property
    def act(self) -> bool:
        """Always False: a refusal never acts."""
        return False

    def sentence(self) -> str:
        """The whole English answer: «I did not act on this request because ….»."""
        return f"I did not act on this request because {self.reason}."


class SlotRejected(Exception):
    """Raised by a slot checker: the text cannot fill the slot.

    `kind` is INVALID_VALUE (the checker cannot read it) or DISALLOWED_VALUE (its policy refuses it);
    `reason` is the checker's own clause («10.0.0.1 is a private address, …»).
    """

    def __init__(self, kind: RefusalKind | str, reason: str) -> None:
        super().__init__(reason)
        self.kind = RefusalKind(kind)
        self.reason = reason


class Refuser:
    """Makes refusals in a vocabulary's words: its public kind names and its reasons over the defaults."""

    def __init__(self, *, kinds: Mapping[str, str], reasons: Mapping[str, str], capabilities: tuple[str, ...]) -> None:
        self._kinds = kinds
        self._reasons = reasons
        self._capabilities = capabilities

    def public_kind(self, rule: RefusalKind) -> str:
        """The name the vocabulary gives `rule` (the rule's own name when it gives none)."""
        return self._kinds.get(str(rule), str(rule))

    def refuse(self, rule: RefusalKind, sk: Skeleton | None, reason_key: str, **fields: Any) -> Refusal:
        """A refusal whose reason is the vocabulary's template for `reason_key`, filled with `fields`."""
        values = {
            "word": "", "predicate": (sk.predicate if sk else None) or "do that", "count": 0, "max": 0, "min": 1,
            "slot": "", "capability": "", "capabilities": join_words(self._capabilities), "values": "",
        }
        values.update({k: v for k, v in fields.items() if v is not None})
        template = self._reasons.get(reason_key) or self._reasons["not_understood"]
        try:
            reason = template.format(**values)
        except (KeyError, IndexError, ValueError):
            reason = self._reasons["not_understood"]
        return Refusal(kind=self.public_kind(rule), reason=reason, skeleton=sk, rule=rule)

    def rejected(self, rejected: SlotRejected, sk: Skeleton | None) -> Refusal:
        """A slot checker's refusal, in the checker's own words."""
        return Refusal(kind=self.public_kind(rejected.kind), reason=rejected.reason, skeleton=sk, rule=rejected.kind)


def join_words(words: list[str] | tuple[str, ...]) -> str:
    """«a», «a and b», «a, b and c»."""
    items = list(words)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
