"""The store counts URLs first recorded as listed by a sitemap (`extra.via`), in `stats` and after a rebuild."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

from storekit import visit

from seaspider.clock import FakeClock
from seaspider.store.reader import StoreReader
from seaspider.store.writer import StoreWriter


def test_urls_from_sitemaps_are_counted_once_per_url_and_survive_a_rebuild(tmp_path: Path) -> None:
    store = tmp_path / "s"
    with StoreWriter.open(store, clock=FakeClock()) as w:
        w.record_visit(dataclasses.replace(visit("https://a.test/1", b"one"), extra={"via": "sitemap"}))
        w.record_visit(dataclasses.replace(visit("https://a.test/1", b"one again"), extra={"via": "sitemap"}))  # same URL
        w.record_visit(dataclasses.replace(visit("https://b.test/2", b"two"), extra={"via": "sitemap"}))
        # Controls: a sitemap file itself (via robots) and a queue page are not counted.
        w.record_visit(dataclasses.replace(visit("https://a.test/sitemap.xml", b"<urlset/>"), extra={"via": "robots"}))
        w.record_visit(visit("https://a.test/3", b"three"))
        assert w.stats()["sitemap_urls"] == 2 and w.stats("a.test")["sitemap_urls"] == 1
    for name in os.listdir(store):
        if name.startswith("index.sqlite"):
            os.unlink(store / name)
    with StoreReader(store) as r:  # rebuilt from the journal alone
        assert r.stats()["sitemap_urls"] == 2 and r.stats("b.test")["sitemap_urls"] == 1 and r.stats()["urls"] == 4
