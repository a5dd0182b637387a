"""Round 23 (turns23): pasted transcripts. The request's "it" standing for the address the requester's own
earlier order named ("User: fetch A\\nAssistant: Done.\\nUser: what title did it get?"), an elliptical count
question after an earlier count ("… you had about 1,200 pages. How many now?"), a bare address answering
the deputy's question of what to act on ("Assistant: what should I fetch?\\nUser: A"), a single-quoted
earlier answer after "Assistant said:", two turns on one line ("Previous turn - user: … assistant: …"),
and a numbered turn's speaker in parentheses ("Turn 2 (assistant): …"). Every rule has positive cases,
negative controls (negation, a real condition, an unsupported verb, the address only in context) and a
rule-off check (deputy/text/turns.py, inline_turns.py, count_ellipsis.py, answered_back.py)."""

from __future__ import annotations

import pytest

import deputy.forms.asked_back as asked_back

from _deputy_helpers import deputy_with_words, read_outcome
from _teaching_helpers import relaxations_on_adding
from deputy import Deputy
from deputy.text.count_ellipsis import elliptic_count
from deputy.text.inline_turns import spread_turns
from deputy.text.turn_labels import label_pattern

A = "https://www.cell.com/cell/current"
B = "https://www.nejm.org/"
PAGES = frozenset({"pages"})
FRAGMENTS = frozenset({"how many now", "and now"})
LABELS = frozenset({"assistant", "previous turn"})
REQUESTERS = frozenset({"user"})
OPENING = label_pattern(LABELS | REQUESTERS, frozenset({"turn"}), frozenset({"earlier"}))


