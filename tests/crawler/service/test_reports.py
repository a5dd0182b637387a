"""seaspider/service/reports.py: the report builders, on plain values (no store, no socket)."""

from __future__ import annotations

import dataclasses

import pytest

from seaspider.service.reports import (
    page_report,
    refusal_report,
    robots_queued_report,
    robots_report,
    sitemaps_report,
    stats_report,
)
from seaspider.web.records import Hop, RobotsFetch, RobotsSource, RobotsVerdict


def verdict(source: RobotsSource, *, allowed: bool, rule: str | None = None) -> RobotsVerdict:
    return RobotsVerdict(allowed=allowed, source=source, url="https://a.example/robots.txt", status=200,
                         rule=rule, group="*" if rule else None, line=2 if rule else None)


def fetch(source: RobotsSource, *, error: str | None = None) -> RobotsFetch:
    return RobotsFetch(url="https://a.example/robots.txt", origin="https://a.example", status=None if error else 200,
                       state=source, body=None, fetched_unix=1000.0, ip="192.0.2.1",
                       chain=(Hop(url="https://a.example/robots.txt", status=200, ip="192.0.2.1"),), error=error)


@pytest.mark.parametrize(
    ("source", "allowed", "state"),
    [(RobotsSource.FETCHED, True, "allowed"), (RobotsSource.FETCHED, False, "disallowed"),
     (RobotsSource.UNAVAILABLE, True, "unavailable"), (RobotsSource.UNREACHABLE, False, "unreachable")],
    ids=["allowed", "disallowed", "unavailable", "unreachable"],
)
def test_robots_report_state_follows_the_verdict(source: RobotsSource, allowed: bool, state: str) -> None:
    report = robots_report("https://a.example/x", "MovaBot", verdict(source, allowed=allowed, rule="Disallow: /x"),
                           fetch(source, error="the connection was refused" if state == "unreachable" else None), retry_secs=3600)
    assert report["state"] == state
    assert report["robots_url"] == "https://a.example/robots.txt"
    # Only an unreachable origin has a retry time and a reason; the others must not invent one.
    assert (report["retry_unix"], report["reason"]) == ((4600.0, "the connection was refused") if state == "unreachable" else (None, None))


def test_queued_robots_report_names_the_robots_url_and_nothing_else() -> None:
    report = robots_queued_report("https://a.example:8443/deep/page?q=1", "MovaBot")
    assert report["state"] == "queued"
    assert report["robots_url"] == "https://a.example:8443/robots.txt"
    assert all(report[k] is None for k in ("status", "rule", "group", "line", "fetched_unix", "retry_unix", "reason"))


def test_stats_report_counts_stored_as_fetched_plus_not_modified() -> None:
    raw = {"pages": {"fetched": 5, "not_modified": 2, "disallowed": 1, "error": 3, "deferred": 4}, "bodies": 6, "bytes_raw": 1234}
    report = stats_report(raw, "a.example")
    assert report == {"operation": "stats", "host": "a.example", "stored": 7,
                      "failed": {"disallowed": 1, "error": 3, "deferred": 4}, "bodies": 6, "bytes": 1234, "sitemap_urls": 0}


def test_stats_report_counts_urls_from_sitemaps() -> None:
    assert stats_report({"pages": {}, "sitemap_urls": 5}, None)["sitemap_urls"] == 5


def test_robots_report_lists_the_sitemaps_of_the_stored_robots_txt() -> None:
    body = b"User-agent: *\nDisallow: /x\nSitemap: https://a.example/s1.xml\n\nSitemap: https://cdn.example/s2.xml.gz\n"
    stored = dataclasses.replace(fetch(RobotsSource.FETCHED), body=body)
    report = robots_report("https://a.example/", "MovaBot", verdict(RobotsSource.FETCHED, allowed=True), stored, retry_secs=3600)
    assert report["sitemaps"] == ["https://a.example/s1.xml", "https://cdn.example/s2.xml.gz"]
    empty = dataclasses.replace(stored, body=b"User-agent: *\nDisallow:\n")
    assert robots_report("https://a.example/", "MovaBot", verdict(RobotsSource.FETCHED, allowed=True), empty, retry_secs=1)["sitemaps"] == []


@pytest.mark.parametrize("source", [RobotsSource.UNAVAILABLE, RobotsSource.UNREACHABLE], ids=["unavailable", "unreachable"])
def test_robots_report_without_a_robots_body_knows_no_sitemaps(source: RobotsSource) -> None:  # control
    report = robots_report("https://a.example/", "MovaBot", verdict(source, allowed=source is RobotsSource.UNAVAILABLE), fetch(source), retry_secs=1)
    assert report["sitemaps"] is None
    assert robots_queued_report("https://a.example/", "MovaBot")["sitemaps"] is None


def test_a_sitemaps_question_gets_the_robots_report_and_a_refusal_stays_a_refusal() -> None:
    stored = dataclasses.replace(fetch(RobotsSource.FETCHED), body=b"Sitemap: https://a.example/s.xml\n")
    robots = robots_report("https://a.example/", "MovaBot", verdict(RobotsSource.FETCHED, allowed=True), stored, retry_secs=1)
    assert sitemaps_report(robots) == {**robots, "operation": "sitemaps"}
    refused = refusal_report("queue_full", "the queue is full (64 jobs are waiting)")
    assert sitemaps_report(refused) == refused  # control: only a robots report becomes a sitemaps answer


def test_page_report_of_a_url_never_fetched() -> None:
    report = page_report("https://a.example/", None, title="ignored", links=3)
    assert report["state"] == "not_fetched" and report["title"] is None and report["links"] is None


def test_page_report_keeps_title_and_links_only_for_stored_pages() -> None:
    fetched = {"outcome": "fetched", "status": 200, "content_type": "text/html", "body_bytes": 10, "fetched_unix": 5.0,
               "final_url": "https://a.example/", "truncated": False}
    assert page_report("https://a.example/", fetched, title="T", links=2)["title"] == "T"
    disallowed = {"outcome": "disallowed", "status": None, "robots": {"rule": "Disallow: /"}, "body_bytes": 0}
    report = page_report("https://a.example/", disallowed, title="T", links=2)  # negative control
    assert (report["state"], report["title"], report["links"], report["rule"]) == ("failed", None, None, "Disallow: /")


def test_refusal_report_is_marked_refused_with_kind_and_reason() -> None:
    assert refusal_report("queue_full", "the queue is full") == {
        "operation": None, "refused": True, "kind": "queue_full", "reason": "the queue is full"}
