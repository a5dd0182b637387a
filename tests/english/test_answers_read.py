"""The read answer and its report: the text with its span, paging, not fetched, failures, no text; built from plain values."""

from __future__ import annotations

from typing import Any

import jsonschema
import pytest

from seaspider.resources import load_schema
from seaspider.service.answers import answer, answer_read, read_more_prompt
from seaspider.service.reports import read_report
from seaspider.web.text import PageText, TextKind

A = "https://a.example/"
T_0752 = 1793778720.0  # 2026-11-04 07:52 UTC
TEXT = "Mova\n\n# Welcome\n\nA polite spider."  # 33 characters


def line(**over: Any) -> dict[str, Any]:
    base = {
        "url": A, "final_url": A, "outcome": "fetched", "status": 200, "content_type": "text/html; charset=utf-8",
        "fetched_unix": T_0752, "body_bytes": 120, "truncated": False, "sha256": "0" * 64, "robots": {"rule": None},
    }  # fmt: skip
    return {**base, **over}


def html(text: str = TEXT, *, complete: bool = True) -> PageText:
    return PageText(TextKind.HTML, text, "Mova", "utf-8", "text/html", complete)


def report(start: int = 0, max_chars: int = 8000, **kw: Any) -> dict[str, Any]:
    page = kw.pop("page", html())
    return read_report(A, kw.pop("line", line()), page, start=start, max_chars=max_chars)


def checked(obj: dict[str, Any]) -> dict[str, Any]:
    errors = [e.message for e in jsonschema.Draft202012Validator(load_schema("read-report")).iter_errors(obj)]
    assert not errors, errors
    return obj


def test_the_whole_text_fits() -> None:
    got = checked(report())
    assert (got["state"], got["start"], got["end"], got["total_chars"], got["more"]) == ("text", 0, 33, 33, False)
    assert answer(got) == f"Here is the text of {A} (33 characters):\n\n{TEXT}"


def test_a_span_names_its_characters_and_how_to_read_on() -> None:
    got = checked(report(max_chars=10))
    assert got["text"] == TEXT[:10] and got["end"] == 10 and got["more"]
    assert answer_read(got) == (
        f"Here is the text of {A}, characters 1 to 10 of 33:\n\n{TEXT[:10]}\n\n"
        f"There is more; to read on, ask me: Show me the text of {A}, “characters 11 to 20”."
    )
    assert read_more_prompt(got) == f"Show me the text of {A}, “characters 11 to 20”."
    last = checked(report(start=30, max_chars=10))
    assert last["text"] == TEXT[30:] and not last["more"]
    assert answer_read(last) == f"Here is the text of {A}, characters 31 to 33 of 33:\n\n{TEXT[30:]}"


def test_pages_join_into_the_whole_text() -> None:
    pieces, start = [], 0
    while True:
        got = report(start=start, max_chars=7)
        pieces.append(got["text"])
        if not got["more"]:
            break
        start = got["end"]
    assert "".join(pieces) == TEXT


def test_a_start_past_the_end() -> None:
    got = checked(report(start=100))
    assert got["text"] == "" and got["end"] == 100 and not got["more"]
    assert answer(got) == f"The text of {A} has only 33 characters; there is nothing from character 101 on."


def test_not_fetched_asks_for_a_fetch_first() -> None:
    got = checked(read_report(A, None, None, start=0, max_chars=8000))
    assert got["state"] == "not_fetched" and got["text"] is None
    assert answer(got) == f"I have not fetched {A} yet. Ask me to fetch it first."


@pytest.mark.parametrize(
    ("over", "because"),
    [
        ({"outcome": "disallowed", "status": None, "robots": {"rule": "Disallow: /"}}, "robots.txt disallows it (rule Disallow: /)"),
        ({"status": 404}, "the server answered HTTP 404"),
        ({"outcome": "error", "status": None, "reason": "the connection was refused"}, "the connection was refused"),
    ],
    ids=["disallowed", "http-404", "error"],
)
def test_failures_say_why_and_how_to_retry(over: dict[str, Any], because: str) -> None:
    got = checked(report(line=line(**over)))
    assert got["state"] == "failed" and got["text"] is None
    assert answer(got) == f"I could not fetch {A} because {because}. Ask me to fetch it again."


def test_other_types_give_their_type_and_size() -> None:
    png = PageText(TextKind.NONE, "", None, None, "image/png", True)
    got = checked(report(line=line(content_type="image/png", body_bytes=2400), page=png))
    assert got["state"] == "no_text" and got["kind"] == "none"
    assert answer(got) == f"{A} is image/png (2.4 kB); I have no text for it."


def test_a_text_cut_short_says_so() -> None:
    got = checked(report(page=html(complete=False)))
    assert answer(got).endswith("\n\nThe text is cut short: the page is larger than I read.")
    truncated = checked(report(line=line(truncated=True)))
    assert answer(truncated).endswith("The text is cut short: the page is larger than I read.")
    assert "cut short" not in answer(report())  # negative control


def test_an_empty_text() -> None:
    got = checked(report(page=html("")))
    assert answer(got) == f"{A} has no readable text."
