"""Round 14: markdown around a request (bold labels, a heading over a list, a quote block that is the
whole message, a tool-call block, narrated JSON arguments) and hedges ("no rush at all, but", "it
would help a lot if you fetched", "whenever you're free", "I'd love it if you could", the clock time
of the writer's own deadline). Every rule has its controls: a negation, a real condition, an
unsupported verb, a private address, the address in context only, someone else's quoted words, a
tool call with an unknown name or a second argument still refuse; and each rule switched off turns a
positive case back to a refusal."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pytest

import deputy.reader as reader_module
import deputy.signals as signals_module
from deputy.text.blockmarkup import list_headings, unbold_words, unquote_whole_message
from deputy.text.toolcalls import unpack_blocks
from seaspider.english_reader import build_deputy, deputy_for, load_vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
FETCH_A = ("fetch", {"urls": [A]})
FETCH_AB = ("fetch", {"urls": [A, B]})


def _block(name: str, arguments: dict[str, object]) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


# --- markup around a request --------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"**Fetch:** **{A}**", FETCH_A),
    (f"**Please download:** {A}", FETCH_A),
    (f"## Sources to download\n- {A}\n- {B}", FETCH_AB),
    (f"### Pages to fetch\n\n* {A}\n* {B}", FETCH_AB),
    (f"> **Task for Sea Spider**\n> Download {A} and {B}\n\nThanks!", FETCH_AB),
    (f"> fetch {A}", FETCH_A),
    (_block("fetch", {"urls": [A, B]}), FETCH_AB),
    (f'<tool_call>{{"name": "fetch", "arguments": {{"urls": "{A}"}}}}</tool_call>', FETCH_A),
    (f'Calling fetch with args {{"urls": ["{A}"]}}', FETCH_A),
    (f'Calling fetch with arguments {{"urls": ["{A}", "{B}"]}}', FETCH_AB),
    (f'fetch with args {{"urls": ["{A}"]}}', FETCH_A),  # as before
], ids=["bold", "bold-please", "heading", "heading-h3", "quote-block", "quote-line", "block", "block-one",
        "calling-args", "calling-arguments", "imperative-args"])
def test_markup_around_a_request_is_read_as_the_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"**Delete:** **{A}**", "unsupported_verb"),
    (f"**Don't fetch:** **{A}**", "negation"),
    ("**Fetch:** **http://10.0.0.12/status**", "non_public_address"),
    (f"## Pages to delete\n- {A}\n- {B}", "unsupported_verb"),
    (f"## Pages not to fetch\n- {A}\n- {B}", "negation"),
    (f"## Sources we cited last quarter\n- {A}\n- {B}", "not_understood"),  # a heading that asks nothing
    (f"> Fetch {A} once the report is out", "condition"),
    (f"> Don't download {A} yet\n\nThanks!", "negation"),
    (f"Maya wrote:\n> please purge {A} from the cache\nWhat do you think?", "unsupported_verb"),  # someone else's words
    (f"> maya: can we get a copy of {A}?\nDelete it afterwards.", "unsupported_verb"),
    (_block("delete", {"urls": [A]}), "not_understood"),  # an unknown name
    (_block("fetch", {"urls": [A], "schedule": "daily"}), "not_understood"),  # a second argument
    (_block("fetch", {"url": A}), "not_understood"),  # not the capability's slot
    (_block("fetch", {"urls": ["http://192.168.1.20/admin"]}), "non_public_address"),
    (_block("fetch", {"urls": [A]}) + "\nActually, don't run that yet.", "negation"),
    (f'Calling delete with args {{"urls": ["{A}"]}}', "unsupported_verb"),
])
def test_markup_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_markup_helpers_change_only_markup() -> None:
    assert list_headings(f"## Sources to download\n- {A}") == f"Sources to download:\n- {A}"
    assert list_headings("## Notes\nWe cited these.") == "## Notes\nWe cited these."  # no list under it
    assert unbold_words(f"**Fetch:** **{A}**") == f"Fetch: **{A}**"  # the address is protection's
    assert unbold_words("**a.example**") == "**a.example**"
    signs = ("thanks",)
    assert unquote_whole_message(f"> fetch {A}\n\nThanks!", signs) == f"fetch {A}\n\nThanks!"
    assert unquote_whole_message(f"> fetch {A}\nand then delete it", signs) == f"> fetch {A}\nand then delete it"
    assert unquote_whole_message(f"Maya wrote:\n> fetch {A}", signs) == f"Maya wrote:\n> fetch {A}"
    calls = {"fetch": frozenset({"urls"})}
    assert unpack_blocks(_block("fetch", {"urls": [A, B]}), calls) == f"fetch {A} and {B}"
    assert unpack_blocks(_block("fetch", {"urls": ["a b"]}), calls) == _block("fetch", {"urls": ["a b"]})


@pytest.mark.parametrize("helper, prompt", [
    ("list_headings", f"## Sources to download\n- {A}\n- {B}"),
    ("unquote_whole_message", f"> **Task for Sea Spider**\n> Download {A} and {B}\n\nThanks!"),
    ("unbold_words", f"**Fetch:** **{A}**"),
    ("unpack_blocks", _block("fetch", {"urls": [A, B]})),
])
def test_without_the_markup_rules_the_prompts_refuse(monkeypatch: pytest.MonkeyPatch, helper: str, prompt: str) -> None:
    assert read_outcome(build_deputy(), prompt)[0] == "fetch"
    if helper == "unquote_whole_message":
        monkeypatch.setattr(reader_module, helper, lambda text, sign_offs: text)
    else:
        monkeypatch.setattr(reader_module, helper, lambda text, *rest: text)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"  # the rule disabled


# --- hedges ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"No rush at all, but could you download {A}?",
    f"No hurry at all, but could you fetch {A}?",
    f"It would help a lot if you fetched {A}",
    f"It would help a lot if you could download {A}.",
    f"Whenever you're free, I'd love it if you could grab {A} for me.",
    f"Whenever you're free, please fetch {A}",
    f"When you're free, could you grab {A}?",
    f"I'd love it if you could grab {A}.",
    f"Before the 14:00 change freeze, grab {A}.",
    f"Grab {A} before the 9:30 code freeze, please.",
])
def test_hedges_and_the_writers_deadline_ask_plainly(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"No rush at all, but don't download {A} until the embargo lifts.", "negation"),
    (f"It would help a lot if you deleted {A}", "unsupported_verb"),
    (f"It would help a lot if you fetched {A} once it's updated", "condition"),
    (f"Whenever it changes, grab {A} for me.", "condition"),  # an event of the page's is a real condition
    (f"Whenever it changes, I'd love it if you could grab {A}.", "condition"),
    (f"If it changed, whenever you're free, I'd love it if you could grab {A}.", "condition"),
    (f"Whenever you're free, could you email {A} to the team?", "unsupported_verb"),
    (f"Whenever you're free, I'd love it if you could not grab {A}.", "negation"),
    ("Whenever you're free, I'd love it if you could grab http://10.0.0.5/admin.", "non_public_address"),
    (f"Before 6pm, grab {A}.", "condition"),  # a clock time alone stays a time to act (earlier decision)
    (f"Before 14:00, grab {A}.", "condition"),  # a clock hour is a schedule (round 21, voice21)
    (f"Before the 14:00 deploy, grab {A}.", "not_understood"),  # not an occasion of the writer's
    (f"Before the 2 freezes, grab {A}.", "condition"),
    (f"Before they start the 14:00 freeze, grab {A}.", "condition"),
    (f"Grab {A} after the 14:00 freeze.", "not_understood"),
    (f"Before the 14:00 change freeze, don't fetch {A}.", "negation"),
    (f"Before the 14:00 change freeze, delete {A}.", "unsupported_verb"),
    (f"Before the 14:00 change freeze, grab {A} once it's updated.", "condition"),
])
def test_hedge_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_new_hedges_the_prompts_refuse() -> None:  # the word lists disabled
    vocab = load_vocab()
    words = vocab.words
    frames = tuple(f for f in words.hedge_frames if "love it" not in f and "at all" not in f)
    # "rush" too: since round 16 an opening aside "no rush (at all)" takes its bare "but" with it.
    asides = tuple(a for a in words.hedge_asides if "free" not in a and "rush" not in a)
    bare = replace(vocab, words=replace(words, hedge_frames=frames, hedge_asides=asides,
                                        fillers=words.fillers - {"a lot"}))
    for prompt in (f"No rush at all, but could you download {A}?",
                   f"Whenever you're free, I'd love it if you could grab {A} for me.",
                   f"It would help a lot if you could download {A}."):
        assert read_outcome(build_deputy(), prompt) == FETCH_A
        assert read_outcome(deputy_for(bare), prompt)[0] == "refused"


def test_without_the_occasion_clock_the_freeze_refuses(monkeypatch: pytest.MonkeyPatch) -> None:  # the rule disabled
    prompt = f"Before the 14:00 change freeze, grab {A}."
    assert read_outcome(build_deputy(), prompt) == FETCH_A
    monkeypatch.setattr(signals_module, "_occasion_clocks", lambda tok, words: frozenset())
    assert read_outcome(build_deputy(), prompt)[0] == "refused"
    vocab = load_vocab()
    bare = replace(vocab, words=replace(vocab.words, occasions=vocab.words.occasions - {"freeze"}))
    monkeypatch.undo()
    assert read_outcome(deputy_for(bare), prompt)[0] == "refused"
