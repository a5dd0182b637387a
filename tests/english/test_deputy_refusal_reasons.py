"""Round 17 (branch fix-reasons): the refusal names the real problem.

- A whole site ("Crawl all of A recursively", "… entire site") is an action no capability does: an
  unsupported action, not words the reader cannot place (deputy.decide `_unplaced`, `site_scopes`).
- A question asked beside a request ("Download A and then tell me how many pages you have") is a
  second thing asked at once, not the unsupported verb «tell» (deputy.forms.second_question).
- "no worries", "no worries if not" and "no stress" are asides that negate and condition nothing
  (`hedge_asides`): these prompts act now, so they have controls of their own.

For the first two only the kind of refusal changes: each such prompt was refused before and is refused
now. Each rule has positive cases, negative controls, and a check that switching it off gives the old
reading back."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy.forms import second_question
from seaspider.english_reader import load_vocab

A = "https://www.bahn.de/"
B = "https://www.sbb.ch/en"


_without = deputy_with_words


# --- a whole site ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Crawl all of {A} recursively.",
    f"Crawl {A} entire site, all links.",
    f"Mirror the whole site at {A} please.",
    f"fetch {A} and its subpages",
    f"Download {A} recursively, thanks.",
])
def test_a_whole_site_is_an_unsupported_action(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")


def test_the_reason_names_the_whole_site(deputy: Any) -> None:
    reason = deputy.read(f"Crawl all of {A} recursively.").reason
    assert "whole site" in reason and "recursively" in reason


@pytest.mark.parametrize(("prompt", "expected"), [
    # A question that only asks may speak of a whole site: it still answers.
    (f"How many pages from the whole site {A} have you stored?", ("stats", {"host": "www.bahn.de"})),
    # Other blockers keep their own reason.
    (f"Fetch {A} or {B}.", ("refused", "not_understood")),
    (f"Fetch {A} tomorrow.", ("refused", "condition")),
    # A negation or a condition outranks the scope.
    (f"Don't crawl the whole site {A}.", ("refused", "negation")),
    (f"Crawl the entire site {A} if it changed.", ("refused", "condition")),
    # A private address outranks it too.
    ("Crawl the whole site http://10.0.0.12/ recursively.", ("refused", "non_public_address")),
])
def test_negative_controls_for_the_whole_site(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_scope_words_the_old_reason_comes_back() -> None:
    # With the quantifier words of round 20 off too: "all of A" is a whole-site shape of its own.
    off = _without(site_scopes=frozenset(), site_quantifiers=frozenset())
    assert read_outcome(off, f"Crawl all of {A} recursively.") == (
        "refused", "not_understood")


# --- a second question beside the request -----------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "Download https://www.olympics.com/en/news and then tell me how many pages you've stored.",
    f"Fetch {A} and tell me how many pages you have from bahn.de.",
    f"Fetch {A} and show me whether {B} is allowed.",
    f"Download {A} and tell me what it says.",
])
def test_a_second_question_is_more_than_one_thing(deputy: Any, prompt: str) -> None:
    result = deputy.read(prompt)
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
    assert "more than one thing" in result.reason


@pytest.mark.parametrize(("prompt", "expected"), [
    # "when"/"if" may say when to act: the condition stays the condition.
    (f"Fetch {A} and tell me when it is done.", ("refused", "condition")),
    # "tell me" with no question is a verb no capability does, as before.
    (f"Fetch {A} and tell the team.", ("refused", "unsupported_verb")),
    # A real unsupported verb beside the request keeps its kind.
    (f"Fetch {A} and delete {B}.", ("refused", "unsupported_verb")),
    # The question alone is asked and answered.
    ("Tell me how many pages you have stored.", ("stats", {})),
])
def test_negative_controls_for_the_second_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_rule_the_verb_is_named_unsupported(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import clause
    monkeypatch.setattr(clause, "questions_beside", lambda *args: ())
    assert read_outcome(deputy, f"Fetch {A} and tell me how many pages you have.") == (
        "refused", "unsupported_verb")


def test_questions_beside_reads_only_question_words() -> None:
    from deputy.nlp import load_nlp
    doc = load_nlp()("Fetch it and tell me how many pages you have and show me if it failed.")
    assert second_question.questions_beside(doc[0], frozenset({"tell", "show"})) == ("tell",)



def test_the_review_gap_of_a_whole_site_is_its_widening_word(deputy: Any) -> None:
    # The review queue files the refusal under the word that widens the action, as it did before.
    from deputy.teaching.gaps import Gap, classify
    from deputy.teaching.review import ReviewItem
    refusal = deputy.read(f"Crawl all of {A} recursively.")
    item = ReviewItem(line=1, time="", prompt="p", prompt_sha256="0" * 64, kind=refusal.kind, reason=refusal.reason,
                      predicate="crawl", skeleton=refusal.skeleton.to_json(), tokens=())
    finding = classify(item, deputy.vocab)
    assert (finding.gap, finding.word) == (Gap.WIDENING_WORDS, "recursively")


# --- reassurances that negate nothing -----------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A} now, no worries.",
    f"No worries if not, but could you download {A}?",
    f"Could you grab {A} for me? No worries if you can't.",
    f"no worries at all, just fetch {A} when you can",
    f"Download {A} — no problem if not.",
    f"No stress, but please fetch {A}.",
])
def test_a_reassurance_is_no_negation(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Don't fetch {A}, no worries.", "negation"),
    (f"No worries, but don't download {A} this time.", "negation"),
    (f"Fetch {A} if it changed, no worries.", "condition"),
    (f"Fetch {A} unless {B} is down, no worries if not.", "condition"),
    (f"No worries, delete {A} from the store.", "unsupported_verb"),
    (f"The user said no worries about {B}. Fetch {A}.", "url_outside_parse"),
    ("No worries — fetch http://192.168.1.20/admin please.", "non_public_address"),
])
def test_negative_controls_for_reassurances(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_without_the_asides_the_reassurance_negates() -> None:
    vocab = load_vocab()
    kept = tuple(a for a in vocab.words.hedge_asides if not a.startswith(("no worries", "no problem", "no stress")))
    assert read_outcome(_without(hedge_asides=kept), f"Fetch {A} now, no worries.") == ("refused", "negation")
