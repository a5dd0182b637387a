"""A 2,000-URL crawl over 400 IPs through `seaspider fetch`: zero politeness or robots violations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crawlkit import run_cli, write_config, write_queue

from seaspider.demo.localweb import LocalWeb

HOSTS = 400
PAGES = 4  # per host, besides robots.txt and one disallowed URL


@pytest.mark.slow
def test_2000_urls_over_400_ips_zero_violations_seen_by_the_server(tmp_path: Path) -> None:
    # 2,000 URLs over 400 IPs, three IPs ready for every one of the 128 request slots: the scheduler
    # runs at its concurrency cap for most of the crawl, and every IP is visited five times (robots.txt
    # and four pages), so 1,600 gaps of at least 2 s are checked; about 8 s of rests per IP, whatever
    # the concurrency. One URL per host is disallowed by robots.txt, so the server log also shows
    # robots compliance.
    with LocalWeb(hosts=HOSTS, pages=PAGES, ip_base="127.77", latency_s=0.01) as web:
        config = write_config(tmp_path, web, fetch={"concurrency": 128})
        urls = [web.url(h, f"/p/{n}") for h in web.hosts for n in range(1, PAGES + 1)] + [web.url(h, "/private/secret") for h in web.hosts]
        queue = write_queue(tmp_path, urls)
        done = run_cli("fetch", str(config), str(queue), timeout=300)
        log = list(web.log)
        violations = web.spacing_violations(2.0)
    assert len(urls) == 2000 and len(web.ips) == HOSTS
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["outcomes"]["fetched"] == HOSTS * PAGES and summary["outcomes"]["disallowed"] == HOSTS
    assert summary["hosts"] == HOSTS
    assert violations == []
    assert not [r for r in log if r.path.startswith("/private/")]
    assert len(log) == HOSTS * (PAGES + 1)  # 1,600 pages and 400 robots.txt, nothing fetched twice
    assert {r.user_agent.split("/")[0] for r in log} == {"MovaBot"}
