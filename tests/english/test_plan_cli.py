"""`seaspider plan`: one JSON object per prompt (schemas/plan.schema.json), --jsonl, --explain, --review."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from seaspider.cli import main
from seaspider.resources import load_schema

REPO = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(load_schema("plan"))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, list[dict[str, Any]], str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_prompt_prints_one_plan_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, objs, _ = _run(["plan", "Could you download https://a.example/ and https://b.example/x?"], capsys)
    assert code == 0
    assert objs == [{
        "prompt": "Could you download https://a.example/ and https://b.example/x?", "act": True,
        "operation": "fetch", "args": {"urls": ["https://a.example/", "https://b.example/x"]}, "refusal": None,
    }]
    assert list(VALIDATOR.iter_errors(objs[0])) == []


def test_refusal_is_an_answer_with_exit_status_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, objs, _ = _run(["plan", "Do not fetch https://a.example/."], capsys)
    assert code == 0
    (obj,) = objs
    assert (obj["act"], obj["operation"], obj["args"]) == (False, None, {})
    assert obj["refusal"]["kind"] == "negation"
    assert list(VALIDATOR.iter_errors(obj)) == []


def test_schema_rejects_a_plan_that_is_also_a_refusal() -> None:  # negative control for the schema
    bad = {"prompt": "x", "act": True, "operation": "fetch", "args": {"urls": ["https://a.example/"]},
           "refusal": {"kind": "negation", "reason": "no"}}
    assert list(VALIDATOR.iter_errors(bad)) != []


def test_explain_prints_the_parse_and_skeleton_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    code, objs, err = _run(["plan", "--explain", "Are we allowed to fetch mova.elamur.ai?"], capsys)
    assert code == 0 and objs[0]["operation"] == "robots"
    assert "mova.elamur.ai\tmova.elamur.ai\tX\tADD" in err
    assert '"modality": "permission"' in err
    assert "# plan: robots" in err


def test_review_summarises_a_queue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from deputy import Refusal, ReviewQueue
    from seaspider.english_reader import build_deputy

    deputy = build_deputy()
    queue = ReviewQueue(tmp_path / "q.jsonl", now=lambda: 0.0)
    for prompt in ("Translate https://a.example/", "If so, fetch a.example"):
        result = deputy.read(prompt)
        assert isinstance(result, Refusal)
        queue.append(prompt, result)
    code, objs, _ = _run(["plan", "--review", str(tmp_path / "q.jsonl")], capsys)
    assert code == 0
    assert objs[0]["by_kind"] == {"condition": 1, "unsupported_verb": 1}
    assert objs[0]["unknown_predicates"] == [["translate", 1]]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["plan"], "exactly one of PROMPT, --jsonl or --review, and got nothing"),
        (["plan", "--jsonl", "Fetch a.example"], "got PROMPT and --jsonl"),
        (["plan", "--review", "/nonexistent/q.jsonl"], "does not exist"),
        (["plan", "--vocab", "/nonexistent/v.json", "Fetch a.example"], "does not exist"),
    ],
    ids=["nothing", "two-inputs", "missing-review", "missing-vocab"],
)
def test_bad_usage_exits_2_with_one_english_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, objs, err = _run(argv, capsys)
    assert (code, objs) == (2, [])
    assert err.startswith("seaspider: ") and message in err and "Traceback" not in err


def test_config_allows_private_addresses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "config.json"
    config.write_text(json.dumps({
        "store": "store", "robot": {"contact_url": "https://example.invalid/movabot"},
        "network": {"allow_private_addresses": True},
    }), encoding="utf-8")
    _, objs, _ = _run(["plan", "--config", str(config), "Fetch http://127.0.0.1:8000/"], capsys)
    assert objs[0]["args"] == {"urls": ["http://127.0.0.1:8000/"]}
    _, objs, _ = _run(["plan", "Fetch http://127.0.0.1:8000/"], capsys)  # negative control: default policy
    assert objs[0]["refusal"]["kind"] == "non_public_address"


@pytest.mark.slow
def test_jsonl_in_a_child_process_keeps_order_and_skips_empty_lines() -> None:
    prompts = "Fetch a.example\n\nIs the queue empty?\n   \nDelete it\n"
    done = subprocess.run(
        [sys.executable, "-m", "seaspider.cli", "plan", "--jsonl"], input=prompts.encode(), capture_output=True,
        cwd=REPO, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    objs = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [o["prompt"] for o in objs] == ["Fetch a.example", "Is the queue empty?", "Delete it"]
    assert [o["operation"] for o in objs] == ["fetch", "status", None]
    assert objs[2]["refusal"]["kind"] == "unsupported_verb"
    for obj in objs:
        assert list(VALIDATOR.iter_errors(obj)) == []


def test_jsonl_corpus_lines_print_accuracy_per_family_on_stderr() -> None:
    lines = "\n".join(json.dumps(x) for x in [
        {"prompt": "Fetch https://a.example/", "operation": "fetch", "args": {"urls": ["https://a.example/"]}, "family": "f"},
        {"prompt": "Do not fetch https://a.example/", "refusal": "negation", "family": "f"},
        {"prompt": "Fetch https://b.example/", "refusal": "negation", "family": "g", "call": "judgement"},
        {"prompt": "Is the queue empty?"},
    ]) + "\nFetch a.example\n"
    done = subprocess.run(
        [sys.executable, "-m", "seaspider.cli", "plan", "--jsonl"], input=lines.encode(), capture_output=True,
        cwd=REPO, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr.decode()
    objs = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert [o["prompt"] for o in objs] == [
        "Fetch https://a.example/", "Do not fetch https://a.example/", "Fetch https://b.example/", "Is the queue empty?",
        "Fetch a.example",
    ]
    err = done.stderr.decode()
    assert "accuracy over 3 corpus lines" in err
    assert "f                   2/2" in err and "wrong actions: 1" in err
    assert "WRONG ACTION (g): Fetch https://b.example/" in err


def test_bare_prompt_lines_print_no_accuracy(capsys: pytest.CaptureFixture[str]) -> None:  # negative control
    done = subprocess.run(
        [sys.executable, "-m", "seaspider.cli", "plan", "--jsonl"], input=b"Fetch a.example\n", capture_output=True,
        cwd=REPO, timeout=120, check=False,
    )
    assert done.returncode == 0 and done.stderr.decode() == ""


def test_help_names_every_operation_of_the_vocabulary() -> None:
    # Round 10's writer, reading only the help, took `read` for a leak: the help had fallen behind the vocabulary.
    from seaspider.commands.plan import DESCRIPTION

    vocab = json.loads((REPO / "vocab" / "deputy.example.json").read_text(encoding="utf-8"))
    listed = DESCRIPTION.split("Operations:", 1)[1].split("Refusal kinds:", 1)[0]
    for capability in vocab["capabilities"]:
        assert f"{capability['name']} {{" in listed, capability["name"]
