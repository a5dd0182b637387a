"""The README's two commands are the ones CI and newcomers run."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def readme_command(marker: str) -> str:
    text = (REPO / "README.md").read_text()
    match = re.search(rf"<!-- {marker} -->\s*```sh\n(.+?)\n\s*```", text, re.S)
    assert match, f"README has no {marker} block"
    return match.group(1).strip()


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    command = readme_command("test-command")
    ci_lines = [line.strip() for line in (REPO / ".ci" / "run").read_text().splitlines()]
    assert command in ci_lines


def test_both_commands_share_the_same_setup() -> None:
    demo, test = readme_command("demo-command"), readme_command("test-command")
    setup = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]'"
    assert demo.startswith(setup) and demo.endswith("seaspider demo")
    assert test.startswith(setup) and "pytest" in test
