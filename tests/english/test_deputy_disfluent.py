"""Round 17 (spoken voice): hesitations ("uh", "lol"), closing tails ("… and yeah that's it"), a
self-correction ("fetch A uh no wait I meant B"), a run-on request after an address ("the first one is A
and the second one is B fetch both of those") and chat pronouns ("gimme", "u") read by
deputy.text.disfluent from closed lists; a negation, a condition or an unsupported verb still refuses,
and the address taken back by a self-correction is never acted on."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import deputy.reader as reader_module
from _deputy_helpers import read_outcome
from _teaching_helpers import vocab_raw
from deputy import Deputy, Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.disfluent import unclefted, undisfluent
from seaspider.english_reader import build_deputy

A = "https://www.dw.com/en/top-stories/s-9097"
B = "https://www.rfi.fr/en/"
STATS: tuple[str, object] = ("stats", {})


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


def _plain(prompt: str, deputy: Deputy) -> str:
    words = deputy.vocab.words
    return undisfluent(prompt, disfluencies=words.disfluencies, tails=words.closing_tails,
                       corrections=words.self_corrections, verbs=frozenset({"fetch", "download", "grab", "email"}),
                       spellings=words.spellings, refusing=frozenset({"not", "never", "if", "unless"}))


# --- the pure pass ------------------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    ("can you uh download A-URL for me", "can you download A-URL for me"),
    ("how many pages u got stored lol", "how many pages you got stored"),
    ("gimme the text u saved 👀", "give me the text you saved"),
    ("how many pages have we got stored like in total", "how many pages have we got stored in total"),
    ("fetch A-URL and yeah that's it", "fetch A-URL"),
    ("fetch A-URL uh no wait I meant B-URL yeah that one", "fetch B-URL"),
    ("the link is A-URL fetch it", "the link is A-URL. fetch it"),
    ("I was on the site and um I need you to fetch A-URL", "I was on the site. I need you to fetch A-URL"),
], ids=["uh", "u-lol", "gimme-emoji", "like-in-total", "tail", "correction", "run-on", "account"])
def test_the_pass_reads_the_spoken_forms(deputy: Deputy, prompt: str, expected: str) -> None:
    prompt = prompt.replace("A-URL", A).replace("B-URL", B)
    assert _plain(prompt, deputy) == expected.replace("A-URL", A).replace("B-URL", B)


@pytest.mark.parametrize("prompt", [
    f"https://www.example.com/um/lol/{A[8:]}",  # inside an address: never touched
    f"fetch {A} like the last one",  # "like" before anything but an amount stays
    f"fetch {A} and {B} no wait I meant https://c.example/",  # which of the two? read as written
    f"fetch {A} no wait I meant delete {B}",  # a new verb after the marker: read as written
    f"{A} fetch it",  # nothing before the address: no clause to close
    f"the link is {A} delete it",  # not on the given verbs: no split
    f"I don't want {B} and I need you to fetch {A}",  # an address in the account: read as written
    'fetch "um the lol page"',  # a quotation is the writer's exact words
], ids=["address", "like", "two-before", "new-verb", "bare-address", "unsupported", "account-address", "quotation"])
def test_the_pass_leaves_other_text_as_written(deputy: Deputy, prompt: str) -> None:
    assert _plain(prompt, deputy) == prompt


# --- whole prompts through the real model ------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    ("how many pages u got stored lol", STATS),
    ("hey so um how many pages have we got stored like in total", STATS),
    ("whats in the queue rn lol", ("status", {})),
    (f"gimme the text u saved from {A} 👀", ("read", {"url": A})),
    (f"fetch {A} and yeah that's about it", ("fetch", {"urls": [A]})),
    (f"okay fetch {A} uh no wait i meant {B} yeah that one", ("fetch", {"urls": [B]})),
    (f"check robots for {A} no wait make that {B}", ("robots", {"target": B})),
    (f"so the first one is {A} and the second one is {B} grab both of those", ("fetch", {"urls": [A, B]})),
    (f"the link is {A} download it", ("fetch", {"urls": [A]})),
    (f"yeah so basically I was reading about the floods and um I need you to download {A}", ("fetch", {"urls": [A]})),
    (f"so um {A} yeah that one grab it and uh also {B} I think", ("fetch", {"urls": [A, B]})),
    (f"okay so what I need is uh the page at {A} downloaded and yeah that's it", ("fetch", {"urls": [A]})),
    (f"so you saved {A} at some point right when was that", ("page", {"url": A})),
    (f"right so uh check the robots thing for {A} whether we're allowed", ("robots", {"target": A})),
    (f"okay read me back the text you saved for {A}", ("read", {"url": A})),
], ids=["u-lol", "hey-so-like", "rn-lol", "gimme", "tail", "correction", "correction-robots", "run-on-both",
        "run-on-it", "context-clause", "pointed-again", "cleft", "confirmed-right", "robots-whether", "read-back"])
def test_spoken_requests_are_read(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"um don't fetch {A} uh yet", "negation"),
    (f"uh fetch {A} um if it changed", "condition"),
    (f"um delete {A} lol", "unsupported_verb"),
    (f"don't gimme the text u saved for {A} lol", "negation"),
    (f"fetch {A} and delete it and that's it", "unsupported_verb"),
    (f"fetch {A} if it's up and that's it", "condition"),
    (f"don't fetch {A} no wait I meant {B}", "negation"),
    (f"fetch {A} no wait I meant {B} if it changed", "condition"),
    (f"fetch {A} no wait I meant delete {B}", "unsupported_verb"),
    (f"fetch {A} no wait", "negation"),
    (f"the link is {A} don't fetch it", "negation"),
    (f"the link is {A} fetch it if it changed", "condition"),
    (f"if the link is {A} fetch it", "condition"),
    (f"unless the page is {A} fetch it", "condition"),
    (f"the first one is {A} and the second one is {B} email both of those", None),
    (f"fetch {A} yeah no", "negation"),
    (f"I don't want the old copy and I need you to fetch {A}", "negation"),
    (f"if the site changes and I need you to fetch {A}", "condition"),
    (f"the old copy is stale and I need you to delete {A}", "unsupported_verb"),
    (f"so {A} yeah that one don't grab it", "negation"),
    (f"so {A} yeah that one delete it", "unsupported_verb"),
    (f"what I need is for you not to fetch {A}", "negation"),
    (f"what I need is the page at {A} downloaded if it changed", "condition"),
    (f"so you didn't fetch {A} right when was that", "negation"),
    (f"so you deleted {A} right when was that", "unsupported_verb"),
    (f"check the robots thing for {A} if we're allowed", "condition"),
    (f"check robots for {A} whether we're allowed to delete it", "unsupported_verb"),
], ids=["negation", "condition", "unsupported", "negated-gimme", "tail-unsupported", "tail-condition",
        "negated-correction", "condition-after-correction", "verb-after-correction", "cancelled",
        "run-on-negated", "run-on-condition", "condition-clause", "unless-clause", "run-on-unsupported", "yeah-no",
        "account-negated", "account-condition", "account-unsupported", "pointed-negated", "pointed-unsupported",
        "cleft-negated", "cleft-condition", "confirmed-negated", "confirmed-unsupported", "robots-if",
        "robots-whether-unsupported"])
def test_refusals_survive_the_pass(deputy: Deputy, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused", prompt
    if kind is not None:
        assert outcome[1] == kind


def test_a_self_correction_never_acts_on_the_address_taken_back(deputy: Deputy) -> None:
    for prompt in (f"fetch {A} uh no wait i meant {B}", f"download {A}, sorry I meant {B}",
                   f"grab {A} um actually I meant {B} yeah that one", f"fetch {A} or rather {B}"):
        result = deputy.read(prompt)
        urls = result.json_args().get("urls", []) if result.__class__.__name__ == "Plan" else []
        assert A not in urls, prompt


# --- the rule switched off ----------------------------------------------------------------------

def test_without_the_pass_the_spoken_forms_are_refused(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = (
        "how many pages u got stored lol",
        f"okay fetch {A} uh no wait i meant {B} yeah that one",
        f"so the first one is {A} and the second one is {B} grab both of those",
    )
    assert all(read_outcome(deputy, p)[0] != "refused" for p in prompts)
    monkeypatch.setattr(reader_module, "undisfluent", lambda prompt, **_: prompt)
    for prompt in prompts:
        assert read_outcome(deputy, prompt)[0] == "refused", prompt


def test_without_the_spoken_sentence_rules_they_are_refused(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = (f"so you saved {A} at some point right when was that",
               f"right so uh check the robots thing for {A} whether we're allowed")
    assert all(read_outcome(deputy, p)[0] != "refused" for p in prompts)
    monkeypatch.setattr(reader_module, "unclefted", lambda text: text)
    for prompt in prompts:
        assert read_outcome(deputy, prompt)[0] == "refused", prompt


@pytest.mark.parametrize(("prompt", "expected"), [
    ("what I need is A-URL downloaded", "I need A-URL downloaded"),
    ("so you fetched A-URL earlier right when was that", "when did you fetch A-URL earlier?"),
    ("check the robots thing for A-URL whether we're allowed", "check the robots for A-URL"),
    ("what I need is for you to fetch A-URL", "what I need is for you to fetch A-URL"),  # a hedge frame's
    ("you fetched A-URL and B-URL right when was that", "you fetched A-URL and B-URL right when was that"),
], ids=["cleft", "confirmed", "robots-whether", "cleft-frame", "two-addresses"])
def test_spoken_sentences_are_read_as_what_they_ask(prompt: str, expected: str) -> None:
    fill = lambda t: t.replace("A-URL", A).replace("B-URL", B)  # noqa: E731
    assert unclefted(fill(prompt)) == fill(expected)


def test_without_the_word_lists_nothing_is_dropped(deputy: Deputy) -> None:
    prompt = f"fetch {A} uh no wait I meant {B} and that's it lol"
    assert undisfluent(prompt, disfluencies=frozenset(), tails=(), corrections=(), verbs=frozenset()) == prompt


# --- the vocabulary guards ----------------------------------------------------------------------

def _with(name: str, word: str) -> Vocab:
    raw: dict[str, Any] = copy.deepcopy(vocab_raw())
    raw["words"][name] = [*raw["words"].get(name, []), word]
    return Vocab.from_raw(raw)


@pytest.mark.parametrize(("name", "word"), [
    ("disfluencies", "not"), ("closing_tails", "unless it's down"), ("self_corrections", "whoops I meant"),
])
def test_widening_the_lists_is_a_relaxation(name: str, word: str) -> None:
    before = Vocab.from_raw(vocab_raw())
    assert relaxations(before, _with(name, word)), (name, word)


def test_a_harmless_tail_is_no_relaxation() -> None:
    before = Vocab.from_raw(vocab_raw())
    assert not relaxations(before, _with("closing_tails", "and that's everything"))
