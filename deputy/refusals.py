"""Refusal kinds and records: a refusal is a result, never an exception, and carries an English reason."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deputy.skeleton import Skeleton

__all__ = ["Refusal", "RefusalKind", "SlotRejected"]


class RefusalKind(enum.StrEnum):
    """Why the deputy did not act."""

    NEGATION = "negation"
    CONDITION = "condition"
    UNSUPPORTED_VERB = "unsupported_verb"
    NO_URL = "no_url"
    TOO_MANY_URLS = "too_many_urls"
    URL_OUTSIDE_PARSE = "url_outside_parse"
    NON_PUBLIC_ADDRESS = "non_public_address"
    INVALID_URL = "invalid_url"
    NOT_UNDERSTOOD = "not_understood"


@dataclass(frozen=True, slots=True)
class Refusal:
    """A prompt the deputy will not act on.

    `reason` completes the sentence «I did not act on this request because …»; `skeleton` is what the
    reader made of the prompt (None when there was nothing to parse).
    """

    kind: RefusalKind
    reason: str
    skeleton: Skeleton | None

    @property
    def act(self) -> bool:
        """Always False: a refusal never acts."""
        return False

    def sentence(self) -> str:
        """The whole English answer: «I did not act on this request because ….»."""
        return f"I did not act on this request because {self.reason}."


class SlotRejected(Exception):
    """Raised by a slot checker: the token cannot fill the slot (kind invalid_url or non_public_address)."""

    def __init__(self, kind: RefusalKind | str, reason: str) -> None:
        super().__init__(reason)
        self.kind = RefusalKind(kind)
        self.reason = reason
