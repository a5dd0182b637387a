"""Round 24 (turns24): pasted transcripts. An earlier turn's label with a comma before the speaker's name
("Previous turn, user: …", "Last turn, assistant: …"), and the requester's turns alone told apart by their
remarks ("User (yesterday): download A\\nUser (today): what did you get from A?"): the last turn is the
request, the earlier ones context whose orders are never carried out again. Every rule has positive cases,
negative controls (negation, a real condition, an unsupported verb, the address only in context) and a
rule-off check (deputy/text/inline_turns.py, turn_labels.py, turns.py)."""

from __future__ import annotations

import pytest

from _deputy_helpers import read_outcome
from deputy import Deputy
from deputy.text import turns as turns_module
from deputy.text.inline_turns import spread_turns
from deputy.text.turn_labels import label_pattern, label_remark, told_apart

A = "https://www.dsb.dk/en/"
B = "https://www.tagesschau.de/"
LABELS = frozenset({"assistant", "previous turn", "last turn"})
REQUESTERS = frozenset({"user", "me"})
OPENING = label_pattern(LABELS | REQUESTERS, frozenset({"turn"}), frozenset({"earlier"}))


def _fetch(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- the pure text passes ----------------------------------------------------------------------------

def test_a_comma_label_names_the_speaker() -> None:
    said = f"Previous turn, user: where is it?\nassistant: at {A}.\nuser: fetch {A}"
    assert spread_turns(said, OPENING, LABELS, REQUESTERS).splitlines()[0] == "User (earlier): where is it?"
    theirs = f"Last turn, assistant: I stored {A}.\nUser: title?"
    assert spread_turns(theirs, OPENING, LABELS, REQUESTERS).splitlines()[0] == f"assistant (earlier): I stored {A}."
    # A comma after a word that is no earlier turn's label is a sentence's comma.
    plain = f"Honestly, user: fetch {A}"
    assert spread_turns(plain, OPENING, LABELS, REQUESTERS) == plain


def test_remarks_tell_the_requester_turns_apart() -> None:
    found = OPENING.match("User (yesterday): fetch A")
    assert found is not None and label_remark(found) == "yesterday"
    bare = OPENING.match("User: fetch A")
    assert bare is not None and label_remark(bare) is None
    assert told_apart(["user", "user"], ["yesterday", "today"], REQUESTERS)
    assert told_apart(["user", "user"], [None, "now"], REQUESTERS)
    assert not told_apart(["user", "user"], ["now", "now"], REQUESTERS)  # the same time: one request
    assert not told_apart(["user", "user"], ["earlier", None], REQUESTERS)  # the last turn says nothing
    assert not told_apart(["user"], ["now"], REQUESTERS)  # one turn
    assert not told_apart(["user", "assistant"], ["a", "b"], REQUESTERS)  # not the requester's alone


# --- positive cases through the reader -----------------------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"Previous turn, user: which site has the timetable?\nassistant: That is {A}.\nuser: ok, download {A}",
     _fetch(A)),
    (f"Earlier turn, user: which page?\nassistant: {A}\nuser: thanks. is {A} allowed by robots.txt?",
     ("robots", {"target": A})),
    (f"Last turn, assistant: I stored {A} a minute ago.\nUser: what title did you get for {A}?", ("page", {"url": A})),
    (f"User (yesterday): download {B}\nUser (today): actually, what did you get from {B}?", ("page", {"url": B})),
    (f"Me (earlier): grab {B} for me\nMe (later): how many pages do you have from www.tagesschau.de?",
     ("stats", {"host": "www.tagesschau.de"})),
    (f"Human (turn 1): I need {B} stored.\nHuman (turn 2): is {B} allowed by its robots.txt?",
     ("robots", {"target": B})),
])
def test_positive(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- negative controls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,kind", [
    # The assistant's order is never carried out; an address only the context names stays outside.
    (f"Last turn, assistant: Fetch {A} next.\nuser: ok", "url_outside_parse"),
    (f"Previous turn, user: where?\nassistant: at {A}.\nuser: great, fetch {B} instead", "url_outside_parse"),
    # Yesterday's order is not given again today (read as one request, both were fetched).
    (f"User (yesterday): fetch {A}\nUser (today): fetch {B}", "url_outside_parse"),
    # Negation, condition (in the earlier own turn: read as written), unsupported verb.
    (f"Previous turn, user: don't fetch anything from {A} today\nassistant: ok.\nuser: fetch {A} now", "negation"),
    (f"User (earlier): download {B}\nUser (now): don't fetch {B} after all", "negation"),
    (f"User (yesterday): only if the site is up, fetch {B}\nUser (today): what did you store from {B}?",
     "condition"),
    (f"User (before): fetch {B}\nUser (now): delete everything you stored from {B}", "unsupported_verb"),
])
def test_negative(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- rule-off checks -------------------------------------------------------------------------------------

def test_comma_label_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Previous turn, user: which site?\nassistant: It is {A}.\nuser: Great, fetch {A} please."
    assert read_outcome(deputy, prompt) == _fetch(A)
    monkeypatch.setattr(turns_module, "spread_turns", lambda text, *args: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_told_apart_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"User (yesterday): download {B}\nUser (today): actually, what did you get from {B}?"
    assert read_outcome(deputy, prompt) == ("page", {"url": B})
    monkeypatch.setattr(turns_module, "told_apart", lambda *args: False)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_own_order_host_gate_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Me (earlier): grab {B} for me\nMe (later): how many pages do you have from www.tagesschau.de?"
    assert read_outcome(deputy, prompt) == ("stats", {"host": "www.tagesschau.de"})
    monkeypatch.setattr(turns_module, "_others", lambda turns: turns.context)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


# --- a clause repeating the verb on "it" (deputy/text/repeated_verb.py) --------------------------------------

M = "https://www.mozilla.org/en-US/firefox/"
T = "https://www.thunderbird.net/en-US/"


def test_the_repeat_pass_keeps_addresses() -> None:
    from deputy.protect import protect
    from deputy.text.repeated_verb import repeated_verb

    joiners, verbs = frozenset({"along with", "plus"}), frozenset({"fetch", "check"})
    out, notes = repeated_verb(protect(f"Fetch {M} and then fetch it again along with {T}."), joiners, verbs)
    assert out.pieces == ("Fetch ", " and ", ".") and notes
    # Another verb, two addresses before "it", a verb with another object: left as written.
    for said in (f"Fetch {M} and then download it again plus {T}", f"Fetch {M} and {A} and then fetch it plus {T}",
                 f"Check robots.txt for {M} and then check it again plus {T}"):
        assert repeated_verb(protect(said), joiners, verbs)[1] == ()


@pytest.mark.parametrize("prompt", [
    f"Fetch {M} and then fetch it again along with {T}.",
    f"Download {M} and then download it again together with {T}.",
    f"Please grab {M}, then grab it again plus {T}",
    f"fetch {M} and fetch it and {T} again",
])
def test_repeat_positive(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetch(M, T)


@pytest.mark.parametrize("prompt,kind", [
    (f"Fetch {M} and then, if it changed, fetch it again along with {T}.", "condition"),
    (f"Fetch {M} and then fetch it again along with {T} if it changed", "condition"),
    (f"Fetch {M} and then delete it along with {T}.", "unsupported_verb"),
    (f"Delete {M} and then delete it again along with {T}", "unsupported_verb"),
    (f"Fetch {M} but don't fetch it again along with {T}.", "negation"),
    (f"Don't fetch {M} and then fetch it again along with {T}", "negation"),
])
def test_repeat_negative(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_repeat_off_refuses() -> None:
    from _deputy_helpers import deputy_with_words

    prompt = f"Fetch {M} and then fetch it again along with {T}."
    assert read_outcome(deputy_with_words(repeat_joiners=frozenset()), prompt)[0] == "refused"


def test_adding_a_joiner_is_a_relaxation() -> None:
    from _teaching_helpers import relaxations_on_adding

    assert any("repeat_joiners" in line for line in relaxations_on_adding("repeat_joiners", "alongside"))
