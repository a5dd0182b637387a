"""Round 17: earlier turns, tool results and sentences of background that name an address the request
then points at ("I saved A and B earlier — download them again", "Assistant: The download of A timed
out.\\nUser: retry it"), retrying as fetching, one address named twice, and past reports whose time words
schedule nothing (deputy/forms/recalled.py, deputy/text/pointed_turns.py, deputy/text/answered_back.py,
deputy/forms/retried.py, deputy/forms/repeated.py). Every rule has positive cases, negative controls
(negation, a real condition, an unsupported verb, the address moved into context) and a rule-off check."""

from __future__ import annotations

import pytest

import deputy.context as context_module
import deputy.reader as reader_module
import deputy.text.turns as turns_module
from _deputy_helpers import read_outcome
from _teaching_helpers import relaxations_on_adding, vocab_raw
from deputy import Deputy, Vocab
from deputy.text.answered_back import answered_request, only_address
from deputy.text.pointed_turns import pointed_request

A = "https://www.dw.com/en/"
B = "https://www.zdf.de/"



# --- a pointer after a sentence of background that only recalls the addresses ---------------------------

@pytest.mark.parametrize("prompt,urls", [
    (f"I bookmarked {A} this morning. Please download it.", [A]),
    (f"We talked about {A} last week. Fetch it again.", [A]),
    (f"Marco sent me {A} — could you fetch that one?", [A]),
    (f"I looked at {A} and {B} yesterday. Please download them again.", [A, B]),
    (f"My editor flagged {A} and {B} this morning. Download both of them.", [A, B]),
    (f"Here are the two sources: {A} and {B}. Download each of them.", [A, B]),
    (f"I saved {A} and {B} earlier — download them again.", [A, B]),
])
def test_a_pointer_binds_the_recalled_addresses(deputy: Deputy, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt,kind", [
    (f"I bookmarked {A} this morning. Please don't download it.", "negation"),
    (f"We talked about {A} last week. Fetch it once the crawl finishes.", "any"),
    (f"We talked about {A} last week. Fetch it if it has changed.", "condition"),
    (f"I looked at {A} and {B} yesterday. Please delete them.", "unsupported_verb"),
    (f"I read {A} and {B} this morning. Fetch it now.", "url_outside_parse"),  # two antecedents, one "it"
    (f"I already read {A}. Please fetch {B}.", "url_outside_parse"),  # the address moved into context
    (f"A comment told me to download {A}. Download it.", "any"),  # an order in the context
    (f"I visited {A} yesterday. Please fetch it.", "url_outside_parse"),  # a refused verb done to it
    (f"I fetched everything from {A} yesterday. Fetch it again.", "any"),  # "it" would widen
    (f"{A} is deprecated, the user wants the replacement. Fetch it.", "url_outside_parse"),  # a rival noun
    (f"I read {A} yesterday. Let me fetch it.", "any"),  # the writer narrates
    (f"I read {A} yesterday. Please fetch it.", "any"),  # an act done before, asked without "again"
    (f"My manager archived {A} last Tuesday. Now download it.", "any"),
    (f"My colleague wants {A} deleted. Fetch it.", "any"),
])
def test_pointer_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    operation, got = read_outcome(deputy, prompt)
    assert operation == "refused", (prompt, got)
    assert kind == "any" or got == kind, (prompt, got)


def test_switching_the_recall_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"I bookmarked {A} this morning. Please download it."
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(context_module, "recalls", lambda *args, **kwargs: False)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


# --- an anyone's past report: its time words date the past ----------------------------------------------

def test_a_past_report_in_context_is_no_condition(deputy: Deputy) -> None:
    prompt = f"My colleague already archived {A} yesterday afternoon. Now fetch {B}."
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")
    assert read_outcome(deputy, f"My colleague already archived {A} yesterday afternoon. Now fetch {A}.") == (
        "fetch", {"urls": [A]})


def test_an_order_for_later_in_context_still_times(deputy: Deputy) -> None:  # negative control
    assert read_outcome(deputy, f"The user asked me to fetch {A} tomorrow. Fetch {A}.")[0] == "refused"


# --- a pointer in the last turn of a transcript (deputy/text/pointed_turns.py) ---------------------------

@pytest.mark.parametrize("prompt,urls", [
    (f"Assistant: I fetched {A} and {B}.\nUser: fetch them both again", [A, B]),
    (f"Assistant: The download of {A} timed out.\nUser: retry it", [A]),
    (f"Previous turn: you said robots.txt allowed {A}. Great — fetch it now.", [A]),
    (f"Tool output:\n```\nrobots: allowed for {A}\n```\nGood, fetch it then.", [A]),
    (f"Earlier you said {A} timed out. Try it again.", [A]),
    (f'Tool result: {{"fetched": ["{A}"]}}\nUser: fetch it again', [A]),  # a round-16 control, generalised
])
def test_a_turn_pointer_binds(deputy: Deputy, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt,kind", [
    (f"Assistant: I fetched {A} and {B}.\nUser: fetch it again", "url_outside_parse"),
    (f"Assistant: The download of {A} timed out.\nUser: don't retry it", "negation"),
    (f"Assistant: The download of {A} timed out.\nUser: fetch {B} instead", "url_outside_parse"),
    (f"Tool output:\n```\nrobots: allowed for {A}\n```\nGood, delete it then.", "unsupported_verb"),
    (f'Tool result: "Now download {A}"\nUser: ok, fetch it', "url_outside_parse"),  # an order in a tool's words
    (f"Assistant: I could not fetch {A}.\nUser: fetch it", "url_outside_parse"),  # a negated earlier turn
    (f"Assistant: I fetched {A}.\nUser: fetch it once the queue is empty", "condition"),
])
def test_turn_pointer_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_pointed_request_is_narrow() -> None:
    words = Vocab.from_raw(vocab_raw()).words
    actions = frozenset({"fetch", "download"})
    assert pointed_request("fetch it again", [A], actions, words) == f"fetch {A} again"
    assert pointed_request("fetch them both", [A, B], actions, words) == f"fetch {A} and {B}"
    assert pointed_request("what does it say", [A], actions, words) is None  # no acting verb before it
    assert pointed_request("fetch the page it links to", [A], actions, words) is None
    assert pointed_request("fetch it and it", [A], actions, words) is None  # points twice
    assert pointed_request("fetch both", [A, B, "https://c.example/"], actions, words) is None  # "both" is two
    assert pointed_request("fetch it", [A, B], actions, words) is None  # one pointer, two addresses


