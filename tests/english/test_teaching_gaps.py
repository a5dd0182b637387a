"""`seaspider review list`: refused prompts grouped by what was missing, most frequent first, redacted on request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from _teaching_helpers import CONTROLS, NAB, START_UNIX, make_queue, reader
from deputy import Vocab
from deputy.teaching.gaps import Gap, group_review
from deputy.teaching.redact import redact, redact_address
from deputy.teaching.review import ReviewQueue, read_review
from seaspider.cli import main


@pytest.fixture(scope="module")
def queue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_queue(tmp_path_factory.mktemp("review") / "review.jsonl", reader())


def _list(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code = main(["review", "list", *args])
    out, err = capsys.readouterr()
    return code, json.loads(out) if out else {}, err


def test_list_groups_the_batch_by_what_was_missing(queue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, listed, err = _list(capsys, str(queue))
    assert code == 0
    assert listed["total"] == len(NAB) + 1 + len(CONTROLS) and listed["skipped_lines"] == 0
    first = listed["groups"][0]
    assert (first["gap"], first["word"], first["count"], first["kinds"]) == ("unknown_verb", "nab", 8, {"unsupported_verb": 8})
    assert first["teachable"] and first["examples"] == list(NAB)[:3]
    assert first["first"] == "2023-11-14T22:13:20Z" and first["last"] == "2023-11-14T22:20:20Z"
    gaps = {(g["gap"], g["word"]): g for g in listed["groups"]}
    assert gaps[("unknown_question", "what … be … eta")]["count"] == 2
    assert listed["by_kind"]["unsupported_verb"] == 11
    assert "8× unknown verb “nab”" in err and "e.g. Nab https://a.example/." in err


def test_safety_refusals_are_listed_as_not_teachable(queue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, listed, _ = _list(capsys, str(queue))
    gaps = {g["gap"]: g for g in listed["groups"]}
    for gap, word in (("negation", "not"), ("condition", "if"), ("address", "http://10.0.0.1/"),
                      ("unsupported_verb", "translate"), ("widening_words", "everything")):
        group = next(g for g in listed["groups"] if g["gap"] == gap and g["word"] == word)
        assert not group["teachable"] and group["why_not"], gap
    assert gaps["negation"]["why_not"] == "a negated request never acts: a safety rule"


def test_most_frequent_first_then_most_recent(queue: Path) -> None:
    items, _ = read_review(queue)
    groups = group_review(items, reader().vocab)
    counts = [g.count for g in groups]
    assert counts == sorted(counts, reverse=True)
    singles = [g.last for g in groups if g.count == 1]
    assert singles == sorted(singles, reverse=True)


def test_kind_filter_keeps_only_that_kind(queue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, listed, _ = _list(capsys, str(queue), "--kind", "negation")
    assert [(g["gap"], g["count"]) for g in listed["groups"]] == [("negation", 1)]
    _, other, _ = _list(capsys, str(queue), "--kind", "no_such_kind")  # negative control: nothing matches
    assert other["groups"] == [] and other["total"] == 0


def test_a_verb_read_as_a_noun_and_as_a_verb_is_one_gap(tmp_path: Path) -> None:
    deputy = reader()
    queue = ReviewQueue(tmp_path / "q.jsonl", now=lambda: float(START_UNIX))
    for prompt in ("Snag https://a.example/", "Could you snag https://b.example/x?"):
        queue.append(prompt, deputy.read(prompt))
    (group,) = group_review(read_review(tmp_path / "q.jsonl")[0], deputy.vocab)
    assert (group.gap, group.word, dict(group.kinds)) == (
        Gap.UNKNOWN_VERB, "snag", {"not_understood": 1, "unsupported_verb": 1}
    )


def test_redact_hides_paths_queries_and_user_information(queue: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _, plain, _ = _list(capsys, str(queue))
    assert "token=s3cret" in json.dumps(plain)  # negative control: without --redact the prompt is as sent
    code, redacted, err = _list(capsys, str(queue), "--redact")
    assert code == 0
    text = json.dumps(redacted, ensure_ascii=False)
    assert "s3cret" not in text and "private" not in text and "s3cret" not in err
    assert "The page is https://a.example/…. Summarize." in text
    assert redacted["groups"][0]["examples"][0] == "Nab https://a.example/."  # a bare site stays readable


@pytest.mark.parametrize(
    ("address", "shown"),
    [
        ("https://a.example/private?token=1", "https://a.example/…"),
        ("https://user:pw@a.example:8080/p#frag", "https://a.example:8080/…"),
        ("a.example/x?y=2", "a.example/…"),
        ("http://[::1]:80/admin", "http://[::1]:80/…"),
        ("mailto:bob@a.example", "mailto:…"),
        ("https://a.example/", "https://a.example/"),
        ("a.example", "a.example"),
    ],
    ids=["query", "userinfo", "bare-path", "ipv6", "mailto", "root-kept", "bare-host-kept"],
)
def test_redact_address(address: str, shown: str) -> None:
    assert redact_address(address) == shown


def test_redact_keeps_the_words_and_reaches_link_texts() -> None:
    assert redact("Fetch [https://a.example/s](https://a.example/s?k=1) and <b.example/x>, please.") == (
        "Fetch [https://a.example/…](https://a.example/…) and <b.example/…>, please."
    )
    assert redact("Is the queue empty?") == "Is the queue empty?"


def test_a_torn_line_is_skipped_and_counted(queue: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(queue.read_bytes() + b'{"v": 1, "kind": "neg')
    code, listed, err = _list(capsys, str(torn))
    assert code == 0 and listed["skipped_lines"] == 1 and listed["total"] == len(NAB) + 1 + len(CONTROLS)
    assert "1 unreadable line skipped" in err


def test_a_missing_queue_is_one_sentence_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _list(capsys, str(tmp_path / "none.jsonl"))
    assert code == 2 and err == f"seaspider: {tmp_path / 'none.jsonl'}: the review queue does not exist.\n"


def test_review_lines_of_another_vocabulary_still_group() -> None:
    # Kinds are public names: a vocabulary that keeps the reader's own names reads its lines too.
    vocab = Vocab.load(json.dumps({
        "name": "t", "handler": "t",
        "capabilities": [{"name": "go", "operation": "go", "predicates": ["go"], "forms": [{"moods": ["imperative"]}]}],
    }))
    from deputy.teaching.review import ReviewItem

    item = ReviewItem(line=1, time="", prompt="Do not go.", prompt_sha256="0" * 64, kind="negation",
                      reason="it is negated (“not”), and I only act on plain requests", predicate="go",
                      skeleton={"negation": "not"}, tokens=())
    (group,) = group_review([item], vocab)
    assert (group.gap, group.word) == (Gap.NEGATION, "not")


def test_review_without_an_action_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review"]) == 2
    assert capsys.readouterr().err == "seaspider: seaspider review needs an action: list, suggest, try or accept.\n"
