"""The span of a `read` request, both ways: the quoted English «characters 8001 to 16000» in, a
0-based start and a character count out, and back again for the MCP door's canonical prompts.

Pure. The deputy binds the quotation as text (its built-in `quote` slot); this module alone says
which quotations are spans, so a prompt and a typed call mean the same span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from seaspider.web.text import DEFAULT_MAX_CHARS, MAX_MAX_CHARS

__all__ = ["Span", "SpanError", "parse_span", "span_phrase"]

_MAX_DIGITS = 12  # a character position beyond a trillion is a typo, not a page
_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d{1,%d})" % _MAX_DIGITS
_RANGE = re.compile(rf"(?:from )?characters? {_NUMBER} ?(?:to|through|until|-|–|—) ?{_NUMBER}")
_FROM = re.compile(rf"(?:from characters? {_NUMBER}(?: on(?:wards?)?)?|characters? {_NUMBER} on(?:wards?)?)")
_FIRST = re.compile(rf"(?:the )?first {_NUMBER} characters?")
_EXAMPLES = "“characters 1 to 8000”, “from character 8001” or “the first 2000 characters”"


class SpanError(ValueError):
    """A quotation that is not a span; the message completes «I did not act on this request because …»."""


@dataclass(frozen=True, slots=True)
class Span:
    """Which characters of a text to give: from `start` (0-based), at most `max_chars`."""

    start: int = 0
    max_chars: int = DEFAULT_MAX_CHARS

    def __post_init__(self) -> None:
        if self.start < 0:
            raise SpanError(f"the span starts at {self.start}, before the first character")
        if not 1 <= self.max_chars <= MAX_MAX_CHARS:
            raise SpanError(f"the span asks for {self.max_chars} characters, and I give 1 to {MAX_MAX_CHARS} at a time")


def _int(text: str) -> int:
    return int(text.replace(",", ""))


def parse_span(quoted: str | None) -> Span:
    """The span a quotation names (None: the default, the first 8000 characters); SpanError otherwise."""
    if quoted is None:
        return Span()
    text = " ".join(quoted.lower().split())
    if (found := _RANGE.fullmatch(text)) is not None:
        first, last = _int(found.group(1)), _int(found.group(2))
        if first < 1 or last < first:
            raise SpanError(f"the span “{quoted}” does not run from one character forward to another")
        return Span(first - 1, last - first + 1)
    if (found := _FROM.fullmatch(text)) is not None:
        first = _int(found.group(1) or found.group(2))
        if first < 1:
            raise SpanError(f"the span “{quoted}” starts before the first character (character 1)")
        return Span(first - 1)
    if (found := _FIRST.fullmatch(text)) is not None:
        return Span(0, _int(found.group(1)))
    raise SpanError(f"I do not know which characters “{quoted}” means; name a span such as {_EXAMPLES}")


def span_phrase(span: Span) -> str | None:
    """The canonical quotation for a span, which `parse_span` reads back as the same span.

    None for the default span (no quotation needed); "from character 8001" when only the start
    differs; "characters 8001 to 12000" otherwise.
    """
    if span == Span():
        return None
    if span.max_chars == DEFAULT_MAX_CHARS:
        return f"from character {span.start + 1}"
    return f"characters {span.start + 1} to {span.start + span.max_chars}"
