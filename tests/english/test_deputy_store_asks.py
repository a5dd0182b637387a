"""Questions about the store, a page, the queue and sitemaps in wordings the parse does not take whole
(round 19, deputy/text/store_asks.py).

Each shape: prompts it now reads, controls that must still refuse (negation, condition, refused verb,
a second question about another page or capability, a quoted request), questions that must never fetch,
and the rule switched off (its word list emptied, or the whole pass) turning a positive case back into a
refusal.
"""

from __future__ import annotations

from typing import Any

import pytest

from deputy import reader as reader_module
from deputy import segment
from deputy.text.store_asks import store_question, verb_forms
from tests.english._deputy_helpers import deputy_with_words, read_outcome

A = "https://www.example-daily.org/world/"
B = "https://www.example-wire.net/markets"
H = "www.example-daily.org"


@pytest.mark.parametrize("prompt, expected", [
    # (a) two questions about the same page
    (f"When did you fetch {A} and what status did it return?", ("page", {"url": A})),
    (f"For a fact check I need to know when you fetched {A} and which HTTP status came back.", ("page", {"url": A})),
    (f"What status code did {A} return, and when did you download it?", ("page", {"url": A})),
    # (b) a past-time tail
    (f"What HTTP status did {A} return last time?", ("page", {"url": A})),
    (f"Which response code did {A} give most recently?", ("page", {"url": A})),
    # (c) stored text
    (f"Show the readable text stored for {A}.", ("read", {"url": A})),
    (f"Give me the words you saved for {A}.", ("read", {"url": A})),
    (f"What's in the store for {A}? Just the words, please.", ("read", {"url": A})),
    (f"What's in the store for {A}?", ("page", {"url": A})),
    (f"Need the stored text of {A} for the study.", ("read", {"url": A})),
    # (d) the queue after a past sentence
    ("Last time the queue was full. Is it empty now?", ("status", {})),
    ("An hour ago you said the queue was busy. Is it idle now?", ("status", {})),
    # (e) learners
    (f"Say me the sitemaps of {A}", ("sitemaps", {"target": A})),
    (f"Sitemaps of {A} — which ones does the site declare?", ("sitemaps", {"target": A})),
    (f"Until now you have downloaded {A}? When was it?", ("page", {"url": A})),
    # (f) a musing after the question
    (f"hmm when did you last fetch {A} I think it was yesterday maybe", ("page", {"url": A})),
    # (g) a question relayed in a frame
    (f"Slack, #metrics:\n> how many pages do we have from {H}?\nCan someone answer this?", ("stats", {"host": H})),
    ('Email from ops: "Is the spider idle or still chewing on yesterday\'s batch?"', ("status", {})),
    (f"Subject: page totals\n\nHow many pages did we end up storing for {H}?\n\nSent from my phone", ("stats", {"host": H})),
], ids=["joined-when-status", "joined-need-to-know", "joined-status-when", "tail-last-time", "tail-most-recently",
        "text-stored-for", "words-you-saved", "store-text-only", "store-plain", "need-subjectless", "queue-was-full",
        "queue-hour-ago", "say-me", "topic-sitemaps", "until-now", "musing", "slack-quote", "email-from", "end-up"])
def test_store_questions_are_read(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    # Since round 24 a second question after a bare "and" is a sentence of its own (deputy.segment), so these
    # two are refused as two things asked at once (they were too_many_urls and unsupported_verb before).
    (f"When did you fetch {A} and what status did {B} return?", "not_understood"),
    (f"When did you fetch {A} and what does robots.txt say for {H}?", "not_understood"),
    (f"If it failed, what HTTP status did {A} return last time?", "condition"),
    (f"Don't show the readable text stored for {A}.", "negation"),
    (f"Email the readable text stored for {A} to the team.", "unsupported_verb"),
    (f"Need the stored text of {A} once the crawl finishes.", "condition"),
    (f"Don't say me the sitemaps of {A}.", "negation"),
    (f"Did you delete {A}? When was it?", "unsupported_verb"),
    # Its second question is read alone since round 24: the refused verb names the refusal (it was "condition").
    (f"What status did {A} return and when did you delete it?", "unsupported_verb"),
], ids=["second-page", "second-capability", "condition", "negation", "email", "once", "say-me-negated",
        "delete-when", "status-then-delete"])
def test_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Fetch {A} and what status did it return?",
    f"Can you fetch {A} and what status did it return?",
    f"Slack, #ops:\n> can you fetch {A} now?\nCan someone answer this?",
    f"Slack, #ops:\n> fetch {A}?\nCan someone answer this?",
    f"Email from ops: \"Please download {A} today.\"",
    f"Last time you reported the queue as empty. Is it still empty? If so, download {A}.",
    f"Sitemaps of {A} — which ones should I fetch?",
    f"when did you last fetch {A} I think only if it changed",
    f'Jira DATA-12: "Can you fetch {A} now?"',
    f'Email from ops: "Can we crawl {A}?"',
    f'Fetch this: "Is {A} allowed?"',
    f"Fetch {A} and did it come back 200?",
], ids=["fetch-and-status", "can-you-fetch-and-status", "quoted-can-you", "quoted-fetch", "quoted-order",
        "queue-then-conditional-fetch", "topic-fetch-tail", "musing-condition", "jira-can-you-fetch",
    "email-can-we-crawl", "fetch-this-frame", "fetch-and-came-back"])
