"""Round 13: chat forms of requests — a misspelt capability verb ("dowload A pls"), its abbreviation
("dl A"), a number for a word ("is A ok 2 fetch?", "save A 4 me"), thanks given in advance — read from
reviewed word lists of the vocabulary, never guessed; and two refusals that now name the real problem
(an e-mail address beside a verb I do not support, "Export …" read as the verb it is)."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from _deputy_helpers import read_outcome
from _teaching_helpers import vocab_raw
from deputy import Deputy, Vocab, VocabError
from deputy.text.chatforms import read_numerals, respell_verbs
from deputy.teaching.relaxations import relaxations
from deputy.words import DEFAULT_NUMERALS
from seaspider.english_reader import build_deputy, deputy_for, load_vocab
from seaspider.slot_checkers import check_host, check_url

A = "https://www.gov.uk/government/publications/spring-budget-2024"
B = "https://pkg.go.dev/net/http"
FETCH_A = ("fetch", {"urls": [A]})
FETCH_AB = ("fetch", {"urls": [A, B]})
VERBS = frozenset({"fetch", "download", "grab", "save", "crawl"})


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- the pure rewrites --------------------------------------------------------------------------

def _respelt(pieces: list[str], addressed: list[bool]) -> list[str]:
    rewrites: list[str] = []
    return respell_verbs(pieces, misspellings={"dowload": "download", "fecth": "fetch"},
                         abbreviations={"dl": "download"}, addressed=addressed, rewrites=rewrites)


@pytest.mark.parametrize("pieces, addressed, expected", [
    (["dowload ", " pls"], [True], ["download ", " pls"]),
    (["Dowload ", ""], [True], ["Download ", ""]),
    (["the dowload link is ", ""], [True], ["the download link is ", ""]),
    (["pls fecth ", ""], [True], ["pls fetch ", ""]),
    (["dl ", " + ", ""], [True, True], ["download ", " + ", ""]),
    (["can u dl it for me"], [], ["can u download it for me"]),
], ids=["misspelt", "capital-kept", "misspelt-noun-too", "after-pls", "abbreviation-before-address",
        "abbreviation-before-it"])
def test_listed_forms_become_their_verb(pieces: list[str], addressed: list[bool], expected: list[str]) -> None:
    assert _respelt(pieces, addressed) == expected


@pytest.mark.parametrize("pieces, addressed", [
    (["dowloads and fecthing are not listed"], []),
    (["add ", " to the dl"], [True]),
    (["send it to the team DL ", ""], [True]),
    (["add 2 dl of milk"], []),
    (["our dl ", ""], [True]),
    (["dl is down"], []),
], ids=["longer-words", "noun-at-end", "team-dl", "unit", "determiner-before", "no-object"])
def test_other_words_and_the_noun_dl_stay(pieces: list[str], addressed: list[bool]) -> None:  # negative controls
    assert _respelt(pieces, addressed) == pieces


@pytest.mark.parametrize("piece, expected", [
    (" ok 2 fetch? robots wise", " ok to fetch? robots wise"),
    ("i want you 2 grab ", "i want you to grab "),
    (" 4 me please", " for me please"),
    (" 4 us thanks", " for us thanks"),
], ids=["ok-2-verb", "you-2-verb", "4-me", "4-us"])
def test_a_number_in_its_context_is_the_word(piece: str, expected: str) -> None:
    assert read_numerals([piece], numerals=DEFAULT_NUMERALS, verbs=VERBS, rewrites=[]) == [expected]


@pytest.mark.parametrize("piece", [
    "fetch 2 pages: ",
    "fetch all 4: ",
    "I need 2 copies of ",
    "is it ok 2 pages",
    "I want 2 ",
    "fetch page 24 me",
    "v4 me",
], ids=["count", "all-4", "need-2-nouns", "ok-2-noun", "want-2-end", "inside-a-number", "inside-a-word"])
def test_a_number_elsewhere_keeps_its_meaning(piece: str) -> None:  # negative controls
    assert read_numerals([piece], numerals=DEFAULT_NUMERALS, verbs=VERBS, rewrites=[]) == [piece]


# --- the whole reader ---------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"dowload {A} pls", FETCH_A),
    (f"Could u downlaod {A} plz", FETCH_A),
    (f"fecth {A} and {B}", FETCH_AB),
    (f"retreive {A} for me", FETCH_A),
    (f"dl {A} pls", FETCH_A),
    (f"pls dl {A} + {B}", FETCH_AB),
    (f"save {A} 4 me pls", FETCH_A),
    (f"could u fetch {A} 4 us", FETCH_A),
    (f"Please fetch for me the page of {A}, thank you in advance.", FETCH_A),
    (f"Kindly fetch the page of {A}, thank you so much in advance!", FETCH_A),
    (f"Can you downlaod {A}?", ("robots", {"target": A})),
    (f"did you dowload {A} yet?", ("page", {"url": A})),
], ids=["dowload", "downlaod", "fecth-two", "retreive", "dl", "dl-plus", "4-me", "4-us", "thanks-in-advance",
        "thanks-so-much", "can-asks-leave", "did-you-asks"])
def test_chat_forms_are_read_as_the_request(deputy: Deputy, prompt: str, expected: tuple[str, Any]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"dont dowload {A} pls", "negation"),
    (f"dowload {A} if it changed since yesterday", "condition"),
    (f"dowload {A} and then delete it", "unsupported_verb"),
    ("fecth http://10.0.0.12/metrics pls", "non_public_address"),
    (f"don't dl {A}", "negation"),
    (f"dl {A} and upload it to our bucket", "unsupported_verb"),
    (f"dont save {A} 4 me", "negation"),
    (f"save {A} 4 me if its still up", "condition"),
    (f"save {A} 4 me and email it 2 bob", "unsupported_verb"),
    (f"Please fetch the page of {A} if it is updated, thank you in advance.", "condition"),
    (f"Please don't fetch the page of {A}, thank you in advance.", "negation"),
    (f"Please fetch the page of {A} and post it to Slack, thank you in advance.", "unsupported_verb"),
    (f"Thank you in advance for deleting {A}", "unsupported_verb"),
], ids=["negated", "condition", "delete", "private", "dl-negated", "dl-upload", "4-me-negated", "4-me-condition",
        "4-me-email", "thanks-condition", "thanks-negated", "thanks-post", "thanks-for-deleting"])
def test_chat_forms_keep_every_refusal(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"dowlnod {A} pls",  # off the list: never guessed
    f"fecht {A}",
    f"add {A} to the dl",
    f"fetch all 4: {A} {B}",
    f"is it ok 2 delete {A}?",
], ids=["unlisted-typo", "unlisted-typo-2", "dl-noun", "count-kept", "ok-2-delete"])
def test_other_chat_stays_refused(deputy: Deputy, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt)[0] == "refused"


def _without(**lists: Any) -> Deputy:
    vocab = load_vocab()
    return deputy_for(replace(vocab, words=replace(vocab.words, **lists)))


def test_without_the_lists_the_chat_forms_are_refused_again(deputy: Deputy) -> None:  # the rules disabled
    empty = MappingProxyType({})
    bare = _without(misspellings=empty, abbreviations=empty, numerals=empty)
    for prompt in (f"dowload {A} pls", f"dl {A} pls", f"save {A} 4 me pls"):
        assert read_outcome(bare, prompt)[0] == "refused", prompt
        assert read_outcome(deputy, prompt) == FETCH_A, prompt
    hedges = tuple(h for h in load_vocab().words.hedge_asides if "in advance" not in h or h == "thanks in advance")
    prompt = f"Please fetch for me the page of {A}, thank you in advance."
    assert read_outcome(_without(hedge_asides=hedges), prompt) == ("refused", "unsupported_verb")


def test_no_misspelling_is_an_english_word() -> None:
    # The model's own word lists (WordNet lemmas and their exceptions) know no listed misspelling; they
    # do know "dl" (a decilitre), which is why an abbreviation is read as the verb only before its object.
    from deputy.nlp import load_nlp

    lookups = load_nlp().get_pipe("lemmatizer").lookups
    known: set[str] = set()
    for name in ("lemma_index", "lemma_exc"):
        table = lookups.get_table(name)
        for pos in table.keys():
            known |= set(table[pos])
    words = load_vocab().words
    assert not set(words.misspellings) & known
    assert set(words.abbreviations) <= known | {"dl"}
    refused = words.forbidden | words.unsupported
    assert not set(words.misspellings.values()) & refused


# --- the vocabulary checks and the relaxation check ---------------------------------------------

def _raw(**words: Any) -> dict[str, Any]:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].update(words)
    return raw


@pytest.mark.parametrize("words, problem", [
    ({"misspellings": {"grab": "fetch"}}, "'grab' is a verb itself"),
    ({"misspellings": {"pls": "download"}}, "'pls' is a word the reader already reads"),
    ({"misspellings": {"dowload": "delete"}}, "must stand for a verb of a capability that acts"),
    ({"misspellings": {"dowload": "count"}}, "must stand for a verb of a capability that acts"),
    ({"abbreviations": {"dowload": "download"}}, "'dowload' is listed twice"),
    ({"numerals": {"ok 2": "fetch"}}, "would become the verb 'fetch'"),
], ids=["verb", "chat-spelling", "refused-verb", "observing-verb", "twice", "numeral-verb"])
def test_a_bad_chat_form_is_refused_at_load(words: dict[str, Any], problem: str) -> None:
    with pytest.raises(VocabError, match=problem):
        Vocab.from_raw(_raw(**words))


def test_a_new_misspelling_of_an_acting_verb_loads() -> None:  # negative control
    # The load check knows the reader's words, not English: keeping English words ("scrap") off the
    # list is the reviewer's job, helped by test_no_misspelling_is_an_english_word.
    raw = _raw(misspellings={"donwlaod": "download"})
    assert Vocab.from_raw(raw).words.misspellings["donwlaod"] == "download"


def test_the_shipped_lists_load_and_are_json() -> None:
    raw = vocab_raw()
    assert raw["words"]["misspellings"]["dowload"] == "download"
    assert raw["words"]["abbreviations"] == {"dl": "download"}
    json.dumps(raw)


@pytest.mark.parametrize("words, said", [
    ({"misspellings": {**vocab_raw()["words"]["misspellings"], "donwlaod": "download"}}, "the misspelling “donwlaod”"),
    ({"misspellings": {**vocab_raw()["words"]["misspellings"], "dowload": "fetch"}}, "the misspelling “dowload”"),
    ({"abbreviations": {"dl": "download", "dwnld": "download"}}, "the abbreviation “dwnld”"),
    ({"numerals": {"gotta 2": "gotta to"}}, "“gotta 2” as “gotta to”"),
], ids=["new-misspelling", "changed-target", "new-abbreviation", "new-numeral"])
def test_a_new_chat_form_is_a_relaxation(words: dict[str, Any], said: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    after = Vocab.from_raw(_raw(**words))
    assert any(said in line for line in relaxations(before, after)), relaxations(before, after)


def test_taking_a_chat_form_away_is_no_relaxation() -> None:  # negative control
    before = Vocab.from_raw(vocab_raw())
    fewer = dict(vocab_raw()["words"]["misspellings"])
    fewer.pop("dowload")
    after = Vocab.from_raw(_raw(misspellings=fewer, abbreviations={}))
    assert relaxations(before, after) == ()


# --- refusals that name the real problem ---------------------------------------------------------

@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} and email it to compliance@orchid-pharma.com.", "unsupported_verb"),
    (f"Fetch {A} and forward it to ops@acme-logistics.com.", "unsupported_verb"),
    (f"Download {A} then mail it to j.doe@example-corp.com", "unsupported_verb"),
    ("Fetch bob@acme-logistics.com", "invalid_url"),
    ("Fetch http://10.0.0.1/x and email it to bob@acme-logistics.com", "non_public_address"),
    ("Export the page counts for every host to a spreadsheet.", "unsupported_verb"),
], ids=["email-it", "forward-it", "mail-it", "email-address-alone", "private-outranks", "export"])
def test_the_refusal_names_the_real_problem(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_verb_check_an_email_address_is_refused_as_an_address() -> None:  # the rule disabled
    broken = Deputy(load_vocab(), slot_types={"url": check_url, "host": check_host}, disabled_checks={"unsupported_verb"})
    assert read_outcome(broken, f"Fetch {A} and email it to compliance@orchid-pharma.com.") == ("refused", "invalid_url")


# --- "need you to …" with the subject dropped -------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Need you to fetch {A}.",
    f"need u 2 download {A}",
    f"need u to dl {A}",
], ids=["need-you", "need-u-2", "need-u-to-dl"])
def test_a_dropped_i_before_you_is_the_writers_wish(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Need you to not fetch {A}.", "negation"),
    (f"need you to fetch {A} if it changed", "condition"),
    (f"need u 2 delete {A}", "unsupported_verb"),
    (f"Need you? Fetch {A}", "not_understood"),
], ids=["negated", "condition", "delete", "question"])
def test_need_you_keeps_every_refusal(deputy: Deputy, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_dropped_i_before_you_need_you_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    import deputy.rewrite as rewrite_module

    old = re.compile(
        r"(?:(?<=[.!?\n—–])|\A)([ \t]*)(need)(?=[ \t]+(?!(?:you|u|ya|not|n't)\b)[^\W\d_]|[ \t]+\Z)", re.IGNORECASE
    )
    monkeypatch.setattr(rewrite_module, "_DROPPED_I", old)  # the rule switched off
    assert read_outcome(build_deputy(), f"Need you to fetch {A}.")[0] == "refused"
