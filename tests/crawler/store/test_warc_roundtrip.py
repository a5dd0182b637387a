"""The WARC round trip: crawl the local web, export, read back with warcio, compare with what the server sent.

Two crawls of the same kind of web (pages, a redirect chain across hosts, a duplicate body, a 404,
a gzip response, a page robots.txt disallows): one with decoded bodies only, exported with
`seaspider export-warc`; one with `storage.keep_encoded_bodies`, crawled by `seaspider fetch --warc`
(WARC written while crawling) and exported too. Each web logs the exact bytes it sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

import pytest
from crawlkit import make_config, pages, run_cli, write_config, write_queue
from warckit import Rec, records, sent_fields, unrename, warcio_check

from seaspider.cli import main
from seaspider.crawl.job import Crawl
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter

pytestmark = pytest.mark.slow  # two polite crawls of about two seconds each

SAME = b"<!doctype html><html><head><title>same</title></head><body>one body, two hosts</body></html>"


@dataclass(frozen=True)
class Crawled:
    store: Path
    warc: list[Path]  # what export-warc wrote
    sent: dict[tuple[str, str], bytes]  # (host, path?query) -> the bytes the server sent
    urls: dict[str, str]  # role -> queued URL


def _crawl(tmp: Path, ip_base: str, *, encoded: bool) -> Crawled:
    with LocalWeb(hosts=8, pages=2, ip_base=ip_base, keep_sent=True) as web:
        for host in (4, 5):  # the same body on two hosts, with a repeated header in mixed case
            web.set_route(host, "/same", Response(200, [("Content-Type", "text/html"), ("X-Twice", "a"), ("x-twice", "b")], SAME))
        hop3 = web.url(3, "/p/1")
        hop2 = web.url(2, "/redirect-to?url=" + quote(hop3, safe=""))
        urls = {
            # Disallowed, so no request: only their robots.txt, fetched at once, so the chain's hops
            # on h3 and h4 need not wait 2 s after a robots.txt request of their own.
            "private": web.url(2, "/private/x"),
            "private2": web.url(3, "/private/y"),
            "home": web.url(0, "/"),
            "chain": web.url(1, "/redirect-to?url=" + quote(hop2, safe="")),  # h2 -> h3 -> h4: one request per host
            "same": web.url(4, "/same"),
            "dup": web.url(5, "/same"),
            "missing": web.url(6, "/status/404"),
            "gzip": web.url(7, "/encoded?enc=gzip"),
        }
        if encoded:
            config = write_config(tmp, web, storage={"keep_encoded_bodies": True})
            queue = write_queue(tmp, list(urls.values()))
            done = run_cli("fetch", str(config), str(queue), "--warc", str(tmp / "live.warc.gz"))
            assert done.returncode == 0, done.stderr
        else:
            config_value = make_config(tmp, web)
            with StoreWriter.open(config_value.store) as writer:
                Crawl(config_value, writer).run(list(urls.values()))
        sent = {(r.host, r.path): r.sent for r in web.log}
    out = tmp / "export.warc.gz"
    assert main(["export-warc", str(tmp / "store"), str(out)]) == 0
    return Crawled(tmp / "store", [out], sent, urls)


@pytest.fixture(scope="module")
def decoded(tmp_path_factory: pytest.TempPathFactory) -> Crawled:
    return _crawl(tmp_path_factory.mktemp("decoded"), "127.51", encoded=False)


@pytest.fixture(scope="module")
def encoded(tmp_path_factory: pytest.TempPathFactory) -> Crawled:
    return _crawl(tmp_path_factory.mktemp("encoded"), "127.52", encoded=True)


def _key(uri: str) -> tuple[str, str]:
    parts = urlsplit(uri)
    return parts.hostname or "", parts.path + (f"?{parts.query}" if parts.query else "")


def _by_id(recs: list[Rec]) -> dict[str, Rec]:
    return {r.get("WARC-Record-ID") or "": r for r in recs}


def _get(store: Path, url: str, capfdbinary: pytest.CaptureFixture[bytes]) -> bytes:
    capfdbinary.readouterr()
    assert main(["get", str(store), url]) == 0
    return capfdbinary.readouterr().out


@pytest.mark.parametrize("mode", ["decoded", "encoded"])
def test_warcio_check_passes(mode: str, request: pytest.FixtureRequest) -> None:
    crawled: Crawled = request.getfixturevalue(mode)
    checked = warcio_check(*crawled.warc)
    assert checked.returncode == 0, checked.stdout
    assert "digest pass" in checked.stdout  # it really checked digests


@pytest.mark.parametrize("mode", ["decoded", "encoded"])
def test_every_fetched_url_has_a_response_whose_payload_is_what_get_gives(
    mode: str, request: pytest.FixtureRequest, capfdbinary: pytest.CaptureFixture[bytes]
) -> None:
    crawled: Crawled = request.getfixturevalue(mode)
    recs = records(*crawled.warc)
    ids = _by_id(recs)
    fetched = [line for line in pages(crawled.store) if line["outcome"] == "fetched"]
    assert len(fetched) == 6
    for line in fetched:
        final = [r for r in recs if r.type in ("response", "revisit") and r.get("WARC-Target-URI") == line["final_url"]]
        assert len(final) == 1, line["final_url"]
        record = final[0]
        if record.type == "revisit":  # the payload lies in the record it refers to
            record = ids[record.get("WARC-Refers-To") or ""]
        assert record.payload == _get(crawled.store, line["url"], capfdbinary), line["url"]


@pytest.mark.parametrize("mode", ["decoded", "encoded"])
def test_response_headers_are_what_the_server_sent(mode: str, request: pytest.FixtureRequest) -> None:
    crawled: Crawled = request.getfixturevalue(mode)
    checked = 0
    for record in records(*crawled.warc):
        if record.type not in ("response", "revisit"):
            continue
        sent = crawled.sent[_key(record.get("WARC-Target-URI") or "")]
        assert record.status == sent.split(b"\r\n", 1)[0].decode()[len("HTTP/1.1 "):]
        assert unrename(record.http or []) == sent_fields(sent), record.get("WARC-Target-URI")
        checked += 1
    assert checked == 16  # 8 robots.txt, 6 pages, 2 redirects
    # Either copy of the duplicate body may be the response; the revisit keeps its own headers too.
    same = next(r for r in records(*crawled.warc) if r.get("WARC-Target-URI") == crawled.urls["same"] and r.type in ("response", "revisit"))
    assert [f for f in same.http or [] if f[0].lower() == "x-twice"] == [("X-Twice", "a"), ("x-twice", "b")]


@pytest.mark.parametrize("mode", ["decoded", "encoded"])
def test_a_duplicate_body_is_a_revisit_of_the_first(mode: str, request: pytest.FixtureRequest) -> None:
    crawled: Crawled = request.getfixturevalue(mode)
    recs = records(*crawled.warc)
    # The two pages sit on different IPs and are fetched at once: whichever the journal recorded
    # first is the full response, the other its revisit.
    order = [p["url"] for p in pages(crawled.store) if p["url"] in (crawled.urls["same"], crawled.urls["dup"])]
    first_url, dup_url = order[0], order[1]
    first = next(r for r in recs if r.get("WARC-Target-URI") == first_url and r.type != "request")
    dup = next(r for r in recs if r.get("WARC-Target-URI") == dup_url and r.type != "request")
    assert (first.type, dup.type) == ("response", "revisit")
    assert dup.get("WARC-Profile") == "http://netpreserve.org/warc/1.1/revisit/identical-payload-digest"
    assert dup.get("WARC-Refers-To") == first.get("WARC-Record-ID")
    assert dup.get("WARC-Refers-To-Target-URI") == first_url
    assert dup.get("WARC-Refers-To-Date") == first.get("WARC-Date")
    assert dup.get("WARC-Payload-Digest") == first.get("WARC-Payload-Digest")
    home = next(r for r in recs if r.get("WARC-Target-URI") == crawled.urls["home"] and r.type != "request")
    assert home.type == "response"  # negative control: a body seen once is a full response


def test_each_hop_of_the_redirect_chain_has_a_request_and_a_response(decoded: Crawled) -> None:
    recs = records(*decoded.warc)
    line = next(p for p in pages(decoded.store) if p["url"] == decoded.urls["chain"])
    assert len(line["chain"]) == 3
    ids = _by_id(recs)
    for hop in line["chain"]:
        mine = [r for r in recs if r.get("WARC-Target-URI") == hop["url"] and r.type in ("request", "response")]
        request_rec, response_rec = sorted(mine, key=lambda r: r.type)
        assert ids[request_rec.get("WARC-Concurrent-To") or ""] is response_rec
        assert ids[response_rec.get("WARC-Concurrent-To") or ""] is request_rec
        assert request_rec.get("WARC-IP-Address") == response_rec.get("WARC-IP-Address") == hop["ip"]
        assert request_rec.get("WARC-Date") == response_rec.get("WARC-Date")
        assert request_rec.block.startswith(b"GET " + _key(hop["url"])[1].encode() + b" HTTP/1.1\r\n")
        assert b"\r\nuser-agent: MovaBot/" in request_rec.block


def test_decoded_gzip_body_is_written_decoded_with_its_framing_renamed(decoded: Crawled) -> None:
    record = next(r for r in records(*decoded.warc) if r.get("WARC-Target-URI") == decoded.urls["gzip"] and r.type == "response")
    names = [name for name, _ in record.http or []]
    assert "X-Orig-content-encoding" in names and "X-Orig-content-length" in names
    assert "content-encoding" not in names
    assert record.payload.startswith(b"<!doctype html>")
    sent = decoded.sent[_key(decoded.urls["gzip"])]
    assert record.block != sent  # negative control for the byte-exact test below: this one is not


def test_with_encoded_bodies_every_response_block_is_byte_for_byte_what_the_server_sent(encoded: Crawled) -> None:
    compared = 0
    for record in records(*encoded.warc):
        sent = encoded.sent.get(_key(record.get("WARC-Target-URI") or ""))
        if record.type == "response":
            assert record.block == sent, record.get("WARC-Target-URI")
            compared += 1
        elif record.type == "revisit":
            assert sent is not None and sent.startswith(record.block) and record.block.endswith(b"\r\n\r\n")
    assert compared == 8  # robots.txt once (7 revisits), 5 pages (1 revisit), 2 redirects
    gzip_rec = next(r for r in records(*encoded.warc) if r.get("WARC-Target-URI") == encoded.urls["gzip"] and r.type == "response")
    assert ("content-encoding", "gzip") in (gzip_rec.http or [])


def test_outcomes_without_a_page_get_metadata(decoded: Crawled) -> None:
    recs = records(*decoded.warc)
    # The two disallowed pages are on different hosts, recorded in whichever order they were decided.
    meta = sorted((r for r in recs if r.type == "metadata"), key=lambda r: r.get("WARC-Target-URI") or "")
    assert [m.get("WARC-Target-URI") for m in meta] == sorted([decoded.urls["private"], decoded.urls["private2"]])
    assert all(b"outcome: disallowed" in m.block and b"robots-rule: Disallow: /private/" in m.block for m in meta)
    missing = next(r for r in recs if r.get("WARC-Target-URI") == decoded.urls["missing"] and r.type == "response")
    assert missing.status == "404 Not Found"  # a 404 is a response the server sent, not an outcome without a page


def test_fetch_warc_writes_the_same_records_as_the_export(encoded: Crawled) -> None:
    live = records(encoded.store.parent / "live.warc.gz")
    exported = records(*encoded.warc)
    assert warcio_check(encoded.store.parent / "live.warc.gz").returncode == 0

    def comparable(recs: list[Rec]) -> list[tuple[str, list[tuple[str, str]], bytes]]:
        return [(r.type, [f for f in r.fields if f[0] != "WARC-Warcinfo-ID"], r.block) for r in recs if r.type != "warcinfo"]

    for one, other in zip(comparable(live), comparable(exported), strict=True):
        assert one == other
    info = live[0].block.decode()
    assert "keep-encoded-bodies: true" in info and "politeness-ip-interval-ms: 2000" in info


def test_the_summary_follows_its_schema(encoded: Crawled, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import jsonschema

    from seaspider.resources import load_schema

    assert main(["export-warc", str(encoded.store), str(tmp_path / "again.warc.gz"), "--host", "h5.test"]) == 0
    summary = json.loads(capsys.readouterr().out)
    jsonschema.Draft202012Validator(load_schema("export-warc-summary")).validate(summary)
    assert summary["records"]["response"] == 2 and summary["pages"] == 1 and summary["robots"] == 1
    with StoreReader(encoded.store) as reader:
        assert reader.stats()["pages"]["fetched"] == 6  # the store itself is as the crawl left it
