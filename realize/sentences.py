"""Sentence assembly: one space between words, a capital first letter, exactly one final mark. Pure."""

from __future__ import annotations

__all__ = ["clause", "paragraph", "quote", "sentence"]

_FINAL_MARKS = (".", "?", "!")
_TITLE_MAX_CHARS = 120


def sentence(*parts: str, end: str = ".") -> str:
    """The parts as one sentence: whitespace runs collapsed, first letter capitalised, one final mark.

    A sentence that already ends in ".", "?" or "!" keeps its own mark. A first word that is a URL
    or a path keeps its case.
    """
    if end not in _FINAL_MARKS:
        raise ValueError(f"{end!r} is not a final mark (one of . ? !)")
    text = " ".join(" ".join(parts).split())
    if not text:
        raise ValueError("a sentence needs at least one word")
    first = text.split(" ", 1)[0]
    if "://" not in first and "/" not in first:
        text = text[0].upper() + text[1:]
    if not text.endswith(_FINAL_MARKS):
        text += end
    return text


def paragraph(*sentences: str) -> str:
    """Sentences joined by one space, skipping empty ones."""
    return " ".join(s for s in sentences if s)


def quote(text: str, *, max_chars: int = _TITLE_MAX_CHARS) -> str:
    """`text` in curly quotes, its whitespace collapsed and cut with "…" after `max_chars` characters."""
    flat = " ".join(text.split())
    if len(flat) > max_chars:
        flat = flat[: max_chars - 1].rstrip() + "…"
    return f"“{flat}”"


def clause(text: str) -> str:
    """A clause to embed in a sentence: whitespace collapsed, a trailing full stop dropped."""
    flat = " ".join(text.split())
    while flat.endswith("."):
        flat = flat[:-1].rstrip()
    return flat
