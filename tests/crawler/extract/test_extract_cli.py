"""`seaspider extract` end to end: a real `seaspider fetch` of the local web's shop, then rules over the store."""

from __future__ import annotations

import csv
import io
import json
import os
import stat
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from crawlkit import pages, run_cli, write_config, write_queue

from seaspider.cli import main
from seaspider.demo.catalogue import PER_PAGE, PRODUCTS, Product, listing_path
from seaspider.demo.localweb import LocalWeb

SHOP_RULES = {
    "rules": {
        "cards": {
            "url": ["http://*/shop/", "http://*/shop/page/*"],
            "container": "article.product",
            "fields": {
                "title": "h3 a@title",
                "name": "h3 a",
                "price": ".price",
                "pounds": {"selector": ".price", "regex": "([0-9]+\\.[0-9]+)"},
                "link": "h3 a@href",
                "image": {"selector": "img", "attribute": "src"},
                "tags": {"selector": "li.tag", "all": True},
            },
        },
        "details": {
            "url": "http://*/shop/item/*",
            "fields": {
                "name": "h1",
                "price": ".price",
                "description": ".description",
                "specs": {"selector": "dl.specs dd", "all": True},
                "shop": ".crumbs a@href",
            },
        },
    }
}
CARD_FIELDS = ["title", "name", "price", "pounds", "link", "image", "tags"]
DETAIL_FIELDS = ["name", "price", "description", "specs", "shop"]


@dataclass(frozen=True)
class Shop:
    """A store holding the shop as `seaspider fetch` left it, and where each page came from."""

    store: Path
    rules: Path
    listing_urls: tuple[str, ...]  # listing page n on host n-1
    detail_urls: dict[str, str]  # slug -> URL (on its own host)
    error_url: str  # a 404: fetched, but no product
    origins: dict[str, str]  # URL -> "http://hN.test:PORT"


DETAIL_SLUGS = ("sea-spider-plush", "tide-clock", "cafe-mug")


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Shop]:
    """One real crawl for the module: one page per host, so the politeness wait is paid once (about 2 s)."""
    tmp = tmp_path_factory.mktemp("shop")
    listings = (len(PRODUCTS) + PER_PAGE - 1) // PER_PAGE
    hosts = listings + len(DETAIL_SLUGS) + 1
    with LocalWeb(hosts=hosts, pages=1, ip_base="127.150") as web:
        listing_urls = tuple(web.url(n - 1, listing_path(n)) for n in range(1, listings + 1))
        detail_urls = {slug: web.url(listings + i, f"/shop/item/{slug}") for i, slug in enumerate(DETAIL_SLUGS)}
        error_url = web.url(hosts - 1, "/shop/item/no-such-thing")
        queue = write_queue(tmp, [*listing_urls, *detail_urls.values(), error_url])
        done = run_cli("fetch", str(write_config(tmp, web)), str(queue))
        assert done.returncode == 0, done.stderr
        origins = {url: url.split("/shop/")[0] for url in [*listing_urls, *detail_urls.values(), error_url]}
    assert {p["url"]: p["status"] for p in pages(tmp / "store")}[error_url] == 404
    rules = tmp / "rules.json"
    rules.write_text(json.dumps(SHOP_RULES))
    yield Shop(tmp / "store", rules, listing_urls, detail_urls, error_url, origins)


def _page_lines(shop: Shop) -> dict[str, dict[str, Any]]:
    return {p["url"]: p for p in pages(shop.store)}


def expected_cards(shop: Shop) -> list[dict[str, Any]]:
    """The card records, built from the catalogue's data (not by the code under test)."""
    lines = _page_lines(shop)
    out = []
    for n, url in enumerate(shop.listing_urls, start=1):
        origin = shop.origins[url]
        for product in PRODUCTS[(n - 1) * PER_PAGE : n * PER_PAGE]:
            out.append({
                "rule": "cards", "url": url, "fetched_unix": lines[url]["fetched_unix"], "sha256": lines[url]["sha256"],
                "title": product.title,
                "name": product.title,
                "price": product.price,
                "pounds": product.price.lstrip("£") if product.price else None,
                # utm_source and the fragment of the first card's link are gone; page 2's <base> counts.
                "link": f"{origin}/shop/item/{product.slug}",
                "image": f"{origin}/img/{product.slug}.png",
                "tags": list(product.tags),
            })  # fmt: skip
    return out


