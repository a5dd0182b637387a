""""Is crawling A permitted?": a permission question whose subject is the action, put in the usual order."""

from __future__ import annotations

import pytest

from _deputy_helpers import read_outcome
from deputy import Deputy, Plan, protect
from deputy.text.reorder import gerund_forms, permission_gerunds

A = "https://a.example/"
VERBS = frozenset({"fetch", "scrape", "grab", "crawl", "download", "delete", "see"})


def test_gerund_forms_follow_the_spelling_rules() -> None:
    forms = gerund_forms(VERBS)
    assert forms["fetching"] == "fetch" and forms["scraping"] == "scrape" and forms["grabbing"] == "grab"
    assert forms["seeing"] == "see" and "seing" not in forms


def test_the_question_is_put_in_the_usual_order() -> None:
    ordered, rewrites = permission_gerunds(protect(f"Hey, is scraping {A} allowed by their robots file?"), VERBS)
    assert ordered.pieces == ("Hey, is it allowed to scrape ", " by their robots file?")
    assert rewrites


@pytest.mark.parametrize("prompt", [
    f"Is fetching {A} not allowed?",  # a negation between: left as written
    f"Is reading {A} allowed?",  # a verb the list does not know
    f"What is fetching {A} allowed to do?",  # not a yes/no question
    f"Fetching {A} is allowed.",
    f"Is fetching {A} slow?",  # no permission word
])
def test_anything_else_is_left_as_written(prompt: str) -> None:
    assert permission_gerunds(protect(prompt), VERBS) == (protect(prompt), ())


@pytest.mark.parametrize("prompt", [
    f"Is crawling {A} permitted?",
    f"Is fetching {A} allowed?",
    f"Hey, is scraping {A} allowed by their robots file?",
    f"Before I queue anything: is grabbing {A} ok?",
])
def test_a_gerund_permission_question_is_a_robots_check(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Is fetching {A} not allowed?", "negation"),
    (f"Is deleting {A} allowed?", "unsupported_verb"),
    (f"Is fetching http://10.0.0.1/ allowed?", "non_public_address"),
])
def test_negative_controls_still_refuse(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_negative_control_without_the_reordering_the_address_is_outside(deputy: Deputy) -> None:
    # The parse of the question as written hangs the address from "permitted": the reordering is
    # what keeps it in the action, and nothing else does.
    from deputy.compose import build_skeleton
    from deputy.nlp import parse

    prompt = f"Is crawling {A} permitted?"
    parsed = parse(protect(prompt), words=deputy.vocab.words, verbs=())  # no verbs: no gerund is known
    skeleton = build_skeleton(parsed, deputy.vocab.words, deputy._verbs, deputy._actions)
    assert not isinstance(deputy.decide(skeleton), Plan)


def test_participle_forms_follow_the_spelling_rules() -> None:
    from deputy.text.reorder import participle_forms

    forms = participle_forms(frozenset({"fetch", "save", "grab", "get", "copy"}))
    assert forms["fetched"] == "fetch" and forms["saved"] == "save" and forms["grabbed"] == "grab"
    assert forms["got"] == "get" and forms["copied"] == "copy"


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"My user would like {A} fetched.", f"My user would like you to fetch {A}."),
    (f"I am needing the page {A} downloaded, please.", f"I am needing you to download the page {A}, please."),
])
def test_a_wish_with_the_address_before_a_participle_is_put_in_order(prompt: str, expected: str) -> None:
    from deputy.text.reorder import wished_participles

    ordered, rewrites = wished_participles(protect(prompt), VERBS | {"download"})
    assert "".join(p + (i.text if n < len(ordered.items) else "") for n, (p, i) in
                   enumerate(zip(ordered.pieces, (*ordered.items, None), strict=True))) == expected
    assert rewrites


