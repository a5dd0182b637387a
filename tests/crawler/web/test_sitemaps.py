"""The sitemap reader (seaspider/web/sitemaps.py): formats, order, lastmod, bounds, hostile XML.

Pure: bytes built by the local web's own fixture builders (seaspider/demo/sitemapweb.py), no server.
Each refusal has a control showing the input really is what it claims (a bomb that expands, an
entity that leaks, a limit that is not hit one URL earlier).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest
from lxml import etree

from seaspider.demo import sitemapweb as fx
from seaspider.web.sitemaps import (
    MAX_DECODED_BYTES,
    MAX_URLS,
    Entry,
    SitemapKind,
    SitemapParser,
    Skip,
    parse_lastmod,
    parse_sitemap,
)

SITE = "https://a.test"
SM = f"{SITE}/sitemap.xml"


def urls(data: bytes, url: str = SM, **kw: object) -> tuple[str, ...]:
    return tuple(e.url for e in parse_sitemap(data, url=url, **kw).entries)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------- formats


def test_urlset_gives_pages_in_document_order_with_lastmod() -> None:
    data = fx.urlset([(f"{SITE}/b", "2026-11-04"), (f"{SITE}/a", None), (f"{SITE}/c", "2026-11-04T07:52:00+01:00")])
    got = parse_sitemap(data, url=SM)
    assert got.entries == (
        Entry(f"{SITE}/b", 1793750400.0),
        Entry(f"{SITE}/a", None),
        Entry(f"{SITE}/c", 1793775120.0),
    )
    assert got.summary.kind is SitemapKind.URLSET and got.summary.error is None
    assert not got.summary.kind.lists_sitemaps


def test_index_gives_sitemaps_and_says_so() -> None:
    got = parse_sitemap(fx.sitemap_index([f"{SITE}/s1.xml", f"{SITE}/s2.xml.gz"]), url=SM)
    assert [e.url for e in got.entries] == [f"{SITE}/s1.xml", f"{SITE}/s2.xml.gz"]
    assert got.summary.kind is SitemapKind.INDEX and got.summary.kind.lists_sitemaps


def test_gzip_is_read_by_its_bytes_whatever_the_name() -> None:
    data = gzip.compress(fx.urlset([(f"{SITE}/z", None)]))
    got = parse_sitemap(data, url=f"{SITE}/no-extension")
    assert [e.url for e in got.entries] == [f"{SITE}/z"] and got.summary.gzip


def test_gzip_with_several_members_is_read_whole() -> None:
    data = gzip.compress(f"{SITE}/1\n".encode()) + gzip.compress(f"{SITE}/2\n".encode())
    assert urls(data) == (f"{SITE}/1", f"{SITE}/2")


def test_text_sitemap_skips_blank_and_bad_lines_and_counts_the_bad() -> None:
    got = parse_sitemap(fx.text_sitemap([f"{SITE}/1", "", "not a url", "  " + f"{SITE}/2\r"]), url=SM)
    assert [e.url for e in got.entries] == [f"{SITE}/1", f"{SITE}/2"]
    assert got.summary.kind is SitemapKind.TEXT
    assert got.summary.skipped == ((Skip.INVALID_URL, 1),)


def test_rss_items_not_the_channel_link() -> None:
    got = parse_sitemap(fx.rss_feed([f"{SITE}/post-1", f"{SITE}/post-2"]), url=f"{SITE}/feed")
    assert [e.url for e in got.entries] == [f"{SITE}/post-1", f"{SITE}/post-2"]
    assert got.summary.kind is SitemapKind.RSS


def test_rss_pubdate_is_the_lastmod() -> None:
    data = b"<rss><channel><item><link>https://a.test/p</link><pubDate>Wed, 04 Nov 2026 07:52:00 GMT</pubDate></item></channel></rss>"
    assert parse_sitemap(data, url=SM).entries == (Entry("https://a.test/p", 1793778720.0),)


def test_atom_alternate_links_resolved_against_the_feed() -> None:
    got = parse_sitemap(fx.atom_feed(["/p/4", f"{SITE}/p/5"]), url=f"{SITE}/feed.atom")
    assert got.entries == (Entry(f"{SITE}/p/4", 1793778720.0), Entry(f"{SITE}/p/5", 1793778720.0))
    assert got.summary.kind is SitemapKind.ATOM


def test_nested_loc_of_an_image_is_not_the_page() -> None:
    data = (
        b'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
        b"<url><image:image><image:loc>https://a.test/i.png</image:loc></image:image><loc>https://a.test/page</loc></url></urlset>"
    )
    assert urls(data) == ("https://a.test/page",)


def test_namespace_less_sitemap_is_read() -> None:
    assert urls(b"<urlset><url><loc>https://a.test/x</loc></url></urlset>") == ("https://a.test/x",)


def test_urls_come_out_canonical() -> None:
    assert urls(fx.text_sitemap(["HTTPS://A.Test:443/./x/../y#frag"])) == ("https://a.test/y",)


def test_streaming_in_any_pieces_gives_the_same_entries() -> None:
    data = gzip.compress(fx.urlset([(f"{SITE}/{n}", "2026-01-0%d" % (n % 9 + 1)) for n in range(300)]))
    whole = parse_sitemap(data, url=SM).entries
    parser = SitemapParser(url=SM)
    pieces: list[Entry] = []
    for i in range(0, len(data), 7):
        pieces += parser.feed(data[i : i + 7])
    pieces += parser.close()
    assert tuple(pieces) == whole and len(whole) == 300


def test_entries_arrive_before_the_end_of_the_file() -> None:  # a stream, not a whole-file parse
    parser = SitemapParser(url=SM)
    first = parser.feed(b'<urlset><url><loc>https://a.test/1</loc></url><url><loc>https://a.test/2</loc></url><url><loc>')
    assert [e.url for e in first] == ["https://a.test/1", "https://a.test/2"]


# ------------------------------------------------------------------------------------------- origins


def test_cross_origin_entries_are_skipped_and_counted() -> None:
    data = fx.urlset([(f"{SITE}/1", None), ("https://b.test/1", None), ("http://a.test/1", None), (f"{SITE}:8443/1", None)])
    got = parse_sitemap(data, url=SM)
    assert [e.url for e in got.entries] == [f"{SITE}/1"]
    assert got.summary.skipped_count(Skip.CROSS_ORIGIN) == 3


def test_an_origin_that_vouched_for_the_sitemap_may_be_listed() -> None:  # sitemaps.org cross-submission
    data = fx.urlset([("https://b.test/1", None), ("https://c.test/1", None)])
    got = parse_sitemap(data, url=SM, vouched_origins=["https://b.test"])
    assert [e.url for e in got.entries] == ["https://b.test/1"]
    assert got.summary.skipped_count(Skip.CROSS_ORIGIN) == 1


def test_index_children_on_another_origin_are_skipped_too() -> None:
    got = parse_sitemap(fx.sitemap_index([f"{SITE}/ok.xml", "https://evil.test/s.xml"]), url=SM)
    assert [e.url for e in got.entries] == [f"{SITE}/ok.xml"]
    assert got.summary.skipped_count(Skip.CROSS_ORIGIN) == 1


# ------------------------------------------------------------------------------------------- lastmod


@pytest.mark.parametrize(
    ("text", "unix"),
    [
        ("2026", 1767225600.0),
        ("2026-11", 1793491200.0),
        ("2026-11-04", 1793750400.0),
        ("2026-11-04T07:52Z", 1793778720.0),
        ("2026-11-04T07:52:00Z", 1793778720.0),
        ("2026-11-04T07:52:00.25+00:00", 1793778720.0),
        ("2026-11-04T08:52:00+01:00", 1793778720.0),
        ("2026-11-04T07:52:00", 1793778720.0),
        ("Wed, 04 Nov 2026 07:52:00 GMT", 1793778720.0),
        ("Wed, 04 Nov 2026 08:52:00 +0100", 1793778720.0),
    ],
    ids=["year", "month", "day", "minutes", "seconds", "fraction", "zone", "no-zone-is-utc", "rfc2822", "rfc2822-zone"],
)
def test_lastmod_formats(text: str, unix: float) -> None:
    assert parse_lastmod(text) == unix


@pytest.mark.parametrize("text", ["", "yesterday", "2026-13-01", "2026-02-30", "2026-11-04T25:00Z", "9" * 100],
                         ids=["empty", "word", "month-13", "feb-30", "hour-25", "junk"])
def test_bad_lastmod_is_none(text: str) -> None:
    assert parse_lastmod(text) is None


def test_a_bad_lastmod_keeps_the_url_and_is_counted() -> None:
    got = parse_sitemap(fx.urlset([(f"{SITE}/x", "not a date")]), url=SM)
    assert got.entries == (Entry(f"{SITE}/x", None),) and got.summary.bad_lastmod == 1


# ------------------------------------------------------------------------------------------- bounds


def test_fifty_thousand_and_one_urls_give_the_first_fifty_thousand_and_one_sentence() -> None:
    data = fx.urlset((f"{SITE}/big/{n}", None) for n in range(1, MAX_URLS + 2))
    got = parse_sitemap(data, url=SM)
    assert len(got.entries) == MAX_URLS
    assert got.entries[0].url == f"{SITE}/big/1" and got.entries[-1].url == f"{SITE}/big/{MAX_URLS}"
    assert got.summary.error == f"{SM} lists more than 50,000 URLs, the most a sitemap may list; the first 50,000 were read."


def test_exactly_fifty_thousand_urls_is_within_the_limit() -> None:  # control: the limit is not one early
    got = parse_sitemap(fx.text_sitemap(f"{SITE}/{n}" for n in range(MAX_URLS)), url=SM)
    assert len(got.entries) == MAX_URLS and got.summary.error is None


def test_decoded_size_bound_keeps_what_came_before() -> None:
    parser = SitemapParser(url=SM, max_decoded_bytes=40)
    got = parser.feed(b"https://a.test/1\nhttps://a.test/2\nhttps://a.test/3\n") + parser.close()
    assert [e.url for e in got] == ["https://a.test/1", "https://a.test/2"]
    assert parser.summary().error == f"{SM} is larger than 3.8147e-05 MiB decoded, the most a sitemap may be; the URLs in its first 3.8147e-05 MiB were read."


def test_a_gzip_bomb_is_inflated_only_to_fifty_mib() -> None:
    compressed = gzip.compress(bytes(MAX_DECODED_BYTES + (4 << 20)), compresslevel=9)  # 54 MiB of zeros in ~55 KB
    got = parse_sitemap(compressed, url=SM)
    assert got.entries == ()
    assert got.summary.decoded_bytes == MAX_DECODED_BYTES
    assert got.summary.error == f"{SM} is larger than 50 MiB decoded, the most a sitemap may be; the URLs in its first 50 MiB were read."


def test_overlong_loc_is_skipped() -> None:
    data = fx.urlset([(f"{SITE}/" + "x" * 2100, None), (f"{SITE}/ok", None)])
    got = parse_sitemap(data, url=SM)
    assert [e.url for e in got.entries] == [f"{SITE}/ok"] and got.summary.skipped_count(Skip.INVALID_URL) == 1


# ------------------------------------------------------------------------------------------- hostile XML


def test_xml_bomb_yields_nothing_and_one_sentence() -> None:
    got = parse_sitemap(fx.xml_bomb(), url=SM)
    assert got.entries == ()
    assert got.summary.error == (
        f"{SM} declares a document type (<!DOCTYPE>), which a sitemap never needs, so none of it was read "
        "(entity expansion and external entities are refused)."
    )


def test_the_bomb_fixture_really_expands_in_a_trusting_parser() -> None:  # control for the bomb
    small = fx.xml_bomb(levels=3)
    trusting = etree.XMLParser(resolve_entities=True)
    loc = etree.fromstring(small, trusting).findtext(".//{*}loc")
    assert loc is not None and loc.count("lol") == 1000


def test_external_entity_yields_nothing_and_reads_no_file(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET")
    data = fx.external_entity(secret.as_uri(), f"{SITE}/")
    got = parse_sitemap(data, url=SM)
    assert got.entries == ()
    assert got.summary.error is not None and "<!DOCTYPE>" in got.summary.error
    # Control: a parser that resolves entities really reads the file through this fixture.
    trusting = etree.XMLParser(resolve_entities=True, load_dtd=True, no_network=True)
    assert "TOP-SECRET" in (etree.fromstring(data, trusting).findtext(".//{*}loc") or "")


def test_html_page_is_not_a_sitemap() -> None:
    got = parse_sitemap(b"<!DOCTYPE html><html><body><a href='/x'>x</a></body></html>", url=SM)
    assert got.entries == () and got.summary.error == f"{SM} is an HTML page, not a sitemap, so it lists no URLs."


def test_unknown_root_is_named() -> None:
    got = parse_sitemap(b"<catalogue><url><loc>https://a.test/x</loc></url></catalogue>", url=SM)
    assert got.entries == ()
    assert got.summary.error == f"{SM} is not a sitemap: its root element is <catalogue>, not <urlset>, <sitemapindex>, <rss> or <feed>."


def test_broken_xml_keeps_the_entries_before_the_fault() -> None:
    got = parse_sitemap(b"<urlset><url><loc>https://a.test/1</loc></url><url><loc>https://a.test/2</lo", url=SM)
    assert [e.url for e in got.entries] == ["https://a.test/1"]
    assert got.summary.error is not None and got.summary.error.startswith(f"{SM} is not well-formed XML (")


def test_undeclared_entity_is_a_syntax_error_not_a_lookup() -> None:
    got = parse_sitemap(b"<urlset><url><loc>https://a.test/&nope;</loc></url></urlset>", url=SM)
    assert got.entries == () and "not well-formed XML" in (got.summary.error or "")


def test_empty_file() -> None:
    got = parse_sitemap(b" \n\t", url=SM)
    assert got.entries == () and got.summary.error == f"{SM} is empty, so it lists no URLs."


def test_bad_gzip_is_one_sentence() -> None:
    data = gzip.compress(b"https://a.test/1\nhttps://a.test/2\n")
    got = parse_sitemap(data[:-12], url=SM)
    assert got.summary.error == f"{SM} is not valid gzip (the compressed data ends before its last member does); the URLs before the fault were kept."


def test_summary_json_is_plain() -> None:
    got = parse_sitemap(fx.urlset([(f"{SITE}/1", None), ("https://b.test/", None)]), url=SM)
    assert got.summary.to_json() == {
        "kind": "urlset", "entries": 1, "skipped": {"cross_origin": 1}, "bad_lastmod": 0, "gzip": False,
        "decoded_bytes": got.summary.decoded_bytes, "error": None,
    }


# ------------------------------------------------------------------------------------------- oracle


@pytest.mark.parametrize(
    "data",
    [
        fx.urlset([(f"{SITE}/p/{n}", "2026-11-04") for n in range(50)]),
        fx.text_sitemap([f"{SITE}/t/{n}" for n in range(50)]),
        fx.rss_feed([f"{SITE}/r/{n}" for n in range(20)]),
        fx.atom_feed([f"{SITE}/a/{n}" for n in range(20)]),
    ],
    ids=["urlset", "text", "rss", "atom"],
)
def test_same_urls_as_ultimate_sitemap_parser(data: bytes) -> None:
    usp_tree = pytest.importorskip("usp.tree")
    # sitemap_from_str parses the string it is given; its web client refuses to fetch anything.
    theirs = [page.url for page in usp_tree.sitemap_from_str(data.decode()).all_pages()]
    assert list(urls(data, url=f"{SITE}/sitemap")) == theirs and theirs
