"""Round 25 (voice25): chat sign-off signs ("dl A and B ty ✌️", "… :D"), a learner's "which is" for "what is"
and "to" after a modal ("You can to download A ?"), every spoken address as "that address" ("fetch www dot
bbc dot co dot uk slash sport" names no address), and a count follow-up put on one host after an earlier count
("Tool output: stored 412 pages.\\nUser: and how many from H?"). Each rule's controls still refuse, and each
rule switched off turns a positive case back."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from _teaching_helpers import vocab_raw

import deputy.reader as reader_module
import deputy.text.count_ellipsis as count_ellipsis
import deputy.text.spoken_address as spoken_address
from deputy import Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.learner_modals import modal_without_to
from deputy.text.learner_which import which_as_what
from deputy.text.signoff_signs import without_signoff_signs
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import build_deputy
from tests.english._deputy_helpers import deputy_with_words, read_outcome

PY, PYPI = "https://www.python.org/downloads/", "https://pypi.org/project/requests/"
SIGNS = DEFAULT_WORDS["signoff_signs"]


@pytest.fixture(scope="module")
def deputy() -> Any:
    return build_deputy()


# --- sign-off signs closing a chat line -------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    (f"dl {PY} and {PYPI} ty ✌️", ("fetch", {"urls": [PY, PYPI]})),
    ("grab https://www.rust-lang.org/learn pls 🤙", ("fetch", {"urls": ["https://www.rust-lang.org/learn"]})),
    ("pls download https://www.kernel.org/ for me :D", ("fetch", {"urls": ["https://www.kernel.org/"]})),
    ("fetch https://www.postgresql.org/docs/ ty ^^", ("fetch", {"urls": ["https://www.postgresql.org/docs/"]})),
    ("fetch https://www.gnu.org/ thx 👌🏽 <3", ("fetch", {"urls": ["https://www.gnu.org/"]})),
    ("how many pages do you have from news.ycombinator.com? thx 😎", ("stats", {"host": "news.ycombinator.com"})),
], ids=["peace", "call-me", "grin", "carets", "toned-and-heart", "question"])
def test_a_closing_sign_signs_the_line_off(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"dl {PY} and delete {PYPI} ty ✌️", "unsupported_verb"),
    ("don't dl https://www.gnu.org/ yet 👌", "negation"),
    ("dl https://www.kernel.org/ if it changed since yesterday ✌️", "condition"),
    ("pls crawl the whole site https://www.debian.org/ 🤙", "unsupported_verb"),
    ("👌 https://www.gnu.org/", "not_understood"),  # a sign before the address never stands for a verb
    ("https://www.gnu.org/ 👌", "not_understood"),  # nor does a closing one make a bare address an order
    ("fetch https://www.gnu.org/ ❌", "not_understood"),  # a sign that could refuse is not on the list
    ("fetch https://www.gnu.org/ 🙋\u200d♂️", "not_understood"),  # nor a sequence holding a sign off it
], ids=["delete", "negation", "condition", "whole-site", "sign-first", "bare-address", "cross", "zwj"])
def test_signs_keep_every_refusal(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_signs_are_dropped_only_where_they_close_a_line() -> None:
    assert without_signoff_signs("fetch A ty ✌️", SIGNS) == "fetch A ty"
    assert without_signoff_signs("fetch A 🙏🏽🙏🏽\nthanks :)", SIGNS) == "fetch A\nthanks"
    assert without_signoff_signs("✌️ fetch A", SIGNS) == "✌️ fetch A"
    assert without_signoff_signs("fetch A:D", SIGNS) == "fetch A:D"  # glued to a word: left
    assert without_signoff_signs("👍", SIGNS) == "👍"  # nothing else: as written


def test_the_sign_off_rule_off(deputy: Any) -> None:
    off = deputy_with_words(signoff_signs=())
    assert read_outcome(off, f"dl {PY} and {PYPI} ty ✌️")[0] == "refused"
    assert read_outcome(off, "pls download https://www.kernel.org/ for me :D")[0] == "refused"


# --- a learner's "to" after a modal, and "which is" for "what is" -------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    ("You can to download https://www.nrk.no/nyheter/ ?", ("robots", {"target": "https://www.nrk.no/nyheter/"})),
    ("We can to download https://www.corriere.it/ ?", ("robots", {"target": "https://www.corriere.it/"})),
    ("Please you can to download https://www.aftonbladet.se/ ?", ("robots", {"target": "https://www.aftonbladet.se/"})),
    ("May I to fetch https://www.corriere.it/ ?", ("robots", {"target": "https://www.corriere.it/"})),
    ("Which is title of page https://www1.folha.uol.com.br/mundo/ ?", ("page", {"url": "https://www1.folha.uol.com.br/mundo/"})),
    ("Which was the status code of https://www.lemonde.fr/ ?", ("page", {"url": "https://www.lemonde.fr/"})),
    ("Which is the title of the page https://www.spiegel.de/politik/?", ("page", {"url": "https://www.spiegel.de/politik/"})),
], ids=["you-can-to", "we-can-to", "please-you-can-to", "may-i-to", "which-is-title", "which-was-status", "which-the-page"])
def test_learner_forms_are_read_as_the_native_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    ("You can not to download https://www.nrk.no/ ?", "negation"),
    ("You can't download https://www.nrk.no/ ?", "negation"),
    ("You can to delete https://www.vg.no/ ?", "unsupported_verb"),
    ("Which is better to fetch, https://www.bbc.com/ or https://www.cnn.com/ ?", "not_understood"),
    ("Which is the title of https://www.lemonde.fr/ or https://www.bbc.com/ ?", "not_understood"),
    ("Which was deleted from https://www.lemonde.fr/ ?", "unsupported_verb"),
], ids=["negated", "cant", "delete", "choice", "two-addresses", "deleted"])
def test_learner_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_learner_rewrites_touch_only_their_shape() -> None:
    verbs = frozenset({"download", "fetch", "get", "delete"})
    assert modal_without_to("You can to download A ?", verbs) == "You can download A ?"
    assert modal_without_to("Do what you can to get A", verbs) == "Do what you can to get A"
    assert modal_without_to("You can to swim", verbs) == "You can to swim"
    assert modal_without_to("I will to fetch A", verbs) == "I will to fetch A"  # no modal of ability
    assert modal_without_to("They can to fetch A ?", verbs) == "They can to fetch A ?"  # another's ability
    assert which_as_what("Which is title of page https://a.example/ ?", frozenset()) == "What is title of page https://a.example/ ?"
    assert which_as_what("Which is title of page https://a.example/", frozenset()) == "Which is title of page https://a.example/"
    assert which_as_what("Which is deleted from https://a.example/ ?", frozenset({"deleted"})).startswith("Which")


@pytest.mark.parametrize(("name", "prompt"), [
    ("modal_without_to", "You can to download https://www.nrk.no/nyheter/ ?"),
    ("which_as_what", "Which is title of page https://www1.folha.uol.com.br/mundo/ ?"),
])
def test_the_learner_rules_off(monkeypatch: pytest.MonkeyPatch, name: str, prompt: str) -> None:
    assert read_outcome(build_deputy(), prompt)[0] != "refused"
    monkeypatch.setattr(reader_module, name, lambda text, *args, **kwargs: text)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


# --- a spoken address names no address --------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "kind"), [
    ("hey so like fetch www dot bbc dot co dot uk slash sport", "no_url"),
    ("ok so like grab www dot theguardian dot com slash uk", "no_url"),
    ("like fetch www dot apple dot com", "no_url"),
    ("www dot elmundo dot es please fetch that", "no_url"),
    ("so like don't fetch www dot bbc dot co dot uk slash sport", "negation"),
    ("like delete www dot bbc dot co dot uk slash news", "unsupported_verb"),
    ("fetch www dot dr dot dk if it changed", "condition"),
], ids=["slash-path", "grab-path", "no-path", "opening", "negation", "delete", "condition"])
def test_a_spoken_address_is_refused_for_naming_none(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_every_spoken_address_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "hey so like fetch www dot bbc dot co dot uk slash sport"
    assert read_outcome(deputy, prompt) == ("refused", "no_url")
    monkeypatch.setattr(spoken_address, "_EVERY_SPOKEN_ADDRESS", False)
    assert spoken_address.unspoken_address("fetch www dot dr dot dk") == "fetch www dot dr dot dk"
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


# --- a count follow-up put on one host --------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "host"), [
    ("Tool output: stored 412 pages.\nUser: and how many from www.lemonde.fr?", "www.lemonde.fr"),
    ("Tool output: stored 980 pages.\nUser: ok and how many for www.elmundo.es?", "www.elmundo.es"),
    ("Assistant: I have 1,204 pages stored.\nUser: how many from news.bbc.co.uk then?", "news.bbc.co.uk"),
    ("Tool: 77 pages stored so far\nMe: and how many on www.nos.nl?", "www.nos.nl"),
], ids=["from", "for", "then", "on"])
def test_a_count_follow_up_on_a_host_asks_its_count(deputy: Any, prompt: str, host: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {"host": host})


@pytest.mark.parametrize(("prompt", "kind"), [
    ("Tool output: stored 412 pages.\nUser: and how many did you delete from www.elpais.com?", "unsupported_verb"),
    ("Tool output: stored 412 pages.\nUser: and how many from www.faz.net if the crawl finished?", "condition"),
    ("Tool output: stored 412 pages.\nUser: and how many from www.lemonde.fr and www.bbc.com?", "not_understood"),
    ("Tool output: stored 412 pages.\nUser: and how many from https://www.lemonde.fr/international/?", "invalid_url"),
], ids=["delete", "condition", "two-hosts", "a-page"])
def test_count_follow_up_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_place_needs_an_earlier_count() -> None:
    fragments = frozenset({"and how many"})
    asked = "and how many from www.lemonde.fr?"
    assert count_ellipsis.elliptic_count(asked, ["stored 412 pages."], fragments, frozenset({"pages"})) == (
        "How many pages do you have from www.lemonde.fr now?")
    assert count_ellipsis.elliptic_count(asked, ["all done."], fragments, frozenset({"pages"})) is None


def test_the_count_place_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Tool output: stored 412 pages.\nUser: and how many from www.lemonde.fr?"
    monkeypatch.setattr(count_ellipsis, "_placed", lambda request: (request, None))
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- the new words widen what acts: adding to them is a relaxation ----------------------------------------

@pytest.mark.parametrize(("key", "word"), [("signoff_signs", "🤠"), ("count_follow_ups", "and how many more")])
def test_widening_the_lists_is_a_relaxation(key: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    assert any(f"“{word}” to words.{key}" in r for r in relaxations(before, Vocab.from_raw(raw)))
