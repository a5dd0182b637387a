"""Round 16 (branch r16-context): spoken voice, wishes, claimed authority and "them both".

Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, a
private address) and a check that switching the rule off turns a positive case back into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import reader, rewrite
from deputy.text import spoken
from deputy.text.both import read_both
from deputy.text.spoken import unspoken
from seaspider.english_reader import build_deputy, load_vocab

A = "https://a.example.com/x"
B = "https://b.example.com/y"
PRIVATE = "http://10.0.0.12/home"


_without = deputy_with_words


# --- wishes and pseudo-clefts as hedge frames (deputy/words.py hedge_frames) ---------------------------

@pytest.mark.parametrize("prompt", [
    f"Would be great if you could pull {A} down for me.",
    f"Would be awesome if you could fetch {A} today.",
    f"Hoping you can download {A} sometime today, thanks in advance!",
    f"Hoping you could grab {A} for me.",
    f"What I want is for you to download {A}.",
    f"All I need is for you to fetch {A} today.",
    f"What I'd like is for you to grab {A} for me.",
], ids=["great-pull-down", "awesome", "hoping-can", "hoping-could", "cleft-want", "cleft-all", "cleft-like"])
def test_a_wish_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Would be great if you could fetch {A} if it changed overnight.", "condition"),
    (f"Would be great if you didn't fetch {A} today.", "negation"),
    (f"Hoping you can delete {A} sometime today.", "unsupported_verb"),
    (f"Would be great if you could pull {PRIVATE} down for me.", "non_public_address"),
    (f"What I want is for you not to fetch {A} at all.", "negation"),
    (f"What I want is for you to delete {A}.", "unsupported_verb"),
    (f"What I want is for you to fetch {A} if it changed since Monday.", "condition"),
], ids=["condition", "negation", "delete", "private", "cleft-not", "cleft-delete", "cleft-condition"])
def test_a_wish_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_wish_frames_they_refuse() -> None:
    words = load_vocab().words
    frames = tuple(f for f in words.hedge_frames if "hoping" not in f and "is for you to" not in f
                   and not f.startswith("would be"))
    bare = _without(hedge_frames=frames)
    for prompt in (f"Hoping you can download {A} today.", f"What I want is for you to download {A}.",
                   f"Would be great if you could fetch {A}."):
        assert read_outcome(build_deputy(), prompt) == ("fetch", {"urls": [A]})
        assert read_outcome(bare, prompt)[0] == "refused"


# --- "No pressure, but …" (hedge_asides + the "but" it leaves, deputy/rewrite.py) -----------------------

def test_no_pressure_is_no_negation(deputy: Any) -> None:
    prompt = f"No pressure, but it would help if you fetched {A} sometime today."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"No pressure, but it would help if you fetched {PRIVATE} whenever convenient.", "non_public_address"),
    (f"No pressure, but don't fetch {A}.", "negation"),
    (f"No, but it would help if you fetched {A}.", "negation"),
    (f"No pressure, but it would help if you deleted {A}.", "unsupported_verb"),
], ids=["private", "negation", "bare-no", "delete"])
def test_no_pressure_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_but_elsewhere_is_kept(deputy: Any) -> None:
    assert read_outcome(deputy, f"But fetch {A}.")[0] == "refused"


def test_without_the_left_but_rule_no_pressure_is_not_understood(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"No pressure, but it would help if you fetched {A} sometime today."
    monkeypatch.setattr(rewrite, "_LEFT_BUT", rewrite.re.compile(r"(?!)"))
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


# --- a claimed role before "I order you" (deputy/text/spoken.py + hedge_frames) -------------------------

@pytest.mark.parametrize("prompt", [
    f"As the administrator I order you: fetch {A} right now.",
    f"As the project owner, I order you: download {A} now.",
    f"I'm the admin and I order you to fetch {A}.",
    f"As your operator I command you: fetch {A} right away.",
], ids=["colon", "comma", "im-the-admin", "command"])
def test_an_order_of_the_writer_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"As the administrator I order you to delete {A} right now.", "unsupported_verb"),
    (f"As the administrator I order you: don't fetch {A}.", "negation"),
    (f"Order {A} for me right now.", "unsupported_verb"),
    (f"As the administrator, order {A} for me.", "unsupported_verb"),
    (f"I order you to order {A} for me.", "unsupported_verb"),
    (f"I order you: fetch {PRIVATE} now.", "non_public_address"),
    (f"As the administrator I order you to fetch {A} if it changed.", "condition"),
], ids=["delete", "negation", "purchase", "role-purchase", "order-to-order", "private", "condition"])
def test_an_order_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_role_rule_the_order_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"As the administrator I order you: fetch {A} right now."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(spoken, "_AUTHORITY", spoken.re.compile(r"(?!)"))
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- spoken openers, "like today", question tags (deputy/text/spoken.py) --------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"so basically what i want is for you to download {A} and that's it", ("fetch", {"urls": [A]})),
    (f"okay so the thing is i need the page from {A} downloaded like today if you could", ("fetch", {"urls": [A]})),
    (f"er is the robot allowed on {A} do you know", ("robots", {"target": A})),
    (f"um is the crawler allowed on {A} do you know", ("robots", {"target": A})),
    (f"uh are we allowed to fetch {A} or not, do you know?", ("robots", {"target": A})),
], ids=["cleft", "need-downloaded", "robot-tag", "crawler-tag", "or-not-tag"])
def test_spoken_forms_are_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"er is the robot allowed on {PRIVATE} do you know", "non_public_address"),
    (f"so basically what i want is for you to delete {A} and that's it", "unsupported_verb"),
    (f"so basically don't fetch {A}", "negation"),
    (f"i need {A} deleted like today if you could", "unsupported_verb"),
    (f"okay so the thing is i need {A} downloaded if it changed", "condition"),
], ids=["private", "delete", "negation", "deleted", "condition"])
def test_spoken_forms_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_tag_after_a_request_is_left(deputy: Any) -> None:
    assert unspoken(f"fetch {A} do you know", (), ("do you know",)) == f"fetch {A} do you know"


def test_an_opener_before_an_acting_verb_is_left() -> None:
    assert unspoken(f"uh fetch {A}", ("uh",), (), {"fetch"}) == f"uh fetch {A}"


def test_without_the_spoken_lists_they_refuse() -> None:
    bare = _without(spoken_openers=(), question_tags=())
    prompt = f"er is the robot allowed on {A} do you know"
    assert read_outcome(build_deputy(), prompt) == ("robots", {"target": A})
    assert read_outcome(bare, prompt)[0] == "refused"


# --- "pull A down from the site" is a removal (deputy/text/spoken.py) ------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Please pull {A} down from the site.",
    f"Would be great if you could pull {A} down from the site.",
    f"Pull {A} down from our website today.",
], ids=["please", "wish", "our-website"])
def test_pulled_down_from_the_site_is_refused(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_pull_down_for_me_is_a_fetch(deputy: Any) -> None:
    assert read_outcome(deputy, f"Pull {A} down for me.") == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"Pull down {A} please.") == ("fetch", {"urls": [A]})


# --- "them both", "take A and B and fetch them", "the X one B" (deputy/text/both.py) --------------------

@pytest.mark.parametrize("prompt", [
    f"Take {A} and {B} and fetch them both.",
    f"Take {A} and {B} and download them.",
    f"Here are {A} and {B} — download them both please.",
    f"Grab the Nikkei page {A} and the Yonhap one {B}, both please.",
    f"Fetch the Guardian page {A} and the Times one {B}, please.",
], ids=["take-both", "take-them", "here-are-both", "the-x-one", "the-x-one-please"])
def test_two_pages_together(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize("prompt, kind", [
    (f"Take {A} and {B} and delete them both.", "unsupported_verb"),
    (f"Take {A} and {B} and don't fetch them.", "negation"),
    (f"Take {A} and {B} down.", "unsupported_verb"),
    (f"Take {A} and {B} and fetch them if they changed.", "condition"),
    (f"Grab the Nikkei page {A} and the Office one {PRIVATE}, both please.", "non_public_address"),
    (f"Don't fetch them both: {A} and {B}.", "negation"),
], ids=["delete", "negation", "take-down", "condition", "private", "dont-both"])
def test_two_pages_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_one_needs_a_named_page_before_it() -> None:
    assert read_both(f"Grab {A} and the Yonhap one {B}.", {"grab"}) == f"Grab {A} and the Yonhap one {B}."


def test_without_the_both_rule_they_refuse(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = (f"Take {A} and {B} and fetch them both.", f"Grab the Nikkei page {A} and the Yonhap one {B}.")
    for prompt in prompts:
        assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})
    monkeypatch.setattr(reader, "read_both", lambda text, actions: text)
    # Round 17 (learners): "take A" alone is read as "fetch A" too; switched off here so the "both" rule is what is shown.
    monkeypatch.setattr(reader, "learner_verbs", lambda text, fetching, showing: text)
    for prompt in prompts:
        assert read_outcome(deputy, prompt)[0] == "refused"


# --- a reassurance before the request (deputy/text/reassured.py) ----------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Other agents are handling the news coverage separately, so you don't need to worry about that part. "
    f"Please fetch {A} so the analysts can read it tomorrow.",
    f"My colleague agent is handling the photos, so you don't need to bother with those. Please fetch {A}.",
    f"You don't need to worry about that part. Please fetch {A}.",
], ids=["so-that-part", "bother-with-those", "sentence"])
def test_a_reassurance_is_context(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"You don't need to worry about that part. Please don't fetch {A}.", "negation"),
    (f"Please fetch {A}. You don't need to worry about that part.", "negation"),  # may take it back
    (f"You don't need to worry about it. Please fetch {A}.", "negation"),  # "it" may be the page
    (f"You don't need to fetch {A}. Please fetch {B}.", "negation"),
    (f"You don't need to worry about that part. Please fetch {A} if it changed.", "condition"),
    (f"You don't need to worry about that part. Please fetch {PRIVATE}.", "non_public_address"),
    (f"You don't need to worry about that part. Please delete {A}.", "unsupported_verb"),
], ids=["negated-request", "after-request", "about-it", "dont-need-fetch", "condition", "private", "delete"])
def test_a_reassurance_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_reassurance_rule_it_is_a_negation(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"You don't need to worry about that part. Please fetch {A}."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "unworried", lambda text: text)
    assert read_outcome(deputy, prompt) == ("refused", "negation")


# --- "before doing anything with A, tell me whether robots.txt lets us in" (deputy/text/before_anything.py)

@pytest.mark.parametrize("prompt", [
    f"A journalist asked me to stay away from sites that block bots. Before doing anything with {A}, "
    "tell me whether robots.txt lets us in.",
    f"Before anything else with {A}, tell me whether robots.txt lets us in.",
    f"Before you do anything with {A}, tell me if robots.txt allows us on.",
], ids=["journalist", "anything-else", "you-do"])
def test_asked_first_is_a_robots_question(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize("prompt, kind", [
    (f"Before doing anything with {A}, tell me whether robots.txt lets us in if it changed.", "condition"),
    (f"Before doing anything with {PRIVATE}, tell me whether robots.txt lets us in.", "non_public_address"),
    (f"Before doing anything with {A}, tell me whether robots.txt lets us in, then delete it.", "unsupported_verb"),
    (f"Before you fetch {A}, tell me whether robots.txt lets us in.", "condition"),
    (f"A reporter sent me {A}. Tell me whether robots.txt lets us in.", "unsupported_verb"),
], ids=["condition", "private", "delete", "before-you-fetch", "context-only"])
def test_asked_first_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_asked_first_rule_it_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Before doing anything with {A}, tell me whether robots.txt lets us in."
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})
    monkeypatch.setattr(reader, "asked_first", lambda text: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- "A should be fetched" (deputy/text/passive_ask.py) --------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"So the user can read the timetable offline on the train tomorrow, {A} should be fetched.",
    f"{A} needs to be downloaded before the meeting.",
    f"{A} must be saved.",
], ids=["fronted", "needs-to-be", "must-be-saved"])
def test_a_passive_request_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize("prompt, kind", [
    (f"{A} should not be fetched.", "negation"),
    (f"{A} should be fetched if it changed.", "condition"),
    (f"{A} should be deleted.", "unsupported_verb"),
    (f"{PRIVATE} should be fetched.", "non_public_address"),
    (f"I think {A} should be fetched, but don't do it yet.", "negation"),
], ids=["negation", "condition", "deleted", "private", "but-dont"])
def test_a_passive_request_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_passive_rule_it_is_refused(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"So the user can read it offline tomorrow, {A} should be fetched."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr(reader, "passive_asked", lambda text, actions: text)
    assert read_outcome(deputy, prompt)[0] == "refused"
