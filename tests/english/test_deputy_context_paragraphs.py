"""Round 19 (branch ctx19): context paragraphs around one request.

Fronted purposes after a sentence of context ("To support that, …", "To check if the rates moved, …"),
orders to confirm robots.txt's leave ("Verify that robots.txt permits …"), permission questions with a
hedge or a note on how to answer, the wish to know a site's sitemaps, and the courtesy of an email.
Each rule has positive cases, negative controls (a negation, a real condition, an unsupported verb, the
address moved into a context sentence) and a check that switching the rule off turns a positive case back
into a refusal."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import reader
from deputy.text import fronted_purpose as purpose_module
from deputy.text.context_paragraphs import moved_deadline, robots_orders, unframed_email, wanted_sitemaps
from seaspider.english_reader import build_deputy, load_vocab

A = "https://a.example.com/x"
B = "https://b.example.com/y"
PRIVATE = "http://10.0.0.12/home"
REFUSING = frozenset({"not", "n't", "if", "unless", "once", "before", "after", "when", "until", "every", "week"})
NAMES = frozenset({"movabot"})  # the self_names of Sea Spider's vocabulary


def _fetch(url: str = A) -> tuple[str, object]:
    return ("fetch", {"urls": [url]})


def _robots(url: str = A) -> tuple[str, object]:
    return ("robots", {"target": url})


# --- fronted purposes (deputy/text/fronted_purpose.py) ----------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"The user is a nurse preparing a handout. To support that, please download {A}.",
    f"The class is reading about photosynthesis. To support this, download {A}.",
    f"To check if the rates moved since last week, download {A}.",
    f"To see whether the timetable changed since Friday, fetch {A}.",
    f"In order to find out if the sofa prices went up, please fetch {A}.",
], ids=["support-that", "support-this", "check-if", "see-whether", "find-out-if"])
def test_a_fronted_purpose_is_the_writers(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetch()


@pytest.mark.parametrize("prompt, kind", [
    (f"To check if the rates moved since last week, delete {A}.", "unsupported_verb"),
    (f"To check if the rates moved since last week, don't download {A}.", "negation"),
    (f"To check if the rates moved, download {A} if it changed overnight.", "condition"),
    (f"To check whether the rates moved, fetch {A} unless the site is down.", "condition"),
    (f"The user is writing a leaflet. To support that, please email {A} to the ward.", "unsupported_verb"),
    (f"The user is writing a leaflet. To support that, please download {A} once the review is finished.",
     "condition"),
    (f"To check if the rates moved, download {PRIVATE}.", "non_public_address"),
], ids=["delete", "negation", "if-changed", "unless", "email", "once", "private"])
def test_a_fronted_purpose_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_pointer_without_context_before_it_is_left() -> None:
    # At the start of the prompt "that" may be the page itself: the phrase stays and is read as written.
    words = dict(known=frozenset({"check", "fetch", "download"}), refused=frozenset({"delete"}), refusing=REFUSING,
                 turning=frozenset({"not", "if", "unless"}))
    prompt = f"To support that, please download {A}."
    assert purpose_module.fronted_purpose(prompt, **words) == prompt
    # A question the reader itself answers ("… if robots.txt allows it") is no purpose of the writer's.
    asked = f"To check if robots.txt allows crawling, fetch {A}."
    assert purpose_module.fronted_purpose(asked, **words) == asked


def test_without_the_purpose_rules_they_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    deputy = build_deputy()
    inquiry = f"To check if the rates moved since last week, download {A}."
    back = f"The user is a nurse preparing a handout. To support that, please download {A}."
    assert read_outcome(deputy, inquiry) == _fetch() and read_outcome(deputy, back) == _fetch()
    monkeypatch.setattr(purpose_module, "_INQUIRY", frozenset())
    monkeypatch.setattr(purpose_module, "_BACK_POINTERS", frozenset())
    assert read_outcome(deputy, inquiry)[0] == "refused"
    assert read_outcome(deputy, back)[0] == "refused"


# --- orders to confirm robots.txt's leave, permission questions -------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"JIRA DATA-112: Verify that robots.txt permits MovaBot on {A} before we plan the ingest.",
    f"JIRA OPS-311: Confirm robots.txt permits crawling {A} before we plan anything.",
    f"Verify robots.txt allows {A}.",
    f"Please double-check that robots.txt lets MovaBot fetch {A} before I write the proposal.",
    f"Our reviewer asked about etiquette. Confirm that robots.txt permits crawling {A}.",
    f"Just wondering, is MovaBot permitted to fetch {A} under their robots.txt?",
    f"I was wondering, are we allowed to download {A}?",
    f"Background: the legal team asked whether we can archive rulings. Are we allowed to fetch {A}? "
    "Answer from robots.txt only.",
], ids=["verify-that", "confirm-crawling", "verify-bare", "double-check", "context-confirm", "under-their",
        "i-was-wondering", "answer-note"])
def test_a_robots_order_or_question_is_the_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _robots()


@pytest.mark.parametrize("prompt", [
    f"Verify that robots.txt permits MovaBot on {A} before the crawl finishes.",
    f"Confirm that robots.txt permits MovaBot on {A} once the job is done.",
    f"Confirm that robots.txt permits crawling {A}, then delete it.",
    f"Don't verify that robots.txt allows {A}.",
    f"Just wondering, could you delete {A}?",
    f"Just wondering, is MovaBot permitted to fetch {A} under their robots.txt if it changed this week?",
    f"Fetch {A}. Answer from robots.txt only.",
    f"Can you fetch {A}? Answer from robots.txt only.",
    f"Verify that robots.txt permits MovaBot on {PRIVATE}.",
], ids=["before-crawl", "once-done", "delete", "negated", "wondering-delete", "wondering-condition",
        "fetch-note", "you-note", "private"])
def test_robots_controls_still_refuse(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_an_order_with_a_condition_is_left_as_written() -> None:
    prompt = f"Confirm that robots.txt permits MovaBot on {A} once the job is done."
    assert robots_orders(prompt, refusing=REFUSING, names=NAMES) == prompt
    own = f"Verify that robots.txt permits MovaBot on {A} before we plan the ingest."
    assert robots_orders(own, refusing=REFUSING, names=NAMES).startswith("Check whether robots.txt permits")


def test_without_the_robots_orders_they_refuse(monkeypatch: pytest.MonkeyPatch) -> None:
    deputy = build_deputy()
    prompt = f"JIRA DATA-112: Verify that robots.txt permits MovaBot on {A} before we plan the ingest."
    assert read_outcome(deputy, prompt) == _robots()
    monkeypatch.setattr(reader, "robots_orders", lambda text, **_: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_without_the_wondering_openers_they_refuse() -> None:
    words = load_vocab().words
    openers = tuple(o for o in words.spoken_openers if "wondering" not in o and "curious" not in o)
    prompt = f"Just wondering, is MovaBot permitted to fetch {A}?"
    assert read_outcome(build_deputy(), prompt) == _robots()
    assert read_outcome(deputy_with_words(spoken_openers=openers), prompt)[0] == "refused"


# --- the wish to know a site's sitemaps -------------------------------------------------------------------

@pytest.mark.parametrize("prompt, target", [
    ("Our crawl budget is tight this week, so before I plan anything else I want to know which sitemaps "
     "https://www.abc.net.au declares.", "https://www.abc.net.au/"),
    (f"Before I plan the migration I want to know which sitemaps {A} declares.", A),
    (f"Storage is limited this month, so I'd like to know which sitemaps {A} lists.", A),
    (f"I want to know which sitemaps {A} publishes.", A),
], ids=["budget-so-before", "before-i-plan", "so-id-like", "plain"])
def test_the_wish_to_know_sitemaps_is_the_question(deputy: Any, prompt: str, target: str) -> None:
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": target})


@pytest.mark.parametrize("prompt", [
    f"Once the crawl finishes I want to know which sitemaps {A} declares.",
    f"When the crawl finishes I want to know which sitemaps {A} declares.",
    f"Before the crawl finishes I want to know which sitemaps {A} declares.",
    f"I don't want to know which sitemaps {A} declares.",
    f"Before we delete anything I want to know which sitemaps {PRIVATE} declares.",
], ids=["once", "when", "before-the-crawl", "negated", "private"])
def test_the_wish_keeps_every_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_a_real_condition_is_never_moved() -> None:
    prompt = f"Before the crawl finishes, I want to know which sitemaps {A} declares."
    assert moved_deadline(prompt, refusing=REFUSING) == prompt
    negated = f"I want to know which sitemaps {A} declares before we don't need it."
    assert wanted_sitemaps(negated, refusing=REFUSING) == negated


def test_without_the_wish_rule_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    deputy = build_deputy()
    prompt = f"Before I plan the migration I want to know which sitemaps {A} declares."
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": A})
    monkeypatch.setattr(reader, "wanted_sitemaps", lambda text, **_: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- the courtesy of an email -----------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, urls", [
    ("Hello,\n\nI hope this finds you well. As discussed in yesterday's sync, our team is preparing a review of "
     f"fares, and we need copies of the fare pages. Could you please download {A} and {B} so that the analysts "
     "can read them on Thursday? Many thanks in advance.\n\nBest regards,\nSigrid", [A, B]),
    (f"Hi Priya,\n\nI hope this finds you well. As agreed on Monday's call, we are collecting calendars. Could you "
     f"download {A} today?\n\nThanks,\nLeo", [A]),
    (f"Hi all,\n\nAs mentioned earlier, the pricing review needs fresh copies. Please download {A} today.\n\n"
     "Best,\nJoost", [A]),
], ids=["sigrid", "priya", "joost"])
def test_an_emails_courtesy_is_context(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt, kind", [
    (f"Hi Priya,\n\nI hope this finds you well. As agreed on Monday's call, please delete {A}.\n\nThanks,\nLeo",
     "unsupported_verb"),
    (f"Dear team,\n\nAs discussed in the retro, please fetch {A} once the audit is finished.\n\nRegards,\nTom",
     "condition"),
    (f"Hi all,\n\nI hope this finds you well. Please don't download {A} yet.\n\nBest,\nJoost", "negation"),
    (f"Hi all,\n\nAs discussed in the sync, please download {PRIVATE}.\n\nBest,\nJoost", "non_public_address"),
], ids=["delete", "once", "negation", "private"])
def test_an_emails_request_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_an_aside_holding_a_verb_or_an_address_is_left() -> None:
    verbs = frozenset({"delete", "fetch"})
    prompt = f"As discussed in the meeting we delete A, fetch {A}."
    assert unframed_email(prompt, verbs=verbs, refusing=REFUSING) == prompt
    addressed = f"As agreed on {A}, fetch {B}."
    assert unframed_email(addressed, verbs=verbs, refusing=REFUSING) == addressed
    assert unframed_email("As agreed on Monday's call, fetch A.", verbs=verbs | {"call"}, refusing=REFUSING) \
        == "As agreed, fetch A."


def test_without_the_email_rule_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    deputy = build_deputy()
    prompt = f"Hi Priya,\n\nI hope this finds you well. Could you download {A} today?\n\nThanks,\nLeo"
    assert read_outcome(deputy, prompt) == _fetch()
    monkeypatch.setattr(reader, "unframed_email", lambda text, verbs, refusing: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a condition word opening its sentence on a mis-read root (deputy/signals.py) -------------------------

def test_a_question_word_opening_a_question_is_no_condition(deputy: Any) -> None:
    assert read_outcome(deputy, f"When did you last fetch {A}?") == ("page", {"url": A})


# --- "fetch A so the writer has …" (context_paragraphs.so_that) --------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Please fetch {A} so the summary writer downstream has the raw page to work from.",
    f"Hi! I'm an assistant for a small NGO. We are preparing a report and the board meets on Thursday. "
    f"Please fetch {A} so the summary writer downstream has the raw page to work from. Thank you.",
    f"Please fetch {A}, so the team has the raw text to work from.",
], ids=["downstream", "ngo", "comma"])
def test_a_short_so_purpose_is_a_purpose(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetch()


@pytest.mark.parametrize("prompt, kind", [
    (f"Please fetch {A} so the writer downstream can delete it.", "unsupported_verb"),
    (f"Please fetch {A} so the writer downstream doesn't need to.", "negation"),
    (f"Please fetch {A} so the writer downstream has it if it changed.", "condition"),
    (f"Please fetch {PRIVATE} so the writer downstream has the page.", "non_public_address"),
], ids=["delete", "negation", "condition", "private"])
def test_a_short_so_purpose_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_so_that_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    deputy = build_deputy()
    prompt = f"Please fetch {A} so the summary writer downstream has the raw page to work from."
    assert read_outcome(deputy, prompt) == _fetch()
    monkeypatch.setattr(reader, "so_that", lambda text: text)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- an email's closing and its hand-over line (context_paragraphs.unframed_email) -------------------------

@pytest.mark.parametrize("prompt, urls", [
    (f"Please download {A}. Let me know if anything fails.", [A]),
    (f"Please download {A}. Let me know if anything fails.\n\nBest,\nHanna", [A]),
    (f"Fetch {A}. Tell me if you run into any problems.", [A]),
    (f"Could one of the bots take this: please download {A} and {B} today so Oskar can start tomorrow.", [A, B]),
], ids=["fails", "fails-signed", "problems", "take-this"])
def test_an_emails_closing_and_hand_over_are_context(deputy: Any, prompt: str, urls: list[str]) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": urls})


@pytest.mark.parametrize("prompt", [
    f"Please delete {A}. Let me know if anything fails.",
    "Let me know if anything fails.",
    f"Please download {A}. Let me know if it changed.",
    f"Could one of the bots take this: please delete {A}.",
    f"Could one of the bots take this: don't download {A}.",
], ids=["delete", "alone", "changed", "take-delete", "take-negated"])
def test_an_emails_closing_keeps_every_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- a reported question of leave (deputy/forms/reported_ask.py) -------------------------------------------

FINANCE = "The finance team asked whether we're even allowed to pull ECB statistics pages automatically."


def test_a_reported_question_of_leave_is_context(deputy: Any) -> None:
    assert read_outcome(deputy, f"{FINANCE} Check whether robots.txt permits {A}.") == _robots()
    assert read_outcome(deputy, f"Our client was asking whether the pages are current. Please download {A}.") \
        == _fetch()


@pytest.mark.parametrize("prompt, kind", [
    (f"The finance team asked whether we're allowed to pull these pages every hour. Fetch {A}.", "condition"),
    (f"The finance team asked whether we can delete old copies. Check whether robots.txt permits {A}.",
     "unsupported_verb"),
    (FINANCE, "not_understood"),
    (f"{FINANCE} Check whether robots.txt permits {PRIVATE}.", "non_public_address"),
], ids=["every-hour", "delete", "alone", "private"])
def test_a_reported_question_of_leave_keeps_every_check(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_leave_asked_it_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import compose
    deputy = build_deputy()
    prompt = f"{FINANCE} Check whether robots.txt permits {A}."
    assert read_outcome(deputy, prompt) == _robots()
    monkeypatch.setattr(compose, "leave_asked", lambda clause, parsed, words, actions: frozenset())
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- more purposes: "to make sure", "this <noun>" (deputy/text/fronted_purpose.py) --------------------------

@pytest.mark.parametrize("prompt", [
    f"To support this research, please download {A}.",
    f"To make sure we have the latest version, download {A}.",
    f"To make sure that the prices are current, please fetch {A}.",
], ids=["this-research", "make-sure", "make-sure-that"])
def test_more_fronted_purposes(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _fetch()


@pytest.mark.parametrize("prompt", [
    f"To cite this page, please download {A}.",
    f"To make sure it is current, download {A}.",
    f"To make sure robots.txt allows it, download {A}.",
    f"To make sure we have the latest version, delete {A}.",
    f"To make sure we have the latest version, download {A} if it changed.",
    f"To make sure we don't miss anything, download {A}.",
    f"To support this research, please don't download {A}.",
], ids=["this-page", "it", "robots", "delete", "condition", "dont-in-purpose", "negated"])
def test_more_fronted_purposes_keep_every_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- an order to confirm leave after a comma, and the writer's own leave ------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Before we plan the ingest, verify that robots.txt permits {A}.",
    f"Please confirm that we're allowed to fetch {A}.",
    f"Confirm that MovaBot is permitted to crawl {A} before we plan anything.",
], ids=["comma-lead", "we-allowed", "movabot-permitted"])
def test_more_robots_orders(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == _robots()


@pytest.mark.parametrize("prompt", [
    f"Before we plan, verify that robots.txt permits {A} once the job is done.",
    f"If the site is up, verify that robots.txt permits {A}.",
    f"Please confirm that we're allowed to fetch {A} if it changed.",
    f"Confirm that we're allowed to delete {A}.",
    f"Confirm that we're not allowed to fetch {A}.",
], ids=["once-after-before", "if-before", "if-changed", "delete", "negated"])
def test_more_robots_orders_keep_every_check(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"
    assert robots_orders(prompt, refusing=REFUSING, names=NAMES) == prompt or "delete" in prompt or "not" in prompt
