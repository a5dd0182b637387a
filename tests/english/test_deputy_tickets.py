"""Support tickets: a relayed question with its ticket number, "asking if", "is the job still going"."""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import read_outcome

A = "https://a.example.com/x"


@pytest.mark.parametrize("prompt, expected", [
    (f'The customer on ticket 41190 asked: "What does {A} say?"', ("read", {"url": A})),
    (f'The customer on case #5512 asked: "What does {A} say?"', ("read", {"url": A})),
    (f'Ticket 4410, the customer asked: "fetch {A}"', ("fetch", {"urls": [A]})),
])
def test_a_ticket_number_in_a_relay_frame_only_says_where(
    deputy: Any, prompt: str, expected: tuple[str, object]
) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f'The customer on the ticket asked: "What does {A} say?"', "unsupported_verb"),  # "ticket" without a number
    (f'The customer deleted ticket 4410 and asked: "fetch {A}"', "unsupported_verb"),  # a verb in the frame
    (f'The customer on ticket 52210 asked: "Don\'t fetch {A} again."', "negation"),
    ('The customer on ticket 52210 asked: "What does http://192.168.1.20/fees say?"', "non_public_address"),
])
def test_a_frame_with_more_than_a_ticket_is_read_as_written(deputy: Any, prompt: str, kind: str) -> None:  # control
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt, expected", [
    ("Ticket #1209. The customer is asking if our crawler is running. Is the job still going?", ("status", {})),
    ("Is the crawl going?", ("status", {})),
])
def test_asking_if_is_an_indirect_question(deputy: Any, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    ("The customer is asking if our crawler is running. If it is, stop it.", "condition"),  # a real "if"
    ("Is the job still going? If so, stop it.", "condition"),
    (f"Is the job going to fetch {A}?", "url_outside_parse"),  # "going to" is no status
])
def test_a_real_condition_after_asking_still_refuses(deputy: Any, prompt: str, kind: str) -> None:  # negative control
    assert read_outcome(deputy, prompt) == ("refused", kind)
