"""Round 12, second pass on the writer's own plans: an agent calling its tool by a doer's name, the
purpose of a narrated step, the later steps of a narrated plan, a task heading before a request,
what the page itself says, a quoted title or comment beside a noun, "Before that" after the writer's
own doing, and a file name in the writer's purpose. Every rule has its controls: the same words
without the narrator, with a negation, a real condition, a second action for the reader, an address
inside the quotation or a private host still refuse."""

from __future__ import annotations

from typing import Any

import pytest

from deputy import Deputy
from deputy.protect import protect
from deputy.text.reorder import agent_forms, narrated_steps
from seaspider.english_reader import deputy_for, load_vocab
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
FETCH_A = ("fetch", {"urls": [A]})


# --- "Calling the downloader: A" ---------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Calling the downloader: {A} (needed for the jobs-report chart).",
    f"Calling the downloader on {A}.",
    f"Calling the fetch tool: {A} (for the deprecation list).",
    f"Calling fetch: {A}",
])
def test_a_tool_called_by_its_doers_name_is_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Not calling the downloader on {A} yet.", "negation"),
    (f"Calling the downloader: {A} once the build passes.", "condition"),
    ("Calling the downloader: http://192.168.1.20/status (needed for the uptime chart).", "non_public_address"),
    (f"Calling the translator on {A}.", "unsupported_verb"),  # a doer of no acting verb
    (f"Calling the downloader: {A}, then email it to the user.", "unsupported_verb"),
])
def test_a_called_tool_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_doers_names_come_from_the_acting_verbs_only() -> None:
    forms = agent_forms(frozenset({"fetch", "download", "scrape"}))
    assert forms["downloader"] == "download" and forms["scraper"] == "scrape" and forms["fetch"] == "fetch"
    assert "translator" not in forms
    text = protect(f"Calling the downloader: {A}")
    assert narrated_steps(text, frozenset())[1] == ()  # the rule disabled: no verb acts, nothing is narration


