"""Decisions per second of seaspider.web.robots against Protego and urllib.robotparser, measured in one run.

Run: .venv/bin/python benchmarks/bench_robots.py [--full]
Needs the bench extra (`pip install protego`); urllib.robotparser is in the standard library.
Prints decisions/s on a big site's robots.txt (tests/crawler/web/fixtures/robots/big_site.txt) and on the
pathological pattern /*a*a*a*a*a*a*a*b against paths of growing length, and the ratios ours/Protego and
ours/urllib. urllib.robotparser knows no wildcards, so its figures are a speed floor, not a like-for-like.
Then hostile files of about 500 KiB (issue 12): parse plus first decision, ours against Protego's parse
of the same bytes, and the time of the same shape at a quarter of the size (linear: about 4x).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import urllib.robotparser
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchkit import add_scale  # noqa: E402
from seaspider.web.robots import Robots  # noqa: E402

try:
    from protego import Protego
except ImportError:  # the benchmark still runs, without the Protego column
    Protego = None

FIXTURES = ROOT / "tests" / "crawler" / "web" / "fixtures" / "robots"  # the wings moved them under web/
AGENT = "MovaBot"
HOST = "https://www.megamart.example"


def site_urls(count: int, seed: int = 9309) -> list[str]:
    """A deterministic mix of URLs a crawl of the big site would meet (pages, facets, search, junk)."""
    rnd = random.Random(seed)
    sections = ["electronics", "books", "garden", "toys", "shoes", "kitchen", "tv", "wine", "pets", "tools"]
    facets = ["sort=price", "color=red", "page_size=48", "brand=acme", "rating=4", "utm_source=mail", "ref=home"]
    makers: list[Callable[[], str]] = [
        lambda: f"/{rnd.choice(sections)}/",
        lambda: f"/{rnd.choice(sections)}/p/{rnd.randrange(10**6)}-some-product-name.html",
        lambda: f"/{rnd.choice(sections)}/c/{rnd.randrange(500)}?{rnd.choice(facets)}&{rnd.choice(facets)}",
        lambda: f"/{rnd.choice(sections)}/filter/brand-{rnd.randrange(90)}/",
        lambda: f"/{rnd.choice(sections)}/filter/price-{rnd.randrange(90)}/",
        lambda: f"/news/{2000 + rnd.randrange(26)}/{rnd.randrange(1, 13):02d}/story-{rnd.randrange(10**5)}",
        lambda: f"/news/archive/{2001 + rnd.randrange(20)}/{rnd.randrange(1, 13)}/print",
        lambda: f"/search?q=item{rnd.randrange(999)}&category={rnd.choice(sections)}",
        lambda: f"/static/{rnd.randrange(99)}/app.{rnd.choice(['js', 'css', 'json', 'png'])}",
        lambda: f"/user/{rnd.randrange(10**6)}/{rnd.choice(['orders', 'public', 'wishlist'])}",
        lambda: f"/account/{rnd.choice(['help', 'settings', 'orders'])}",
        lambda: f"/blog/{rnd.randrange(3000)}-how-to-choose?replytocom={rnd.randrange(99)}",
        lambda: "/",
    ]
    return [HOST + rnd.choice(makers)() for _ in range(count)]


def rates(libs: dict[str, Callable[[str], bool]], urls: Sequence[str], min_s: float, rounds: int = 5) -> dict[str, float]:
    """Decisions per second per library: best of `rounds` interleaved rounds of at least `min_s` seconds each.

    Interleaving keeps the ratios fair on a shared machine whose load drifts during the run.
    """
    best = dict.fromkeys(libs, 0.0)
    for _ in range(rounds):
        for name, decide in libs.items():
            done, start = 0, time.perf_counter()
            while True:
                for url in urls:
                    decide(url)
                done += len(urls)
                elapsed = time.perf_counter() - start
                if elapsed >= min_s:
                    break
            best[name] = max(best[name], done / elapsed)
    return best


def deciders(body: str) -> dict[str, Callable[[str], bool]]:
    """One `url -> allowed` function per library, each parsed from the same body."""
    ours = Robots.parse(body)
    out: dict[str, Callable[[str], bool]] = {"seaspider": lambda url: ours.decide(AGENT, url).allowed}
    if Protego is not None:
        theirs = Protego.parse(body)
        out["protego"] = lambda url: theirs.can_fetch(url, AGENT)
    std = urllib.robotparser.RobotFileParser()
    std.parse(body.splitlines())
    out["urllib"] = lambda url: std.can_fetch(AGENT, url)
    return out


def report(title: str, rates: dict[str, float]) -> None:
    ours = rates["seaspider"]
    cells = [f"{name} {value:>11,.0f}/s" for name, value in rates.items()]
    ratios = [f"ours/{name} {ours / value:5.1f}x" for name, value in rates.items() if name != "seaspider"]
    print(f"{title:<28} " + "  ".join(cells) + "   " + "  ".join(ratios))


def bench_big_site(full: bool, smoke: bool = False) -> None:
    body = (FIXTURES / "big_site.txt").read_text(encoding="utf-8")
    urls = site_urls(20_000 if full else 50 if smoke else 2_000)
    libs = deciders(body)
    agree = {name: sum(fn(u) == libs["seaspider"](u) for u in urls) / len(urls) for name, fn in libs.items()}
    rules = sum(1 for line in body.splitlines() if line.lower().startswith(("allow", "disallow")))
    print(f"big_site.txt: {rules} rules, {len(urls)} URLs; agreement with ours: "
          + ", ".join(f"{name} {share:.1%}" for name, share in agree.items() if name != "seaspider"))
    least_s = 0.5 if full else 0.001 if smoke else 0.1
    report("big site (absolute URLs)", rates(libs, urls, least_s, rounds=1 if smoke else 5))
    paths = [u[len(HOST):] for u in urls]
    report("big site (paths)", rates(libs, paths, least_s, rounds=1 if smoke else 5))
    start = time.perf_counter()
    rounds = 1 if smoke else 20
    for _ in range(rounds):
        Robots.parse(body)
    print(f"{'parse big_site.txt':<28} {1000 * (time.perf_counter() - start) / rounds:.2f} ms")


def bench_pathological(full: bool, smoke: bool = False) -> None:
    lengths = [100, 1_000] if smoke else [100, 1_000, 10_000, 100_000] + ([1_000_000] if full else [])
    bodies = {
        "/*a*a*a*a*a*a*a*b": "User-agent: *\nDisallow: /*a*a*a*a*a*a*a*b\n",
        "pathological.txt": (FIXTURES / "pathological.txt").read_text(encoding="utf-8"),
    }
    for title, body in bodies.items():
        libs = deciders(body)
        print(f"{title} against /aaa...a: decisions/s; then time per decision relative to {lengths[0]} octets "
              "(linear or better: grows no faster than the length)")
        first: dict[str, float] = {}
        for n in lengths:
            measured = rates(libs, [HOST + "/" + "a" * n], 0.001 if smoke else 0.05, rounds=1 if smoke else 3)
            for name, value in measured.items():
                first.setdefault(name, value)
            report(f"  path of {n:>9,} octets", measured)
            growth = "  ".join(f"{name} x{first[name] / value:,.1f}" for name, value in measured.items())
            print(f"{'':<28} length x{n // lengths[0]:,}: time {growth}")


def hostile_shapes() -> dict[str, bytes]:
    """robots.txt files of one shape each, about 500 KiB: what a hostile (or careless) site can serve."""
    size = 512_000
    shapes = {
        "27,500 user-agent lines": "".join(f"User-agent: a{i}\n" for i in range(27_500)).encode() + b"User-agent: *\nDisallow: /private/\n",
        "one group per agent": "".join(f"User-agent: b{i}\nDisallow: /x{i}\n" for i in range(30_000)).encode(),
        "40,000 plain rules": b"User-agent: *\n" + b"".join(b"Disallow: /%d\n" % i for i in range(60_000)),
        "30,000 wildcard rules": b"User-agent: *\n" + b"".join(b"Disallow: /p%d/*q\n" % i for i in range(40_000)),
        "groups naming us again": b"User-agent: movabot\nDisallow: /x\n" * 20_000,
        "one 500 KB rule": b"User-agent: *\nDisallow: /" + b"a" * 500_000 + b"\n",
        "junk lines": b"x\n" * (size // 2),
        "blank lines": b"\n" * size,
    }
    return {name: body[:size] for name, body in shapes.items()}


def _best_ms(fn: Callable[[], object], rounds: int) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_hostile(full: bool, smoke: bool = False) -> None:
    rounds = 5 if full else 1 if smoke else 3
    print("hostile robots.txt (~500 KiB): parse + first decision, best of "
          f"{rounds}; protego parse of the same bytes; ours at a quarter of the size")
    worst = 0.0
    shapes = hostile_shapes()
    for name, body in list(shapes.items())[:2] if smoke else shapes.items():
        ours = _best_ms(lambda: Robots.parse(body).decide(AGENT, "/private/x"), rounds)
        quarter = body[: len(body) // 4]
        ours_quarter = _best_ms(lambda: Robots.parse(quarter).decide(AGENT, "/private/x"), rounds)
        worst = max(worst, ours)
        cells = f"{name:<26} {len(body):>7} B  ours {ours:7.1f} ms  (quarter {ours_quarter:6.1f} ms, x{ours / max(ours_quarter, 1e-6):.1f})"
        if Protego is not None:
            text = body.decode("utf-8", "replace")
            theirs = _best_ms(lambda: Protego.parse(text).can_fetch(HOST + "/private/x", AGENT), rounds)
            cells += f"  protego {theirs:8.1f} ms  ours/protego time {ours / theirs:5.2f}x"
        print(cells, flush=True)
    print(f"{'worst shape':<26} {worst:7.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale(parser, "bigger URL sets, longer runs and longer paths")
    args = parser.parse_args(argv)
    if Protego is None:
        print("protego is not installed (pip install protego): its column is left out", file=sys.stderr)
    bench_big_site(args.full, args.smoke)
    bench_pathological(args.full, args.smoke)
    bench_hostile(args.full, args.smoke)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
