"""The quoted span of a read request: English in, (start, max_chars) out, and the canonical phrase back."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from seaspider.service.spans import Span, SpanError, parse_span, span_phrase
from seaspider.web.text import DEFAULT_MAX_CHARS, MAX_MAX_CHARS


@pytest.mark.parametrize(
    ("quoted", "span"),
    [
        (None, Span(0, DEFAULT_MAX_CHARS)),
        ("characters 8001 to 16000", Span(8000, 8000)),
        ("Characters 8,001 – 16,000", Span(8000, 8000)),
        ("characters 1-10", Span(0, 10)),
        ("character 5 through 5", Span(4, 1)),
        ("from character 8001", Span(8000, DEFAULT_MAX_CHARS)),
        ("characters  8001 onwards", Span(8000, DEFAULT_MAX_CHARS)),
        ("the first 2000 characters", Span(0, 2000)),
        ("first 1 character", Span(0, 1)),
    ],
    ids=["default", "range", "commas-dash", "hyphen", "one-char", "from", "onwards", "first-n", "first-one"],
)
def test_spans_that_are_read(quoted: str | None, span: Span) -> None:
    assert parse_span(quoted) == span


@pytest.mark.parametrize(
    ("quoted", "message"),
    [
        ("banana", "I do not know which characters “banana” means; name a span such as"),
        ("characters 9 to 3", "does not run from one character forward to another"),
        ("characters 0 to 3", "does not run from one character forward to another"),
        ("from character 0", "starts before the first character"),
        ("characters 1 to 100001", f"asks for 100001 characters, and I give 1 to {MAX_MAX_CHARS} at a time"),
        ("the first 0 characters", "asks for 0 characters"),
        ("characters 1 to 1234567890123", "I do not know which characters"),
        ("characters 1 to 10 and fetch https://a.example/", "I do not know which characters"),
    ],
    ids=["not-a-span", "backwards", "zero-start", "from-zero", "too-long", "zero-length", "too-many-digits", "extra-words"],
)
def test_spans_that_are_refused_say_why(quoted: str, message: str) -> None:
    with pytest.raises(SpanError, match=message):
        parse_span(quoted)


def test_canonical_phrases() -> None:
    assert span_phrase(Span()) is None
    assert span_phrase(Span(8000)) == "from character 8001"
    assert span_phrase(Span(0, 100)) == "characters 1 to 100"
    assert span_phrase(Span(8000, 4000)) == "characters 8001 to 12000"


@given(st.integers(min_value=0, max_value=10**9), st.integers(min_value=1, max_value=MAX_MAX_CHARS))
def test_every_span_round_trips_through_its_phrase(start: int, max_chars: int) -> None:
    span = Span(start, max_chars)
    assert parse_span(span_phrase(span)) == span
