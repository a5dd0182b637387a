"""A 2,000-URL crawl over 100 IPs through `seaspider fetch`: zero politeness or robots violations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crawlkit import run_cli, write_config, write_queue

from seaspider.demo.localweb import LocalWeb


@pytest.mark.slow
def test_2000_urls_over_100_ips_zero_violations_seen_by_the_server(tmp_path: Path) -> None:
    # 20 URLs per IP at 2 s spacing: about 40 s, whatever the concurrency. One URL per host is
    # disallowed by robots.txt, so the server log also shows robots compliance.
    with LocalWeb(hosts=100, pages=19, ip_base="127.77", latency_s=0.01) as web:
        config = write_config(tmp_path, web, fetch={"concurrency": 128})
        urls = [web.url(h, f"/p/{n}") for h in web.hosts for n in range(1, 20)] + [web.url(h, "/private/secret") for h in web.hosts]
        queue = write_queue(tmp_path, urls)
        done = run_cli("fetch", str(config), str(queue), timeout=300)
        log = list(web.log)
        violations = web.spacing_violations(2.0)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["outcomes"]["fetched"] == 1900 and summary["outcomes"]["disallowed"] == 100
    assert summary["hosts"] == 100
    assert violations == []
    assert not [r for r in log if r.path.startswith("/private/")]
    assert len(log) == 2000  # 1,900 pages and 100 robots.txt, nothing fetched twice
    assert {r.user_agent.split("/")[0] for r in log} == {"MovaBot"}