# --- the purpose of a narrated step is the narrator's ---------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Calling fetch on {A} to check the features table syntax.",
    f"Next, I'll download {A} to confirm the exports field.",
    f"To verify the citation in paragraph 4, I'm going to download {A}.",
    f"To check the figure in table 2, I'll fetch {A}.",
])
def test_the_purpose_of_a_narrated_step_is_the_narrators(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} to check the figure.", "not_understood"),  # no narrator: who checks is open
    (f"To check the figure, fetch {A}.", "not_understood"),
    (f"To check it, I'll fetch {A}.", "not_understood"),  # pointing back at the page
    (f"To delete the old copy, I'll fetch {A}.", "unsupported_verb"),  # forbidden wherever it stands
    (f"To verify the citation, I'm not going to download {A}.", "negation"),
    (f"To check the figure, I'll fetch {A} once it's published.", "condition"),
    (f"I'll download {A} to compare it with {B}.", "unsupported_verb"),  # an address in the purpose
    (f"Calling fetch on {A} to summarise it for the user.", "unsupported_verb"),
])
def test_a_narrated_purpose_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_actions_a_narrated_purpose_is_no_narration() -> None:  # the rule disabled in the reader
    deputy = deputy_for(load_vocab())
    assert isinstance(deputy, Deputy)
    prompt = f"Calling fetch on {A} to check the features table syntax."
    assert read_outcome(deputy, prompt) == FETCH_A
    deputy._actions = frozenset()  # noqa: SLF001 — the control: no verb acts, so nothing is narrated
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- the later steps of a narrated plan -----------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"I'll start by fetching {A} and then write up the key findings in our notes.",
    f"I'll begin by downloading {A} and then draft the briefing myself.",
    f"Task: archive the changelog. Fetch {A} and then I'll diff it locally.",
    f"Task: compare the pricing tiers. Download {A} and then I'll do the comparison.",
])
def test_the_writers_later_steps_ask_nothing(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"I'll fetch {A} and then post the highlights to the team channel.", "unsupported_verb"),  # no plan: both asked
    (f"I'll start by fetching {A} and then email it to the CFO.", "unsupported_verb"),  # done to the page
    (f"I'll start by fetching {A} and then you summarise the findings.", "unsupported_verb"),
    (f"Fetch {A} and then summarise the key findings for me.", "unsupported_verb"),
    (f"Task: delete the changelog. Fetch {A}.", "unsupported_verb"),
    (f"Task: archive the changelog. Don't fetch {A}.", "negation"),
    (f"Task: archive the changelog. Fetch {A} once the release is tagged.", "condition"),
    ("Task: archive the changelog.", "no_url"),  # no request after it: the task is the request
])
def test_later_steps_keep_every_check(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- what the page says ---------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"The customer says the docs are out of date. Download {A} so I can check what it currently says.",
    f"Fetch {A} so I can see what it says now.",
])
def test_what_the_page_says_is_no_action_on_it(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt", [
    f"Download {A} so it can be published.",  # a passive subject: done to the page
    f"Download {A} so it translates.",  # only a verb of saying has the page as its speaker
    f"Download {A} so I can publish it.",
])
def test_other_verbs_on_the_page_still_refuse(deputy: Any, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_a_question_beside_the_request_still_refuses(deputy: Any) -> None:  # negative control
    # Since round 17 the reason is the second question asked at once (deputy/forms/second_question.py).
    assert read_outcome(deputy, f"Download {A} and tell me what it says.") == ("refused", "not_understood")


# --- a quoted title or comment beside a noun ------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Retrieve the primary source (\"Global Energy Review 2024\", IEA) at {A} so I can check the figures.",
    f"Per Reviewer 2's comment (\"please cite the original RFC\"), fetch {A}.",
    f"Per the editor's note (\"check the original\"), download {A}.",
])
def test_a_harmless_quotation_beside_a_noun_names_it(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Per Reviewer 2's comment (\"please fetch {B}\"), download {A}.", "not_understood"),  # never the quoted address
    (f"Per the reviewer's comment (\"don't fetch it\"), download {A}.", "not_understood"),
    (f"Per the comment (\"delete everything\"), download {A}.", "not_understood"),
    ("The comment says \"fetch http://10.0.0.5/\". Ignore it.", "unsupported_verb"),
    (f"Per the comment (\"please cite the original RFC\"), don't fetch {A} yet.", "negation"),
])
def test_a_quotation_that_says_something_still_counts(deputy: Any, prompt: str, kind: str) -> None:  # controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_quotation_is_an_aside_only_where_no_capability_takes_one() -> None:  # the rule disabled
    deputy = deputy_for(load_vocab())
    assert isinstance(deputy, Deputy)
    prompt = f"Per Reviewer 2's comment (\"please cite the original RFC\"), fetch {A}."
    assert read_outcome(deputy, prompt) == FETCH_A
    deputy._unquoted = frozenset()  # noqa: SLF001 — as if fetching took a quotation: it stays in play
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- "Before that" after the writer's own doing ---------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"I'm writing the migration summary. Before that, when did we last fetch {A}?", ("page", {"url": A})),
    (f"I'm drafting the release notes. Before that, fetch {A}.", FETCH_A),
])
def test_before_the_writers_own_doing_conditions_nothing(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"They deploy at noon. Before that, fetch {A}.",  # someone else's event
    f"I'm not writing the summary. Before that, fetch {A}.",
    f"I'm writing the summary for {B}. Before that, fetch {A}.",  # an address in the writer's sentence
    f"Before that, fetch {A}.",  # nothing before it to point at
])
def test_before_anything_else_still_refuses(deputy: Any, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a file name in the writer's own purpose ------------------------------------------------

def test_a_file_in_the_writers_purpose_names_nothing_to_fetch(deputy: Any) -> None:
    prompt = f"Need the API reference at {A} to fix the failing test in test_models.py. Please download it."
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} to fix test_models.py.", "unsupported_verb"),  # the request's own purpose
    (f"Need the API reference at {A} to fix test_models.py. Please delete it.", "unsupported_verb"),
    (f"Fetch {A} and test_models.py.", "not_understood"),
])
def test_a_file_name_elsewhere_still_counts(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- "…, or can I deploy?": the writer's own next step after a yes/no question ----------------

def test_the_writers_next_step_after_a_question_asks_nothing(deputy: Any) -> None:
    assert read_outcome(deputy, "Is there anything left in the queue, or can I deploy?") == ("status", {})


@pytest.mark.parametrize("prompt", [
    "Is there anything left in the queue, or can I fetch https://www.example.org/ now?",  # a verb I know: a request
    "Is the queue empty, or can I delete the store?",  # forbidden anywhere
    "Is the queue empty, or can you deploy?",  # the reader's step
    "Is the queue empty, or can I not deploy?",
    f"Is the queue empty or can I deploy it to {A}?",  # an address in the step
    "Is the queue empty? Can I deploy?",  # a question of its own
    f"Is the queue empty, or can I deploy and then fetch {A}?",
])
def test_other_steps_after_a_question_still_refuse(deputy: Any, prompt: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt)[0] == "refused"
