"""The same prompt gives the same plan across runs and across processes."""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from _deputy_helpers import load_cases

REPO = Path(__file__).resolve().parents[2]


def _plans_in_a_child(prompts: list[str]) -> list[str]:
    # The corpus grows every round; on a loaded CI box a whole read can take a minute or more.
    done = subprocess.run(
        [sys.executable, "-m", "seaspider.cli", "plan", "--jsonl"],
        input="\n".join(prompts).encode("utf-8"), capture_output=True, cwd=REPO, timeout=900, check=True,
    )
    return done.stdout.decode("utf-8").splitlines()


@pytest.mark.slow
def test_two_processes_give_identical_plans_for_the_whole_corpus() -> None:
    prompts = [c.prompt for c in load_cases() if c.prompt.strip() and "\n" not in c.prompt]
    # Both children at once: each has its own hash seed either way, and the test, the longest of the
    # suite, takes the time of one read instead of two when a core is free.
    with ThreadPoolExecutor(max_workers=2) as pool:
        first, second = pool.map(_plans_in_a_child, [prompts, prompts])
    assert len(first) == len(prompts)
    assert first == second


def test_repeated_reads_in_one_process_are_identical() -> None:
    from seaspider.english_reader import build_deputy, plan_json

    deputy = build_deputy()
    prompts = ["Could you download https://a.example/ and https://b.example/x?", "Do not fetch a.example",
               "How many pages have you stored from mova.elamur.ai?"]
    once = [plan_json(p, deputy.read(p)) for p in prompts]
    again = [plan_json(p, deputy.read(p)) for p in reversed(prompts)][::-1]
    assert once == again
