"""Round 13: reasons beside a request that are no second action — the writer's own later step marked
as theirs ("I'll translate it myself"), someone wanting to know something ("the user wants to know
what changed"), a person's report on the one address that "it" then names, and a purpose phrase up
front about the writer's own work ("For the index I'm building, fetch A"). Every rule has its
controls: a negation, a real condition, a verb asked of me, the address moved or doubled still refuse;
and each rule switched off turns a positive case back into a refusal."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from _teaching_helpers import vocab_raw
from deputy import Vocab
from deputy.text.fronted import fronted_work
from deputy.protect import protect
from deputy.forms.reasons import listened_for
from deputy.teaching.relaxations import relaxations
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"
FETCH_A = ("fetch", {"urls": [A]})
FETCH_AB = ("fetch", {"urls": [A, B]})


# --- the writer's own later step, marked by "myself" / "ourselves" ------------------------------

@pytest.mark.parametrize("prompt", [
    f"Save {A} — I'll translate it myself later.",
    f"Grab {A} — I'll summarise it for the team myself.",  # the model hangs "myself" from "team"
    f"Download {A}. We'll compare it against last month ourselves.",
    f"Pull down {A}, then I'll summarize it myself.",
    f"First, fetch {A}. Then I'll summarize it for the user myself.",
    f"Fetch {A} so I can summarise it myself.",
])
def test_the_writers_own_step_asks_nothing_more(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Save {A} — I'll translate it later.", "unsupported_verb"),  # no reflexive: whose work is open
    (f"Fetch {A} so I can summarise it.", "unsupported_verb"),
    (f"Fetch {A} — you translate it yourself afterwards.", "unsupported_verb"),
    (f"Fetch {A} — I'll have you translate it myself.", "unsupported_verb"),  # "you" under the verb
    (f"Fetch {A} — the user will translate it himself.", "unsupported_verb"),
    (f"Don't fetch {A} — I'll summarize it myself.", "negation"),
    (f"Fetch {A} if it changed; I'll summarize it myself.", "condition"),
    (f"Fetch {A} — I'll delete it myself later.", "unsupported_verb"),  # a forbidden verb, anywhere
    (f"Fetch {A} — I'll translate {B} myself.", "url_outside_parse"),
    (f"Fetch {A}. Then email it to the CFO; I'll translate it myself.", "unsupported_verb"),
])
def test_other_later_steps_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_reflexive_rule_the_step_is_a_second_action(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.context as context

    monkeypatch.setattr(context, "by_the_writer", lambda verb: False)
    assert read_outcome(deputy, f"Save {A} — I'll translate it myself later.") == ("refused", "unsupported_verb")


# --- someone wants to know something ------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Please download {A} — the user wants to know what changed in 3.0.",
    f"The user wants to know what the page says. Please download {A}",
    f"Please fetch {A} — my manager wants to know what it says about pods.",
    f"Our PM wants to know what the competitor charges for the team plan. Download {A} please.",
    f"The customer would like to know what happened to the old pricing. Could you fetch {A}?",
    f"Fetch {A} — I want to know what's new.",
    f"The user asked what changed. Please download {A}.",  # "changed" with "what" as subject: an event
])
def test_a_wish_to_know_is_the_reason_for_the_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"The user wants to know what was deleted. Please download {A}", "unsupported_verb"),  # forbidden
    (f"The user wants to know what was changed. Please download {A}", "unsupported_verb"),  # a passive: done by someone
    (f"The user wants to know what you fetched. Please download {A}", "not_understood"),  # about the exchange
    (f"The user wants to know how many pages are stored. Please download {A}", "not_understood"),  # I could answer it
    (f"I want to know how many pages there are. Fetch {A}.", "not_understood"),  # a count
    (f"The user wants to know whether the queue is empty. Please download {A}", "not_understood"),
    (f"The user wants to know whether {B} is allowed. Please download {A}", "not_understood"),  # an address
    (f"The user wants to know what changed. Don't download {A}", "negation"),
    (f"The user wants to know what changed? Please download {A}", "unsupported_verb"),  # asked of me
    (f"The user wants to know what changed. Please download {A} if it's newer.", "condition"),
    (f"The user wants you to change the page. Please download {A}", "unsupported_verb"),
    (f"The user wants to know what changed, so update {A}", "unsupported_verb"),
    ("The user wants to know what changed.", "unsupported_verb"),  # alone it is no request at all
    (f"Fetch {A} — I need to know if it's allowed.", "not_understood"),  # asks for leave: robots answers that
])
def test_a_wish_to_know_hides_nothing(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_wish_rule_the_question_is_a_second_thing_asked(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose

    monkeypatch.setattr(compose, "wants_to_know", lambda *args: False)
    assert read_outcome(deputy, f"Fetch {A} — I want to know what's new.") == ("refused", "not_understood")


def test_without_the_event_rule_a_refused_verb_in_the_question_refuses(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.compose as compose

    monkeypatch.setattr(compose, "happened", lambda tok: False)
    assert read_outcome(deputy, f"Please download {A} — the user wants to know what changed in 3.0.") == (
        "refused", "unsupported_verb")


def test_the_words_i_listen_for_come_from_the_answering_capabilities(deputy: Any) -> None:
    heard = listened_for(deputy.vocab)
    assert {"queue", "stored", "crawler", "status"} <= heard
    # Words of the page itself, or that place it, are said by questions about the page too.
    assert not {"page", "for", "on", "title"} & heard


# --- a person reports on the one address that "it" then names -----------------------------------

@pytest.mark.parametrize("prompt", [
    f"Support here. Customer reports broken images on {A} — please download it so we can check the markup.",
    f"Our client complained about missing prices on {A}. Please download it.",
    f"Heads up: users are reporting 404s on {A}. Fetch it so I can see what they see.",
    f"The intern noticed weird characters on {A}. Please fetch it.",
])
def test_a_persons_report_hands_the_one_address_to_it(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == FETCH_A


@pytest.mark.parametrize("prompt, kind", [
    (f"Customer reports a broken image on {A} — please download it.", "url_outside_parse"),  # "it" may be the image
    (f"Customer reports broken images on {A} — please delete it.", "unsupported_verb"),
    (f"Customer reports broken images on {A} — don't download it.", "negation"),
    (f"Customer reports broken images on {A} and {B} — please download it.", "url_outside_parse"),
    (f"Customer reports broken images on {A} — please download them.", "url_outside_parse"),  # "them": the images
    (f"The crawler log reports broken images on {A} — please download it.", "url_outside_parse"),  # no person
    (f"Customer reports broken images on {A} — please download it once they fix the CDN.", "condition"),
    (f"Customer never reports broken images on {A}. Please download it.", "url_outside_parse"),
    (f"Customer emailed broken images on {A}. Please download it.", "url_outside_parse"),  # no report verb
])
def test_other_reports_bind_nothing(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_report_verbs_it_stays_unbound(deputy: Any) -> None:
    from dataclasses import replace

    from seaspider.english_reader import deputy_for

    vocab = replace(deputy.vocab, words=replace(deputy.vocab.words, report_verbs=frozenset()))
    prompt = f"Our client complained about missing prices on {A}. Please download it."
    assert read_outcome(deputy_for(vocab), prompt) == ("refused", "url_outside_parse")


def test_adding_a_report_verb_that_refuses_is_a_relaxation() -> None:
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault("report_verbs", []).append("publish")
    assert any("report_verbs" in why for why in relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw)))


# --- a purpose phrase up front about the writer's own work --------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"For the RAG index I'm building, fetch {A} and {B}. I will chunk them afterwards.", FETCH_AB),
    (f"For the migration guide I'm drafting, fetch {A}.", FETCH_A),
    (f"For the blog post I'm writing, grab {A}.", FETCH_A),
    (f"For the comparison table I am putting together, fetch {A} and {B}.", FETCH_AB),
    (f"Thanks. For the deck we're preparing, download {A}.", FETCH_A),
])
def test_the_writers_own_work_up_front_is_a_purpose(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"For the index I'm building, fetch {A} tomorrow.", "condition"),
    (f"For the index I'm building, don't fetch {A}.", "negation"),
    (f"For the report you're writing, fetch {A}.", "unsupported_verb"),  # the deputy would write
    (f"For the index I'm building, fetch {A} and upload it to S3.", "unsupported_verb"),
    (f"For the index I'm building from {B}, fetch {A}.", "url_outside_parse"),
    (f"For the page I'm deleting, fetch {A}.", "unsupported_verb"),  # a forbidden verb, anywhere
])
def test_other_purposes_up_front_still_refuse(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_the_relative_clause_is_marked_only_where_a_sentence_starts() -> None:
    put, said = fronted_work(protect(f"For the index I'm building, fetch {A}."))
    assert put.pieces[0].startswith("For the index that I'm building,") and said
    # Right after an address no sentence starts: the piece is left as written.
    kept, nothing = fronted_work(protect(f"Fetch {A} for the index I'm building, thanks."))
    assert kept.pieces[1] == " for the index I'm building, thanks." and nothing == ()


def test_without_the_rewrite_the_writers_verb_is_read_as_the_request(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.nlp as nlp

    monkeypatch.setattr(nlp, "fronted_work", lambda protected: (protected, ()))
    assert read_outcome(deputy, f"For the migration guide I'm drafting, fetch {A}.") == ("refused", "unsupported_verb")