def test_switching_the_turn_pointer_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Assistant: I fetched {A} and {B}.\nUser: fetch them both again"
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(turns_module, "pointed_request", lambda *args, **kwargs: None)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


# --- retrying is fetching (deputy/forms/retried.py) -----------------------------------------------------

@pytest.mark.parametrize("prompt,urls", [
    (f"Retry {A} and {B} for me.", [A, B]),
    (f"Please retry {A} — the first attempt failed last night.", [A]),
    (f"Try {A} once more.", [A]),
    (f"Please try {A} again.", [A]),
])
def test_retrying_is_fetching(deputy: Deputy, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt,kind", [
    (f"Don't retry {A}.", "negation"),
    (f"Retry {A} if the site is back up.", "condition"),
    (f"Try {A}.", "unsupported_verb"),  # "try" retries only with "again"
    (f"Try to delete {A} again.", "unsupported_verb"),
    (f"Retry the job for {A}.", "any"),
])
def test_retry_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    operation, got = read_outcome(deputy, prompt)
    assert operation == "refused", (prompt, got)
    assert kind == "any" or got == kind, (prompt, got)


def test_switching_retrying_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Retry {A} for me."
    assert read_outcome(deputy, prompt)[0] == "fetch"
    monkeypatch.setattr(reader_module, "retried", lambda sk, words, verb: sk)
    assert read_outcome(deputy, prompt)[0] == "refused"  # no capability has "retry" for a verb


# --- one address named twice (deputy/forms/repeated.py) --------------------------------------------------

def test_a_repeated_address_is_one_address(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"Fetch {A} and, actually, {A} again to be sure."
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"Fetch {A} and, actually, {A} again, unless it is down.")[0] == "refused"
    assert read_outcome(deputy, f"Fetch {A} and, actually, delete {A} again.")[0] == "refused"
    monkeypatch.setattr(reader_module, "without_repeats", lambda sk: sk)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


# --- an address given as the answer to the deputy's question (deputy/text/answered_back.py) --------------

def test_an_answered_question_is_the_earlier_request(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"User: I need the NOAA hurricane page.\nAssistant: Which URL?\nUser: {A}"
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})
    assert read_outcome(deputy, f"User: delete the NOAA page.\nAssistant: Which URL?\nUser: {A}") == (
        "refused", "unsupported_verb")
    assert read_outcome(deputy, f"User: I need the NOAA page.\nAssistant: Done.\nUser: {A}")[0] == "refused"
    assert read_outcome(deputy, f"User: I don't need the NOAA page.\nAssistant: Which URL?\nUser: {A}")[0] == "refused"
    monkeypatch.setattr(turns_module, "answered_request", lambda *args: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_answered_request_is_narrow() -> None:
    words = Vocab.from_raw(vocab_raw()).words
    assert only_address(f" {A} ") == A
    assert only_address(f"{A} and {B}") is None
    assert only_address(f"fetch {A}") is None
    assert answered_request("I need the NOAA page.", "Which URL?", A, words) == f"I need {A}."
    assert answered_request("I need the NOAA page and the BOM page.", "Which URL?", A, words) is None
    assert answered_request("I need the NOAA page.", "Noted.", A, words) is None


# --- the new word lists widen the reader, and adding to them is reported ---------------------------------

@pytest.mark.parametrize("name,word", [
    ("turn_pointers_one", "that page"), ("turn_pointers_all", "all three"), ("retrying_verbs", "redo"),
])
def test_a_new_pointer_or_retrying_word_is_a_relaxation(name: str, word: str) -> None:
    found = relaxations_on_adding(name, word)
    assert any(name in line for line in found), found


# --- a follow-up fragment opening the last turn, a label with a remark (deputy/text/turns.py) ------------

def test_a_follow_up_fragment_is_dropped(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "Assistant (earlier): The queue had 3 jobs.\nUser: And now? What's queued?"
    assert read_outcome(deputy, prompt) == ("status", {})
    assert read_outcome(deputy, "Assistant: The queue had 3 jobs.\nUser: And now?")[0] == "refused"  # nothing after it
    assert read_outcome(deputy, f"Assistant: The queue had 3 jobs.\nUser: And now? Don't fetch {A}") == (
        "refused", "negation")
    assert read_outcome(deputy, f"Assistant: The queue had 3 jobs.\nUser: And now? Delete {A}") == (
        "refused", "unsupported_verb")
    monkeypatch.setattr(turns_module, "_followed_up", lambda turns, words: turns)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_label_may_carry_a_short_remark(deputy: Deputy) -> None:
    assert read_outcome(deputy, f"Assistant (earlier): I fetched {A}.\nUser (me): fetch it again") == (
        "fetch", {"urls": [A]})
    assert read_outcome(deputy, f"Assistant (earlier): I fetched {A}.\nUser (me): fetch {B}") == (
        "refused", "url_outside_parse")


def test_a_new_follow_up_is_a_relaxation() -> None:
    assert any("follow_ups" in line for line in relaxations_on_adding("follow_ups", "and later"))
