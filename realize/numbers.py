"""Counted nouns with number agreement: "1 page", "2 pages", "no job is", "0 of 3 pages are done".

Plurals come from `inflect` (cached: one engine call costs tens of microseconds). Pure: no I/O.
"""

from __future__ import annotations

from functools import lru_cache
from types import ModuleType
from typing import Any, Literal

__all__ = ["Tense", "article", "count", "count_be", "number_word", "of_total", "plural"]


def _import_inflect() -> ModuleType:
    """inflect, imported with typeguard's `@typechecked` made inert for the length of the import.

    inflect 7 decorates 23 methods with `@typechecked`, and typeguard 4 instruments each one by reading
    and compiling the whole inflect module again: about 4 CPU-seconds per process, more than spaCy's
    own import, paid by every serve, ask and test worker process (jaraco/inflect#212,
    agronholm/typeguard#468). The checks only guard inflect against wrong argument types; every call
    here passes a `str` or an `int` (mypy checks that), so nothing is lost. The decorator is restored
    at once, so other users of typeguard are untouched.
    """
    import typeguard

    def inert(target: Any = None, **_options: Any) -> Any:
        return target if target is not None else (lambda function: function)

    checked = typeguard.typechecked
    typeguard.typechecked = inert  # type: ignore[assignment]
    try:
        import inflect
    finally:
        typeguard.typechecked = checked
    return inflect


_ENGINE = _import_inflect().engine()

Tense = Literal["present", "past"]

# Style: spell out one to nine when number words are asked for; digits above.
_SMALL_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")

# An acronym is read letter by letter: these letters start with a vowel sound ("an HTTP error",
# "an MB", "a URL"). inflect gets "URL" wrong ("an URL").
_VOWEL_SOUND_LETTERS = frozenset("AEFHILMNORSX")


def _is_acronym(word: str) -> bool:
    letters = [c for c in word if c.isalpha()]
    return len(letters) >= 2 and all(c.isupper() for c in letters)


@lru_cache(maxsize=1024)
def plural(noun: str) -> str:
    """The plural of a noun or noun phrase: "page" → "pages", "robots.txt check" → "robots.txt checks"."""
    if not noun or noun != noun.strip():
        raise ValueError(f"cannot pluralise {noun!r}: it is empty or has outer spaces")
    head, sep, last = noun.rpartition(" ")
    if _is_acronym(last):
        # inflect shouts acronyms ("URLS"); English writes "URLs".
        return f"{head}{sep}{last}s"
    return str(_ENGINE.plural_noun(noun))


def number_word(n: int) -> str:
    """Zero to nine as words, larger numbers as digits ("three", "12")."""
    _check_count(n)
    return _SMALL_WORDS[n] if n < len(_SMALL_WORDS) else str(n)


def count(n: int, noun: str, *, words: bool = False, zero: str | None = None) -> str:
    """`n` and the noun agreeing with it: "0 pages", "1 page", "2 pages"; zero="no" gives "no pages"."""
    _check_count(n)
    if n == 0 and zero is not None:
        return f"{zero} {plural(noun)}"
    amount = number_word(n) if words else str(n)
    return f"{amount} {noun if n == 1 else plural(noun)}"


def count_be(
    n: int, noun: str, *, tense: Tense = "present", words: bool = False, zero: str | None = None
) -> str:
    """A counted subject with its verb "to be": "1 job is", "2 jobs are", zero="no" → "no job is"."""
    _check_count(n)
    singular = n == 1 or (n == 0 and zero is not None)
    if n == 0 and zero is not None:
        # "No job is waiting": after "no" the subject and verb stay singular.
        subject = f"{zero} {noun}"
    else:
        subject = count(n, noun, words=words)
    return f"{subject} {_be(singular=singular, tense=tense)}"


def of_total(done: int, total: int, noun: str, *, predicate: str, tense: Tense = "present") -> str:
    """Progress agreeing with the total: "0 of 1 page is done", "0 of 3 pages are done"."""
    _check_count(done)
    _check_count(total)
    # The verb agrees with the head "N of M pages", i.e. with M: "1 of 3 pages are done".
    return f"{done} of {count(total, noun)} {_be(singular=total == 1, tense=tense)} {predicate}"


@lru_cache(maxsize=1024)
def article(phrase: str) -> str:
    """The phrase with "a" or "an" in front: "a page", "an hour", "an HTTP error", "a URL"."""
    first = phrase.split(" ", 1)[0]
    if _is_acronym(first):
        word = "an" if first.lstrip("(")[0] in _VOWEL_SOUND_LETTERS else "a"
        return f"{word} {phrase}"
    return str(_ENGINE.a(phrase))


def _be(*, singular: bool, tense: Tense) -> str:
    if tense == "present":
        return "is" if singular else "are"
    return "was" if singular else "were"


def _check_count(n: int) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"a count must be an int, not {type(n).__name__}")
    if n < 0:
        raise ValueError(f"a count cannot be negative ({n})")
