"""Round 21 (voice21): spoken and polite wrappers around one request (deputy/text/spoken_wrappers.py, the
round-21 word lists, a clock hour in deputy.forms.times and a comma closing an apology in deputy.text.hedged).

Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, a
question, another address or verb) and a check that switching the rule off turns a positive case back
into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


def _fetched(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- a bare address and a chat word of request (words.address_requests) ----------------------------------

@pytest.mark.parametrize("prompt", [f"{A} pls", f"pls {A}", f"{A} please.", f"{A}, plz"])
def test_a_bare_address_with_a_chat_word_is_fetched(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


def test_two_bare_addresses_with_a_chat_word_are_fetched(deputy: Any) -> None:
    assert read_outcome(deputy, f"{A} and {B} please") == _fetched(A, B)


@pytest.mark.parametrize("prompt", [
    f"{A} pls?", f"pls {A}?", f"{A} thanks", f"{A} pls delete", f"{A} or {B} pls", f"pls {A} pls", A,
], ids=["question", "question-before", "thanks", "unsupported", "or", "both-sides", "bare"])
def test_a_bare_address_otherwise_still_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_chat_word_rule_off() -> None:
    assert read_outcome(deputy_with_words(address_requests=()), f"{A} pls")[0] == "refused"


# --- a spoken yes before an order (words.agreeing_openers) ------------------------------------------------

def test_a_spoken_yes_before_an_order_goes(deputy: Any) -> None:
    assert read_outcome(deputy, f"yeah fetch {A}") == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"yeah fetch {A} tomorrow morning around nine", "condition"),
    (f"yep fetch {A} tomorrow", "condition"),
    (f"yeah don't fetch {A}", "negation"),
    (f"yes delete {A}", "unsupported_verb"),
])
def test_a_spoken_yes_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_spoken_yes_rule_off() -> None:
    assert read_outcome(deputy_with_words(agreeing_openers=()), f"yeah fetch {A}")[0] == "refused"


# --- an hour said after a preposition of time is a schedule (deputy.forms.times) ---------------------------

@pytest.mark.parametrize("prompt", [f"fetch {A} at 9", f"grab {A} at about nine", f"fetch {A} around 9:30"])
def test_a_clock_hour_is_a_schedule(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "condition")


def test_the_clock_hour_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.forms.times as times
    monkeypatch.setattr(times, "_clock_number", lambda tok: False)
    assert read_outcome(deputy, f"fetch {A} at 9") != ("refused", "condition")


# --- urgency adverbs (words.urgency_adverbs) and an apology closed by a comma --------------------------------

@pytest.mark.parametrize("prompt", [
    f"Sorry to bother you, but I urgently need {A} downloaded.",
    f"Sorry to bug you, but I desperately need {A} saved.",
    f"Apologies for the hassle, I urgently need {A} downloaded.",
    f"urgently grab {A}",
    f"grab {A} urgently",
])
def test_urgency_says_nothing_more(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"Sorry to bother you, but I urgently need {A} deleted.", "unsupported_verb"),
    (f"Sorry to bother you, but I urgently need {A} downloaded if it changed.", "condition"),
    (f"Sorry, don't urgently fetch {A}.", "negation"),
])
def test_urgency_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_urgency_rule_off() -> None:
    off = deputy_with_words(urgency_adverbs=())
    assert read_outcome(off, f"Sorry to bother you, but I urgently need {A} downloaded.")[0] == "refused"


# --- an appreciation frame whose "if" is a wish (words.appreciation_frames) ------------------------------

@pytest.mark.parametrize("prompt", [
    f"No rush at all, but I'd appreciate it if {A} got downloaded at some point.",
    f"I'd really appreciate it if {A} could be fetched sometime.",
    f"it would be great if {A} got downloaded",
])
def test_an_appreciated_if_is_a_wish(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt", [
    f"I'd appreciate it if {A} got downloaded once the vote is over.",
    f"I'd appreciate it if {A} didn't get downloaded.",
    f"I'd appreciate it if {A} got deleted.",
    f"I'd appreciate it if {A} changed.",
], ids=["condition", "negation", "unsupported", "no-participle"])
def test_an_appreciated_if_otherwise_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_appreciation_rule_off() -> None:
    off = deputy_with_words(appreciation_frames=())
    assert read_outcome(off, f"I'd appreciate it if {A} got downloaded.") == ("refused", "condition")


# --- a precaution that names no condition (words.precautions) ----------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Just in case, fetch {A}.", f"fetch {A} just in case", f"just in case grab {A}", f"To be safe, download {A}.",
])
def test_a_precaution_is_no_condition(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"Just in case it changed, fetch {A}.", "condition"),
    (f"In case the site is down, fetch {A} later.", "condition"),
    (f"fetch {A} in case it changed", "condition"),
    (f"Just in case, don't fetch {A}.", "negation"),
    (f"Just in case, delete {A}.", "any"),
    (f"in case fetch fails, grab {A}", "any"),
    (f"just in case download breaks, grab {A}", "any"),
])
def test_a_real_in_case_still_refuses(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused" and kind in ("any", outcome[1])


def test_the_precaution_rule_off() -> None:
    assert read_outcome(deputy_with_words(precautions=()), f"Just in case, fetch {A}.") == ("refused", "condition")


# --- "its not" inside a condition ---------------------------------------------------------------------------

# The model reads "if its not down" as a condition only with some addresses; this one it reads as a negation.
SHOP = "https://www.asos.com/men/"


def test_its_not_in_a_condition_is_a_condition(deputy: Any) -> None:
    assert read_outcome(deputy, f"grab {SHOP} if its not down") == ("refused", "condition")


def test_the_its_not_rule_off(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.text.spoken_wrappers as wrappers
    monkeypatch.setattr(wrappers, "_ITS_NOT", __import__("re").compile(r"(\Zx)"))
    assert read_outcome(deputy, f"grab {SHOP} if its not down") == ("refused", "negation")


# --- a denied negation before the same order (words.denying_frames) ---------------------------------------

@pytest.mark.parametrize("prompt", [
    f"I never said not to fetch {A} — go ahead and fetch it.",
    f"I never said not to download {A}. Download it.",
    f"I didn't tell you not to grab {A}, so grab it please.",
])
def test_a_denied_negation_before_the_same_order_is_the_order(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt", [
    f"I said not to fetch {A} — go ahead and fetch it.",
    f"never fetch {A}",
    f"I never said not to fetch {A} — go ahead and delete it.",
    f"Don't fetch {A} — go ahead and check robots.",
    f"I never said not to fetch {A} — go ahead and download it.",
    f"I never said not to fetch {A}.",
    f"I never said not to fetch {A} — fetch {B}.",
], ids=["said-not", "never", "delete", "dont-robots", "other-verb", "no-order", "other-address"])
def test_a_negation_otherwise_still_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_the_denied_negation_rule_off() -> None:
    off = deputy_with_words(denying_frames=())
    assert read_outcome(off, f"I never said not to fetch {A} — go ahead and fetch it.") == ("refused", "negation")


# --- a page's change as the reason for an order on "it" (words.page_changes) ------------------------------

@pytest.mark.parametrize("prompt", [
    f"uh yeah the thing is the weather page {A} keeps changing so just grab it now I guess",
    f"{A} changes all the time, so grab it now I suppose",
    f"the news page {A} updates every hour so just fetch it now",
])
def test_a_change_then_an_order_on_it_is_the_order(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetched(A)


@pytest.mark.parametrize("prompt,kind", [
    (f"the weather page {A} keeps changing so just grab it if it changed", "condition"),
    (f"the weather page {A} keeps changing so just delete it", "unsupported_verb"),
    (f"the weather page {A} keeps changing so don't grab it", "negation"),
    (f"the weather page {A} keeps changing so grab it tomorrow", "any"),
])
def test_a_change_keeps_what_refuses(deputy: Any, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused" and kind in ("any", outcome[1])


def test_the_page_change_rule_off() -> None:
    off = deputy_with_words(page_changes=())
    assert read_outcome(off, f"the weather page {A} keeps changing so just grab it now")[0] == "refused"
