"""Link extraction on a page of 1,000,000 links (21.9 MB): time and peak memory, against a tree parse.

Run: .venv/bin/python benchmarks/bench_links.py [--full]
Each variant runs in its own child process, so its peak RSS (ru_maxrss) is its own. The baseline, in
the same run, is what extraction did before issue 12: lxml builds the whole tree, then every <a> is
resolved (no cap). Ours streams with a parser target and stops past fetch.max_links_per_page (10,000
by default); with the cap raised to a million it shows the cost per link kept. --full also runs a
page of 5,000,000 links.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from benchkit import add_scale

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
path, variant = sys.argv[2], sys.argv[3]
body = open(path, "rb").read()
url = "https://a.test/"
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
if variant == "tree":
    from lxml import etree
    from seaspider.web.urls import resolve_link
    root = etree.fromstring(body, etree.HTMLParser(encoding="utf-8", recover=True, huge_tree=True))
    found = {}
    for el in root.iter("a"):
        href = el.get("href")
        if href is not None:
            found.setdefault(resolve_link(base=url, href=href), False)
    kept, truncated = len(found), False
else:
    from seaspider.web.links import extract_links
    page = extract_links(body, url=url, content_type="text/html", max_links=int(variant))
    kept, truncated = len(page.links), page.truncated
took = time.perf_counter() - start
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"s": took, "peak_mb": after / 1024, "growth_mb": (after - before) / 1024, "kept": kept, "truncated": truncated}))
"""


def write_page(path: Path, links: int) -> None:
    """`links` distinct relative links, about 21.9 bytes each (1,000,000 make 21.9 MB), written piece by
    piece: this process stays small, so the children's peak RSS (which Linux keeps across exec) is theirs."""
    with open(path, "wb") as out:
        out.write(b"<!doctype html><html><head><title>many</title></head><body>")
        for start in range(0, links, 100_000):
            out.write(b"".join(b"<a href='%d'>l</a>" % i for i in range(start, min(links, start + 100_000))))
        out.write(b"</body></html>")


def measure(path: Path, variant: str) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(path), variant], capture_output=True, text=True, check=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_scale(parser, "also a page of 5,000,000 links")
    args = parser.parse_args(argv)
    sizes = [20_000] if args.smoke else [1_000_000] + ([5_000_000] if args.full else [])
    with tempfile.TemporaryDirectory(prefix="bench-links-") as tmp:
        for links in sizes:
            path = Path(tmp) / f"{links}.html"
            write_page(path, links)
            mb = path.stat().st_size / 1e6
            print(f"page of {links:,} links, {mb:.1f} MB (each variant in its own process)")
            rows = {
                "tree (before)": measure(path, "tree"),
                "ours, cap 10,000": measure(path, "10000"),
                f"ours, cap {links:,}": measure(path, str(links)),
            }
            base = rows["tree (before)"]
            for name, row in rows.items():
                print(f"  {name:<22} {row['s']:7.2f} s  peak RSS {row['peak_mb']:7.0f} MB (+{row['growth_mb']:5.0f} MB)  "
                      f"links kept {int(row['kept']):>9,}  truncated {str(bool(row['truncated'])):<5}  "
                      f"time x{base['s'] / max(row['s'], 1e-9):6.1f} less, memory growth x{base['growth_mb'] / max(row['growth_mb'], 1):5.1f} less")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
