"""What several benchmarks share: a serving Sea Spider in a child process, percentiles, RSS, test pages.

Benchmarks run as scripts (`python benchmarks/bench_x.py`), so this folder is on sys.path for them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = ("sea spider pycnogonida marine arthropod ocean robot polite crawl fetch store journal segment "
         "zstd frame checksum index latest record host outcome body bytes link follow depth parent "
         "english answer question prompt parse skeleton capability slot refusal review queue").split()


SMOKE_HELP = ("tiny sizes that run every step once, in seconds; the figures mean nothing "
              "(the test suite runs each benchmark this way, so a benchmark cannot break unseen)")


def add_scale(parser: argparse.ArgumentParser, full_help: str) -> None:
    """--full (the big sizes) or --smoke (the tiny ones), never both."""
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument("--full", action="store_true", help=full_help)
    scale.add_argument("--smoke", action="store_true", help=SMOKE_HELP)


def pct(values: list[float], q: float) -> float:
    """The q-quantile of `values` (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * len(ordered))) - 1))]


def rss_kib(pid: int) -> int:
    """The resident set of process `pid` now, in KiB (Linux /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS")


def html_body(n: int, size: int = 20_000) -> bytes:
    """A distinct HTML page of about `size` bytes with realistic repetition (seeded by `n`)."""
    rng = random.Random(n)
    parts = [f"<!doctype html><html><head><title>Page {n}</title><meta charset=utf-8></head><body>"]
    total = len(parts[0])
    while total < size:
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 30)))
        chunk = f'<p class="c{rng.randint(0, 9)}">{words} <a href="/p/{rng.randint(0, 10**6)}">{rng.choice(WORDS)}</a></p>\n'
        parts.append(chunk)
        total += len(chunk)
    return "".join(parts).encode()[:size]


def wait_for_socket(sock: Path, proc: subprocess.Popen[bytes], timeout_s: float = 180) -> None:
    """Return once `proc` listens on `sock`; SystemExit when it died or took too long."""
    deadline = time.monotonic() + timeout_s
    while not sock.exists():
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"the server did not start (status {proc.poll()})")
        time.sleep(0.05)


def stop_server(sock: Path, proc: subprocess.Popen[bytes]) -> None:
    """Ask the server to stop with its STOP file, and make sure it has."""
    (sock.parent / "STOP").touch()
    try:
        proc.wait(60)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def serving(base: Path, env: dict[str, str], *, store: Path | None = None) -> Iterator[tuple[Path, subprocess.Popen[bytes]]]:
    """A `seaspider serve` child on an empty (or the given) store under `base`: (socket, process)."""
    config = base / "config.json"
    config.write_text(json.dumps({
        "store": str(store or base / "store"), "robot": {"contact_url": "https://example.invalid/movabot"},
        "service": {"lock": str(base / "seaspider.lock")},
    }))
    sock = base / "run" / "s.sock"
    server = subprocess.Popen(
        [sys.executable, "-m", "seaspider", "serve", str(config), str(ROOT / "vocab" / "deputy.example.json"), str(sock)],
        env=env, stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_socket(sock, server)
        yield sock, server
    finally:
        stop_server(sock, server)


def child_env() -> dict[str, str]:
    """The environment for a child that must import this checkout's seaspider."""
    return {**os.environ, "PYTHONPATH": str(ROOT)}
