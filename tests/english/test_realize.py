"""realize/: agreement, plurals, lists, verb forms, times, sizes, sentences and frames, as tables."""

from __future__ import annotations

import pytest

from realize import (
    article,
    clause,
    could_not,
    count,
    count_be,
    did_not_act,
    join,
    number_word,
    of_total,
    paragraph,
    past,
    past_participle,
    plural,
    quote,
    sentence,
    size,
    utc_minute,
)

# 2026-11-04 07:52:00 UTC, the minute of the specification's example.
T_0752 = 1793778720.0


@pytest.mark.parametrize(
    ("n", "noun", "expected"),
    [
        (0, "page", "0 pages"),
        (1, "page", "1 page"),
        (2, "page", "2 pages"),
        (1000, "page", "1000 pages"),
        (1, "job", "1 job"),
        (3, "query", "3 queries"),
        (2, "child", "2 children"),
        (2, "sheep", "2 sheep"),
        (2, "URL", "2 URLs"),
        (1, "URL", "1 URL"),
        (4, "more page", "4 more pages"),
        (2, "text file", "2 text files"),
    ],
    ids=lambda v: str(v),
)
def test_count_agrees_with_the_number(n: int, noun: str, expected: str) -> None:
    assert count(n, noun) == expected


def test_count_zero_word_and_number_words() -> None:
    assert count(0, "page", zero="no") == "no pages"
    assert count(1, "page", zero="no") == "1 page"  # zero= only changes zero
    assert count(3, "page", words=True) == "three pages"
    assert count(1, "page", words=True) == "one page"
    assert count(12, "page", words=True) == "12 pages"  # style: words for one to nine only
    assert [number_word(n) for n in (0, 1, 9, 10)] == ["zero", "one", "nine", "10"]


@pytest.mark.parametrize(
    ("n", "kwargs", "expected"),
    [
        (0, {}, "0 jobs are"),
        (0, {"zero": "no"}, "no job is"),
        (1, {}, "1 job is"),
        (2, {}, "2 jobs are"),
        (64, {}, "64 jobs are"),
        (1, {"tense": "past"}, "1 job was"),
        (2, {"tense": "past"}, "2 jobs were"),
        (0, {"zero": "no", "tense": "past"}, "no job was"),
        (2, {"words": True}, "two jobs are"),
    ],
    ids=lambda v: str(v),
)
def test_count_be_agrees_subject_and_verb(n: int, kwargs: dict[str, str], expected: str) -> None:
    assert count_be(n, "job", **kwargs) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("done", "total", "expected"),
    [
        (0, 1, "0 of 1 page is done"),
        (1, 1, "1 of 1 page is done"),
        (0, 3, "0 of 3 pages are done"),
        (1, 3, "1 of 3 pages are done"),
        (0, 0, "0 of 0 pages are done"),
    ],
)
def test_of_total_agrees_with_the_total(done: int, total: int, expected: str) -> None:
    assert of_total(done, total, "page", predicate="done") == expected


def test_of_total_past_tense() -> None:
    assert of_total(1, 1, "page", predicate="done", tense="past") == "1 of 1 page was done"


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_counts_must_be_non_negative_ints(bad: object) -> None:
    with pytest.raises((TypeError, ValueError), match="count"):
        count(bad, "page")  # type: ignore[arg-type]


def test_plural_of_phrases_and_acronyms() -> None:
    assert plural("robots.txt check") == "robots.txt checks"
    assert plural("HTTP error") == "HTTP errors"
    assert plural("URL") == "URLs"
    assert plural("page of text") == "pages of text"
    with pytest.raises(ValueError, match="pluralise"):
        plural(" page")


@pytest.mark.parametrize(
    ("phrase", "expected"),
    [
        ("page", "a page"),
        ("error", "an error"),
        ("hour", "an hour"),
        ("unit", "a unit"),
        ("HTTP error", "an HTTP error"),
        ("URL", "a URL"),
        ("MB", "an MB"),
        ("long delay", "a long delay"),
    ],
)
def test_article_follows_the_sound(phrase: str, expected: str) -> None:
    assert article(phrase) == expected


@pytest.mark.parametrize(
    ("items", "kwargs", "expected"),
    [
        ([], {}, ""),
        (["A"], {}, "A"),
        (["A", "B"], {}, "A and B"),
        (["A", "B", "C"], {}, "A, B and C"),
        (["A", "B", "C"], {"conjunction": "or"}, "A, B or C"),
        ([f"U{i}" for i in range(16)], {"max_items": 2}, "U0, U1 and 14 more"),
        (["A", "B", "C"], {"max_items": 2}, "A, B and C"),  # "and 1 more" would save nothing
        (["A", "B", "C", "D"], {"max_items": 2}, "A, B and 2 more"),
        (["A", "B"], {"max_items": 2}, "A and B"),
    ],
    ids=lambda v: str(v),
)
def test_join(items: list[str], kwargs: dict[str, object], expected: str) -> None:
    assert join(items, **kwargs) == expected  # type: ignore[arg-type]


def test_join_refuses_a_bare_string_and_a_zero_limit() -> None:
    with pytest.raises(TypeError, match="sequence"):
        join("AB")
    with pytest.raises(ValueError, match="max_items"):
        join(["A"], max_items=0)


