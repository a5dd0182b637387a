"""The service's job runner against the real crawler: which URL it says it works on, and where robots lines go."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from service_support import make_config, short_dir

from seaspider.demo.localweb import LocalWeb
from seaspider.service.jobs import Job, JobKind, Priority, UrlDone
from seaspider.service.runner import CrawlJobRunner
from seaspider.store.journal import read_jsonl


@pytest.mark.slow
def test_the_runner_names_each_url_from_its_robots_check_through_its_visit() -> None:
    base = short_dir()
    try:
        _check_runner(base)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _check_runner(base: Path) -> None:
    with LocalWeb(hosts=2, pages=2, ip_base="127.231") as web:
        config = make_config(base, web.resolve_map())
        urls = (web.url(0, "/p/1"), web.url(0, "/p/2"))
        job = Job("octopus-1-0", JobKind.FETCH, urls, "octopus", Priority.NORMAL, 1, 0.0)
        named: list[str] = []
        done: list[UrlDone] = []
        runner = CrawlJobRunner(config)
        try:
            result = runner.run(job, should_stop=lambda: False, on_now=named.append, on_url=done.append)
            robots = runner.run(
                Job("octopus-2-0", JobKind.ROBOTS, (urls[0],), "octopus", Priority.NORMAL, 2, 0.0),
                should_stop=lambda: False, on_now=named.append, on_url=done.append,
            )  # fmt: skip
            other = web.url(1, "/p/1")
            fresh = runner.run(
                Job("octopus-3-0", JobKind.ROBOTS, (other,), "octopus", Priority.NORMAL, 3, 0.0),
                should_stop=lambda: False, on_now=named.append, on_url=done.append,
            )  # fmt: skip
        finally:
            runner.close()
    # robots.txt for the first URL, then each visit; a robots question after the crawl names its URL too.
    assert named == [urls[0], urls[0], urls[1], urls[0], other]
    assert result.fetched == 2 and [d.url for d in done] == list(urls)
    assert robots.verdict is not None and robots.verdict.allowed
    assert fresh.verdict is not None and fresh.verdict.allowed
    lines = list(read_jsonl(Path(config.store) / "pages.jsonl"))
    # The crawl journals its robots.txt before its pages (through its journal thread, which is
    # closed when it ends); a robots question after it reaches the store directly, once per origin.
    assert [line["kind"] for line in lines if line["kind"] != "intent"] == ["robots", "page", "page", "robots"]
    assert lines[-1]["url"].startswith(other.split("/p/")[0])
