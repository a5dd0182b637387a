"""A grammar check over many generated reports of every shape: agreement, articles, spacing, punctuation."""

from __future__ import annotations

import re
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seaspider.service.answers import answer

# Nouns the answers count, with their plurals.
NOUNS = {"page": "pages", "job": "jobs", "byte": "bytes"}

_COUNTED = re.compile(rf"(?<![\w.,:/-])(\d+) (?:more )?({'|'.join([*NOUNS, *NOUNS.values()])})\b")
_QUOTED = re.compile(r"“[^“”]*”")
_URL = re.compile(r"https?://\S+?(?=[,;:)]? |[.,;:)]?$)")
# A bare host name is data too: "from from.org" names the site from.org, it does not double "from".
_HOST = re.compile(r"(?<![\w./-])(?:[a-z0-9-]+\.)+[a-z]{2,}(?![\w/-])")
_PROBLEMS: list[tuple[str, re.Pattern[str]]] = [
    ("singular subject with a plural verb", re.compile(r"\b(?:job|page|byte) (?:are|were)\b")),
    ("plural subject with a singular verb", re.compile(r"\b(?:jobs|pages|bytes) (?:is|was)\b")),
    ("1 with a plural verb", re.compile(r"(?<![\w.,:/-])1 (?:are|were)\b")),
    ("doubled article", re.compile(r"\b(?:a|an|the) (?:a|an|the)\b", re.IGNORECASE)),
    ("a before a vowel", re.compile(r"\b[Aa] (?:[aeiou]\w*|HTTP|MB)\b")),
    ("an before a consonant", re.compile(r"\b[Aa]n (?:[bcdfgjklmnpqrstvwxyz]\w*)\b")),
    ("double space", re.compile(r"  ")),
    ("space before punctuation", re.compile(r" [.,;:!?]")),
    ("doubled punctuation", re.compile(r"(?:\.\.|,,|,\.|:\.|;\.|\.,)")),
    ("leaked Python", re.compile(r"None|True|False|[{}\[\]]|'")),
    ("empty parentheses", re.compile(r"\(\s*\)")),
    ("doubled word", re.compile(r"\b([A-Za-z]+) \1\b")),
]


def grammar_problems(text: str) -> list[str]:
    """Every problem found in `text`, by name; an empty list means the answer passed."""
    # URLs, host names and quoted titles are data, not words: "https://a.example/a at" has no article
    # in it, "from from.org" names a site, and a page titled “True” or “a a” is quoted as the page says it.
    words = _QUOTED.sub("“quoted”", _HOST.sub("host-name", _URL.sub("https-url", text)))
    found = [name for name, pattern in _PROBLEMS if pattern.search(words)]
    for number, noun in _COUNTED.findall(words):
        if (number == "1") != (noun in NOUNS):
            found.append(f"{number} {noun}: the noun does not agree with the number")
    if not text or not text[0].isupper() and not text[0].isdigit():
        found.append("no capital at the start")
    if not text.endswith((".", "?", "!")):
        found.append("no final punctuation")
    # Sentence boundaries: a mark, a space, then a capital or a digit ("1 job is ahead of it.").
    if len(re.findall(r"[.?!] (?=[A-Z0-9])", words)) + 1 > 3:
        found.append("more than three sentences")
    return found


@pytest.mark.parametrize(
    "bad",
    [
        "I have stored 1 pages.",
        "I have stored 2 page.",
        "I have stored 1 more pages.",
        "1 jobs are waiting.",
        "1 job are waiting.",
        "2 jobs is waiting.",
        "2 pages was not started.",
        "It is a an error.",
        "It is a error.",
        "It is an page.",
        "I have stored  1 page.",
        "I have stored 1 page",
        "I have stored 1 page..",
        "I have stored None pages.",
        "I have queued {n} pages.",
        "I fetched ['A'].",
        "i fetched it.",
        "It is fine. It is fine. It is fine. It is fine.",
        "It fetched ().",
        "Its title is “Mova”. It is True.",
        "I have stored 3 pages from from a.example.",  # a doubled word next to a host name is still doubled
    ],
)
def test_checker_catches_each_kind_of_mistake(bad: str) -> None:  # negative control of the checker
    assert grammar_problems(bad) != []


