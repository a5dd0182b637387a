"""`seaspider review try` and `accept`: the proof on the whole corpus and the review queue, and the audited write.

Real model, real files; one corpus reading per vocabulary per test process (seaspider.teaching.proof).
The tests prove against `part`, byte-identical copies of the shipped files that hold the lines they
name: a proof's errors are per corpus line, so what a part catches the whole corpus catches too. The
first test takes the default path (no --corpus) with the shipped corpus folder pointed at the part;
test_teaching_corpus shows that the default folder is the whole shipped corpus. A whole-corpus proof
here cost two readings of ~4,700 prompts, the longest test of the suite, and showed nothing more.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from _teaching_helpers import CONTROLS, NAB, PROMPTS, VOCAB, make_queue, reader, with_predicate, write_json
from deputy.teaching.corpus import corpus_sha256
from seaspider.cli import main
from seaspider.errors import ProofFailed
from seaspider.resources import load_schema
from seaspider.teaching import accept as accept_module
from seaspider.teaching.accept import accept, write_atomically
from seaspider.teaching import corpus as corpus_module
from seaspider.teaching.corpus import PACKAGED, find_corpus
from seaspider.teaching.proof import read_vocab, try_vocab

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def queue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_queue(tmp_path_factory.mktemp("review") / "review.jsonl", reader())


@pytest.fixture(scope="module")
def nab(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_json(tmp_path_factory.mktemp("candidate") / "nab.json", with_predicate("nab"))


@pytest.fixture(scope="module")
def part(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A corpus folder of copies of the shipped files that the malicious edits and accept tests name."""
    folder = tmp_path_factory.mktemp("corpus-part")
    for name in PART:
        (folder / name).write_bytes((PROMPTS / name).read_bytes())
    return folder


PART = ("teaching.jsonl", "agent.jsonl", "refusals.jsonl")


@pytest.fixture
def live(tmp_path: Path) -> Path:
    """A copy of Sea Spider's vocabulary standing for the one a `serve` runs with."""
    path = tmp_path / "vocab" / "live.json"
    path.parent.mkdir()
    path.write_bytes(VOCAB.read_bytes())
    return path


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = main(["review", *args])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out.strip() else {}, err


