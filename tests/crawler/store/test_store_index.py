"""seaspider/store/index.py through the store: the index agrees with the journal, and is rebuilt when
missing, stale or corrupt; readers see a writer's line in flight and never a half-written one."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storekit import html, naive_stats, visit

from seaspider.clock import FakeClock
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome, RobotsFetch, RobotsSource

HOSTS = ("a.test", "b.test", "c.test")


def counting_part(stats: dict[str, Any]) -> dict[str, Any]:
    keys = ("lines", "links_lines", "urls", "pages", "page_lines", "hosts", "bodies", "bytes_raw", "bytes_compressed")
    return {k: stats[k] for k in keys}


def fill(store: Path, n: int = 12) -> None:
    with StoreWriter.open(store, clock=FakeClock(), zstd_level=1) as w:
        for i in range(n):
            url = f"https://{HOSTS[i % 3]}/{i % 5}"
            w.record_intent(url)
            outcome = (Outcome.FETCHED, Outcome.ERROR, Outcome.DISALLOWED)[i % 3] if i % 4 else Outcome.FETCHED
            body = html(i % 4) if outcome != Outcome.DISALLOWED else b""
            w.record_visit(visit(url, body, outcome=outcome, status=None if outcome == Outcome.DISALLOWED else 200))
            w.record_links(url, [{"url": f"https://a.test/{i}", "nofollow": i % 2 == 0}])


def answers(store: Path) -> tuple[dict[str, Any], dict[str, Any], list[Any]]:
    with StoreReader(store) as r:
        latest = {f"https://{h}/{i}": r.latest(f"https://{h}/{i}") for h in HOSTS for i in range(5)}
        return counting_part(r.stats()), counting_part(r.stats("b.test")), [latest, [r.body(u) for u in latest]]


def test_index_counts_agree_with_a_plain_scan(tmp_path: Path) -> None:
    fill(tmp_path / "s")
    with StoreReader(tmp_path / "s") as r:
        assert counting_part(r.stats()) == naive_stats(tmp_path / "s")
        assert counting_part(r.stats("b.test")) == naive_stats(tmp_path / "s", "b.test")


def test_missing_index_is_rebuilt_with_the_same_answers(tmp_path: Path) -> None:
    store = tmp_path / "s"
    fill(store)
    before = answers(store)
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    assert answers(store) == before  # rebuilt by the reader
    assert (store / "index.sqlite").exists()
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    with StoreWriter.open(store, clock=FakeClock()) as w:  # and by the writer
        assert counting_part(w.stats()) == before[0]


def test_corrupt_index_is_rebuilt(tmp_path: Path) -> None:
    store = tmp_path / "s"
    fill(store)
    before = answers(store)
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    (store / "index.sqlite").write_bytes(b"this is not a database" * 100)
    assert answers(store) == before
    (store / "index.sqlite").write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    with StoreWriter.open(store, clock=FakeClock()) as w:
        assert counting_part(w.stats()) == before[0]


def test_replaced_journal_is_noticed_and_the_index_rebuilt(tmp_path: Path) -> None:
    first, second = tmp_path / "one", tmp_path / "two"
    fill(first, n=12)
    with StoreWriter.open(second, clock=FakeClock()) as w:
        w.record_visit(visit("https://z.test/", b"zzz"))
    answers(first)  # the index of `first` is up to date
    # Another store's files put in place: a different journal under the same name.
    for name in ("pages.jsonl", "links.jsonl"):
        shutil.copyfile(second / name, first / name)
    shutil.rmtree(first / "seg")
    shutil.copytree(second / "seg", first / "seg")
    with StoreReader(first) as r:
        assert r.latest("https://a.test/0") is None
        assert r.body("https://z.test/") == b"zzz"
        assert counting_part(r.stats()) == naive_stats(first)


def test_journal_rewritten_in_place_with_the_same_length_is_noticed(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
    answers(store)
    data = (store / "pages.jsonl").read_bytes()
    with open(store / "pages.jsonl", "r+b") as f:  # same inode, same size, other content
        f.write(data.replace(b"https://a.test/1", b"https://a.test/2"))
    with StoreReader(store) as r:
        assert r.latest("https://a.test/1") is None
        assert r.latest("https://a.test/2") is not None


def test_index_behind_the_journal_catches_up(tmp_path: Path) -> None:
    """A writer killed between its journal fsync and its index commit leaves the index a line behind."""
    store = tmp_path / "s"
    other = tmp_path / "other"
    with StoreWriter.open(other, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        w.record_visit(visit("https://a.test/2", b""  , outcome=Outcome.ERROR, status=500, sha256=None))
    lines = (other / "pages.jsonl").read_bytes().splitlines(keepends=True)
    shutil.copytree(other, store)
    # Take the index as it was after the first line only.
    with open(store / "pages.jsonl", "wb") as f:
        f.write(lines[0])
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    with StoreReader(store) as r:
        assert r.stats()["lines"]["page"] == 1
    with open(store / "pages.jsonl", "ab") as f:
        f.write(lines[1])
    with StoreReader(store) as r:
        assert r.stats()["lines"]["page"] == 2
        assert r.latest("https://a.test/2")["outcome"] == "error"  # type: ignore[index]


def test_reader_sees_the_writers_line_in_flight_but_not_a_half_written_one(tmp_path: Path) -> None:
    store = tmp_path / "s"
    seen: dict[str, Any] = {}

    def hook(name: str) -> None:
        if name not in ("journal-half-written", "journal-fsynced") or not (store / "pages.jsonl").exists():
            return
        with StoreReader(store) as r:
            if name == "journal-half-written":
                seen["half"] = (r.latest("https://a.test/2"), r.stats()["lines"]["page"])
            elif "https://a.test/2" not in str(seen.get("fsynced")):
                # Journal line durable, index not yet committed: the stats lag by that line,
                # while the URL itself is already answered from the journal's tail.
                seen["fsynced"] = (r.latest("https://a.test/2"), r.body("https://a.test/2"), r.stats()["lines"]["page"])

    with StoreWriter.open(store, clock=FakeClock(), _hook=hook, _split_writes=True) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        seen.clear()
        line = w.record_visit(visit("https://a.test/2", b"two"))
    assert seen["half"] == (None, 1)
    assert seen["fsynced"] == (line, b"two", 1)


def test_reader_does_not_block_the_writer(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        reader = StoreReader(store)
        assert reader.body("https://a.test/1") == b"one"
        # The reader stays open (and inside SQLite's read snapshot between calls) while the
        # writer goes on; it sees the new records on its next question.
        w.record_visit(visit("https://a.test/2", b"two"))
        w.record_robots(RobotsFetch(url="https://a.test/robots.txt", origin="https://a.test", status=200,
                                    state=RobotsSource.FETCHED, body=b"User-agent: *\n", fetched_unix=1.0, ip=None))
        assert reader.body("https://a.test/2") == b"two"
        assert reader.stats()["lines"]["page"] == 2
        assert reader.load_robots("https://a.test") is not None
        reader.close()


ops = st.lists(
    st.tuples(
        st.sampled_from(["intent", "visit", "links", "robots", "reopen"]),
        st.sampled_from(HOSTS),
        st.integers(0, 3),
        st.sampled_from(list(Outcome)),
        st.integers(0, 4),
    ),
    max_size=25,
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(script=ops)
def test_incremental_index_equals_rebuilt_index_equals_plain_scan(tmp_path: Path, script: list[tuple[str, str, int, Outcome, int]]) -> None:
    store = tmp_path / f"s{abs(hash(tuple(script)))}"
    w = StoreWriter.open(store, clock=FakeClock(), zstd_level=1)
    try:
        for op, host, path, outcome, body_n in script:
            url = f"https://{host}/{path}"
            if op == "intent":
                w.record_intent(url)
            elif op == "visit":
                body = b"" if outcome in (Outcome.DISALLOWED, Outcome.DEFERRED) else html(body_n, size=300)
                sha = None
                if outcome == Outcome.NOT_MODIFIED:
                    body, sha = b"", __import__("hashlib").sha256(html(body_n, size=300)).hexdigest()
                w.record_visit(visit(url, body, outcome=outcome, sha256=sha,
                                     headers={"content-type": "text/html", "etag": f'"{body_n}"'}))
            elif op == "links":
                w.record_links(url, [{"url": f"https://{host}/{body_n}", "nofollow": False}])
            elif op == "robots":
                w.record_robots(RobotsFetch(url=f"https://{host}/robots.txt", origin=f"https://{host}", status=200,
                                            state=RobotsSource.FETCHED, body=html(body_n, size=50), fetched_unix=1.0, ip=None))
            else:
                w.close()
                w = StoreWriter.open(store, clock=FakeClock(), zstd_level=1)
        incremental = counting_part(w.stats())
        per_host = {h: counting_part(w.stats(h)) for h in HOSTS}
        pending = w.stats()["pending_intents"]
        answered = url_answers(w)
    finally:
        w.close()
    assert incremental == naive_stats(store)
    assert per_host == {h: naive_stats(store, h) for h in HOSTS}
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    with StoreReader(store) as r:  # rebuilt from the journal alone
        assert counting_part(r.stats()) == incremental
        assert r.stats()["pending_intents"] == pending
        assert url_answers(r) == answered
    shutil.rmtree(store)


def url_answers(view: StoreReader | StoreWriter) -> dict[str, Any]:
    """Everything the index answers per URL and origin, for comparing two indexes."""
    out: dict[str, Any] = {}
    for host in HOSTS:
        out[host] = view.load_robots(f"https://{host}")
        for path in range(4):
            url = f"https://{host}/{path}"
            row = view._row(url)
            out[url] = (view.latest(url), view.body(url), view.links_of(url), view.conditional_headers(url),
                        None if row is None else row["uncertain"])
    return out


def test_index_deleted_under_a_live_writer_gives_right_answers_from_a_private_index(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        w.record_visit(visit("https://b.test/2", b"two"))
        for name in os.listdir(store):
            if name.startswith("index.sqlite"):
                os.unlink(store / name)
        with StoreReader(store) as r:
            assert counting_part(r.stats()) == naive_stats(store)
            assert r.body("https://b.test/2") == b"two"
            private = r._private_dir
        assert private is not None and not os.path.exists(private)  # cleaned up at close


def test_long_lived_reader_follows_an_index_rebuilt_as_a_new_file(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
    reader = StoreReader(store)
    assert reader.stats()["lines"]["page"] == 1
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    with StoreWriter.open(store, clock=FakeClock()) as w:  # rebuilds a new index file, then writes on
        for i in range(2, 200):
            w.record_visit(visit(f"https://a.test/{i}", html(i)))
    assert counting_part(reader.stats()) == naive_stats(store)
    assert reader.body("https://a.test/150") == html(150)
    reader.close()


@given(
    scheme=st.sampled_from(["http", "https", "HTTPS"]),
    userinfo=st.sampled_from(["", "user@", "u:p@"]),
    host=st.sampled_from(["a.test", "A.Test", "[::1]", "[2001:DB8::1]", "127.0.0.1", "xn--bcher-kva.test", ""]),
    port=st.sampled_from(["", ":8080", ":"]),
    rest=st.sampled_from(["", "/", "/p?q=1", "?x", "#f", "/a@b", "/x:y"]),
)
def test_fast_host_of_agrees_with_urlsplit(scheme: str, userinfo: str, host: str, port: str, rest: str) -> None:
    from urllib.parse import urlsplit

    from seaspider.web.urls import host_of

    url = f"{scheme}://{userinfo}{host}{port}{rest}"
    assert host_of(url) == (urlsplit(url).hostname or "")


def test_private_index_keeps_up_with_a_live_writer(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/1", b"one"))
        for name in os.listdir(store):
            if name.startswith("index.sqlite"):
                os.unlink(store / name)
        with StoreReader(store) as r:
            assert r._private_dir is not None  # the shared index is not the writer's: a private one answers
            for i in range(2, 40):
                w.record_visit(visit(f"https://a.test/{i}", html(i)))
            assert counting_part(r.stats()) == naive_stats(store)
            assert r.body("https://a.test/39") == html(39)


WRITER_CHILD = """
import sys, hashlib
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from storekit import html, visit
from seaspider.store.writer import StoreWriter
with StoreWriter.open(Path(sys.argv[1]), segment_max_bytes=20000, zstd_level=1) as w:
    print("open", flush=True)
    for i in range(int(sys.argv[3])):
        url = f"https://a.test/{i % 25}"
        w.record_intent(url)
        w.record_visit(visit(url, html(i, size=3000)))
        w.record_links(url, [{"url": f"https://a.test/{i}", "nofollow": False}])
"""


def test_reader_in_another_process_never_sees_a_half_written_record(tmp_path: Path) -> None:
    import hashlib
    import subprocess
    import sys

    store = tmp_path / "s"
    n = 150
    child = subprocess.Popen([sys.executable, "-c", WRITER_CHILD, str(store), str(Path(__file__).parents[1]), str(n)],
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout is not None and child.stdout.readline().strip() == "open"
    reader = StoreReader(store)
    last_pages = 0
    checked = 0
    try:
        while True:
            done = child.poll() is not None
            stats = reader.stats()
            assert stats["lines"]["page"] >= last_pages  # never goes back
            last_pages = stats["lines"]["page"]
            for i in range(25):
                line = reader.latest(f"https://a.test/{i}")
                if line is not None:
                    # By hash: the URL may have a newer record by the time we ask for its body.
                    body = reader.body(f"sha256:{line['sha256']}")
                    assert body is not None and hashlib.sha256(body).hexdigest() == line["sha256"]
                    checked += 1
            if done:
                break
    finally:
        reader.close()
        child.wait()
    assert child.returncode == 0
    assert last_pages == n and checked > 0
