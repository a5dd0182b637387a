"""realize/ properties over generated values: agreement for every count, lists keep every item, sizes order."""

from __future__ import annotations

import string

from hypothesis import assume, given
from hypothesis import strategies as st

from realize import count, count_be, join, of_total, plural, sentence, size
from realize.numbers import plural as cached_plural

nouns = st.sampled_from(["page", "job", "byte", "link", "query", "child", "URL", "robot", "text file"])
counts = st.integers(min_value=0, max_value=10**9)


@given(counts, nouns)
def test_count_is_singular_exactly_for_one(n: int, noun: str) -> None:
    text = count(n, noun)
    assert text == (f"1 {noun}" if n == 1 else f"{n} {plural(noun)}")


@given(counts, nouns)
def test_count_be_verb_agrees_with_the_noun(n: int, noun: str) -> None:
    text = count_be(n, noun, zero="no")
    singular = n in (0, 1)  # "no job is", "1 job is"
    assert text.endswith(" is" if singular else " are")
    assert text.split(" ")[-2] == (noun.split(" ")[-1] if singular else plural(noun).split(" ")[-1])


@given(counts, counts)
def test_of_total_agrees_with_the_total(done: int, total: int) -> None:
    text = of_total(done, total, "page", predicate="done")
    assert text.endswith("page is done" if total == 1 else "pages are done")


items = st.lists(st.text(alphabet=string.ascii_letters, min_size=1, max_size=6), max_size=30)


@given(items, st.one_of(st.none(), st.integers(1, 10)))
def test_join_names_or_counts_every_item(values: list[str], max_items: int | None) -> None:
    assume("and" not in values)  # an item spelt "and" would put ", and" in the text itself
    text = join(values, max_items=max_items)
    shown = values if max_items is None or len(values) <= max_items + 1 else values[:max_items]
    for value in shown:
        assert value in text
    if len(shown) < len(values):
        assert text.endswith(f" and {len(values) - len(shown)} more")
    assert "  " not in text and ", and" not in text


@given(st.integers(0, 10**15), st.integers(0, 10**15))
def test_sizes_never_shrink_when_bytes_grow(a: int, b: int) -> None:
    small, large = sorted((a, b))
    units = {"byte": 0, "bytes": 0, "kB": 1, "MB": 2, "GB": 3, "TB": 4, "PB": 5}

    def key(text: str) -> tuple[int, float]:
        number, unit = text.split(" ")
        return units[unit], float(number)

    assert key(size(small)) <= key(size(large))


@given(st.lists(st.text(alphabet=string.ascii_lowercase + " \n\t.", min_size=0, max_size=12), min_size=1, max_size=4))
def test_sentence_has_single_spaces_and_one_final_mark(parts: list[str]) -> None:
    if not "".join(parts).strip():
        return
    text = sentence(*parts)
    assert "  " not in text and "\n" not in text
    assert text.endswith(".") and not text[0].islower()


def test_plurals_are_cached() -> None:
    cached_plural("caching probe")
    before = cached_plural.cache_info().hits
    cached_plural("caching probe")
    assert cached_plural.cache_info().hits == before + 1
