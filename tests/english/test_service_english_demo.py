"""The demo conversation (seaspider/demo/conversation.py): every exchange answered, everything stopped."""

from __future__ import annotations

import re
from typing import Any

import pytest
from service_support import check

from seaspider.demo.conversation import run_conversation


@pytest.mark.slow
def test_the_demo_conversation_answers_each_prompt_and_stops() -> None:
    emitted: list[Any] = []
    told: list[str] = []
    exchanges = run_conversation(emit=emitted.append, tell=told.append, ip_base="127.42")
    assert emitted == exchanges and len(exchanges) == 9
    answers = [e["answer"] for e in exchanges]
    assert answers[0].startswith("I have queued 2 pages for fetching (octopus-1-0)")
    assert re.match(r"I am working on octopus-1-0: 0 of 2 pages are done, now http://h[12]\.test:\d+/p/[12]\. No job is waiting\.", answers[1]), answers[1]
    assert re.match(r"(Yes, .* allows MovaBot|I have queued a robots.txt check)", answers[2])
    assert re.match(r"(No, .* disallows .* \(rule Disallow: /private/\)|I have queued a robots.txt check)", answers[3])
    assert answers[4] == "I am idle and the queue is empty. The last job, octopus-1-0, fetched 2 pages."
    assert answers[5] == "I have stored 2 pages."
    assert answers[6].startswith("I fetched ") and "Its title is “h1.test page 1”" in answers[6]
    assert "There is more; to read on, ask me: Show me the text of" in answers[7] and "“characters 161 to 320”" in answers[7]
    assert exchanges[7]["report"]["results"][0]["operation"] == "read"  # read from the store: no job was queued
    assert answers[8].startswith("I did not act on this request because I cannot delete")
    for e in exchanges:
        check("reply", {"answer": e["answer"], "report": e["report"]})
    assert told[-1].startswith("Sea Spider and the local web have stopped")


@pytest.mark.slow
def test_seaspider_demo_prints_one_json_line_per_exchange() -> None:
    import json
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "seaspider.cli", "demo"], capture_output=True, text=True, timeout=180)
    assert out.returncode == 0, out.stderr
    summary, *lines = [json.loads(line) for line in out.stdout.splitlines()]
    # First the polite fetch of the local web: 3 sites x (/, /p/3, /private/secret), robots.txt honoured.
    assert summary["outcomes"]["fetched"] == 6 and summary["outcomes"]["disallowed"] == 3, summary
    assert len(lines) == 9 and all(set(line) == {"prompt", "answer", "report"} for line in lines)
    answers = [line["answer"] for line in lines]
    assert answers[5] == "I have stored 8 pages. I could not fetch 3 more pages: robots.txt disallowed 3.", answers[5]
    assert answers[8].startswith("I did not act on this request because")
    assert "octopus> Is the queue empty?" in out.stderr and "have stopped" in out.stderr
    bad = subprocess.run([sys.executable, "-m", "seaspider.cli", "demo", "--hosts", "1"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--hosts 1 must be between 2 and 100" in bad.stderr
