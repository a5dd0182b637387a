"""Several stores read as one: the nodes of a cluster each write their own, `stats` and `get` read them together.

Read only, through `StoreReader` (never blocks a node that is writing). Counts that add up (lines,
bytes, segments) are summed; what a URL is across stores (its latest outcome, its body) is the
newest record any store holds. The union of URLs is built in a temporary SQLite file, so memory
does not grow with the stores. Knows nothing about Redis: stores are plain directories.
"""

from __future__ import annotations

import sqlite3
import tempfile
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from seaspider.store.reader import StoreReader
from seaspider.web.records import Outcome

__all__ = ["latest_body", "merged_stats"]

_SUMMED = ("links_lines", "bytes_raw", "bytes_compressed", "segments", "segment_bytes", "uncertain", "pending_intents", "corrupt_lines")


def merged_stats(paths: Sequence[Path], host: str | None = None) -> dict[str, Any]:
    """The `stats` of several stores as one object, each store's own under `stores`.

    `urls`, `pages` (by latest outcome), `hosts` and `bodies` count distinct URLs, hosts and
    sha256 across the stores; `fetched_in_several` counts URLs with page lines in more than one
    store (a node that died after recording a page but before the cluster heard of it, whose
    URL another node fetched again; or a later refetch).
    """
    with ExitStack() as stack, tempfile.TemporaryDirectory(prefix="seaspider-stats-") as scratch:
        readers = [stack.enter_context(StoreReader(Path(p))) for p in paths]
        each = [reader.stats(host) for reader in readers]
        db = sqlite3.connect(Path(scratch) / "union.sqlite")
        db.executescript(
            "CREATE TABLE u (url TEXT PRIMARY KEY, host TEXT, outcome TEXT, fetched REAL, stores INTEGER) WITHOUT ROWID;"
            "CREATE TABLE b (sha TEXT PRIMARY KEY) WITHOUT ROWID;"
        )
        key = None if host is None else host.strip().lower().rstrip(".")
        for reader in readers:
            rows = [r for r in reader.page_rows() if key is None or r[1] == key]
            db.executemany(
                "INSERT INTO u VALUES (?, ?, ?, ?, 1) ON CONFLICT (url) DO UPDATE SET stores = stores + 1,"
                " outcome = CASE WHEN coalesce(excluded.fetched, 0) > coalesce(u.fetched, 0) THEN excluded.outcome ELSE u.outcome END,"
                " fetched = max(coalesce(excluded.fetched, 0), coalesce(u.fetched, 0))",
                [(url, h, outcome, fetched) for url, h, outcome, fetched, _sha in rows],
            )
            db.executemany("INSERT OR IGNORE INTO b VALUES (?)", [(sha,) for *_rest, sha in rows if sha])
        outcomes = dict(db.execute("SELECT outcome, count(*) FROM u GROUP BY outcome").fetchall())
        (urls, hosts, several), (bodies,) = (db.execute("SELECT count(*), count(DISTINCT host), sum(stores > 1) FROM u").fetchone(),
                                             db.execute("SELECT count(*) FROM b").fetchone())  # fmt: skip
        db.close()
    lines = {kind: sum(s["lines"][kind] for s in each) for kind in each[0]["lines"]} if each else {}
    merged: dict[str, Any] = {
        "stores": each,
        "host": key,
        "lines": lines,
        "urls": urls,
        "pages": {str(o): int(outcomes.get(str(o), 0)) for o in Outcome},
        "page_lines": {str(o): sum(s["page_lines"][str(o)] for s in each) for o in Outcome},
        "hosts": hosts,
        "bodies": bodies,
        "fetched_in_several": int(several or 0),
    }
    for name in _SUMMED:
        merged[name] = sum(s[name] for s in each)
    raw, compressed = merged["bytes_raw"], merged["bytes_compressed"]
    merged["compression_ratio"] = round(raw / compressed, 3) if compressed else None
    return merged


def latest_body(paths: Sequence[Path], key: str) -> tuple[bytes | None, dict[str, Any] | None, Path | None]:
    """The body for `key` (a URL or sha256:HEX) from whichever store holds its newest record;
    (body, its page line, the store), or Nones when no store has it."""
    best: tuple[float, Path, dict[str, Any] | None] | None = None
    for path in paths:
        with StoreReader(Path(path)) as reader:
            if key.startswith("sha256:"):
                if reader.body(key) is not None:
                    best = (0.0, Path(path), None)
                    break
                continue
            line = reader.latest(key)
            if reader.body(key) is not None:
                when = float((line or {}).get("fetched_unix") or 0)
                if best is None or when > best[0]:
                    best = (when, Path(path), line)
    if best is None:
        return None, None, None
    with StoreReader(best[1]) as reader:
        return reader.body(key), best[2], best[1]