def _fetch(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- the pure text passes ----------------------------------------------------------------------------

def test_a_count_question_takes_the_earlier_noun() -> None:
    said = ["Last time you said you had about 1,200 pages."]
    assert elliptic_count("How many now?", said, FRAGMENTS, PAGES) == "How many pages do you have now?"
    assert elliptic_count("And now?", ["About 3 400 stored pages."], FRAGMENTS, PAGES) is not None
    assert elliptic_count("How many now?", ["The queue was empty."], FRAGMENTS, PAGES) is None  # no count
    assert elliptic_count("How many now", said, FRAGMENTS, PAGES) is None  # no question
    assert elliptic_count("Fetch more now?", said, FRAGMENTS, PAGES) is None  # not a count fragment
    # A number inside an address counts nothing.
    assert elliptic_count("How many now?", ["I fetched https://x.example/1200 pages."], FRAGMENTS, PAGES) is None


def test_a_line_of_two_turns_is_cut() -> None:
    line = f"Previous turn - user: fetch {A} assistant: done.\nUser: now fetch {B} too"
    assert spread_turns(line, OPENING, LABELS, REQUESTERS) == (
        f"User (earlier): fetch {A}\nassistant: done.\nUser: now fetch {B} too"
    )
    asked = "User: which sites do you know? assistant: I can fetch pages."
    assert spread_turns(asked, OPENING, LABELS, REQUESTERS) == "User: which sites do you know?\nassistant: I can fetch pages."
    # A label inside a sentence is part of it, and a line with no opening label is left as written.
    noted = f"User: fetch {A} (note to the assistant: be quick)"
    assert spread_turns(noted, OPENING, LABELS, REQUESTERS) == noted
    plain = f"Fetch {A}. assistant: done."
    assert spread_turns(plain, OPENING, LABELS, REQUESTERS) == plain


# --- positive cases through the reader -----------------------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"User: fetch {A}\nAssistant: Done.\nUser: what title did it get?", ("page", {"url": A})),
    (f"Human: grab {A}\nAI: Fetched, 200 OK.\nHuman: when did you fetch it?", ("page", {"url": A})),
    (f"Turn 1 (user): fetch {A}\nTurn 2 (assistant): ok.\nTurn 3 (user): what was its title?", ("page", {"url": A})),
    (f"User: download {A}\nAssistant: Saved.\nUser: show me the text you saved for it", ("read", {"url": A})),
    ("Last time you said you had about 1,200 pages. How many now?", ("stats", {})),
    ("User: how many pages do you have?\nAssistant: About 3,400 pages.\nUser: and now?", ("stats", {})),
    (f"Turn 1 (user): hi\nTurn 2 (assistant): hello, what should I fetch?\nTurn 3 (user): {A}", _fetch(A)),
    (f"Human: morning\nAI: Which page would you like me to download?\nHuman: {A}", _fetch(A)),
    (f"User: hi\nAssistant: Sure, which site should I check robots.txt for?\nUser: {A}", ("robots", {"target": A})),
    (f"Assistant said: 'I fetched {A} at 09:14 UTC.' What was its title?", ("page", {"url": A})),
    (f"Previously: \"I fetched {A}.\"\nWhat title did it get?", ("page", {"url": A})),
    (f"Previous turn - user: what do you know about Chile? assistant: I can fetch pages.\nUser: ok fetch {B}",
     _fetch(B)),
])
def test_positive(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- negative controls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,kind", [
    # The earlier order is never carried out again through "it"; another order's address stays outside.
    (f"User: fetch {A}\nAssistant: Done.\nUser: now fetch it again.", "url_outside_parse"),
    (f"User: fetch {A}\nAssistant: Done.\nUser: is the queue empty yet?", "url_outside_parse"),
    # An order in the assistant's turn still keeps "it" from its address; two addresses bind nothing.
    (f"User: hi\nAssistant: I will fetch {A} next.\nUser: what title did it get?", "url_outside_parse"),
    (f"User: fetch {A}\nAssistant: Done, and {B} too.\nUser: what title did it get?", "url_outside_parse"),
    # Negation, condition, unsupported verb.
    (f"User: fetch {A}\nAssistant: Done.\nUser: don't tell me its title.", "negation"),
    (f"User: fetch {A}\nAssistant: Queued.\nUser: tell me its title once the crawl finishes.", "condition"),
    (f"User: fetch {A}\nAssistant: Done.\nUser: delete it from the store.", "unsupported_verb"),
    # The count ellipsis: no count to take a noun from, a condition, an action, an earlier address.
    ("Earlier you said the queue was empty. How many now?", "not_understood"),
    ("Last time you said you had 2,000 pages. How many once the crawl finishes?", "condition"),
    ("Earlier you reported 500 pages. Delete them now.", "unsupported_verb"),
    (f"Earlier you said you had 300 pages from {A}. How many now?", "url_outside_parse"),
    # The deputy's question: an unsupported verb, a condition in the answer or the question, no such question.
    (f"User: hi\nAssistant: What should I delete?\nUser: {A}", "unsupported_verb"),
    (f"User: hi\nAssistant: Which page should I fetch?\nUser: {A} if it is still up", "condition"),
    (f"User: hi\nAssistant: Unless the site is down, which page should I fetch?\nUser: {A}", "not_understood"),
    (f"User: hi\nAssistant: How are you today?\nUser: {A}", "not_understood"),
    # A word after the asked verb still bears on the address ("crawl A entirely" is no single fetch).
    # A whole site asked through the assistant's question: named as one since safety24's `site_adverbs`
    # (it was not_understood; refused either way).
    (f"User: hi\nAssistant: Which page do you want me to crawl entirely?\nUser: {A}", "unsupported_verb"),
    (f"User: hi\nAssistant: What should I fetch daily?\nUser: {A}", "condition"),
    # The assistant's numbered turn is never the request.
    (f"Turn 1 (user): hi\nTurn 2 (assistant): fetch {A}", "not_understood"),
    # One line of two turns: the earlier turn's address stays outside; its negation is the requester's.
    (f"Previous turn - user: fetch {A} assistant: done.\nUser: now fetch {B} too", "url_outside_parse"),
    (f"Assistant said: 'I fetched {A} and {B}.' What was its title?", "url_outside_parse"),
    # "Previously:" labels an earlier turn: the request's own verb is what refuses.
    (f"Previously: 'I could not fetch {A} because robots.txt disallowed it.'\nUser: Delete that record.",
     "unsupported_verb"),
    (f"Previously: \"I fetched {A}.\"\nFetch {B} too.", "url_outside_parse"),
])
def test_negative(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- rules off ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lists,prompt", [
    ({"count_follow_ups": frozenset()}, "Last time you said you had about 1,200 pages. How many now?"),
    ({"counted_nouns": frozenset()}, "Last time you said you had about 1,200 pages. How many now?"),
    ({"asking_frames": frozenset()}, f"Turn 1 (user): hi\nTurn 2 (assistant): what should I fetch?\nTurn 3 (user): {A}"),
    ({"asked_objects": frozenset()}, f"Turn 1 (user): hi\nTurn 2 (assistant): what should I fetch?\nTurn 3 (user): {A}"),
    ({"said_verbs": frozenset()}, f"Assistant said: 'I fetched {A} at 09:14 UTC.' What was its title?"),
])
def test_rule_off_refuses(lists: dict[str, frozenset[str]], prompt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # Round 25 (bind25): "What was its title?" after a statement naming one address binds "its" in the sentence
    # reader too (deputy/forms/asked_back.py); switched off here, so only the rule under test is left.
    monkeypatch.setattr(asked_back, "_asked_of_its", lambda noun, parsed: None)
    assert read_outcome(deputy_with_words(**lists), prompt)[0] == "refused"


@pytest.mark.parametrize("name,word", [
    ("count_follow_ups", "and how about now"), ("counted_nouns", "records"), ("asking_frames", "must i"),
    ("asked_objects", "whatever"), ("said_verbs", "noted"),
])
def test_adding_a_word_is_a_relaxation(name: str, word: str) -> None:
    assert any(name in line for line in relaxations_on_adding(name, word))


def test_own_order_binding_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.text.turns as turns_module
    prompt = f"User: fetch {A}\nAssistant: Done.\nUser: what title did it get?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(turns_module, "_others", lambda turns: turns.context)
    assert read_outcome(deputy, prompt) == ("refused", "url_outside_parse")


def test_inline_turns_off_reads_the_line_whole(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.text.turns as turns_module
    prompt = f"Previous turn - user: what do you know about Chile? assistant: I can fetch pages.\nUser: ok fetch {B}"
    monkeypatch.setattr(turns_module, "spread_turns", lambda text, *args: text)
    assert read_outcome(deputy, prompt)[0] == "refused"
