"""Round 24 (safety24): an acting request that asks for something beside the page its address names is
refused rather than read as a fetch of that address (deputy.forms.other_resource):

- another resource of the address ("download the robots.txt of A", "fetch the favicon of A", "grab the
  images of A"): not understood, with a reason that names what was asked;
- a whole site by an adverb ("crawl entirely A", "download A completely", "in full"): unsupported.

"The text/HTML/content/source of A", "the PDF at A", an address that is the resource itself, a question,
and robots.txt in a context clause are left as they were.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.english._deputy_helpers import deputy_with_words, read_outcome

A = "https://www.bbc.co.uk/news"


@pytest.mark.parametrize("prompt", [
    f"download the robots rules of {A}",
    f"download the robots.txt of {A}",
    f"download the robots file of {A}",
    f"save the robots.txt file of {A}",
    f"retrieve the robots rules for {A}",
    f"grab the favicon of {A}",
    f"fetch the images of {A}",
    f"pull down the photos of {A} so I can caption them",
    f"download the PDFs of {A}",
    f"retrieve the RSS feed of {A}",
    f"Fetch the attachments of https://lists.debian.org/debian-devel/2024/01/msg00001.html",
], ids=["robots-rules", "robots-txt", "robots-file", "robots-txt-file", "rules-for", "favicon", "images",
        "photos-prt", "pdfs", "feed", "page-extension"])
def test_another_resource_of_the_address_is_refused(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "not_understood")
    assert "not the page itself" in deputy.read(prompt).reason


@pytest.mark.parametrize("prompt, url", [
    (f"download the text of {A}", A),
    (f"fetch the HTML of {A}", A),
    (f"download the content of {A}", A),
    (f"download the source of {A}", A),
    ("fetch the PDF at https://a.example.com/x.pdf", "https://a.example.com/x.pdf"),
    ("save the robots.txt at https://www.wikipedia.org/robots.txt", "https://www.wikipedia.org/robots.txt"),
    ("grab the logo from https://www.python.org/static/img/python-logo.png",
     "https://www.python.org/static/img/python-logo.png"),
    (f"Download {A} — robots.txt allows it", A),
    (f"crawl {A}", A),
    (f"I'm fully done with the draft; fetch {A}", A),
], ids=["text", "html", "content", "source", "pdf-at", "robots-itself", "logo-file", "robots-context",
        "plain", "adverb-in-context"])
def test_the_page_itself_is_still_fetched(deputy: Any, prompt: str, url: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [url]})


@pytest.mark.parametrize("prompt", [
    f"crawl entirely {A}",
    f"crawl completely {A}",
    f"download {A} completely",
    f"download {A} in full",
    f"download {A} in its entirety",
    f"scrape {A} thoroughly",
    f"Please exhaustively crawl {A}",
    f"crawl all {A}",
], ids=["entirely-before", "completely-before", "completely-after", "in-full", "entirety", "thoroughly",
        "exhaustively", "all-on-address"])
def test_a_whole_site_adverb_is_refused_as_unsupported(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")
    assert "whole site" in deputy.read(prompt).reason


@pytest.mark.parametrize("prompt, kind", [
    (f"Don't download the favicon of {A}", "negation"),
    (f"don't crawl {A} entirely", "negation"),
    (f"Fetch the images of {A} if robots.txt allows it", "condition"),
    (f"Delete the robots.txt of {A}", "unsupported_verb"),
    (f"Crawl the entire site {A}", "unsupported_verb"),
], ids=["negation", "negation-adverb", "condition", "unsupported", "entire-site"])
def test_stronger_reasons_keep_their_kind(deputy: Any, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


def test_a_question_about_robots_txt_of_the_address_still_answers(deputy: Any) -> None:
    assert read_outcome(deputy, "What does the robots.txt of https://www.reddit.com say?") == (
        "robots", {"target": "https://www.reddit.com/"})


def test_without_the_resource_nouns_the_robots_rules_are_fetched_again() -> None:
    """Rule off: with `resource_nouns` empty, the old wrong reading comes back (so the rule is what refuses)."""
    off = deputy_with_words(resource_nouns=frozenset())
    assert read_outcome(off, f"download the robots rules of {A}") == ("fetch", {"urls": [A]})


def test_without_the_site_adverbs_crawl_entirely_is_fetched_again() -> None:
    off = deputy_with_words(site_adverbs=frozenset())
    assert read_outcome(off, f"crawl entirely {A}") == ("fetch", {"urls": [A]})
