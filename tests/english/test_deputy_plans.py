"""Round 12: the writer's own plans around a request — a "before" deadline of theirs, an agent's
narration of its next step, the reason they need an answer, what they did in the past — ask for
nothing more and hide nothing. Every rule has its controls: the same words with another subject, a
real condition, a negation, a second action or a private address still refuse."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from deputy import Deputy
from deputy.protect import protect
from deputy.text.reorder import got_participles, narrated_steps
from seaspider.english_reader import build_deputy, deputy_for, load_vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
FETCH_A = ("fetch", {"urls": [A]})


# --- "before": the writer's own deadline -------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"Before I bump the dependency, grab {A} so I can diff the breaking changes.", FETCH_A),
    (f"Grab {A} before I start the upgrade.", FETCH_A),
    (f"Before we ship, can you check whether {A} is allowed for our crawler?", ("robots", {"target": A})),
    (f"Can you check whether {A} is allowed for our crawler before I fetch it?", ("robots", {"target": A})),
    ("Need to know if the crawl is still going before I close my laptop.", ("status", {})),
    (f"Need {A} downloaded before standup.", FETCH_A),
    (f"Please download {A} before the board meeting.", FETCH_A),
    (f"Fetch {A} now, before the weekend.", FETCH_A),
], ids=["clause-first", "clause-last", "question-we", "question-it", "status", "standup", "meeting", "weekend"])
def test_a_deadline_of_the_writers_own_conditions_nothing(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} before they change it again.", "condition"),  # someone else's act: a race I cannot watch
    (f"Download {A} before the nightly job overwrites it.", "condition"),
    (f"Grab {A} before the storm arrives.", "condition"),
    (f"Fetch {A} after I close my laptop.", "condition"),  # "after" always waits
    (f"Fetch {A} after the deploy.", "not_understood"),
    (f"Fetch {A} before 6pm.", "condition"),  # a clock time is a time to act, not an occasion
    (f"Fetch {A} before Friday.", "condition"),
    (f"Before you fetch {A}, wait for my go-ahead.", "condition"),  # "you" is the reader
    (f"Fetch {A} before I don't need it.", "condition"),  # negated: no plan of the writer's
    (f"Fetch {A} before I tell you to.", "condition"),  # the reader in the clause: no plan of the writer's alone
    (f"Before I bump the dependency, don't fetch {A} yet.", "negation"),
    (f"Need {A} fetched every morning before standup.", "condition"),
    ("Need http://10.1.2.3/status fetched before standup.", "non_public_address"),
    (f"Before I add {A} to the watchlist, fetch the homepage.", "condition"),  # an address inside: no deadline
    (f"Grab {A} and summarise it before I start the upgrade.", "unsupported_verb"),
    (f"Before I delete the old copy, fetch {A}.", "unsupported_verb"),  # a forbidden verb refuses wherever it stands
    (f"Before I delete {A}, fetch {B}.", "condition"),
])
def test_other_befores_and_afters_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_occasions_list_a_meeting_is_a_word_i_cannot_place() -> None:  # the rule disabled
    vocab = load_vocab()
    bare = replace(vocab, words=replace(vocab.words, occasions=frozenset()))
    assert read_outcome(deputy_for(bare), f"Please download {A} before the board meeting.") == ("refused", "not_understood")
    assert read_outcome(build_deputy(), f"Please download {A} before the board meeting.") == FETCH_A


# --- an agent's narration of its next step -----------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"I'll start by fetching {A}.",
    f"I'll begin by downloading {A} to see what changed.",
    f"Calling fetch on {A} now.",
    f"Calling the download tool on {A}.",
    f"Going to grab {A} first.",
    f"Going to fetch {A} so I can quote it in my answer.",
    f"Downloading the spec now: {A}",
    f"Plan: first fetch {A}, then I'll go through the breaking changes myself.",
    f"First I'll fetch {A}, then I'll read it myself.",
])
def test_narration_of_the_next_step_is_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"I won't fetch {A} after all.", "negation"),
    (f"Not calling fetch on {A} yet.", "negation"),
    (f"I'll start by fetching {A} if the cache is stale.", "condition"),
    (f"Going to fetch {A} once the build passes.", "condition"),
    (f"I'll fetch {A} tomorrow.", "condition"),
    ("Calling fetch on http://192.168.0.10/metrics now.", "non_public_address"),
    (f"I'll fetch {A} and then post the highlights to the team channel.", "unsupported_verb"),
    (f"Plan: first grab {A}, then email it to the CFO.", "unsupported_verb"),  # a second step for me
    (f"First I'll fetch {A}, then I'll summarise it for you.", "unsupported_verb"),  # done to the page
    (f"I'll translate {A}.", "unsupported_verb"),  # only a verb that acts is narration of a request
    (f"The site is going to fetch {A}.", "not_understood"),  # no sentence start, no narrator
    (f"I'll start by fetching {A} to see what you can delete.", "unsupported_verb"),
])
def test_narration_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Let me fetch {A} myself.",  # fetched on main before this round: "let me" was read as "please"
    f"I'll fetch {A} myself.",
    f"Going to grab {A} ourselves.",
])
def test_the_writers_own_hands_make_no_request(deputy: Any, prompt: str) -> None:  # wrong actions found on the way
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


def test_a_purpose_of_the_writers_own_may_say_myself(deputy: Any) -> None:
    assert read_outcome(deputy, f"Fetch {A} so I can read it myself.") == FETCH_A


def test_narration_is_put_as_let_me_only_for_verbs_that_act() -> None:
    text = protect(f"I'll start by fetching {A}. Calling fetch on {B} now.")
    turned, rewrites = narrated_steps(text, frozenset({"fetch"}))
    assert [p.strip() for p in turned.pieces][:2] == ["let me fetch", ". let me fetch"]
    assert len(rewrites) == 2
    assert narrated_steps(text, frozenset()) == (text, ())  # the rule disabled: nothing is narration
    assert narrated_steps(protect(f"We'll fetch {A}."), frozenset({"fetch"}))[1] == ()


@pytest.mark.parametrize("prompt, expected", [
    (f"Task: upgrade the AWS provider. Step 1: fetch {A}", FETCH_A),
    (f"Task: upgrade the AWS provider. Step 1: fetch {A}. Step 2: summarise it.", ("refused", "unsupported_verb")),
    (f"Task: delete the old copies. Step 1: fetch {A}", ("refused", "unsupported_verb")),  # forbidden anywhere
    (f"Task: fetch {A}. Step 1: fetch {B}", ("refused", "url_outside_parse")),  # the task is no request then
    (f"Task: upgrade the AWS provider. Step 1: fetch {A} tomorrow.", ("refused", "condition")),
    ("Task: upgrade the AWS provider.", ("refused", "unsupported_verb")),  # no steps: the task is the request
])
def test_a_task_heading_before_steps_is_their_goal(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- the writer's purpose and reasons ------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    ("To answer the user I need to know how many pages we have from www.rte.ie.", ("stats", {"host": "www.rte.ie"})),
    (f"When did we last fetch {A}? Need to know if the prices are stale.", ("page", {"url": A})),
    (f"fetch {A} — need the incident timeline for the postmortem", FETCH_A),
    (f"Fetch {A} and {B} — need both for the venue comparison.", ("fetch", {"urls": [A, B]})),
    (f"Download {A} please, finance needs the raw file.", FETCH_A),
])
def test_why_the_writer_asks_is_no_second_request(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"When did we last fetch {A}? I need to know if it's allowed.", "not_understood"),  # a second question
    (f"When did we last fetch {A}? If it's stale, fetch it again.", "condition"),
    (f"fetch {A} — need the timeline, then post it in #incidents", "unsupported_verb"),
    (f"Fetch {A} to summarise it.", "unsupported_verb"),  # a purpose done to the page
    (f"Don't download {A} please, finance needs the raw file.", "negation"),
    ("Download http://172.16.4.2/export.csv please, finance needs the raw file.", "non_public_address"),
])
def test_a_reason_that_asks_or_acts_still_counts(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- the past: what was stored, what the writer did ----------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"What came back when we fetched {A}?", ("page", {"url": A})),
    (f"what http status did {A} return when we last grabbed it", ("page", {"url": A})),
    (f"What did the page at {A} say when we saved it?", ("read", {"url": A})),
    (f"What's the title of the page we stored for {A}? Marketing needs it for the recap.", ("page", {"url": A})),
    (f"Have we got {A} stored?", ("page", {"url": A})),
    (f"I fetched {A} yesterday but it looked truncated. Fetch it again please.", FETCH_A),
])
def test_the_past_names_the_record_asked_about(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} when we last fetched it.", "condition"),  # a request, not a question: the clause waits
    (f"Fetch {A} once we updated it.", "condition"),
    (f"I fetched {A} yesterday but it looked truncated. Delete it please.", "unsupported_verb"),
    (f"I fetched {A} yesterday. Email it again.", "unsupported_verb"),
    (f"I didn't fetch {A} yesterday. Fetch it again please.", "negation"),
    (f"I fetched {A} yesterday. Fetch it again tomorrow.", "condition"),
    (f"I read {A} yesterday. Fetch it please.", "url_outside_parse"),  # no "again": no binding
    (f"I fetched everything from {A} yesterday. Fetch it again.", "url_outside_parse"),  # more than the address
    (f"I fetched the links on {A} yesterday. Fetch them again.", "url_outside_parse"),
    (f"I fetched {A} yesterday but it looked truncated.", "not_understood"),  # nothing asked
])
def test_the_past_asks_nothing_by_itself(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_have_we_got_is_put_as_have_we_only_in_a_question() -> None:
    verbs = frozenset({"store", "fetch"})
    asked, rewrites = got_participles(protect(f"Have we got {A} stored?"), verbs)
    assert asked.pieces[0].strip() == "Have we stored" and rewrites
    assert got_participles(protect(f"We have got {A} stored."), verbs)[1] == ()
    assert got_participles(protect(f"Have we got {A} translated?"), verbs)[1] == ()  # not a verb I know


def test_a_deputy_without_actions_narrates_nothing() -> None:  # the rule disabled in the reader itself
    vocab = load_vocab()
    deputy = deputy_for(vocab)
    assert isinstance(deputy, Deputy)
    assert read_outcome(deputy, f"Calling fetch on {A} now.") == FETCH_A
    deputy._actions = frozenset()  # noqa: SLF001 — the control: no verb acts, so no narration is a request
    assert read_outcome(deputy, f"Calling fetch on {A} now.")[0] == "refused"