@pytest.mark.parametrize("prompt", [
    f"I wanted {A} fetched.",  # a past wish
    f"I would like {A} printed.",  # a verb the list does not know
    f"I would like {A} now.",  # no participle
    f"Fetch {A} fetched.",  # no wish
    f"I'd like {A} fetched by the team.",  # someone else is to do it
])
def test_a_wish_otherwise_is_left_as_written(prompt: str) -> None:
    from deputy.text.reorder import wished_participles

    assert wished_participles(protect(prompt), VERBS) == (protect(prompt), ())


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"My user would like {A} fetched.", ("fetch", {"urls": [A]})),
    (f"The user needs {A} grabbed.", ("fetch", {"urls": [A]})),
    (f"The user wants you to fetch {A}.", ("fetch", {"urls": [A]})),
    (f"I don't want {A} fetched.", ("refused", "negation")),
    (f"I would like {A} deleted.", ("refused", "unsupported_verb")),
    (f"I want {A} fetched tomorrow.", ("refused", "condition")),
    (f"The user wanted you to fetch {A}.", ("refused", "not_understood")),  # a past wish is no request
    (f"The user wants me to fetch {A}.", ("refused", "not_understood")),  # the writer's own task
    (f"The user wants to read {A}.", ("refused", "not_understood")),  # a wish for the user's own act
    (f"The user wants you to fetch {A} if it changed.", ("refused", "condition")),
])
def test_a_persons_wish_for_what_you_do_is_the_request_it_relays(deputy: Deputy, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"It would help if you fetched {A}.", ("fetch", {"urls": [A]})),
    (f"I'd appreciate it if you grabbed {A}.", ("fetch", {"urls": [A]})),
    (f"If you fetched {A}, fetch https://b.example/.", ("refused", "condition")),  # no hedge before: a condition
    (f"It would help if you deleted {A}.", ("refused", "unsupported_verb")),
    (f"It would help if you fetched {A} yesterday.", ("refused", "not_understood")),
])
def test_a_hypothetical_past_in_a_hedge_is_the_hedge(deputy: Deputy, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_the_subjunctive_rewrite_needs_a_hedge_word_and_a_known_verb() -> None:  # negative control
    from deputy.text.reorder import subjunctive_hedges

    for prompt in (f"If you fetched {A}, tell me.", f"It would help if you printed {A}."):
        assert subjunctive_hedges(protect(prompt), VERBS) == (protect(prompt), ())
    ordered, rewrites = subjunctive_hedges(protect(f"It would help if you fetched {A}."), VERBS)
    assert ordered.pieces[0] == "It would help if you could fetch " and rewrites


@pytest.mark.parametrize("prompt", [
    f"I'd like {A} fetched by someone else.",
    f"I want {A} fetched by the intern.",
    f"I need {A} downloaded by my colleague.",
])
def test_a_wish_that_someone_else_act_is_no_request(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"I'd like {A} fetched by you.", ("fetch", {"urls": [A]})),
    (f"Was {A} blocked by robots.txt?", ("robots", {"target": A})),
    ("How many pages were blocked by robots.txt?", ("stats", {})),
])
def test_a_passive_by_the_deputy_or_a_thing_stays(deputy: Deputy, prompt: str, expected: object) -> None:  # control
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"re-crawl {A}", ("fetch", {"urls": [A]})),
    (f"Please refetch {A}.", ("fetch", {"urls": [A]})),
    (f"Re-download {A} please.", ("fetch", {"urls": [A]})),
    (f"Re-send {A} to me.", ("refused", "unsupported_verb")),  # the verb again is still refused
    (f"Restore {A}.", ("refused", "unsupported_verb")),  # joined "re" only for a few verbs
    (f"Re-fetch {A} tomorrow.", ("refused", "condition")),
])
def test_a_verb_done_again_is_that_verb(deputy: Deputy, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_again_verbs_leave_addresses_and_unknown_words() -> None:  # negative control
    from deputy.text.reorder import again_verbs

    for prompt in ("Fetch https://re-fetch.example/", "Recollect the pages.", "Re-read the manual."):
        assert again_verbs(protect(prompt), VERBS) == (protect(prompt), ())


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Is {A} allowed to be crawled by us?", ("robots", {"target": A})),
    (f"This is for an audit. Is {A} allowed to be crawled?", ("robots", {"target": A})),
    (f"Is {A} permitted to be downloaded by you?", ("robots", {"target": A})),
])
def test_a_passive_permission_question_is_put_in_the_usual_order(deputy: Deputy, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Is {A} allowed to be crawled by the intern?", "not_understood"),  # someone else: left as written
    (f"Is {A} not allowed to be crawled?", "not_understood"),  # a negation between: left as written
    (f"Is {A} allowed to be deleted?", "unsupported_verb"),
    ("Is http://10.0.0.1/ allowed to be crawled?", "non_public_address"),
])
def test_a_passive_permission_question_that_is_not_ours_stays_refused(deputy: Deputy, prompt: str, kind: str) -> None:  # control
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_permission_passives_rewrite_only_the_question() -> None:
    from deputy.text.reorder import permission_passives

    ordered, rewrites = permission_passives(protect(f"Is {A} allowed to be crawled by us?"), VERBS)
    assert ordered.pieces == ("Is it allowed to crawl ", "?") and rewrites
    assert permission_passives(protect(f"What {A} is allowed to be crawled?"), VERBS)[1] == ()  # not at the start