def _product(slug: str) -> Product:
    return next(p for p in PRODUCTS if p.slug == slug)


def expected_details(shop: Shop) -> list[dict[str, Any]]:
    lines = _page_lines(shop)
    out = []
    for slug, url in shop.detail_urls.items():
        product = _product(slug)
        out.append({
            "rule": "details", "url": url, "fetched_unix": lines[url]["fetched_unix"], "sha256": lines[url]["sha256"],
            "name": product.title,
            "price": product.price,
            "description": product.description,  # the script inside the description is not text
            "specs": [value for _, value in product.specs],
            "shop": f"{shop.origins[url]}/shop/",
        })  # fmt: skip
    return out


@dataclass(frozen=True)
class Done:
    returncode: int
    stdout: str
    stderr: str


def extract(capsys: pytest.CaptureFixture[str], *args: str) -> Done:
    """`seaspider extract ARGS` in this process (the end-to-end tests above run it as a child)."""
    capsys.readouterr()
    try:
        code = main(["extract", *args])
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return Done(code, out, err)


def _jsonl(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


def _by_url(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # extract writes pages in URL order; the hosts were numbered in queue order, so sort the same way.
    return sorted(records, key=lambda r: r["url"])


def test_rules_with_and_without_container_give_exactly_the_expected_records(shop: Shop) -> None:
    done = run_cli("extract", str(shop.store), str(shop.rules))
    assert done.returncode == 0, done.stderr
    records = _jsonl(done.stdout)
    assert records == _by_url(expected_cards(shop) + expected_details(shop))
    # Keys in rule order, after the page's own.
    assert list(records[0]) == ["rule", "url", "fetched_unix", "sha256", *CARD_FIELDS]
    assert done.stderr.startswith("extracted 9 records from 5 pages (6 pages read; 1 not a 2xx answer;")


def test_csv_parses_back_to_the_same_values(shop: Shop, tmp_path: Path) -> None:
    out = tmp_path / "cards.csv"
    done = run_cli("extract", str(shop.store), str(shop.rules), "--rule", "cards", "--format", "csv", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    raw = out.read_bytes()
    assert raw.count(b"\r\n") == 1 + len(PRODUCTS) and b"\n" not in raw.replace(b"\r\n", b"")
    assert b'"Tide clock ""Neap"""' in raw  # RFC 4180: quoted, inner quotes doubled
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8"), newline="")))
    assert rows[0] == ["url", "fetched_unix", "sha256", *CARD_FIELDS]
    expected = [
        [r["url"], json.dumps(r["fetched_unix"]), r["sha256"], *("" if r[f] is None else " | ".join(r[f]) if isinstance(r[f], list) else r[f] for f in CARD_FIELDS)]
        for r in _by_url(expected_cards(shop))
    ]
    assert rows[1:] == expected


def test_inline_rules_with_host_and_prefix_filters(shop: Shop, capsys: pytest.CaptureFixture[str]) -> None:
    second = shop.listing_urls[1]
    host = second.split("//")[1].split(":")[0]
    done = extract(capsys, str(shop.store), "--container", "article.product", "--fields", "t=h3 a@title;p=.price;link=a@href", "--host", host.upper())
    assert done.returncode == 0, done.stderr
    records = _jsonl(done.stdout)
    assert [(r["rule"], r["url"], r["t"], r["p"]) for r in records] == [("inline", second, p.title, p.price) for p in PRODUCTS[PER_PAGE:]]
    # Negative control: a prefix no stored URL has gives nothing, and says so.
    none = extract(capsys, str(shop.store), "--fields", "t=title", "--url-prefix", second + "x")
    assert none.returncode == 0 and none.stdout == "" and "extracted 0 records from 0 pages (0 pages read)" in none.stderr
    # Without a container: one record per page, the page's title.
    titles = _jsonl(extract(capsys, str(shop.store), "--fields", "t=title", "--url-prefix", shop.listing_urls[0]).stdout)
    assert [r["t"] for r in titles] == ["Shop, page 1"]


@pytest.mark.parametrize(
    ("rules", "words"),
    [
        ({"rules": {"cards": {"url": "*", "fields": {"t": "h3"}, "colour": "red"}}}, "rules.cards: unknown field colour (known fields: container, fields, url)"),
        ({"rules": {"cards": {"url": "*", "container": "article.product[", "fields": {"t": "h3"}}}}, 'rules.cards.container: the CSS selector "article.product[" is not valid at character 17'),
        ({"rules": {"cards": {"url": "*", "fields": {"price": {"selector": ".price", "regex": "([0-9"}}}}}, 'rules.cards.fields.price.regex: "([0-9" is not a valid regular expression at character 2'),
    ],
    ids=["unknown-field", "invalid-selector", "bad-regex"],
)
def test_bad_rules_are_one_english_sentence_and_exit_2(
    shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str], rules: dict[str, Any], words: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rules))
    out = tmp_path / "out.jsonl"
    done = extract(capsys, str(shop.store), str(path), "--out", str(out))
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"seaspider: {path}: 1 problem: ") and words in done.stderr
    assert list(tmp_path.iterdir()) == [path]  # nothing written, not even a temporary file


