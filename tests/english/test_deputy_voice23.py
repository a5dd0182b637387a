"""Round 23 (voice23): chat, spoken and hedged wordings around one request or question.

- deputy/text/spoken_asks.py: "whens the last time u fetched A" (a "when did you fetch A" question),
  a guessed time run on after a "when" question ("… was it today or", `words.guessed_times`), a perusal
  coordinated with the order on "it" ("take a look at A and download it", `words.perusal_phrases`),
  softeners set off by commas ("Could you maybe, possibly, …"), and a quoted word after a noun of
  mention ("the word 'delete'", `words.mention_nouns`);
- the round-23 entries of `words.hedge_frames` ("I was thinking maybe you could", "I guess you could") and
  `words.closing_tails` ("like roughly", "or so", "maybe"), and a tail before a closing "?"
  (deputy.text.disfluent).

Each rule has positive cases, negative controls (negation, real condition, unsupported verb, the address in
a statement) and a rule-off check that turns a positive case back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

import deputy.text.spoken_asks as spoken_asks
from _deputy_helpers import deputy_with_words, read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
HOST = "www.a.example.com"


def _fetched(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


def _page(url: str) -> tuple[str, object]:
    return "page", {"url": url}


def _without(name: str, *phrases: str) -> Any:
    """The deputy whose list `name` lacks the given (round-23) phrases: the rule switched off."""
    from seaspider.english_reader import load_vocab
    words = getattr(load_vocab().words, name)
    kept = [w for w in words if w.lower() not in {p.lower() for p in phrases}]
    return deputy_with_words(**{name: frozenset(kept) if isinstance(words, frozenset) else tuple(kept)})


# --- "when's the last time you fetched A" ------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"whens the last time u fetched {A}",
    f"when was the last time you downloaded {A}?",
    f"Quick one: when's the last time we grabbed {A}",
    f"when is the most recent time you saved {A}",
])
def test_the_last_time_question_asks_for_the_page(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _page(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"whens the last time u deleted {A}", "unsupported_verb"),
    (f"whens the last time u emailed {A} to the team", "unsupported_verb"),
    (f"when was the last time you fetched {A}? don't fetch it again", "negation"),
])
def test_the_last_time_question_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_last_time_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spoken_asks, "_last_time", lambda text: text)
    assert read_outcome(deputy, f"when was the last time you downloaded {A}?")[0] == "refused"


# --- a guessed time run on after a "when" question ---------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"so like when did you last grab {A} was it today or",
    f"when did u last fetch {A} like yesterday or something",
    f"hey when was {A} last downloaded, was it last week or",
    f"when did you fetch {A}, was it this morning?",
])
def test_a_guessed_time_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _page(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"when did you last delete {A} was it today or", "unsupported_verb"),
    (f"when the job is done fetch {A}, was it last week or", "condition"),
    (f"when did you last fetch {A} was it today or did you skip it", "unsupported_verb"),
    (f"when did you last fetch {A} or was it {B} yesterday or", "url_outside_parse"),
])
def test_a_guessed_time_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_time_of_the_question_stays() -> None:
    # No "was it" and no "or": "today" belongs to the question, and is left as written.
    from seaspider.english_reader import load_vocab
    times = load_vocab().words.guessed_times
    assert spoken_asks._without_guess(f"when did you fetch {A} today", times) == f"when did you fetch {A} today"


def test_the_guessed_time_rule_off() -> None:
    off = deputy_with_words(guessed_times=())
    assert read_outcome(off, f"so like when did you last grab {A} was it today or")[0] == "refused"


# --- a perusal coordinated with the order on "it" ----------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Could you maybe, possibly, take a look at {A} and download it?",
    f"take a quick look at {A} and then download it please",
    f"Please have a look at {A} and grab it.",
])
def test_a_perusal_before_the_order_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"Please take a look at {A} and delete it.", "unsupported_verb"),
    (f"Take a look at {A} and don't download it.", "negation"),
    (f"Take a look at {A} and download it if it has changed.", "condition"),
    (f"Take a look at {A} and tell me what you think.", "unsupported_verb"),
])
def test_a_perusal_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_perusal_rule_off() -> None:
    off = deputy_with_words(perusal_phrases=())
    assert read_outcome(off, f"take a quick look at {A} and then download it please")[0] == "refused"


# --- softeners set off by commas after the request modal ---------------------------------------------------

@pytest.mark.parametrize("prompt,kind", [
    (f"Would you perhaps, maybe, delete {A} for me?", "unsupported_verb"),
    (f"Would you perhaps, maybe, not fetch {A}?", "negation"),
])
def test_stacked_softeners_keep_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_stacked_softeners(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Would you perhaps, maybe, fetch {A} for me?"
    assert read_outcome(deputy, prompt) == _fetched(A)
    monkeypatch.setattr(spoken_asks, "_unstacked", lambda text: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a quoted word after a noun of mention -----------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A} — the page title contains the word 'delete', that's expected.",
    f'Download {A} — its headline has the word "remove" in it, which is fine.',
    f"Fetch {A} - the string “erase” appears in its footer, that is fine",
])
def test_a_mentioned_word_is_no_verb(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"Fetch {A} and then 'delete' the old copy.", "unsupported_verb"),
    (f"Fetch {A} and delete the word 'draft' from its title.", "unsupported_verb"),
    (f"Delete '{A}' — the word 'fetch' is in its title.", "unsupported_verb"),
    (f"Don't fetch {A} — the title has the word 'delete' in it.", "negation"),
])
def test_a_mention_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_quoted_address_is_never_a_mention() -> None:
    text = f"Fetch the word '{A}'"
    assert spoken_asks._unmentioned(text, frozenset({"word"})) == text


def test_the_mention_rule_off() -> None:
    off = deputy_with_words(mention_nouns=frozenset())
    assert read_outcome(off, f"Fetch {A} — the page title contains the word 'delete', that's expected.")[0] == "refused"


# --- "I was thinking you could", "I guess you could", and the spoken amount tails -------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"so yeah I was thinking maybe you could like read out the saved text of {A}", ("read", {"url": A})),
    (f"I was thinking maybe you could grab {A} for me", _fetched(A)),
    (f"I guess you could fetch {A} maybe", _fetched(A)),
    (f"I guess u could download {A}", _fetched(A)),
])
def test_a_spoken_suggestion_is_the_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"I was thinking maybe you could delete {A}", "unsupported_verb"),
    (f"I was thinking you could fetch {A} once the chart is published", "condition"),
    (f"I was thinking you shouldn't fetch {A}", "negation"),
    (f"I guess you could fetch {A} unless it's down maybe", "condition"),
    (f"I guess you couldn't fetch {A} maybe", "negation"),
    (f"I suppose you could fetch {A}", "condition"),
])
def test_a_spoken_suggestion_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_spoken_suggestion_rule_off() -> None:
    off = _without("hedge_frames", "I was thinking maybe you could", "I was thinking you could")
    assert read_outcome(off, f"I was thinking maybe you could grab {A} for me")[0] == "refused"


@pytest.mark.parametrize("prompt", [
    f"hey uh how many pages have you got for {HOST} like roughly",
    f"so how many pages u got stored from {HOST} or so",
    f"how many pages have we got from {HOST}, like roughly?",
    f"how many pages have we got from {HOST} roughly?",
])
def test_a_spoken_amount_tail_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("stats", {"host": HOST})


@pytest.mark.parametrize("prompt,kind", [
    (f"Once the crawl finishes, tell me how many pages you have for {HOST} like roughly", "condition"),
    (f"delete the pages you have for {HOST} like roughly half of them", "unsupported_verb"),
])
def test_a_spoken_amount_tail_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_tail_after_an_auxiliary_is_a_question_of_its_own(deputy: Any) -> None:
    # "… or not, do you know?": "you know" is no tail there; the robots question is read as written.
    assert read_outcome(deputy, f"uh are we allowed to fetch {A} or not, do you know?") == ("robots", {"target": A})


def test_the_spoken_amount_tail_rule_off() -> None:
    off = _without("closing_tails", "like roughly")
    assert read_outcome(off, f"hey uh how many pages have you got for {HOST} like roughly")[0] == "refused"