def test_questions_never_fetch(deputy: Any, prompt: str) -> None:
    """A rewrite is taken only when a capability that observes answers it: these never act."""
    operation, _ = read_outcome(deputy, prompt)
    assert operation == "refused"


@pytest.mark.parametrize("prompt, expected", [
    (f"Support ticket 4410: the client says our copy of {A} is stale. Please show when it was last fetched.", ("page", {"url": A})),
    (f"I'm quite sure {A} was saved on Monday. Pull up what we have for it.", ("read", {"url": A})),
    (f"I need the fetch date and the HTTP status for {A}.", ("page", {"url": A})),
    (f"Need the status code of {A}, please.", ("page", {"url": A})),
    (f"Is {A} downloaded already? When was it?", ("page", {"url": A})),
    (f"when was {A} fetched last i guess a while ago", ("page", {"url": A})),
    (f"Show the cleaned text stored under {A}.", ("read", {"url": A})),
    (f"When did you fetch {A} and what did it return?", ("page", {"url": A})),
    (f"When did you pull {A} and did it come back 200?", ("page", {"url": A})),
    ("The queue was empty this morning. Still empty?", ("status", {})),
    (f'Jira DATA-12: "How many pages do we have for {H}?"', ("stats", {"host": H})),
    (f'Forwarded message from Amara: "Can you check whether {A} is allowed by robots?"', ("robots", {"target": A})),
], ids=["show-when-it", "pull-up-what-we-have", "need-details", "need-status-subjectless", "is-downloaded-when",
        "fetched-last", "stored-under", "joined-what-returned", "joined-came-back-200", "queue-still-elliptic",
        "jira-frame", "forwarded-check"])
def test_orders_and_needs_that_ask_a_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Our copy of {A} is stale. Don't show when it was last fetched.", "negation"),
    (f"Our copy of {A} is stale. Show when it was last deleted.", "unsupported_verb"),
    (f"I don't need the HTTP status of {A}.", "negation"),
    (f"I need the HTTP status of {A} if it changed.", "condition"),
], ids=["show-when-negated", "show-when-deleted", "need-negated", "need-condition"])
def test_order_controls_still_refuse(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_fetching_with_a_musing_is_still_a_fetch(deputy: Any) -> None:
    """The musing rule reads questions only: an order with a musing tail is read as before."""
    assert read_outcome(deputy, f"fetch {A} I think it was down yesterday") == ("fetch", {"urls": [A]})


def test_a_rewrite_that_acts_is_thrown_away(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Even a pass that rewrote every prompt into an order could not make the reader act through it."""
    monkeypatch.setattr(reader_module, "store_question", lambda text, words, **_: f"Fetch {A}.")
    assert read_outcome(deputy, f"What's in the store for {A}? Just the words, please.") == ("refused", "not_understood")


def test_verb_forms_are_spelt_from_the_list_only() -> None:
    forms = verb_forms(["fetch", "grab", "store", "download"])
    assert forms["fetched"] == "fetch" and forms["grabbed"] == "grab" and forms["storing"] == "store"
    assert forms["downloaded"] == "download" and "deleted" not in forms


@pytest.mark.parametrize("prompt, lists", [
    (f"What HTTP status did {A} return last time?", {"asked_tails": frozenset()}),
    (f"When did you fetch {A} and what status did it return?", {"record_details": frozenset()}),
    (f"hmm when did you last fetch {A} I think it was yesterday maybe", {"musing_openers": frozenset()}),
    (f"Slack, #metrics:\n> how many pages do we have from {H}?\nCan someone answer this?", {"answer_requests": frozenset()}),
    (f"Say me the sitemaps of {A}", {"learner_tell_verbs": frozenset()}),
    ('Email from ops: "Is the spider idle or still chewing on yesterday\'s batch?"', {"busy_idioms": frozenset()}),
    ("Last time the queue was full. Is it empty now?", {"status_subjects": frozenset()}),
], ids=["tails", "details", "musings", "answer-requests", "tell-verbs", "busy-idioms", "status-subjects"])
def test_rule_off_refuses_again(prompt: str, lists: dict[str, frozenset[str]], monkeypatch: pytest.MonkeyPatch) -> None:
    # Since round 24 the split of a second question after a bare "and" (deputy.segment) also reads "… and
    # what status did it return?" as one record: keep that split to its comma form so the list is what is shown.
    original = segment._second_question
    monkeypatch.setattr(segment, "_second_question",
                        lambda tokens, i, starts: tokens[i - 1].text == "," and original(tokens, i, starts))
    off = deputy_with_words(**lists)
    assert read_outcome(off, prompt)[0] == "refused"


def test_pass_off_refuses_again(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reader_module, "store_question", lambda text, words, **_: None)
    for prompt in (f"Show the readable text stored for {A}.", f"Until now you have downloaded {A}? When was it?",
                   f"What's in the store for {A}? Just the words, please.", f"I need the fetch date and the HTTP status for {A}.",
                   f"Our copy of {A} is stale. Please show when it was last fetched."):
        assert read_outcome(deputy, prompt)[0] == "refused"


def test_plain_prompts_are_left_alone(deputy: Any) -> None:
    words = deputy.vocab.words
    for prompt in (f"Fetch {A}.", f"When did you fetch {A}?", "Is the queue empty?"):
        assert store_question(prompt, words, forms={}, known_forms={}, observed=frozenset(), refusing=frozenset()) is None
