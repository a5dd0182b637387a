"""The store's crash safety: a child writing records is SIGKILLed at every step it takes.

The child kills itself at hook step K (deterministic), with writes split in two so torn lines
and torn frames happen too. After each kill the store is checked from outside: every line
parses and validates, every referenced body decompresses and matches its sha256, nothing the
child was told was recorded is lost, and the index agrees with a plain scan of the journal.
Each run records its first URLs one call at a time and the rest as one group commit
(`record_intents`, then `record_visits` with their links), so kills inside a batch are covered:
between its frames, before its one segment fsync, within its journal write, before its commit.
The negative control journals a page line before its body is written; the check must catch it.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import signal
from collections import Counter
from pathlib import Path

import pytest
from storekit import check_store, html, read_lines, visit

from seaspider.clock import FakeClock
from seaspider.store.reader import StoreReader
from seaspider.store.writer import Intent, StoreWriter
from seaspider.web.records import RobotsFetch, RobotsSource

SINGLE_URLS = 2  # recorded one call at a time
BATCH_URLS = 3  # then recorded as one group commit


def _child_body(run: int, i: int) -> bytes:
    # Every third body repeats an earlier one, so deduplicated records are killed too; the last
    # of the batch repeats the batch's first, so a batch deduplicates within itself as well.
    if i == SINGLE_URLS + BATCH_URLS - 1:
        i = SINGLE_URLS
    return html(i if i % 3 == 0 else run * 10 + i, size=900)


def _run_child(
    store: Path, *, run: int, kill_at: int | str, phase: str = "record", unsafe: bool = False
) -> tuple[list[tuple[str, str]], str | None, int, bool]:
    """Fork a writer that SIGKILLs itself at hook step `kill_at` of `phase` ("open", "record" or "batch").

    `kill_at` is a step number, or "NAME#N" for the N-th step of that name. Returns (acks, the
    step name it was killed at, steps taken, whether the kill came inside a group commit). Steps
    are counted per phase because the opening repair takes more steps after some kills than
    after others.
    """
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        os.close(read_fd)
        steps = 0
        current = "open"
        in_batch = False
        seen: Counter[str] = Counter()

        def hook(name: str) -> None:
            nonlocal steps
            steps += 1
            seen[name] += 1
            if current == phase and (steps == kill_at or f"{name}#{seen[name]}" == kill_at):
                os.write(write_fd, f"kill {name}{' batch' if in_batch else ''}\n".encode())
                os.kill(os.getpid(), signal.SIGKILL)

        try:
            w = StoreWriter.open(store, segment_max_bytes=3000, zstd_level=1, clock=FakeClock(),
                                 _hook=hook, _split_writes=True, _journal_before_segment=unsafe)
            current, steps = "record", 0
            for i in range(SINGLE_URLS):
                url = f"https://h{i % 2}.test/{run}/{i}"
                w.record_intent(url)
                line = w.record_visit(visit(url, _child_body(run, i), fetched_unix=1000.0 + run))
                os.write(write_fd, f"ack {url} {line['sha256']}\n".encode())  # acknowledged: must never be lost
                w.save_ip_end("127.0.0.1", 2000.0 + run)
                w.record_links(url, [{"url": f"https://h0.test/{run}/{i + 1}", "nofollow": False}])
                if i == 1:
                    w.record_robots(RobotsFetch(url="https://h1.test/robots.txt", origin="https://h1.test", status=200,
                                                state=RobotsSource.FETCHED, body=f"User-agent: *\nDisallow: /{run}\n".encode(),
                                                fetched_unix=1000.0 + run, ip="127.0.0.1"))
            batch = [f"https://h{i % 2}.test/{run}/{i}" for i in range(SINGLE_URLS, SINGLE_URLS + BATCH_URLS)]
            in_batch = True
            if phase == "batch":
                current, steps = "batch", 0  # count from the batch's first step, whatever came before
            w.record_intents([Intent(url) for url in batch])
            lines = w.record_visits([
                (visit(url, _child_body(run, i), fetched_unix=1000.0 + run),
                 [{"url": f"https://h0.test/{run}/{i + 1}", "nofollow": False}])
                for i, url in enumerate(batch, start=SINGLE_URLS)
            ])
            in_batch = False
            for url, line in zip(batch, lines, strict=True):
                os.write(write_fd, f"ack {url} {line['sha256']}\n".encode())
            w.close()
            os.write(write_fd, f"done {steps}\n".encode())
        finally:
            os._exit(0)
    os.close(write_fd)
    out = b""
    while chunk := os.read(read_fd, 65536):
        out += chunk
    os.close(read_fd)
    os.waitpid(pid, 0)
    acks: list[tuple[str, str]] = []
    killed: str | None = None
    killed_in_batch = False
    steps = 0
    for line in out.decode().splitlines():
        word, *rest = line.split()
        if word == "ack":
            acks.append((rest[0], rest[1]))
        elif word == "kill":
            killed = rest[0]
            killed_in_batch = rest[1:] == ["batch"]
        elif word == "done":
            steps = int(rest[0])
    return acks, killed, steps, killed_in_batch


def _verify(store: Path, acked: dict[str, str]) -> None:
    """Everything the crash test promises, checked from outside and through the reader."""
    lines = check_store(store, allow_torn_tail=True)
    pages: dict[str, dict[str, object]] = {}
    for line in lines:
        if line["kind"] == "page":
            pages[line["url"]] = line
    for url, sha in acked.items():
        assert url in pages, f"acknowledged {url} is missing from the journal"
        assert pages[url]["sha256"] == sha
    with StoreReader(store) as reader:
        for url, line in pages.items():
            assert reader.latest(url) == line, f"the index disagrees with the journal about {url}"
            body = reader.body(url)
            assert body is not None and hashlib.sha256(body).hexdigest() == line["sha256"]
        stats = reader.stats()
        plain = Counter(line["kind"] for line in lines)
        # The index may trail the journal by the one line a kill interrupted before its commit,
        # and a reader that finds no writer alive catches up, so the counts must match exactly.
        assert stats["lines"] == {k: plain.get(k, 0) for k in ("robots", "intent", "page", "uncertain", "retry")}
        assert stats["urls"] == len(pages)


def _check_intents_settled(store: Path) -> None:
    """Every intent has a later outcome or exactly one uncertain line."""
    lines = read_lines(store / "pages.jsonl")
    uncertain_for = Counter(line["intent_off"] for _, line in lines if line["kind"] == "uncertain")
    assert all(n == 1 for n in uncertain_for.values()), "an intent was recorded uncertain twice"
    for off, line in lines:
        if line["kind"] != "intent":
            continue
        later = [x for o, x in lines if o > off and x.get("url") == line["url"] and x["kind"] in ("page", "uncertain")]
        assert later, f"intent for {line['url']} at byte {off} was never settled"
        if later[0]["kind"] == "uncertain":
            assert later[0]["intent_off"] == off


@pytest.mark.slow
def test_sigkill_at_every_step_loses_nothing_acknowledged(tmp_path: Path) -> None:
    store = tmp_path / "store"
    acked: dict[str, str] = {}
    kinds: Counter[str] = Counter()
    in_batch: Counter[str] = Counter()
    runs = 0
    # Kill points 1, 2, 3, ... cover every step of a run, among them the opening repair of the
    # store left by the previous kill (each run continues the same store), until a run gets
    # through all its steps alive.
    # The "batch" phase counts from the group commit's first step: in the "record" phase,
    # deduplication across runs shifts the batch's steps, so some of them could be skipped.
    for phase in ("record", "batch", "open"):
        for kill_at in itertools.count(1):
            if phase == "open":
                # Leave a torn page line and a dangling intent, so the open has repairs to do.
                acks, killed, _, _ = _run_child(store, run=runs, kill_at="journal-half-written#2")
                assert killed == "journal-half-written"
                acked.update(acks)
                _verify(store, acked)
                runs += 1
            acks, killed, _, batched = _run_child(store, run=runs, kill_at=kill_at, phase=phase)
            acked.update(acks)
            _verify(store, acked)
            runs += 1
            if killed is None:
                break
            kinds[killed] += 1
            in_batch[killed] += batched
    assert sum(kinds.values()) >= 50, f"only {sum(kinds.values())} kill points"
    # The dangerous gaps were all hit: between the segment fsync and the journal line, torn
    # lines and torn frames, between the journal fsync and the index commit.
    for step in ("torn-tail-cut", "index-ready", "segment-fsynced", "segment-half-written", "journal-half-written", "journal-written",
                 "journal-fsynced", "links-half-written", "index-committed"):
        assert kinds[step] >= 1, f"never killed at {step}: {sorted(kinds)}"
    # Inside a group commit: between its frames (a second frame written before the one fsync),
    # torn frames and lines, after the one segment fsync, and between its journal fsync and commit.
    for step, times in (("segment-written", 2), ("segment-half-written", 2), ("segment-fsynced", 1), ("journal-half-written", 2),
                        ("journal-written", 2), ("journal-fsynced", 2), ("links-half-written", 1), ("index-committed", 2)):
        assert in_batch[step] >= times, f"killed {in_batch[step]} times at {step} inside a batch: {dict(in_batch)}"
    with StoreWriter.open(store, clock=FakeClock()) as w:  # the last repair
        assert w.load_ip_ends()["127.0.0.1"] >= 2000.0
    check_store(store)
    _check_intents_settled(store)


@pytest.mark.parametrize("phase", ["record", "batch"], ids=["one-at-a-time", "inside-a-batch"])
def test_journal_line_before_its_body_is_caught(tmp_path: Path, phase: str) -> None:  # negative control
    store = tmp_path / "store"
    acked: dict[str, str] = {}
    for kill_at in range(1, 40):
        acks, killed, _, batched = _run_child(store, run=kill_at, kill_at=kill_at, phase=phase, unsafe=True)
        assert batched or killed is None or phase == "record"  # the batch phase kills inside the batch only
        acked.update(acks)
        try:
            _verify(store, acked)
        except AssertionError as exc:
            assert "is shorter than the journal says" in str(exc) or "is missing for" in str(exc)
            assert killed in ("journal-fsynced", "index-committed", "journal-written")
            return
    pytest.fail("writing the journal line before the body went unnoticed by the crash check")
