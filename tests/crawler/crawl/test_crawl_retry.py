"""Retries against the local web: a 429, a 503 or a failed connection is tried again after its back-off.

Politeness runs on the real clock (the server's log shows the gaps); the back-off runs on the
crawl's injected clock, which a test moves on by the back-off when the retry line is journaled.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from crawlkit import journal, make_config
from storekit import check_store

from seaspider.clock import FakeClock, SystemClock
from seaspider.crawl.job import Crawl
from seaspider.crawl.summary import CrawlSummary
from seaspider.demo.localweb import LocalWeb, Response
from seaspider.net.fetch import Fetcher
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Retry, RobotsFetch, RobotsSource

HTML = [("content-type", "text/html; charset=utf-8")]
OK = Response(200, HTML, b"<html><title>back</title>ok</html>")


def _retrying_crawl(tmp_path: Path, web: LocalWeb, path: str, *, retries: int = 2, recover: bool = True,
                    max_crawl_delay: int = 60, slow_down: bool = True) -> tuple[CrawlSummary, list[Retry], list[float]]:  # fmt: skip
    """Crawl `path` of host 0 (robots.txt already stored); each retry moves the crawl's clock by its back-off.

    Returns the summary, the retries, and the host's delay as each retry was journaled.
    """
    config = make_config(tmp_path, web, fetch={"retries": retries}, politeness={"max_crawl_delay_secs": max_crawl_delay})
    clock = FakeClock(now_s=50.0, epoch_offset_s=SystemClock().time() - 50.0)
    seen: list[Retry] = []
    delays: list[float] = []
    with StoreWriter.open(config.store) as writer:
        origin = web.url(0).rstrip("/")
        writer.record_robots(RobotsFetch(origin + "/robots.txt", origin, 200, RobotsSource.FETCHED, b"", SystemClock().time(), None))
        crawl = Crawl(config, writer, clock=clock, _slow_down=slow_down)
        fetcher = crawl.fetcher = Fetcher(config, state=writer, on_robots=crawl.on_robots)  # politeness on the real clock

        def on_retry(retry: Retry) -> None:
            seen.append(retry)
            delays.append(fetcher.politeness.host_delay_s(web.hosts[0]))
            clock.advance(retry.not_before_unix - clock.time())  # the back-off passes
            if recover:
                web.set_route(0, path, OK)  # and the server is well again

        summary = crawl.run([web.url(0, path)], on_retry=on_retry)
        assert writer.stats()["lines"]["retry"] == len(seen)
    return summary, seen, delays


def _kinds(store: Path) -> list[tuple[str, Any]]:
    return [(line["kind"], line.get("outcome") or line.get("attempt")) for line in journal(store) if line["kind"] != "robots"]


@pytest.mark.slow
@pytest.mark.parametrize("status", [503, 429])
def test_a_busy_answer_is_retried_after_its_backoff_and_the_host_slows_down(tmp_path: Path, status: int) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.38" if status == 503 else "127.39") as web:
        web.set_route(0, "/p/1", Response(status, [("retry-after", "1")], b"busy"))
        summary, retries, delays = _retrying_crawl(tmp_path, web, "/p/1")
        log = web.requests(path="/p/1")
    assert summary.retries == 1 and summary.outcomes["fetched"] == 1
    assert delays == [4.0]
    (retry,) = retries
    assert (retry.attempt, retry.status, retry.retry_after_s, retry.backoff_s) == (1, status, 1.0, 30.0)
    assert retry.reason.endswith("; retry 1 of 2 after 30 s") and str(status) in retry.reason
    assert _kinds(tmp_path / "store") == [("intent", None), ("retry", 1), ("intent", None), ("page", "fetched")]
    check_store(tmp_path / "store")  # the retry line validates against schemas/journal-retry.schema.json
    line = next(x for x in journal(tmp_path / "store") if x["kind"] == "retry")
    assert line["not_before_unix"] == pytest.approx(line["recorded_unix"] + 30.0, abs=1.0)
    # Politeness towards a struggling server: its delay doubled from 2 s to 4 s, end to start.
    assert [r.status for r in log] == [status, 200]
    assert log[1].start - log[0].end >= 4.0


def test_without_the_slow_down_the_host_keeps_its_delay(tmp_path: Path) -> None:
    """Negative control for the slow-down: the delay the retried request waits is the plain 2 s."""
    with LocalWeb(hosts=1, pages=1, ip_base="127.44") as web:
        web.set_route(0, "/p/1", Response(503, [], b"busy"))
        summary, _retries, delays = _retrying_crawl(tmp_path, web, "/p/1", slow_down=False)
    assert summary.retries == 1 and delays == [2.0]


def test_without_retries_the_busy_answer_is_recorded_as_it_came(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=1, pages=1, ip_base="127.40") as web:
        web.set_route(0, "/p/1", Response(503, [], b"busy"))
        summary, retries, _delays = _retrying_crawl(tmp_path, web, "/p/1", retries=0)
        assert len(web.requests(path="/p/1")) == 1
    assert retries == [] and summary.retries == 0
    assert [(line["kind"], line.get("status")) for line in journal(tmp_path / "store") if line["kind"] == "page"] == [("page", 503)]


def test_retry_after_beyond_the_maximum_defers_the_url_without_asking_again(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.41") as web:
        web.set_route(0, "/p/1", Response(503, [("retry-after", "3600")], b"come back in an hour"))
        summary, retries, _delays = _retrying_crawl(tmp_path, web, "/p/1")
        assert len(web.requests(path="/p/1")) == 1
    assert retries == [] and summary.outcomes["deferred"] == 1
    (page,) = [line for line in journal(tmp_path / "store") if line["kind"] == "page"]
    assert page["outcome"] == "deferred" and page["status"] == 503 and page["seg"] is None
    assert "Retry-After 3600 s, more than politeness.max_crawl_delay_secs (60 s)" in page["reason"]


@pytest.mark.slow
def test_retries_stop_after_fetch_retries_and_the_last_answer_is_recorded(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.42") as web:
        web.set_route(0, "/p/1", Response(429, [], b"slow down"))
        summary, retries, _delays = _retrying_crawl(tmp_path, web, "/p/1", retries=1, recover=False)
        log = web.requests(path="/p/1")
    assert [r.attempt for r in retries] == [1] and summary.retries == 1
    assert [r.status for r in log] == [429, 429]
    assert [(k, v) for k, v in _kinds(tmp_path / "store")][-1] == ("page", "fetched")  # the 429 itself, as it came
    assert web.spacing_violations() == []


@pytest.mark.slow
def test_a_failed_connection_is_retried(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.43") as web:
        summary, retries, _delays = _retrying_crawl(tmp_path, web, "/reset")  # the server resets the connection
    (retry,) = retries
    assert retry.status is None and retry.reason.startswith("the connection failed: ")
    assert summary.outcomes["fetched"] == 1 and summary.retries == 1
