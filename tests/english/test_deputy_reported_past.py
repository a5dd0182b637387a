"""Round 18 (ctx18): sentences beside a request or a question that only report what happened ("You told
me you were busy a minute ago.", "In your last reply A was still queued.", "Reported by support",
"Sent from my phone", "… was fetched at 09:12") are context, not a second action; a purpose clause put
before the request ("So that the summariser has material, download A now.") is read after it
(deputy/forms/reported_past.py, deputy/text/fronted_so_that.py). Every rule has positive cases,
negative controls (negation, a real condition, an unsupported verb, the address moved into the report)
and a rule-off check."""

from __future__ import annotations

import pytest

import deputy.compose as compose_module
import deputy.nlp as nlp_module
from _deputy_helpers import read_outcome
from deputy import Deputy
from deputy.protect import protect
from deputy.text.fronted_so_that import fronted_so_that

A = "https://www.lemonde.fr/international/"
B = "https://www.economist.com/"



# --- a report of what happened beside a question or a request -------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"You said earlier that {A} was queued. Has {A} been fetched yet?", ("page", {"url": A})),
    (f"In the previous answer {A} was still waiting in the queue. Has it been fetched now?", ("page", {"url": A})),
    (f"You fetched {A} this morning. What status code did it return?", ("page", {"url": A})),
    ("You mentioned an hour ago that you were swamped. Is anything still pending?", ("status", {})),
    (f"You answered that {A} was fetched at 09:12 with HTTP 403. What title did it have?", ("page", {"url": A})),
    (f"Logged by the monitoring bot\nPlease fetch {A} once more.", ("fetch", {"urls": [A]})),
    (f"Please fetch {A}\n\nSent from my Android phone", ("fetch", {"urls": [A]})),
])
def test_a_report_is_context(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    # The address the report names is not the one asked about: still outside the request.
    (f"You told me {A} was done. How many pages from www.wired.com have you stored?", "url_outside_parse"),
    (f"You said {A} was queued. Fetch {B} as well.", "url_outside_parse"),
    (f"Filed by QA\nThe client says {A} looks off.\nPlease fetch {B}.", "url_outside_parse"),
    # Negation, condition, unsupported verb in the request.
    (f"You told me you were free. Don't fetch {A} yet.", "negation"),
    (f"You said {A} was queued. Fetch {A} only if it changed since then.", "condition"),
    (f"You told me {A} was stored. Delete {A} now.", "unsupported_verb"),
    (f"You fetched {A} yesterday. Fetch it again and email it to me.", "unsupported_verb"),
    # A clock time in the request itself is no date of the past: it is a schedule (round 21, voice21).
    (f"You answered that {A} was fetched at 09:12 with HTTP 403. Fetch it at 10:30.", "condition"),
])
def test_a_report_keeps_the_guards(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"You will fetch {A} later. Has {A} been fetched?",  # no past: looks ahead
    f"You didn't fetch {A} yesterday. Fetch it now.",  # a negated report asks again
    f"You told me to fetch {A} tomorrow. Fetch {A}.",  # a bare acting verb: a request relayed
])
def test_no_report_is_never_acted_on(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] in ("refused", "page")
    assert read_outcome(deputy, prompt)[0] != "fetch"


def test_report_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "You mentioned an hour ago that you were swamped. Is anything still pending?"
    assert read_outcome(deputy, prompt) == ("status", {})
    monkeypatch.setattr(compose_module, "reports_what_happened", lambda *args, **kwargs: False)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_clock_rule_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = f"You answered that {A} was fetched at 09:12 with HTTP 403. What title did it have?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(compose_module, "past_clock_times", lambda *args, **kwargs: frozenset())
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")


# --- a purpose clause before the request -----------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "So that the summariser step has material to work with, download https://www.abc.net.au/news/science/ now.",
    "So that I can quote the figures, please download https://www.imf.org/en/Publications/WEO.",
])
def test_fronted_purpose_is_read_after_the_request(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "fetch"


@pytest.mark.parametrize("prompt,kind", [
    ("So that the summary is fresh, fetch https://www.politico.eu/ only if it changed today.", "condition"),
    ("So that the summary is fresh, do not fetch https://www.politico.eu/ again.", "negation"),
    ("So that nothing breaks, fetch https://www.politico.eu/ now.", "negation"),
    ("So that the report can be finished, fetch https://www.oecd.org/economy/ and post it to the channel.",
     "unsupported_verb"),
])
def test_fronted_purpose_keeps_the_guards(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_fronted_purpose_moves_only_plain_one_sentence_prompts() -> None:
    moved, notes = fronted_so_that(protect("So that we have it, fetch https://a.example.com/ now."))
    assert notes and moved.pieces[-1].endswith(", so that we have it.")
    # An address inside the purpose, two sentences, a question: left as written.
    for prompt in ("So that https://a.example.com/ stays fresh, fetch https://b.example.com/.",
                   "So that we have it, fetch https://a.example.com/. Then stop.",
                   "So that we have it, can you fetch https://a.example.com/?"):
        assert fronted_so_that(protect(prompt))[1] == ()


def test_fronted_purpose_off_refuses_again(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    prompt = "So that the summariser step has material to work with, download https://www.abc.net.au/news/science/ now."
    monkeypatch.setattr(nlp_module, "fronted_so_that", lambda protected: (protected, ()))
    assert read_outcome(deputy, prompt)[0] == "refused"