@pytest.mark.parametrize(
    "good",
    [
        "I am working on octopus-7-0: 0 of 1 page is done, now https://a.example/. 2 jobs are waiting.",
        "I have queued 1 page for fetching (octopus-7-0): https://a.example/. No job is ahead of it.",
        "I fetched https://a.example/ at 2026-11-04 07:52 UTC: HTTP 200, text/html, 2.4 MB. It has no links.",
        "Its title is “True”. Its title is “a a”.",  # a page's own words, quoted
        # A host whose first label is the word before it (hypothesis once drew from.org for stats and robots).
        "I have stored 3 pages from from.org.",
        "No, not for now: https://from.org/robots.txt is unreachable, so I will not fetch from from.org for a while.",
    ],
)
def test_checker_passes_good_sentences(good: str) -> None:
    assert grammar_problems(good) == []


# --- strategies: values the service can send (counts 0, 1, 2 and many; every state and outcome)

counts = st.one_of(st.sampled_from([0, 1, 2]), st.integers(min_value=0, max_value=100_000))
small_counts = st.one_of(st.sampled_from([0, 1, 2]), st.integers(min_value=0, max_value=64))
times = st.floats(min_value=0, max_value=4_102_444_800, allow_nan=False)  # up to 2100
labels = st.text(alphabet=string.ascii_lowercase, min_size=1, max_size=8)
hosts = st.builds(lambda a, b: f"{a}.{b}", labels, st.sampled_from(["example", "test", "org"]))
urls = st.builds(
    lambda scheme, host, path: f"{scheme}://{host}/{path}",
    st.sampled_from(["https", "http"]),
    hosts,
    st.text(alphabet=string.ascii_lowercase + "/-_", max_size=12),
)
job_ids = st.builds(lambda c, i, k: f"{c}-{i}-{k}", st.sampled_from(["octopus", "crab", "whale"]), counts, small_counts)
reasons = st.sampled_from(
    [
        "the connection was refused",
        "the connection timed out",
        "the name did not resolve.",
        "there were more than 5 redirects",
        "the TLS handshake failed",
        # As seaspider/net/fetch.py and seaspider/net/transport.py word them.
        "connecting to 127.0.0.1 port 80 failed (Connection refused).",
        "no complete answer came within 30 s (fetch.timeout_ms)",
        "the redirects loop back to https://a.example/",
        "https://a.example/robots.txt is unreachable (HTTP 503), so the site is closed for 3600 seconds before it is asked again",
    ]
)
rules = st.one_of(st.none(), st.builds(lambda kind, p: f"{kind}: /{p}", st.sampled_from(["Allow", "Disallow"]), labels))
titles = st.one_of(
    st.none(),
    st.just(""),
    st.text(alphabet=string.ascii_letters + " —–&\n\t", max_size=200),
)
statuses = st.one_of(st.none(), st.sampled_from([200, 301, 304, 404, 410, 429, 500, 503]))
content_types = st.one_of(
    st.none(),
    st.sampled_from(["text/html", "text/html; charset=utf-8", "application/pdf", "text/plain", "image/png"]),
)


@st.composite
def fetch_reports(draw: st.DrawFn) -> dict[str, Any]:
    url_list = draw(st.lists(urls, min_size=1, max_size=16, unique=True))
    if draw(st.booleans()):
        return {"operation": "fetch", "queued": True, "job": draw(job_ids), "urls": url_list, "ahead": draw(small_counts)}
    limit = draw(st.integers(min_value=1, max_value=64))
    reason = draw(st.sampled_from(["full", "stopping", "the store is read-only"]))
    return {"operation": "fetch", "queued": False, "reason": reason, "limit": limit, "urls": url_list}


