"""QUEUE files: JSON, TSV and plain lines; blank and # lines; duplicates once; bad lines reported."""

from __future__ import annotations

import pytest

from seaspider.crawl.queuefile import parse_queue


def test_three_formats_in_file_order() -> None:
    data = (
        b'{"url": "https://a.test/json", "note": "extra fields are fine"}\n'
        b"https://b.test/tsv\tsome label\t3\n"
        b"https://c.test/plain\n"
        b"https://d.test/plain-with-words  a comment after the URL\n"
    )
    queue = parse_queue(data)
    assert queue.urls == ("https://a.test/json", "https://b.test/tsv", "https://c.test/plain", "https://d.test/plain-with-words")
    assert [e.line for e in queue.entries] == [1, 2, 3, 4]
    assert queue.bad == ()


def test_blank_and_comment_lines_are_skipped_silently() -> None:
    queue = parse_queue(b"\n   \n# a comment\n  # indented comment\r\nhttps://a.test/\r\n\t\n")
    assert queue.urls == ("https://a.test/",)
    assert queue.blank_or_comment == 5
    assert queue.bad == ()


def test_duplicates_after_canonicalisation_are_kept_once() -> None:
    data = b"https://a.test/x\nHTTPS://A.TEST:443/x#frag\n{\"url\": \"https://a.test/./x\"}\nhttps://a.test/y\n"
    queue = parse_queue(data)
    assert queue.urls == ("https://a.test/x", "https://a.test/y")
    assert queue.duplicates == 2


def test_distinct_queries_are_not_duplicates() -> None:  # negative control
    assert len(parse_queue(b"https://a.test/?a=1\nhttps://a.test/?a=2\n").entries) == 2


def test_sort_query_makes_parameter_order_irrelevant() -> None:
    data = b"https://a.test/?b=2&a=1\nhttps://a.test/?a=1&b=2\n"
    assert parse_queue(data, sort_query=True).urls == ("https://a.test/?a=1&b=2",)
    assert len(parse_queue(data, sort_query=False).urls) == 2


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (b"not a url", "line 2"),
        (b"ftp://a.test/file", "line 2"),
        (b"mailto:x@a.test", "line 2"),
        (b"https://user:pw@a.test/", "line 2"),
        (b"https://a.test:99999/", "line 2"),
        (b'{"url": 5}', '"url" string'),
        (b'{"href": "https://a.test/"}', '"url" string'),
        (b"{not json", "not a JSON object"),
        (b'["https://a.test/"]', "line 2"),
        (b"\xff\xfe bad bytes", "not valid UTF-8"),
        (b"/relative/path", "line 2"),
    ],
    ids=["words", "ftp", "mailto", "userinfo", "port", "json-url-number", "json-no-url", "broken-json", "json-array", "not-utf8", "relative"],
)  # fmt: skip
def test_bad_line_is_reported_with_its_number_and_the_run_goes_on(line: bytes, words: str) -> None:
    queue = parse_queue(b"https://a.test/1\n" + line + b"\nhttps://a.test/3\n", source="queue.txt")
    assert queue.urls == ("https://a.test/1", "https://a.test/3")
    assert len(queue.bad) == 1
    bad = queue.bad[0]
    assert bad.line == 2
    assert words in bad.reason
    assert bad.reason.startswith("queue.txt: ")
    assert bad.reason.endswith(".")


def test_utf8_bom_and_crlf_are_accepted() -> None:
    assert parse_queue(b"\xef\xbb\xbfhttps://a.test/\r\nhttps://b.test/\r\n").urls == ("https://a.test/", "https://b.test/")


def test_empty_file_is_an_empty_queue() -> None:
    queue = parse_queue(b"")
    assert queue.entries == () and queue.bad == ()


def test_a_json_line_may_say_it_is_a_sitemap_beside_its_priority() -> None:
    data = (b'https://a.test/\n{"url": "https://a.test/s.xml", "kind": "sitemap", "priority": 3}\n'
            b'{"url": "https://a.test/x", "kind": "page"}\n{"url": "https://a.test/y", "kind": "feed"}\n')  # fmt: skip
    queue = parse_queue(data, source="q")
    assert [(e.url, e.priority, e.kind) for e in queue.entries] == [
        ("https://a.test/", 0, "page"), ("https://a.test/s.xml", 3, "sitemap"), ("https://a.test/x", 0, "page")]
    assert queue.sitemaps == ("https://a.test/s.xml",)
    # Control: an unknown kind is a bad line, never guessed.
    assert [b.reason for b in queue.bad] == ['q: line 4 has "kind" "feed", but only "page" and "sitemap" are known, so it was skipped.']
