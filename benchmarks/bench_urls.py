"""URLs per second of seaspider.web.urls against the standard library's urllib.parse, measured in one run.

Run: .venv/bin/python benchmarks/bench_urls.py [--full]
Baselines: `urlsplit` + `urlunsplit` (splits and re-joins, no normalisation at all) for
canonicalize, and `urljoin` (no dot-segment cleanup of absolute URLs, no escapes, no IDNA, no
host checks) for resolve_link. They do far less work, so the ratio says what our checks cost,
not who is right. w3lib's canonicalize_url is added when installed.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale  # noqa: E402
from seaspider.errors import InvalidURL  # noqa: E402
from seaspider.web.urls import canonicalize, resolve_link  # noqa: E402

try:
    from w3lib.url import canonicalize_url
except ImportError:  # the benchmark still runs, without the w3lib column
    canonicalize_url = None


def page_urls(count: int, seed: int = 3986) -> list[str]:
    """A deterministic mix of absolute URLs as queues and pages hold them (some untidy)."""
    rnd = random.Random(seed)
    hosts = ["www.example.org", "News.Example.COM", "bücher.example", "shop.example:8080", "93.184.216.34",
             "[2001:db8::1]", "a.example.", "blog.example.net"]
    paths = ["/", "/a/b/c.html", "/a/./b/../c", "/%7Euser/index.php", "/caf%c3%a9/menu", "/search",
             "/p/12345-some-product-name", "/docs/2026/11/29/story", "/x%2Fy/z", "/images/a b.png"]
    queries = ["", "?q=sea+spider", "?page=2&sort=price", "?utm_source=mail&id=7", "?a=%7e&b=%zz", "?"]
    out = []
    for _ in range(count):
        scheme = rnd.choice(["http", "https", "HTTPS"])
        out.append(f"{scheme}://{rnd.choice(hosts)}{rnd.choice(paths)}{rnd.choice(queries)}"
                   f"{rnd.choice(['', '#top'])}")
    return out


def page_links(count: int, seed: int = 5254) -> list[str]:
    """A deterministic mix of hrefs as HTML pages carry them."""
    rnd = random.Random(seed)
    hrefs = ["/", "about.html", "../up/page", "./same/dir?x=1", "//cdn.example.org/lib.js", "?page=3",
             "#section", "https://other.example/path/to", "g;x=1/../y", "/search?q=a b&utm_medium=x",
             "mailto:someone@example.org", "javascript:void(0)", "caf\u00e9/men\u00fc", "http:g"]
    return [rnd.choice(hrefs) for _ in range(count)]


def _safe(fn: Callable[[str], object]) -> Callable[[str], object]:
    """A refusal counts as work done, for ours and for the baselines alike."""
    def call(text: str) -> object:
        try:
            return fn(text)
        except (InvalidURL, ValueError):
            return None
    return call


def rate(fn: Callable[[str], object], items: Sequence[str], min_s: float, rounds: int = 3) -> float:
    """Items per second: best of `rounds` passes of at least `min_s` each."""
    best = 0.0
    for _ in range(rounds):
        done, start = 0, time.perf_counter()
        while True:
            for item in items:
                fn(item)
            done += len(items)
            elapsed = time.perf_counter() - start
            if elapsed >= min_s:
                break
        best = max(best, done / elapsed)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale(parser, "bigger samples and longer rounds")
    args = parser.parse_args(argv)
    count, min_s = (100_000, 2.0) if args.full else (200, 0.01) if args.smoke else (5_000, 0.3)
    urls = page_urls(count)
    links = page_links(count)
    base = "https://www.example.org/a/b/c/d;p?q"

    def stdlib_split(text: str) -> str:
        return urllib.parse.urlunsplit(urllib.parse.urlsplit(text))

    rows: list[tuple[str, float, float]] = []
    ours = rate(_safe(canonicalize), urls, min_s)
    rows.append(("canonicalize vs urlsplit+urlunsplit", ours, rate(_safe(stdlib_split), urls, min_s)))
    if canonicalize_url is not None:
        rows.append(("canonicalize vs w3lib.canonicalize_url", ours, rate(_safe(canonicalize_url), urls, min_s)))
    ours_links = rate(_safe(lambda h: resolve_link(base=base, href=h)), links, min_s)
    rows.append(("resolve_link vs urljoin", ours_links, rate(_safe(lambda h: urllib.parse.urljoin(base, h)), links, min_s)))
    print(f"{count} items per sample, best of 3 rounds of >= {min_s} s")
    for name, mine, theirs in rows:
        print(f"{name:42s} ours {mine:10,.0f}/s  baseline {theirs:10,.0f}/s  ratio {mine / theirs:5.2f}"
              f"  ({1e6 / mine:5.1f} us per item)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