def test_a_user_sees_the_sentence_and_no_traceback(shop: Shop, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"rules": {"cards": {"url": "*", "fields": {"t": "h3::text"}}}}))
    done = run_cli("extract", str(shop.store), str(path))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f'seaspider: {path}: 1 problem: rules.cards.fields.t: the CSS selector "h3::text" is not valid at character 3: '
        "pseudo-elements such as ::text are not supported (a field takes the text by default, or an attribute with @name).\n"
    )


def test_every_problem_is_reported_at_once(shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"rules": {"cards": {"url": "*", "colour": "red", "fields": {"url": "a@href", "x": "h3::text", "y": {"selector": "p", "regex": "("}}}}}))
    done = extract(capsys, str(shop.store), str(path))
    assert done.returncode == 2
    assert done.stderr.startswith(f"seaspider: {path}: 4 problems: ")
    for words in ("unknown field colour", "fields.url: the name url is reserved", 'fields.x: the CSS selector "h3::text" is not valid at character 3', "fields.y.regex"):
        assert words in done.stderr


def test_a_failed_run_leaves_no_output_file(shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "records.jsonl"
    out.write_text("earlier records\n")
    done = extract(capsys, str(tmp_path / "no-store"), str(shop.rules), "--out", str(out))
    assert done.returncode == 1 and "is not a Sea Spider store" in done.stderr
    assert out.read_text() == "earlier records\n"  # untouched: the new file replaces it only on success
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.jsonl"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--format", "csv"], "has 2 rule sets (cards, details) and a CSV holds one table"),
        (["--rule", "nope"], "has no rule set nope; its rule sets are cards, details"),
        (["--container", "article"], "--container needs --fields"),
        (["--fields", "t=h1"], "either RULES.json or --fields"),
    ],
    ids=["csv-needs-one-set", "unknown-rule-set", "container-alone", "both-rule-kinds"],
)
def test_usage_mistakes_exit_2(shop: Shop, capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    done = extract(capsys, str(shop.store), str(shop.rules), *args)
    assert done.returncode == 2 and words in done.stderr and done.stdout == ""


def test_help_teaches_with_examples() -> None:
    done = run_cli("extract", "--help")
    assert done.returncode == 0
    for words in ("RULES.json", "--container", "--fields", "container", "regex", "RFC 4180", "examples:", "seaspider extract store/ rules.json"):
        assert words in done.stdout


def test_out_into_a_pipe_writes_through_it_and_leaves_it_a_pipe(shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # A device or pipe is written to, never renamed over (that would turn /dev/null into a file).
    fifo = tmp_path / "records.fifo"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    done = extract(capsys, str(shop.store), "--fields", "t=title", "--url-prefix", shop.listing_urls[0], "--out", str(fifo))
    reader.join(timeout=30)
    assert done.returncode == 0, done.stderr
    assert [json.loads(line)["t"] for line in received[0].decode().splitlines()] == ["Shop, page 1"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["records.fifo"]  # no temporary file left


def test_out_through_a_symlink_replaces_the_file_and_keeps_the_link(shop: Shop, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    done = extract(capsys, str(shop.store), "--fields", "t=title", "--url-prefix", shop.listing_urls[0], "--out", str(link))
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and json.loads(real.read_text())["t"] == "Shop, page 1"
    assert stat.S_IMODE(os.stat(real).st_mode) == 0o666 & ~_umask()  # an ordinary new file's mode, not mkstemp's 0600
    directory = extract(capsys, str(shop.store), "--fields", "t=title", "--out", str(tmp_path))
    assert directory.returncode == 2 and "is a directory" in directory.stderr


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
