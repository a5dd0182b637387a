"""Round 29 (forms29): a form whose fields name the operation and the address apart ("**Action:** robots check\\n
**Target:** A", "Request type: Sitemap lookup\\nSite: A\\nRequested by: M. Dubois"), read as the operation's value
said of the address with every check (deputy.text.operation_form). Positives, refusal controls and rule-off checks."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from seaspider.english_reader import build_deputy

A = "https://www.hs.fi/talous/"
SITE = "https://www.kuoni.ch"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


@pytest.mark.parametrize("prompt, expected", [
    (f"**Action:** robots check\n**Target:** {A}", ("robots", {"target": A})),
    (f"Form submission\nRequest type: Sitemap lookup\nSite: {SITE}\nRequested by: K. Virtanen",
     ("sitemaps", {"target": SITE + "/"})),
    (f"Operation requested: sitemaps\nWebsite: {SITE}\nNotes: —", ("sitemaps", {"target": SITE + "/"})),
    (f"What do you need? read the stored text\nURL: {A}\nDeadline: Friday", ("read", {"url": A})),
    (f"Action: page info\nPage: {A}\nDue: end of week", ("page", {"url": A})),
    (f"Requested by: S. Kim\n**Operation:** download\n**Address:** {A}", ("fetch", {"urls": [A]})),
], ids=["bold-robots", "titled-sitemaps", "empty-notes", "question-label-deadline", "due-day", "person-first"])
def test_form_fields_read_as_the_operation_on_the_address(deputy: Deputy, prompt: str, expected: tuple) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Action: do not fetch\nTarget: {A}", "negation"),
    (f"**Action:** fetch if it changed\n**Target:** {A}", "condition"),
    (f"Action: fetch\nTarget: {A}\nRun after: the deploy", "condition"),
    (f"Action: fetch\nTarget: {A}\nDeadline: after the deploy", "condition"),
    (f"Action: delete\nTarget: {A}", "unsupported_verb"),
    (f"Do not fetch\nAction: fetch\nSite: {A}", "negation"),
], ids=["negated-value", "conditional-value", "run-after", "deadline-condition", "unsupported", "negated-title"])
def test_form_controls_stay_refused(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Action: robots check\nRequested by: {A}\nNotes: urgent",           # the address only in a person field
    f"Request type: fetch\nNotes: the page {A} came up in a meeting",      # the address only in the notes
    f"Action: fetch\nTarget: {A}\nTarget: https://www.yle.fi/",            # two address fields
    f"Request type: sitemap lookup\nSite: {SITE}\nAlso: https://www.yle.fi/",
], ids=["person-field", "notes-field", "two-targets", "second-address"])
def test_form_with_the_address_elsewhere_is_refused(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_rule_off_operation_fields() -> None:
    """Without the operation field names, the bold form is not understood again, as before the rule."""
    off = deputy_with_words(operation_fields=frozenset())
    assert read_outcome(off, f"**Action:** robots check\n**Target:** {A}")[0] == "refused"


def test_rule_off_address_fields() -> None:
    off = deputy_with_words(address_fields=frozenset())
    prompt = f"Form submission\nRequest type: Sitemap lookup\nSite: {SITE}\nRequested by: K. Virtanen"
    assert read_outcome(off, prompt)[0] == "refused"


def test_rule_off_deadline_fields(deputy: Deputy) -> None:
    """Without the deadline field names, "Deadline: Friday" is a word the form does not know, and it is refused."""
    prompt = f"What do you need? read the stored text\nURL: {A}\nDeadline: Friday"
    assert read_outcome(deputy, prompt) == ("read", {"url": A})
    assert read_outcome(deputy_with_words(deadline_fields=frozenset()), prompt)[0] == "refused"


def test_rule_off_form_titles(deputy: Deputy) -> None:
    prompt = f"Web form\nOperation requested: sitemaps\nWebsite: {SITE}"
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": SITE + "/"})
    assert read_outcome(deputy_with_words(form_titles=frozenset()), prompt)[0] == "refused"
