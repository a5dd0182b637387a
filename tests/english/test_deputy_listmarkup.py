"""Round 13 (markup): tool calls by name, list headings with a purpose, counts and years beside a list,
notes of a repeated address and citations before a list's colon, each beside the controls that must
still refuse and a check that switching the rule off brings the refusal back."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import read_outcome
from deputy import clause as clause_module
from deputy import compose as compose_module
from deputy import reader as reader_module
from deputy import rewrite as rewrite_module
from deputy.text.toolcalls import callable_names, unpack_calls

A = "https://a.example.com/x"
B = "https://b.example.com/y"
C = "https://c.example.com/z"


# --- tool calls by name -------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f'fetch(urls=["{A}", "{B}"])', ("fetch", {"urls": [A, B]})),
    (f'Tool call: fetch(urls=["{A}", "{B}"])', ("fetch", {"urls": [A, B]})),
    (f"Action: fetch(urls=['{A}'])", ("fetch", {"urls": [A]})),
    (f'read(url="{A}")', ("read", {"url": A})),
])
def test_a_capability_called_by_name_is_its_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f'delete(urls=["{A}"])', None),                                  # no capability is called delete
    (f'Tool call: purge_cache(urls=["{A}"])', None),
    (f'client.fetch(urls=["{A}"])', None),                            # someone else's method
    (f'prefetch(urls=["{A}"])', None),
    (f'fetch(urls=["{A}"], force=True)', None),                       # a second argument
    (f'fetch(url="{A}")', None),                                      # not the capability's slot name
    (f'Tool call: fetch(urls=["{A}"]) — actually, don\'t run that yet.', "negation"),
    (f'Do not call fetch(urls=["{A}"]).', "negation"),
    (f'fetch(urls=["{A}"]) once the CI run is green', "condition"),
    (f'fetch(urls=["{A}"]) then email(to="lead@ourco.com")', None),
    ('Tool call: fetch(urls=["http://10.0.0.3/metrics"])', "non_public_address"),
])
def test_other_calls_and_controls_still_refuse(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind:
        assert outcome[1] == kind


def test_only_a_capability_that_is_its_own_verb_is_callable() -> None:
    calls = callable_names({
        "fetch": (frozenset({"fetch", "download"}), frozenset({"urls"})),
        "robots": (frozenset({"fetch"}), frozenset({"target"})),       # "robots A" would be no request
        "status": (frozenset({"status"}), frozenset()),                 # no slot to fill
    })
    assert calls == {"fetch": frozenset({"urls"})}
    assert unpack_calls(f'fetch(urls=["{A}", "{B}", "{C}"])', calls) == f"fetch {A}, {B} and {C}"
    assert unpack_calls(f'robots(target="{A}")', calls) == f'robots(target="{A}")'
    assert unpack_calls(f'fetch(urls=["{A} x"])', calls) == f'fetch(urls=["{A} x"])'   # a spaced value


def test_tool_calls_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "unpack_calls", lambda text, calls: text)
    assert read_outcome(deputy, f'fetch(urls=["{A}", "{B}"])')[0] == "refused"


# --- list headings with a purpose ---------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Sources to fetch for the changelog digest: [Upgrades]({A}) and [Status]({B}).",
    f"Pages to download for the onboarding doc: {A} and {B}",
    f"Docs to fetch for the migration notes:\n- [Upgrade guide]({A})\n- [Release notes]({B})",
])
def test_a_heading_may_say_what_the_list_is_for(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Pages to fetch for the digest once the embargo lifts: {A} and {B}", "condition"),
    (f"Pages not to fetch for the digest: {A} and {B}", "negation"),
    (f"Pages to delete for the cleanup: {A} and {B}", None),
    (f"Sources to fetch for the boss to delete: {A}", None),          # a verb in the purpose
    (f"Links to post for the weekly digest: {A} and {B}", None),
])
def test_a_heading_with_a_condition_negation_or_other_verb_still_refuses(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind:
        assert outcome[1] == kind


def test_heading_purposes_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Sources to fetch for the changelog digest: {A} and {B}"
    monkeypatch.setattr(rewrite_module, "_harmless_purpose", lambda purpose, never: False)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- counts and years ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, urls", [
    (f"download the two indexes: `{A}` and `{B}`", [A, B]),
    (f"Download the two PDFs: {A} and {B}", [A, B]),
    (f"fetch all 3: {A}, {B}, {C}", [A, B, C]),
    (f"Release refresh — fetch all three: {A}, {B}, {C}", [A, B, C]),
    (f"Download the 2023 annual report from {A} and the methodology note at {B} please.", [A, B]),
    (f"Please fetch the 2024 pricing page from {A} and the 2023 archive copy at {B}", [A, B]),
])
def test_counts_that_match_the_list_and_years_act(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt", [
    f"download the three indexes: {A} and {B}",        # the stated count disagrees with the list
    f"fetch all 3: {A}, {B}, {A}",                     # three stated, two distinct, no word of a repeat
    f"fetch all 300 from {A}",
    f"Download the 2023 reports from {A}",             # a number before a plural may count
    f"Download 2022 reports from {A}",
    f"download two indexes: {A} and {B}",              # no determiner: the number stays unplaced
])
def test_counts_that_disagree_or_may_count_refuse(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_counts_of_the_object_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(clause_module, "counts_the_object", lambda tok, action: False)
    assert read_outcome(deputy, f"download the two indexes: {A} and {B}")[0] == "refused"
    monkeypatch.setattr(compose_module, "quantifies_a_count", lambda tok: False)
    assert read_outcome(deputy, f"fetch all 3: {A}, {B}, {C}")[0] == "refused"
    monkeypatch.setattr(clause_module, "_year_of_one", lambda tok: False)
    assert read_outcome(deputy, f"Download the 2023 annual report from {A}")[0] == "refused"


# --- notes of a repeat and citations ------------------------------------------------------------------

@pytest.mark.parametrize("prompt, urls", [
    (f"Fetch the following (one is listed twice, sorry):\n- {A}\n- {B}\n- {A}", [A, B]),
    (f"Grab the following, one is duplicated, sorry:\n- {A}\n- {B}\n- {C}\n- {B}", [A, B, C]),
    (f"Download {A}, {B} and {A} again (oops, pasted that one twice)", [A, B]),
    (f"Please download both reports (WHO 2023; UNICEF 2022): {A} and {B}", [A, B]),
    (f"Fetch the three papers (Smith 2019, Lee 2021 and Chen 2022): {A}, {B} and {C}", [A, B, C]),
])
def test_notes_of_a_repeat_and_citations_ask_nothing(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} and {B} (sorry, one is listed twice)", None),          # no address is repeated
    (f"Fetch these (sorry, one is listed twice, and don't fetch the last one):\n- {A}\n- {B}\n- {A}", "negation"),
    (f"Fetch these (sorry, one is listed twice) if the docs build passes:\n- {A}\n- {B}\n- {A}", "condition"),
    (f"fetch these three (one is listed twice): {A}, {B}, {A}", None),  # the count still disagrees
    (f"Fetch {A} twice", None),
    (f"Please download both reports (Delete 2023): {A} and {B}", None),
    (f"Fetch both reports (NOT 2023): {A} and {B}", "negation"),
    (f"Download the three papers (Smith 2019, Lee 2021 and Chen 2022): {A} and {B}", None),
])
def test_notes_and_citations_with_more_in_them_still_refuse(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind:
        assert outcome[1] == kind


def test_notes_and_citations_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rewrite_module, "drop_repeat_notes", lambda protected, notes, rewrites: protected)
    assert read_outcome(deputy, f"Fetch the following (one is listed twice, sorry):\n- {A}\n- {B}\n- {A}")[0] == "refused"
    monkeypatch.setattr(rewrite_module, "drop_citations", lambda piece, never, rewrites: piece)
    assert read_outcome(deputy, f"Please download both reports (WHO 2023; UNICEF 2022): {A} and {B}")[0] == "refused"


def test_a_new_note_of_a_repeat_is_reported_as_a_relaxation() -> None:
    # A note is dropped unread, so "twice" (a blocker) stops refusing beside it: teaching must say so.
    import copy

    from _teaching_helpers import vocab_raw
    from deputy import Vocab
    from deputy.teaching.relaxations import relaxations

    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault("repeat_notes", []).append("one is in the list twice")
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any("words.repeat_notes" in sentence for sentence in found), found
    assert not relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(copy.deepcopy(vocab_raw())))  # control


# --- tables of addresses ------------------------------------------------------------------------------

def _table(*rows: str, header: str = "| # | Source | URL |", request: str = "Fetch the URLs in the table.") -> str:
    separator = "|" + "---|" * (header.count("|") - 1)
    return "\n".join([header, separator, *rows]) + "\n\n" + request


TABLE = _table(f"| 1 | Rightmove | {A} |", f"| 2 | Zoopla | {B} |")


@pytest.mark.parametrize("prompt", [
    TABLE,
    _table(f"| Docs | {A} |", f"| Blog | {B} |", header="| Name | Link |"),   # a title may be a verb I know
])
def test_a_table_of_addresses_is_read_as_their_list(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (_table(f"| 1 | Rightmove | {A} |", f"| 2 | skipping | {B} |"), "negation"),
    (_table(f"| 1 | Rightmove | {A} |", f"| 2 | Deleted | {B} |"), None),          # a verb under its inflection
    (_table(f"| a | {A} |", f"| b | {B} |", header="| Don't fetch | URL |"), "negation"),
    (_table(f"| a | {A} |", f"| b | {B} |", header="| Delete | URL |"), None),
    (_table(f"| 1 | Docs | {A} {C} |", f"| 2 | Blog | {B} |"), None),              # two addresses in a cell
    (_table(f"| 1 | Docs | {A} |", "| 2 | Blog | http://10.0.0.1/ |"), "non_public_address"),
    (_table(f"| 1 | Docs | {A} |", f"| 2 | Blog | {B} |", request="Delete the URLs in the table."), None),
    (_table(f"| 1 | Docs | {A} |", f"| 2 | Blog | {B} |", request="Fetch the URLs in the table if they changed."),
     "condition"),
])
def test_a_table_with_more_in_it_still_refuses(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind:
        assert outcome[1] == kind


def test_tables_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "unpack_tables", lambda text, **kwargs: text)
    assert read_outcome(deputy, TABLE)[0] == "refused"


# --- addresses joined to "it" -------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"The report is at {A}; please download it, and the appendix at {B} too.",
    f"The report is at {A}. Please download it and {B}.",
])
def test_an_address_joined_to_it_is_one_more_object(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"The report is at {A}; don't download it, and the appendix at {B} too.", "negation"),
    (f"The report is at {A}; please download it, and delete the appendix at {B}.", None),
    (f"I read {A}. Please download it and {B}.", None),                  # the context acts on A
    (f"The report is at {A}; please download it, and the appendix at {B} if it changed.", "condition"),
    (f"The reports are at {A} and {C}; please download it, and the appendix at {B} too.", None),  # "it" for two
    (f"The report is at {A}. Please download them and {B}.", None),
    (f"The report is at http://10.0.0.2/x; please download it, and the appendix at {B} too.", "non_public_address"),
])
def test_it_joined_to_an_address_with_more_in_it_still_refuses(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind:
        assert outcome[1] == kind


def test_joined_pronouns_switched_off_refuse_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import context as context_module

    monkeypatch.setattr(context_module, "joined_to_the_pronoun", lambda *args: frozenset())
    assert read_outcome(deputy, f"The report is at {A}; please download it, and the appendix at {B} too.")[0] == "refused"


def test_all_n_is_held_to_the_distinct_addresses_and_the_cap(deputy: Any) -> None:
    pages = [f"https://s{i}.example.com/p" for i in range(17)]
    assert read_outcome(deputy, "fetch all 17: " + ", ".join(pages)) == ("refused", "too_many_urls")
    assert read_outcome(deputy, "fetch all 15: " + ", ".join(pages[:16])) == ("refused", "not_understood")
    # sixteen distinct, one listed twice: the count agrees with what is fetched
    assert read_outcome(deputy, "fetch all 16: " + ", ".join(pages[:16] + pages[:1])) == ("fetch", {"urls": pages[:16]})
