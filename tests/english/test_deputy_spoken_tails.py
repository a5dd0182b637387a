"""Round 20 (voice20): spoken tails and frames around one request (deputy/text/spoken_tails.py and the
round-20 entries of words.closing_tails, words.spoken_openers, and deputy.text.spoken's "what's X look like").

Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, an
address in the tail or only in a remark) and a check that switching the rule off turns a positive case
back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


# --- a closing "you know …" aside (words.tail_asides) ----------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"fetch {A} and also {B} you know the weather ones",
    f"please grab {A} and {B}, you know the news ones",
    f"fetch {A} and {B} I mean the two forecast pages",
], ids=["weather-ones", "comma", "i-mean"])
def test_an_aside_naming_the_pages_again_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


def test_an_aside_after_a_permission_question_goes(deputy: Any) -> None:
    prompt = f"i need to know if the bot is allowed to grab {A} you know robots wise"
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize("prompt", [
    f"read me out the stuff on {A} you know the text you saved",
    f"show me the text of {A} you know the copy you stored",
], ids=["saved", "stored"])
def test_an_aside_pointing_at_the_stored_copy_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("read", {"url": A})


@pytest.mark.parametrize("prompt,kind", [
    (f"fetch {A} you know not the US edition", "negation"),
    (f"fetch {A} you know if it has changed", "condition"),
    (f"grab {A} you know and delete the old copy", "unsupported_verb"),
    (f"grab {A} you know delete it after", "unsupported_verb"),
    (f"read {A} you know the ones you deleted", "unsupported_verb"),
], ids=["negation", "condition", "joined-verb", "bare-verb", "refused-participle"])
def test_an_aside_that_asks_or_refuses_stays(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [f"fetch {A} you know the whole site", f"grab {A} you know every page on it"])
def test_an_aside_widening_the_request_stays(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_an_aside_naming_another_address_is_not_dropped(deputy: Any) -> None:
    # The aside holds B: it is read as written, and B is never dropped unseen.
    outcome = read_outcome(deputy, f"fetch {A} you know the one like {B}")
    assert outcome != ("fetch", {"urls": [A]})


def test_a_remark_with_no_request_still_refuses(deputy: Any) -> None:
    assert read_outcome(deputy, f"you know the forecast site {A} my brother keeps mentioning")[0] == "refused"


def test_the_aside_rule_off() -> None:
    off = deputy_with_words(tail_asides=())
    assert read_outcome(off, f"fetch {A} and also {B} you know the weather ones")[0] == "refused"


# --- a status question said again (words.restated_questions) and its closing "right now" ------------------

@pytest.mark.parametrize("prompt", [
    "right so what's the robot doing right now is it busy",
    "what's the robot doing right now",
    "so what's the crawler doing at the moment, is it running?",
    "whats the robot doing rn is it stuck",
], ids=["busy", "right-now", "running", "stuck"])
def test_a_restated_status_question_is_status(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


@pytest.mark.parametrize("prompt", [
    "what's the robot doing right now, stop it if it is busy",
    "what's the robot doing right now is it busy and delete the queue",
], ids=["condition", "unsupported"])
def test_a_restated_question_with_an_order_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_restatement_rule_off() -> None:
    off = deputy_with_words(restated_questions=())
    assert read_outcome(off, "right so what's the robot doing right now is it busy")[0] == "refused"


# --- "whats the queue look like", without its "does" (deputy.text.spoken) ---------------------------------

@pytest.mark.parametrize("prompt", ["whats the queue look like rn", "what's the queue look like today"])
def test_what_the_queue_looks_like_is_status(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


def test_what_the_queue_looks_like_with_an_order_refuses(deputy: Any) -> None:
    assert read_outcome(deputy, "whats the queue look like rn and clear it")[0] == "refused"


def test_the_look_like_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import re

    from deputy.text import spoken
    monkeypatch.setattr(spoken, "_LOOKS_LIKE", re.compile(r"(?!x)x"))
    assert read_outcome(deputy, "whats the queue look like rn")[0] == "refused"


# --- goodbyes naming the day (words.closing_tails) and "yeah the thing is" (words.spoken_openers) --------

@pytest.mark.parametrize("prompt", [
    f"fetch {A} and {B} and that's everything for today thanks bye",
    f"download {A} and {B} and that's all for today thanks",
], ids=["everything-today", "all-today"])
def test_a_goodbye_naming_the_day_goes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


def test_the_goodbye_rule_off() -> None:
    from seaspider.english_reader import load_vocab
    tails = tuple(t for t in load_vocab().words.closing_tails if "today" not in t)
    off = deputy_with_words(closing_tails=tails)
    assert read_outcome(off, f"fetch {A} and {B} and that's everything for today thanks bye")[0] == "refused"


def test_yeah_the_thing_is_opens(deputy: Any) -> None:
    assert read_outcome(deputy, f"uh yeah the thing is I need {A} downloaded") == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"yeah the thing is don't fetch {A} yet") == ("refused", "negation")


def test_the_opener_rule_off() -> None:
    from seaspider.english_reader import load_vocab
    openers = tuple(o for o in load_vocab().words.spoken_openers if "yeah the thing" not in o)
    off = deputy_with_words(spoken_openers=openers)
    assert read_outcome(off, f"yeah the thing is I need {A} downloaded")[0] == "refused"
