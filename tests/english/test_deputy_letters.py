"""Round 11: how chat and letters dress a request — footnote markers, an @mention of the deputy,
a sign-off ("Kind regards, Ingrid", "… and oblige") — ask for nothing and hide nothing."""

from __future__ import annotations

from typing import Any

import pytest

from deputy.protect import protect
from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"
B = "https://b.example.com/y"


@pytest.mark.parametrize("prompt, expected", [
    (f"Please fetch the paper cited as [12]: {A}", ("fetch", {"urls": [A]})),
    (f"Download {A} [4] and {B} [5].", ("fetch", {"urls": [A, B]})),
    (f"@seaspider download {A} please", ("fetch", {"urls": [A]})),
    ("@SeaSpider how many pages do we have from www.theguardian.com?", ("stats", {"host": "www.theguardian.com"})),
    ("hey @seaspider, is the crawl still running?", ("status", {})),
    (f"Hello, could you please fetch {A}? Kind regards, Ingrid", ("fetch", {"urls": [A]})),
    (f"Respected sir, kindly download {A} and oblige.", ("fetch", {"urls": [A]})),
])
def test_dress_around_a_request_is_dropped(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"Fetch {A} [3] if it was updated this week.", "condition"),
    (f"Fetch {A} [8] and summarise it for section 3.", "unsupported_verb"),
    ("Fetch http://[fd00::1]/internal/report [9]", "non_public_address"),  # a real IPv6 host stays one
    (f"@seaspider don't fetch {A}, it's behind the paywall", "negation"),
    (f"@seaspider fetch {A} and post it in #news", "unsupported_verb"),
    (f"@maya can you fetch {A} for me?", "not_understood"),  # someone else's mention: not to me
    (f"Please fetch {A} and email it to me. Kind regards, Ingrid", "unsupported_verb"),
    (f"Please fetch {A} tomorrow morning. Cheers, Dan", "condition"),
    (f"Kindly fetch {A} and oblige by deleting the old copy.", "unsupported_verb"),
])
def test_the_checks_still_apply_to_what_is_left(deputy: Any, prompt: str, kind: str) -> None:  # negative controls
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_bracketed_number_is_no_ipv6_host_but_a_bracketed_ipv6_address_is() -> None:
    assert [i.text for i in protect("see [3] and [12]").items] == []
    assert [i.text for i in protect("fetch [2001:db8::1] and [::1]").items] == ["[2001:db8::1]", "[::1]"]


@pytest.mark.parametrize("prompt, expected", [
    (f"Hi,\n\nPlease download {A}\n\nBest regards,\nTom Hartley", ("fetch", {"urls": [A]})),
    (f"Could you fetch {A}? Many thanks, Lukas Meier", ("fetch", {"urls": [A]})),
    (f"Fetch {A}. I hope you don't mind.", ("fetch", {"urls": [A]})),  # the courtesy idiom stays courtesy
    ("Thanks.", ("refused", "not_understood")),  # nothing but the sign-off: it stays, and asks nothing
])
def test_a_sign_off_and_the_name_after_it_ask_nothing(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt", [
    f"Fetch {A}. Thanks, but don't.",  # fetched before round 11: a thank-you sentence was mere courtesy
    f"Please download {A}. Thank you, never mind.",
    f"Fetch {A}. Thanks, Don't",  # no sign-off swallows a negation as a name
    f"Fetch {A}. Regards, Never",
])
def test_a_thank_you_that_takes_the_request_back_refuses(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "negation")


def test_no_sign_off_drops_a_condition_as_a_name(deputy: Any) -> None:
    assert read_outcome(deputy, f"Fetch {A}. Regards, Unless") == ("refused", "condition")


@pytest.mark.parametrize("prompt, expected", [
    ("Which sitemaps does https://www.ikea.com/ publish?", ("sitemaps", {"target": "https://www.ikea.com/"})),
    ("Does https://www.argos.co.uk/ publish a sitemap at all?", ("sitemaps", {"target": "https://www.argos.co.uk/"})),
    ("Publish the sitemaps of https://www.currys.co.uk/ to our wiki.", ("refused", "unsupported_verb")),  # control
    ("Can you publish https://www.tesco.com/sitemap.xml?", ("refused", "unsupported_verb")),  # control
])
def test_a_site_publishes_its_sitemaps_but_i_publish_nothing(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, expected", [
    (f"What did {A} say when you stored it?", ("read", {"url": A})),
    (f"How big was {A} when you downloaded it?", ("page", {"url": A})),
    (f"Fetch {A} when it is updated.", ("refused", "condition")),  # the future: a condition
    (f"Fetch {A} when we fetched it last time.", ("refused", "condition")),  # a command: still a condition
    (f"Could you fetch {A} once we updated it?", ("refused", "condition")),  # a request: still a condition
    (f"What did {A} say when you stored it? Then delete it.", ("refused", "unsupported_verb")),
])
def test_a_clause_in_the_past_dates_a_question_and_conditions_nothing(
        deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_a_negated_clause_in_the_past_is_no_date(deputy: Any) -> None:  # negative control
    assert read_outcome(deputy, f"What did {A} say when you didn't store it?")[0] == "refused"
