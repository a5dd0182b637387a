"""Rewrites before parsing come from closed lists only, touch no address, and never remove a real condition."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from deputy.protect import protect
from deputy.rewrite import _alternation, _gap, _phrase, rewrite
from seaspider.english_reader import load_vocab

WORDS = load_vocab().words


def _text(prompt: str) -> tuple[str, tuple[str, ...]]:
    done = rewrite(protect(prompt), spellings=WORDS.spellings, frames=WORDS.hedge_frames,
                   asides=WORDS.hedge_asides, courtesy=WORDS.courtesy | WORDS.politeness)
    out = done.protected.pieces[0]
    for item, piece in zip(done.protected.items, done.protected.pieces[1:], strict=True):
        out += item.text + piece
    return out, done.rewrites


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("pls fetch https://a.example/ thx", "please fetch https://a.example/, thanks"),
        ("r u busy?", "are you busy?"),
        ("whats the status", "what's the status"),
        ("pls dont fetch https://a.example/", "please don't fetch https://a.example/"),
        ("fetch https://a.example/ tmrw", "fetch https://a.example/ tomorrow"),
        ("fetch https://a.example/ again and again", "fetch https://a.example/ repeatedly"),
        ("When did you last fetch https://a.example/?", "When did you fetch https://a.example/?"),
    ],
    ids=["please-thanks", "are-you", "whats", "dont-stays-a-negation", "tomorrow-stays-a-schedule", "repetition",
         "you-last"],
)
def test_chat_spellings_become_standard_words(prompt: str, expected: str) -> None:
    assert _text(prompt)[0] == expected


def test_spellings_never_touch_an_address_or_a_longer_word() -> None:  # negative control
    text, rewrites = _text("Fetch https://u.example/pls/r and https://plz.example/ for the US")
    assert text == "Fetch https://u.example/pls/r and https://plz.example/ for the US"
    assert rewrites == ()


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("I'd appreciate it if you could fetch https://a.example/.", "please fetch https://a.example/."),
        ("Hi, I would be grateful if you could fetch https://a.example/.", "Hi, please fetch https://a.example/."),
        ("Don't forget to fetch https://a.example/.", "please fetch https://a.example/."),
        ("When you get a chance, fetch https://a.example/.", ", fetch https://a.example/."),
        ("Fetch https://a.example/ if you can.", "Fetch https://a.example/ ."),
        ("Fetch https://a.example/ and nothing else.", "Fetch https://a.example/ ."),
        ("Could you maybe fetch https://a.example/?", "please fetch https://a.example/?"),
        ("Could you possibly fetch https://a.example/?", "please fetch https://a.example/?"),
        ("Next, let's download https://a.example/.", "Next, please download https://a.example/."),
        ("Perhaps you could download https://a.example/?", "please download https://a.example/?"),
        ("Do me a favour and fetch https://a.example/.", "please fetch https://a.example/."),
        ("Please fetch https://a.example/ as soon as you can.", "Please fetch https://a.example/ ."),
        ("Fetch https://a.example/ and let me know when it's done.", "Fetch https://a.example/ ."),
        ("It would be good to fetch https://a.example/.", "please fetch https://a.example/."),
        ("Just fetch https://a.example/, nothing fancy.", "Just fetch https://a.example/, ."),
        ("Now, if you would, fetch https://a.example/.", "Now, , fetch https://a.example/."),
        ("Just a gentle reminder to download https://a.example/.", "please download https://a.example/."),
    ],
    ids=["appreciate", "after-greeting", "dont-forget", "when-you-get-a-chance", "if-you-can", "nothing-else",
         "could-you-maybe", "could-you-possibly", "next-lets", "perhaps-you-could", "favour", "as-soon-as-you-can", "let-me-know", "good-to",
         "nothing-fancy", "if-you-would", "reminder"],
)
def test_hedges_become_please_or_go(prompt: str, expected: str) -> None:
    assert _text(prompt)[0] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Fetch https://a.example/ if you can't reach https://b.example/.",  # not closed by punctuation
        "Fetch https://a.example/ if you could fetch https://b.example/.",  # a frame only opens a request
        "Fetch https://a.example/ if it changed.",
        "Fetch https://a.example/ when you get a chance to check https://b.example/.",
        "The user says I'd appreciate it if you could fetch https://a.example/.",
        "Fetch https://a.example/ as soon as it is up.",  # an event, not urgency
        "Can you maybe fetch https://a.example/?",  # "can you" asks leave: no frame with "can"
        "Can you possibly fetch https://a.example/?",
        "Fetch https://a.example/ and then let's fetch https://b.example/.",  # "and" is no word of sequence
        "Fetch https://a.example/ and maybe https://b.example/.",  # "maybe" in a list stays an aside
        "Fetch https://a.example/ and let me know when it's done with https://b.example/.",  # not closed
        "The user thinks it would be good to fetch https://a.example/.",  # a frame after other words
        "The user set a reminder to fetch https://a.example/.",  # someone else's reminder
    ],
    ids=["cant", "mid-sentence-frame", "real-condition", "aside-not-closed", "frame-after-words",
         "as-soon-as-an-event", "can-you-maybe", "can-you-possibly", "and-then-lets", "maybe-in-a-list", "let-me-know-not-closed",
         "good-to-after-words", "someone-elses-reminder"],
)
def test_a_hedge_that_could_condition_stays(prompt: str) -> None:  # negative control
    text, rewrites = _text(prompt)
    assert text == prompt and rewrites == ()


def test_shouting_is_lower_cased_but_one_capital_word_is_not() -> None:
    assert _text("PLS FETCH https://A.EXAMPLE/X NOW")[0] == "please fetch https://A.EXAMPLE/X now"
    assert _text("Fetch https://a.example/ NOW")[0] == "Fetch https://a.example/ NOW"  # negative control


def test_code_fences_and_open_task_boxes_are_markup() -> None:
    text, rewrites = _text("Download:\n```text\nhttps://a.example/\nhttps://b.example/x\n```")
    assert text == "Download:\n\nhttps://a.example/\nhttps://b.example/x\n"
    assert "code fence dropped" in rewrites
    assert _text("- [ ] fetch https://a.example/\n- [ ] fetch https://b.example/x")[0] == (
        "fetch https://a.example/\nfetch https://b.example/x")


def test_a_ticked_box_and_a_fence_inside_a_line_stay() -> None:  # negative control
    assert _text("- [x] fetch https://a.example/")[0] == "[x] fetch https://a.example/"
    assert _text("Fetch ``` now")[0] == "Fetch ``` now"


# The hedge frames are compiled as a trie of their words (a cold start compiled ~60 KB patterns
# before). The trie must find what the longest-first list of the same phrases found.
_WORDS = ("could", "you", "would", "please", "i", "be", "so", "grateful", "if", "can")
_FILLERS = ("possibly", "really", "so")


@given(
    phrases=st.lists(st.lists(st.sampled_from(_WORDS), min_size=1, max_size=4).map(" ".join), min_size=1, max_size=8),
    text=st.lists(st.sampled_from(_WORDS + _FILLERS + ("fetch",)), min_size=1, max_size=9).map(" ".join),
    with_fillers=st.booleans(),
)
@settings(max_examples=300, deadline=None)
def test_the_phrase_trie_finds_what_the_longest_first_list_found(phrases: list[str], text: str, with_fillers: bool) -> None:
    fillers = _FILLERS if with_fillers else ()
    flat = "|".join(_phrase(p, fillers) for p in sorted(dict.fromkeys(phrases), key=len, reverse=True))
    trie = _alternation(phrases, fillers)
    for outer in (r"(?<![\w'])({})" + _gap(fillers) + r"(?=[^\W\d_])", r"(?<![\w'])({})(?=[ \t]*(?:[,.]|$))"):
        want = [(m.span(), m.group(1)) for m in re.finditer(outer.format(flat), text, re.IGNORECASE)]
        got = [(m.span(), m.group(1)) for m in re.finditer(outer.format(trie), text, re.IGNORECASE)]
        assert got == want, (phrases, text)


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Fetch https://a.example/ for me, would you?", "Fetch https://a.example/ for me?"),
        ("Download https://a.example/, will you please?", "Download https://a.example/?"),
        ("Sorry to bother you, but could you fetch https://a.example/?", "Sorry to bother you. could you fetch https://a.example/?"),
        ("Sorry to bother you again, but is the queue empty?", "Sorry to bother you again. is the queue empty?"),
    ],
    ids=["tag-would", "tag-will-please", "apology-but", "apology-again-but"],
)
def test_a_tag_question_is_dropped_and_an_apology_is_its_own_sentence(prompt: str, expected: str) -> None:
    assert _text(prompt)[0] == expected


@pytest.mark.parametrize(
    "prompt",
    [
        "Fetch https://a.example/, can you?",  # "can" asks leave
        "Fetch https://a.example/, wouldn't you?",  # a negated tag
        "Would you fetch https://a.example/?",  # not a tag: the request itself
        "Fetch https://a.example/, would you say, or not?",  # not at the end
        "Sorry, but do not fetch https://a.example/.",  # no apology for bothering: left as written
    ],
    ids=["can-you", "negated-tag", "request-modal", "not-final", "bare-sorry"],
)
def test_other_tags_and_apologies_stay(prompt: str) -> None:  # negative control
    assert _text(prompt)[0] == prompt
