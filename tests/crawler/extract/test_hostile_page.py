"""A hostile page (deep nesting, 1,000,000 elements) costs bounded time and memory, in process and in `seaspider extract`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from storekit import visit

from seaspider.clock import FakeClock
from seaspider.extract import page as page_module
from seaspider.extract.page import (
    MAX_PAGE_ELEMENTS,
    MAX_SCOPE_ELEMENTS_PER_PAGE,
    MAX_VALUE_CHARS,
    evaluate,
    parse_page,
)
from seaspider.extract.rules import inline_rules
from seaspider.store.writer import StoreWriter

NESTED = 120  # containers inside containers: each holds (nearly) the whole page
ELEMENTS = 1_000_000
# 120 nested <section><div>, then 1,000,000 elements: a <p> and a <b> 500,000 times.
WIDE = (b"<!doctype html><html><body>" + b"<section><div>" * NESTED + b"<p class=c>x <b>y</b></p>" * (ELEMENTS // 2) + b"</body></html>")
DEEP = b"<!doctype html><html><body>" + b"<div>" * 100_000 + b"<p>deep</p>" + b"</div>" * 100_000 + b"</body></html>"
RSS_BOUND_MB = 300  # measured near 130 MB with the limits, near 450 MB without MAX_PAGE_ELEMENTS
URL = "http://hostile.test/"


# In process, the limits are a tenth of their size (the same code, a tenth of the seconds); the
# child process tests below run the real ones.
SCALE = 10


@pytest.fixture
def small_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("MAX_PAGE_ELEMENTS", "MAX_SCOPE_ELEMENTS_PER_PAGE", "MAX_TEXT_STEPS_PER_PAGE"):
        monkeypatch.setattr(page_module, name, getattr(page_module, name) // SCALE)


def parse(body: bytes):  # type: ignore[no-untyped-def]
    page = parse_page(body, url=URL, content_type="text/html", content_type_header=None)
    assert page is not None
    return page


def test_a_million_elements_are_parsed_only_up_to_the_element_limit(small_limits: None) -> None:
    page = parse(WIDE)
    assert sum(1 for _ in page.root.iter()) <= MAX_PAGE_ELEMENTS // SCALE + 3  # html, head/body implied
    assert page.cuts.pages_cut == 1


def test_nested_containers_stop_at_the_scope_limit(small_limits: None) -> None:
    page = parse(WIDE)
    records = evaluate(page, inline_rules("section", "text=;b=b;ps=p").sets[0])
    # Each section holds about MAX_PAGE_ELEMENTS elements; the page may search MAX_SCOPE_ELEMENTS_PER_PAGE.
    assert 1 <= len(records) <= MAX_SCOPE_ELEMENTS_PER_PAGE // (MAX_PAGE_ELEMENTS // 2)
    assert page.cuts.records_dropped == NESTED - len(records)
    assert page.text_steps_left <= 0 and page.cuts.values_cut > 0  # the text budget ran out, and said so
    assert all(len(text) <= MAX_VALUE_CHARS for text, _, _ in records)  # type: ignore[arg-type]
    assert records[0][1:] == ("y", "x y")


def test_disjoint_containers_are_not_held_back_by_the_scope_limit() -> None:  # negative control
    # Containers side by side search each element once: all of them make records, nothing is cut.
    page = parse(b"<html><body>" + b"<p class=c>x <b>y</b></p>" * 5_000 + b"</body></html>")
    records = evaluate(page, inline_rules("p.c", "text=;b=b").sets[0])
    assert len(records) == 5_000 and records[0] == ("x y", "y")
    assert not page.cuts.any()


def test_deep_nesting_stops_at_libxml2s_depth() -> None:
    page = parse(DEEP)
    assert page.cuts.pages_cut == 1
    records = evaluate(page, inline_rules("div", "t=").sets[0])
    assert len(records) < 256  # libxml2 reads 256 levels, then stops


def _store(tmp_path: Path) -> Path:
    store = tmp_path / "store"
    with StoreWriter.open(store, clock=FakeClock(), zstd_level=1) as writer:  # type: ignore[arg-type]
        writer.record_visits([(visit(URL + "wide", WIDE), None), (visit(URL + "deep", DEEP), None)])
    return store


# The CLI in a child that reports its own peak memory on its last stderr line.
# VmHWM, not ru_maxrss: ru_maxrss survives exec, so a child would report its parent's peak too.
_MEASURED = (
    "import re, sys\n"
    "import seaspider.extract.page as page\n"
    "if sys.argv[1] == 'uncapped': page.MAX_PAGE_ELEMENTS = 10**9\n"
    "from seaspider.cli import main\n"
    "code = main(sys.argv[2:])\n"
    "print('maxrss_mb', int(re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)) // 1024, file=sys.stderr)\n"
    "sys.exit(code)\n"
)


def _run(mode: str, *args: str) -> tuple[subprocess.CompletedProcess[str], int]:
    # The timeout only stops a hang from stalling the suite; nothing asserts how long this took.
    done = subprocess.run([sys.executable, "-c", _MEASURED, mode, *args], capture_output=True, text=True, timeout=300, env=os.environ.copy())
    found = re.search(r"maxrss_mb (\d+)", done.stderr)
    assert found, done.stderr
    return done, int(found.group(1))


@pytest.mark.slow
def test_seaspider_extract_stays_within_bounded_memory_on_a_hostile_store(tmp_path: Path) -> None:
    store = _store(tmp_path)
    done, rss_mb = _run("capped", "extract", str(store), "--container", "section, div", "--fields", "text=;b=b")
    assert done.returncode == 0, done.stderr
    urls = [json.loads(line)["url"] for line in done.stdout.splitlines()]
    assert 0 < urls.count(URL + "wide") < NESTED and 0 < urls.count(URL + "deep") < 256
    assert "pages parsed only in part" in done.stderr and "container matches past the per-page limit dropped" in done.stderr
    assert rss_mb < RSS_BOUND_MB, rss_mb


@pytest.mark.slow
def test_without_the_element_limit_the_same_store_takes_more_memory(tmp_path: Path) -> None:  # negative control
    store = _store(tmp_path)
    done, rss_mb = _run("uncapped", "extract", str(store), "--fields", "t=title")
    assert done.returncode == 0, done.stderr
    assert rss_mb > RSS_BOUND_MB, rss_mb
