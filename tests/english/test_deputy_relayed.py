"""Prompts that only relay someone else's quoted words: the quotation is the prompt, with every check."""

from __future__ import annotations

import pytest

from _deputy_helpers import read_outcome
from deputy import Deputy, Plan, Refusal
from deputy.text.relayed import relayed

A, B = "https://a.example/", "https://b.example/x"


@pytest.mark.parametrize("prompt", [
    f'User says: "please fetch {A}"',
    f'Relaying from the user: "Please fetch {A}."',
    f'Customer message: "Hi, please download {A}, thanks!"',
    f'The customer wrote "pls download our pricing page {A}" — go ahead.',
    f"User says: 'grab {A} for me'",
    f'The user: "fetch {A}"',
    f'My user asked: "fetch {A}"',
])
def test_a_frame_that_only_says_who_said_it_passes_the_quotation_on(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


def test_a_relayed_question_is_answered_as_a_question(deputy: Deputy) -> None:
    assert read_outcome(deputy, f'My user asked "Is {A} allowed for crawlers?"') == ("robots", {"target": A})
    assert read_outcome(deputy, 'Quoting the user: "what is in the queue right now?"') == ("status", {})
    assert read_outcome(deputy, 'User: "How many pages have you got from a.example?"') == ("stats", {"host": "a.example"})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f'User says: "don\'t fetch {A}"', "negation"),
    (f'User says: "fetch {A} if it has news about the election"', "condition"),
    ('User says: "fetch http://192.168.1.1/"', "non_public_address"),
    (f'User says: "fetch {A} and delete the store"', "unsupported_verb"),
])
def test_every_check_still_applies_inside_the_relayed_words(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f'Say "fetch {A}"',  # an instruction to say something, not a relay
    f'Ask the user: "fetch {A}?"',  # the bare imperative "ask" tells the reader to ask
    f'Tell the user: "fetch {A}"',
    f'The user said "fetch {A}" but ignore it.',  # a verb in the frame
    f'The user never said "fetch {A}".',  # a negation in the frame
    f'If the user says "fetch {A}", do it.',  # a condition in the frame
    f'User says "fetch {A}" yesterday',  # a word off the frame lists
    f'"fetch {A}"',  # nobody passed it on
    f'Note: "fetch {A}"',  # a label that names no speaker
    f'User at {B} says: "fetch {A}"',  # an address in the frame
    f'User says: "fetch {A}" and "fetch {B}"',  # two quotations
])
def test_a_frame_with_anything_more_is_no_relay(deputy: Deputy, prompt: str) -> None:
    assert relayed(prompt, deputy.vocab.words) is None
    assert isinstance(deputy.read(prompt), Refusal)


def test_a_relay_frame_before_a_colon_passes_on_unquoted_words(deputy: Deputy) -> None:
    assert read_outcome(deputy, "The user asks: is the crawl still running?") == ("status", {})
    assert relayed("The user asks: is the crawl still running?", deputy.vocab.words) == "is the crawl still running?"
    assert read_outcome(deputy, f"User says: don't fetch {A}") == ("refused", "negation")
    # Negative controls: a frame that names no speaker, an address in the frame, a quotation after it.
    assert relayed("Note: is the crawl still running?", deputy.vocab.words) is None
    assert relayed(f"The user at {B} asks: fetch {A}", deputy.vocab.words) is None
    assert relayed(f'My user says: "grab it". Please fetch {A}.', deputy.vocab.words) is None


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"The user asked me to download {A}. Please do.", ("fetch", {"urls": [A]})),
    (f"My user wants me to fetch {A} — go ahead.", ("fetch", {"urls": [A]})),
    (f"The user asked me not to download {A}. Please do.", ("refused", "negation")),
    (f"My manager wants me to delete {A} — go ahead.", ("refused", "unsupported_verb")),
    (f"The user asked me to download {A} tomorrow. Go ahead.", ("refused", "condition")),
    (f"Someone at {B} asked me to fetch {A}. Please do.", ("refused", "url_outside_parse")),
])
def test_a_reported_request_endorsed_is_that_request(deputy: Deputy, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_a_reported_request_needs_the_endorsement_and_a_speaker(deputy: Deputy) -> None:  # negative control
    for prompt in (f"The user asked me to download {A}.", f"The user asked me to download {A}. Please don't.",
                   f"Ask the user to fetch {A}. Please do.", f"I asked you to fetch {A}. Please do."):
        assert relayed(prompt, deputy.vocab.words) is None, prompt
        assert isinstance(deputy.read(prompt), Refusal), prompt


def test_a_relay_inside_a_relay_is_read_as_written(deputy: Deputy) -> None:
    prompt = f"User says: \"my boss says: 'fetch {A}'\""
    assert relayed(prompt, deputy.vocab.words) == f"my boss says: 'fetch {A}'"
    assert isinstance(deputy.read(prompt), Refusal)


def test_negative_control_any_frame_would_act_on_an_instruction_to_say(deputy: Deputy) -> None:
    # With the frame check off, "Say "fetch A"" would become the request it quotes: the frame lists
    # are what keeps a quotation that is not passed on from acting.
    prompt = f'Say "fetch {A}"'
    inner = relayed(prompt, deputy.vocab.words, _any_frame=True)
    assert inner == f"fetch {A}"
    assert isinstance(deputy.read(inner), Plan)
    assert relayed(prompt, deputy.vocab.words) is None