@pytest.mark.parametrize(
    ("verb", "past_form", "participle"),
    [
        ("fetch", "fetched", "fetched"),
        ("get", "got", "got"),
        ("store", "stored", "stored"),
        ("queue", "queued", "queued"),
        ("disallow", "disallowed", "disallowed"),
        ("find", "found", "found"),
        ("write", "wrote", "written"),
        ("stop", "stopped", "stopped"),
        ("try", "tried", "tried"),
        ("play", "played", "played"),
        ("visit", "visited", "visited"),
        ("defer", "deferred", "deferred"),
        ("offer", "offered", "offered"),
        ("fix", "fixed", "fixed"),
        ("allow", "allowed", "allowed"),
        ("fail", "failed", "failed"),
        ("be", "was", "been"),
    ],
)
def test_verb_forms(verb: str, past_form: str, participle: str) -> None:
    assert past(verb) == past_form
    assert past_participle(verb) == participle


@pytest.mark.parametrize("bad", ["Fetch", "fetched up", "", "fetch!"])
def test_verbs_take_a_lower_case_base_form(bad: str) -> None:
    with pytest.raises(ValueError, match="base form"):
        past(bad)


@pytest.mark.parametrize(
    ("unix_s", "kwargs", "expected"),
    [
        (T_0752, {}, "2026-11-04 07:52 UTC"),
        (T_0752 + 59.9, {}, "2026-11-04 07:52 UTC"),
        (T_0752 + 0.1, {"round_up": True}, "2026-11-04 07:53 UTC"),
        (T_0752, {"round_up": True}, "2026-11-04 07:52 UTC"),
        (T_0752 + 3600, {}, "2026-11-04 08:52 UTC"),
        (0, {}, "1970-01-01 00:00 UTC"),
        (1798761599.0, {}, "2026-12-31 23:59 UTC"),
    ],
)
def test_utc_minute(unix_s: float, kwargs: dict[str, bool], expected: str) -> None:
    assert utc_minute(unix_s, **kwargs) == expected


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), None, "0", True])
def test_utc_minute_refuses_non_times(bad: object) -> None:
    with pytest.raises(TypeError, match="Unix seconds"):
        utc_minute(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("n_bytes", "expected"),
    [
        (0, "0 bytes"),
        (1, "1 byte"),
        (139, "139 bytes"),
        (999, "999 bytes"),
        (1000, "1 kB"),
        (1500, "1.5 kB"),
        (139_000, "139 kB"),
        (999_999, "1 MB"),  # rounds up into the next unit, never "1000 kB"
        (1_000_000, "1 MB"),
        (2_400_000, "2.4 MB"),
        (2_449_999, "2.4 MB"),
        (10_485_760, "10.5 MB"),  # 10 MiB
        (1_000_000_000, "1 GB"),
    ],
)
def test_size_uses_si_units(n_bytes: int, expected: str) -> None:
    assert size(n_bytes) == expected


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        (("yes, it is",), "Yes, it is."),
        (("it  is", " here "), "It is here."),
        (("is it?",), "Is it?"),
        (("done.",), "Done."),
        (("https://a.example/ is up",), "https://a.example/ is up."),
        (("it\nwraps\tover",), "It wraps over."),
    ],
)
def test_sentence(parts: tuple[str, ...], expected: str) -> None:
    assert sentence(*parts) == expected


def test_sentence_refuses_nothing_and_odd_marks() -> None:
    with pytest.raises(ValueError, match="word"):
        sentence("  ")
    with pytest.raises(ValueError, match="final mark"):
        sentence("x", end=";")


def test_paragraph_skips_empty_sentences() -> None:
    assert paragraph("One.", "", "Two.") == "One. Two."


def test_quote_flattens_and_cuts_titles() -> None:
    assert quote("Mova") == "“Mova”"
    assert quote("  Mova \n  home ") == "“Mova home”"
    long = quote("x" * 300)
    assert long.startswith("“x") and long.endswith("…”") and len(long) == 122


def test_clause_drops_final_stops() -> None:
    assert clause(" the file is gone.. ") == "the file is gone"


def test_frames() -> None:
    assert could_not("fetch A", because="the server answered HTTP 404") == (
        "I could not fetch A because the server answered HTTP 404."
    )
    assert could_not("fetch A", because="the server answered HTTP 404.") == (
        "I could not fetch A because the server answered HTTP 404."
    )
    assert did_not_act("fish is not among the callers I answer (octopus, crab, whale, shark)") == (
        "I did not act on this request because fish is not among the callers I answer (octopus, crab, whale, shark)."
    )
    with pytest.raises(ValueError, match="because"):
        did_not_act(" . ")


def test_importing_the_plurals_leaves_typeguard_as_it_was() -> None:
    # realize.numbers imports inflect with typeguard's decorator made inert (a 4 s import otherwise);
    # the decorator must be the real one again afterwards, for anyone else who uses typeguard.
    import typeguard
    from typeguard import _decorators

    import realize.numbers  # noqa: F401

    assert typeguard.typechecked is _decorators.typechecked
