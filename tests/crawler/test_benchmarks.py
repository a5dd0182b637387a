"""Every benchmark still runs: each one once at its --smoke sizes, in its own process.

A benchmark is a script nobody runs until the figures are wanted, so a changed signature used to
break one silently (bench_fetch stopped at its first visit for a whole session). Here each runs to
its end on tiny inputs; the figures it prints mean nothing and nothing is timed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BENCHMARKS = ROOT / "benchmarks"
NAMES = sorted(p.stem.removeprefix("bench_") for p in BENCHMARKS.glob("bench_*.py"))


def test_run_all_lists_every_benchmark() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import run_all
    finally:
        sys.path.remove(str(BENCHMARKS))
    assert sorted(run_all.ORDER) == NAMES


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_benchmark_runs_at_smoke_sizes(name: str, tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / f"bench_{name}.py"), "--smoke"],
        capture_output=True, text=True, cwd=tmp_path, timeout=600,
    )
    assert done.returncode == 0, f"bench_{name} --smoke failed:\n{done.stdout[-1500:]}\n{done.stderr[-3000:]}"
    assert done.stdout.strip(), f"bench_{name} --smoke printed no figures"
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
