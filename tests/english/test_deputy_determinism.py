"""The same prompt gives the same plan across runs and across processes."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from _deputy_helpers import load_cases

REPO = Path(__file__).resolve().parents[2]


URL = re.compile(r"https?://")
PROBE = "import sys; sys.stdout.write(str(hash('sea spider')))"


def _child_env(hash_seed: str) -> dict[str, str]:
    return {**os.environ, "PYTHONHASHSEED": hash_seed}


def _plans_in_a_child(prompts: list[str], hash_seed: str) -> list[str]:
    # On a loaded CI box a read of a few hundred prompts can still take most of a minute.
    done = subprocess.run(
        [sys.executable, "-m", "seaspider.cli", "plan", "--jsonl"],
        input="\n".join(prompts).encode("utf-8"), capture_output=True, cwd=REPO, timeout=900, check=True,
        env=_child_env(hash_seed),
    )
    return done.stdout.decode("utf-8").splitlines()


def _plans_here(prompts: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The same command as the child's, run in this process (its own hash seed), on the same stdin bytes."""
    from seaspider.cli import main

    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO("\n".join(prompts).encode("utf-8")), encoding="utf-8"))
    capsys.readouterr()
    assert main(["plan", "--jsonl"]) == 0
    return capsys.readouterr().out.splitlines()


def _other_seed() -> str:
    """A fixed hash seed that is not this process's (PYTHONHASHSEED, when set, or a random secret)."""
    return "4242" if os.environ.get("PYTHONHASHSEED") == "1" else "1"


def determinism_sample() -> list[str]:
    """A stratified sample of the one-line corpus prompts, in corpus order (about 600 of 6,400).

    Set and dict order over strings is what a hash seed changes, and it shows first where a prompt has
    several values to order or to deduplicate: so every prompt naming three or more URLs, every fourth
    naming two, and every 32nd of the others; and the first line of every corpus file and of every
    expected outcome (each operation, each refusal kind), so every rule family the corpus exercises is
    read at least once. The picks are by position, stable across runs; the corpus test reads every
    line against its expectation in each run anyway.
    """
    cases = [c for c in load_cases() if c.prompt.strip() and "\n" not in c.prompt]
    picked: list[str] = []
    seen_files: set[str] = set()
    seen_outcomes: set[str] = set()
    two = others = 0
    for case in cases:
        urls = len(URL.findall(case.prompt))
        outcome = case.operation or f"refused:{case.refusal}"
        take = urls >= 3 or case.file not in seen_files or outcome not in seen_outcomes
        if urls == 2:
            take = take or two % 4 == 0
            two += 1
        elif urls < 2:
            take = take or others % 32 == 0
            others += 1
        seen_files.add(case.file)
        seen_outcomes.add(outcome)
        if take:
            picked.append(case.prompt)
    return picked


@pytest.mark.slow
def test_two_processes_with_different_hash_seeds_give_identical_plans(capsys: pytest.CaptureFixture[str],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    prompts = determinism_sample()
    seed = _other_seed()
    probe = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, env=_child_env(seed))
    # The child hashes strings differently from this process, so it orders every set of strings differently.
    assert probe.stdout != str(hash("sea spider"))
    # One child with a fixed seed, while this process (another seed) reads the same lines with the same command.
    with ThreadPoolExecutor(max_workers=1) as pool:
        child = pool.submit(_plans_in_a_child, prompts, seed)
        here = _plans_here(prompts, capsys, monkeypatch)
        there = child.result()
    assert len(here) == len(prompts) > 500
    assert len({p for p in prompts if len(URL.findall(p)) >= 2}) > 300
    assert there == here


def test_repeated_reads_in_one_process_are_identical() -> None:
    from seaspider.english_reader import build_deputy, plan_json

    deputy = build_deputy()
    prompts = ["Could you download https://a.example/ and https://b.example/x?", "Do not fetch a.example",
               "How many pages have you stored from mova.elamur.ai?"]
    once = [plan_json(p, deputy.read(p)) for p in prompts]
    again = [plan_json(p, deputy.read(p)) for p in reversed(prompts)][::-1]
    assert once == again
