"""Round 29 (turns29): a transcript's last user turn that points back at the one address of the earlier turns,
when the requester's own earlier turn named it ("User: Can MovaBot fetch A ?\nAssistant: Yes.\nUser: then fetch
the same page", "User: fetch A\nAssistant: Queued.\nUser: now check robots for the same site"; an earlier order
is still not carried out again through a pointer, round 23's control), with a pointer that names again what it
points at ("… and sitemaps for the same site?"), or after a question whether the earlier order went through
("did it go through? what did you get for it?"). Each rule has its refusal controls and a rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.pointed_turns import pointed_request
from seaspider.english_reader import build_deputy, load_vocab

A = "https://www.lemonde.fr/sciences/"
B = "https://www.elpais.com/internacional/"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- the pure rewrite of a pointer that names again what it points at -----------------------------

@pytest.mark.parametrize("request_text, expected", [
    ("and sitemaps for the same site?", f"and sitemaps for {A}?"),
    ("Great, then please fetch the same page.", f"Great, then please fetch {A}."),
    ("check robots for that same site", f"check robots for {A}"),
], ids=["for-site", "fetch-page", "that-same"])
def test_same_pointer_is_put_as_the_address(request_text: str, expected: str) -> None:
    words = load_vocab().words
    assert pointed_request(request_text, [A], frozenset({"fetch", "check"}), words) == expected


@pytest.mark.parametrize("request_text, addresses, own_named", [
    ("and sitemaps for the same site?", [A, B], True),      # two earlier addresses: no one "same site"
    ("fetch the same page", [A], False),                   # only someone else named the address
    ("fetch the same page and then it", [A], True),        # two pointers: no reading
], ids=["two-addresses", "not-own", "two-pointers"])
def test_same_pointer_stays_otherwise(request_text: str, addresses: list[str], own_named: bool) -> None:
    words = load_vocab().words
    assert pointed_request(request_text, addresses, frozenset({"fetch"}), words, own_named=own_named) is None


# --- whole prompts that now act ----------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"User: Is MovaBot allowed on {A} ?\nAssistant: Yes, robots.txt allows it.\nUser: Good, then download the "
     "same page.", ("fetch", {"urls": [A]})),
    (f"User: fetch {A}\nAssistant: Queued.\nUser: now check robots for the same site", ("robots", {"target": A})),
    (f"User: check robots for {A}\nAssistant: allowed.\nUser: and the sitemaps for the same site?",
     ("sitemaps", {"target": A})),
    (f"User: download {A}\nAssistant: Queued.\nUser: did it work? what did you store for it?", ("page", {"url": A})),
    (f"User: grab {A}\nAssistant: Queued.\nUser: did it go through? what did you get for it?", ("page", {"url": A})),
], ids=["same-page", "same-site-robots", "same-site-sitemaps", "did-it-work", "went-through"])
def test_pointing_back_acts(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- controls -------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, kind", [
    (f"User: Fetch {A}\nAssistant: Queued.\nUser: don't fetch it again", "negation"),
    (f"User: Fetch {A}\nAssistant: Queued.\nUser: if it failed, fetch it again", "condition"),
    (f"User: Fetch {A}\nAssistant: Queued.\nUser: delete it", "unsupported_verb"),
    (f"User: Can MovaBot fetch {A} ?\nAssistant: Yes.\nUser: then please don't fetch the same page.", "negation"),
    (f"User: check robots for {A}\nAssistant: allowed.\nUser: and sitemaps for the same site, unless it is down?",
     "condition"),
    (f"User: Fetch {A}\nAssistant: Done, it's queued.\nUser: Great, now fetch {B} too", "url_outside_parse"),
    (f"User: fetch {A} and {B}\nAssistant: Both queued.\nUser: fetch that one again", "url_outside_parse"),
    (f"User: check robots for {A} and {B}\nAssistant: both allowed.\nUser: and sitemaps for the same site?",
     "url_outside_parse"),
    (f"User: what's new today?\nAssistant: I noticed {A} changed.\nUser: fetch the same page", "url_outside_parse"),
    (f"User: what's new today?\nAssistant: Fetch {A} now.\nUser: fetch it", "url_outside_parse"),
    ("User: Fetch http://192.168.1.10/admin\nAssistant: Queued.\nUser: fetch it again", "non_public_address"),
    # Round 23's control: the requester's earlier order is not carried out again through a pointer.
    (f"User: Download {A}\nAssistant: Queued.\nUser: Thanks, download it again please", "url_outside_parse"),
    (f"User: grab {A}\nAssistant: Queued.\nUser: did it go through? fetch it again", "url_outside_parse"),
    (f"User: fetch {A}\nAssistant: Done.\nUser: now fetch the same page again.", "url_outside_parse"),
], ids=["negation", "condition", "delete", "same-negation", "same-condition", "other-address", "two-addresses",
        "two-sites", "assistant-only", "assistant-order", "private",
        "again", "went-through-again", "same-page-again"])
def test_controls_stay_refused(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- each rule switched off turns a positive case back to a refusal --------------------------------

def test_own_order_rule_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"User: fetch {A}\nAssistant: Queued.\nUser: now check robots for the same site"
    assert read_outcome(build_deputy(), prompt) == ("robots", {"target": A})
    monkeypatch.setattr("deputy.text.turns._order_holders", lambda turns, earlier: turns.context)
    assert read_outcome(build_deputy(), prompt) == ("refused", "url_outside_parse")


def test_observing_question_is_no_order(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"User: Can MovaBot fetch {A} ?\nAssistant: Yes, robots.txt allows it.\nUser: Great, then please fetch it."
    assert read_outcome(build_deputy(), prompt) == ("fetch", {"urls": [A]})
    monkeypatch.setattr("deputy.text.turns._ordered_before", lambda *args: True)
    assert read_outcome(build_deputy(), prompt) == ("refused", "url_outside_parse")


def test_ordered_before_guard_is_what_refuses_a_repeat(monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"User: fetch {A}\nAssistant: Done.\nUser: now fetch it again."
    monkeypatch.setattr("deputy.text.turns._ordered_before", lambda *args: False)
    assert read_outcome(build_deputy(), prompt) == ("fetch", {"urls": [A]})


def test_own_named_guard_is_what_refuses_an_assistant_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.turns._own_named", lambda turns, earlier: True)
    prompt = f"User: what's new today?\nAssistant: I noticed {A} changed.\nUser: fetch the same page"
    assert read_outcome(build_deputy(), prompt)[0] == "fetch"


def test_names_again_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.pointed_turns._names_again", lambda pointer: False)
    prompt = f"User: check robots for {A}\nAssistant: allowed.\nUser: and the sitemaps for the same site?"
    assert read_outcome(build_deputy(), prompt) == ("refused", "url_outside_parse")


def test_same_pointers_off_refuses() -> None:
    prompt = f"User: Can MovaBot fetch {A} ?\nAssistant: Yes.\nUser: Great, then please fetch the same page."
    assert read_outcome(build_deputy(), prompt)[0] == "fetch"
    pointers = frozenset(p for p in load_vocab().words.turn_pointers_one if "same" not in p)
    assert read_outcome(deputy_with_words(turn_pointers_one=pointers), prompt) == ("refused", "url_outside_parse")


def test_went_through_follow_ups_off_refuses() -> None:
    prompt = f"User: grab {A}\nAssistant: Queued.\nUser: did it go through? what did you get for it?"
    assert read_outcome(build_deputy(), prompt) == ("page", {"url": A})
    follow_ups = frozenset(f for f in load_vocab().words.follow_ups if not f.startswith("did "))
    assert read_outcome(deputy_with_words(follow_ups=follow_ups), prompt) == ("refused", "url_outside_parse")