def test_try_turns_the_batch_into_the_expected_plans_and_changes_nothing_else(
    queue: Path, nab: Path, part: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(corpus_module, "corpus_dir", lambda: part)  # the shipped folder, as far as `try` knows
    code, proof, err = run(capsys, "try", "--vocab", str(nab), str(queue))
    assert code == 0, err
    assert proof["proof"] == "clean" and proof["errors"] == [] and proof["relaxations"] == []
    assert proof["corpus"] == {"source": PACKAGED, "sha256": corpus_sha256(part),
                               "prompts": sum(len((part / name).read_text().splitlines()) for name in PART)}
    acting = {c["prompt"]: c["after"] for c in proof["now_acting"]}
    assert acting == {p: {"act": True, "capability": "fetch", "operation": "fetch", "args": {"urls": urls}}
                      for p, urls in NAB.items()}
    assert all(c["source"] == "review" for c in proof["now_acting"] + proof["changed_kind"])
    assert proof["changed_kind"] == []  # no corpus prompt and no control changed at all
    assert not set(CONTROLS) & set(acting)
    assert proof["answers"] == [hashlib.sha256(p.encode()).hexdigest() for p in NAB]
    assert "The proof is clean" in err


@pytest.mark.parametrize(
    ("edit", "relaxation", "corpus_catches"),
    [
        ("not-as-courtesy", "adds “not” to words.courtesy", "teaching:1"),
        ("delete-as-fetch", "forbidden verb “delete” a predicate of fetch", None),
        ("drop-unless", "removes “unless” from words.conditions", "teaching:12"),
    ],
)
def test_a_malicious_edit_fails_the_proof_and_accept_refuses_it(
    edit: str, relaxation: str, corpus_catches: str | None, queue: Path, live: Path, part: Path, tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from test_teaching_relaxations import _edit, _words, without_default

    raw = {"not-as-courtesy": lambda: _edit(_words("courtesy", "not")), "delete-as-fetch": lambda: with_predicate("delete"),
           "drop-unless": lambda: without_default("conditions", "unless")}[edit]()
    candidate = write_json(tmp_path / f"{edit}.json", raw)
    code, proof, err = run(capsys, "try", "--vocab", str(candidate), "--corpus", str(part), str(queue))
    assert code == 1 and proof["proof"] == "failed"
    assert any(relaxation in why for why in proof["relaxations"])
    assert err.splitlines()[-1].startswith(f"seaspider: {candidate} fails its proof:")
    caught = {c["where"] for c in proof["errors"] if c["source"] == "corpus"}
    if corpus_catches is None:
        # The reader refuses "delete" wherever it stands (words.forbidden): the corpus cannot show this
        # edit, so the relaxation check is what catches it.
        assert caught == set()
    else:
        assert corpus_catches in caught
        assert all(not c["after"]["act"] or "would now give" in c["error"] for c in proof["errors"])
    code, _, err = run(capsys, "accept", "--vocab", str(candidate), "--vocab-file", str(live), "--by", "mallory",
                       "--corpus", str(part), str(queue))
    assert code == 1 and "was not accepted" in err
    assert live.read_bytes() == VOCAB.read_bytes()
    assert sorted(p.name for p in live.parent.iterdir()) == ["live.json"]  # no .prev, no teaching.jsonl


def test_the_corpus_catches_what_the_relaxation_check_cannot_see(
    part: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "check" is in no safety list, yet as a fetch predicate "Fetch A. Also check robots.txt for B" would fetch B.
    candidate = write_json(tmp_path / "check.json", with_predicate("check"))
    code, proof, _ = run(capsys, "try", "--vocab", str(candidate), "--corpus", str(part))
    assert code == 1 and proof["relaxations"] == []
    wrong = [c for c in proof["errors"] if c["after"]["act"] and c["after"]["operation"] == "fetch"]
    assert any("Also check robots.txt for" in c["prompt"] for c in wrong)


def test_accept_writes_the_proven_vocabulary_keeps_the_previous_and_records_it(
    queue: Path, nab: Path, live: Path, part: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    os.chmod(live, 0o640)
    code, done, err = run(capsys, "accept", "--vocab", str(nab), "--vocab-file", str(live), "--by", "tester",
                          "--corpus", str(part), str(queue))
    assert code == 0, err
    assert live.read_bytes() == nab.read_bytes() and os.stat(live).st_mode & 0o777 == 0o640
    previous = live.with_name("live.json.prev")
    assert previous.read_bytes() == VOCAB.read_bytes()
    (line,) = [json.loads(text) for text in (live.parent / "teaching.jsonl").read_text().splitlines()]
    assert list(jsonschema.Draft202012Validator(load_schema("teaching-line")).iter_errors(line)) == []
    assert line == {**line, "by": "tester", "vocab_file": str(live), "previous_file": str(previous),
                    "previous_sha256": hashlib.sha256(VOCAB.read_bytes()).hexdigest(),
                    "vocab_sha256": hashlib.sha256(nab.read_bytes()).hexdigest(), "candidate_file": str(nab),
                    "review_file": str(queue), "now_acting": len(NAB), "changed_kind": 0, "fixed": []}
    assert line["corpus"] == {"source": str(part), "sha256": corpus_sha256(part),
                              "prompts": sum(len((part / name).read_text().splitlines()) for name in PART)}
    assert line["answers"] == [hashlib.sha256(p.encode()).hexdigest() for p in NAB]
    assert done["line"] == line and "SIGHUP" in err
    # The accepted vocabulary is now the one in use: proving it again changes nothing.
    code, again, _ = run(capsys, "try", "--vocab", str(nab), "--vocab-file", str(live), "--corpus", str(part), str(queue))
    assert code == 0 and again["now_acting"] == [] and again["answers"] == []


def test_accept_refuses_when_the_vocabulary_changed_during_the_proof(nab: Path, live: Path, tmp_path: Path) -> None:
    small = tmp_path / "corpus"  # the check under test is accept's, not the corpus's: two lines will do
    small.mkdir()
    (small / "c.jsonl").write_text(
        '{"prompt": "Fetch https://a.example/", "operation": "fetch", "args": {"urls": ["https://a.example/"]}}\n'
        '{"prompt": "Do not fetch https://a.example/", "refusal": "negation"}\n'
    )
    trial = try_vocab(read_vocab(nab), read_vocab(live), find_corpus(str(small)))
    assert trial.proof.clean
    live.write_text(live.read_text() + "\n")  # someone else's edit lands while the proof runs
    changed = live.read_bytes()
    with pytest.raises(ProofFailed, match="changed while the proof ran"):
        accept(trial, target=live, by="tester", now=lambda: 0.0)
    assert live.read_bytes() == changed and sorted(p.name for p in live.parent.iterdir()) == ["live.json"]


def test_write_atomically_fsyncs_the_file_before_the_rename(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync")
        real_fsync(fd)

    def replace(source: Any, target: Any) -> None:
        calls.append("rename")
        real_replace(source, target)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    monkeypatch.setattr(accept_module, "fsync_dir", lambda path: calls.append("fsync dir"))
    target = tmp_path / "v.json"
    target.write_text("old")
    write_atomically(target, b"new", mode=0o644)
    assert calls == ["fsync", "rename", "fsync dir"] and target.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["v.json"]  # no temporary file left behind


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (lambda d: ["try", "--vocab", str(d / "none.json")], "none.json: the vocabulary file does not exist."),
        (lambda d: ["try", "--vocab", str(write_text(d / "bad.json", "{"))], "bad.json: not valid JSON at line 1"),
        (lambda d: ["try", "--vocab", str(VOCAB), "--corpus", str(d)], "holds no .jsonl files"),
        (lambda d: ["try", "--vocab", str(VOCAB), str(d / "none.jsonl")], "the review queue does not exist."),
        (lambda d: ["accept", "--vocab", str(VOCAB), "--vocab-file", str(VOCAB)], "is already the vocabulary in use"),
    ],
    ids=["missing-candidate", "broken-candidate", "empty-corpus", "missing-queue", "accept-onto-itself"],
)
def test_bad_input_is_one_sentence_and_status_2(
    args: Callable[[Path], list[str]], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, *args(tmp_path))
    assert code == 2 and message in err and err.count("\n") == 1 and "Traceback" not in err


def write_text(path: Path, text: str) -> Path:
    path.write_text(text)
    return path
