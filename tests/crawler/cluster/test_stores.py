"""`stats` and `get` read several stores (a cluster's nodes) as one."""

from __future__ import annotations

import json
from pathlib import Path

from crawlkit import run_cli
from storekit import html, visit

from seaspider.cluster.stores import latest_body, merged_stats
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome


def _store(path: Path, *visits: object) -> Path:
    with StoreWriter.open(path) as writer:
        for v in visits:
            writer.record_visit(v)  # type: ignore[arg-type]
    return path


def _two(tmp_path: Path) -> list[Path]:
    a = _store(tmp_path / "a", visit("https://a.test/1", html(1)), visit("https://a.test/2", html(2)),
               visit("https://c.test/", html(9), fetched_unix=1_790_000_000.0))  # fmt: skip
    b = _store(tmp_path / "b", visit("https://b.test/1", html(3)), visit("https://a.test/2", html(2)),
               visit("https://c.test/", html(8), fetched_unix=1_790_000_100.0),
               visit("https://d.test/", outcome=Outcome.ERROR, status=None, reason="refused"))  # fmt: skip
    return [a, b]


def test_several_stores_count_distinct_urls_hosts_and_bodies(tmp_path: Path) -> None:
    stats = merged_stats(_two(tmp_path))
    assert [s["urls"] for s in stats["stores"]] == [3, 4]
    assert stats["urls"] == 5 and stats["hosts"] == 4  # a.test/2 and c.test/ are in both
    assert stats["fetched_in_several"] == 2
    assert stats["pages"]["fetched"] == 4 and stats["pages"]["error"] == 1
    assert stats["page_lines"]["fetched"] == 6  # lines add up
    assert stats["bodies"] == 5  # html(2) is one body in two stores
    assert stats["segments"] == sum(s["segments"] for s in stats["stores"])


def test_one_host_across_stores(tmp_path: Path) -> None:
    stats = merged_stats(_two(tmp_path), "A.test")
    assert (stats["urls"], stats["hosts"], stats["host"]) == (2, 1, "a.test")


def test_get_takes_the_newest_copy_any_store_holds(tmp_path: Path) -> None:
    stores = _two(tmp_path)
    body, line, store = latest_body(stores, "https://c.test/")
    assert body == html(8) and store == stores[1] and line is not None
    assert latest_body(list(reversed(stores)), "https://c.test/")[0] == html(8)  # whatever the order given
    assert latest_body(stores, "https://nowhere.test/") == (None, None, None)  # negative control


def test_the_commands_take_several_stores(tmp_path: Path) -> None:
    a, b = _two(tmp_path)
    stats = run_cli("stats", str(a), str(b))
    assert stats.returncode == 0 and json.loads(stats.stdout)["urls"] == 5
    got = run_cli("get", str(a), str(b), "https://b.test/1")
    assert got.returncode == 0 and got.stdout.encode() == html(3)
    missing = run_cli("get", str(a), str(b), "https://nowhere.test/")
    assert missing.returncode == 1 and f"in {a} {b}" in missing.stderr
    single = run_cli("stats", str(a))
    assert "stores" not in json.loads(single.stdout)  # one store: the object as before