@st.composite
def robots_reports(draw: st.DrawFn) -> dict[str, Any]:
    url = draw(urls)
    return {
        "operation": "robots", "target": url, "agent": draw(st.sampled_from(["MovaBot", "OtherBot"])),
        "robots_url": url.split("/", 3)[0] + "//" + url.split("/", 3)[2] + "/robots.txt",
        "state": draw(st.sampled_from(["allowed", "disallowed", "unavailable", "unreachable", "queued"])),
        "status": draw(statuses), "rule": draw(rules), "group": draw(st.sampled_from([None, "*", "movabot"])),
        "line": draw(st.one_of(st.none(), st.integers(1, 500))), "fetched_unix": draw(st.one_of(st.none(), times)),
        "retry_unix": draw(st.one_of(st.none(), times)), "reason": draw(st.one_of(st.none(), reasons)),
    }  # fmt: skip


@st.composite
def stats_reports(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "operation": "stats", "host": draw(st.one_of(st.none(), hosts)), "stored": draw(counts),
        "failed": {"disallowed": draw(counts), "error": draw(counts), "deferred": draw(counts)},
        "bodies": draw(counts), "bytes": draw(st.integers(0, 10**13)),
    }  # fmt: skip


@st.composite
def page_reports(draw: st.DrawFn) -> dict[str, Any]:
    url = draw(urls)
    return {
        "operation": "page", "url": url, "state": draw(st.sampled_from(["fetched", "failed", "not_fetched"])),
        "fetched_unix": draw(st.one_of(st.none(), times)), "status": draw(statuses),
        "content_type": draw(content_types), "body_bytes": draw(st.one_of(st.none(), st.integers(0, 2 * 10**9))),
        "truncated": draw(st.booleans()), "title": draw(titles), "links": draw(st.one_of(st.none(), counts)),
        "outcome": draw(st.sampled_from([None, "fetched", "disallowed", "deferred", "error", "not_modified"])),
        "reason": draw(st.one_of(st.none(), reasons)), "rule": draw(rules),
        "final_url": draw(st.one_of(st.none(), st.just(url), urls)),
    }  # fmt: skip


@st.composite
def status_reports(draw: st.DrawFn) -> dict[str, Any]:
    total = draw(small_counts)
    current = {
        "job": draw(job_ids), "urls_total": total, "urls_done": draw(st.integers(0, total)),
        "now": draw(st.one_of(st.none(), urls)), "asked_by": draw(st.sampled_from(["octopus", "crab"])),
    }  # fmt: skip
    last_total = draw(small_counts)
    fetched = draw(st.integers(0, last_total))
    last = {
        "job": draw(job_ids), "urls_total": last_total, "fetched": fetched,
        "failed": draw(st.integers(0, last_total - fetched)), "finished_unix": draw(times),
        "interrupted": draw(st.booleans()),
    }  # fmt: skip
    working = draw(st.booleans())
    report = {
        "operation": "status", "state": "working" if working else "idle",
        "current": current if working else None, "waiting": draw(small_counts),
        "last": draw(st.one_of(st.none(), st.just(last))),
    }  # fmt: skip
    if draw(st.booleans()):  # `serve` names its vocabulary; after a reload (or a failed one) the answer says so
        failed = draw(st.booleans())
        report["vocabulary"] = {
            "file": draw(st.sampled_from(["/srv/vocab/deputy.example.json", "vocab.json"])), "sha256": "0" * 64,
            "loaded_unix": draw(times), "loads": draw(st.integers(1, 3)),
            "reload_error": {"unix": draw(times), "reason": "x"} if failed else None,
        }  # fmt: skip
    return report


@st.composite
def refusal_reports(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["negation", "condition", "unsupported_verb", "no_url", "unknown_caller", "new_kind"]))
    reason = draw(st.sampled_from(["", "fish is not among the callers I answer (octopus, crab, whale, shark)", "it says not to."]))
    return {"operation": None, "refused": True, "kind": kind, "reason": reason}


SHAPES = {
    "fetch": fetch_reports(),
    "robots": robots_reports(),
    "stats": stats_reports(),
    "page": page_reports(),
    "status": status_reports(),
    "refusal": refusal_reports(),
}


@pytest.mark.parametrize("shape", list(SHAPES))
def test_generated_answers_are_grammatical(shape: str) -> None:
    @settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(SHAPES[shape])
    def check(report: dict[str, Any]) -> None:
        text = answer(report)
        assert grammar_problems(text) == [], text

    check()
