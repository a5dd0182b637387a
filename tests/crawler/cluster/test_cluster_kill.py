"""SIGKILL one node mid-request: the other nodes finish its hosts, nothing is lost, no IP is hit too soon.

The doomed node starts alone and claims every host. Its journal thread is made to stall on the
page line of one URL (a test-only patch that writes a marker first), while its slow requests to
the other hosts are in flight; then it is killed. The two other nodes take the hosts over when
the leases lapse and fetch again what was in flight or not yet durable; the dead node's bookings
keep each IP resting until start + fetch.timeout_ms + 5 s, so the server log shows no short gap.
The negative control takes URLs out of the shared queue BEFORE their page lines are written
(crawl/records.py's `_settle_first`): the same kill then loses the stalled URL.
"""

from __future__ import annotations

import signal
from pathlib import Path

import pytest
from clusterkit import CLI, client, finish, gaps, node_config, page_lines, robots_per_origin, start, url_of, valkey, wait_for
from crawlkit import write_queue

from seaspider.demo.http_wire import html_headers
from seaspider.demo.localweb import LocalWeb, Response

# In flight when the node dies. Long, so that it is still in flight when the journal thread
# reaches the stalled page line on a loaded machine (2.5 s, 6 s, then 10 s, were not always enough: a run with
# six pytest workers on two cores saw every slow request end before the stall); the nodes' fetch.timeout_ms
# is raised above it.
SLOW = "/slow?ms=15000"
TIMEOUT = {"timeout_ms": 17000}
STALL = "/p/1"  # of host 0: the page line the doomed node never writes

_STALL_PATCH = (
    "import os, sys, time; import seaspider.store.writer as w; _rv = w.StoreWriter.record_visits\n"
    "def _stalled(self, items):\n"
    "    if any(v.url.endswith({stall!r}) and '//h1.test' in v.url for v, _l in items):\n"
    "        open({marker!r}, 'w').close(); time.sleep(3600)\n"
    "    return _rv(self, items)\n"
    "w.StoreWriter.record_visits = _stalled\n"
)
_SETTLE_FIRST = "import functools; import seaspider.crawl.job as j; j.Recorder = functools.partial(j.Recorder, _settle_first=True)\n"


def _doomed_code(marker: Path, *, settle_first: bool) -> str:
    return _STALL_PATCH.format(stall=STALL, marker=str(marker)) + (_SETTLE_FIRST if settle_first else "") + CLI


def _kill_and_finish(tmp_path: Path, web: LocalWeb, *, settle_first: bool) -> tuple[list[Path], list[str]]:
    urls = [web.url(0, STALL), web.url(0, "/p/2")] + [u for h in (1, 2, 3) for u in (web.url(h, SLOW), web.url(h, "/p/1"))]
    queue = write_queue(tmp_path, urls)
    marker = tmp_path / "stalled"

    def slow_in_flight() -> int:
        started = sum(1 for _ip, _host, target in web.started if target == SLOW)
        return started - sum(1 for r in web.log if r.path == SLOW)

    with valkey() as server:
        url = url_of(server)
        redis = client(server)
        configs = [node_config(tmp_path, web, name, fetch=TIMEOUT) for name in ("doomed", "n1", "n2")]
        doomed = start(_doomed_code(marker, settle_first=settle_first), "fetch", str(configs[0]), str(queue), "--cluster", url,
                       "--node", "doomed")  # fmt: skip
        others = []
        try:
            wait_for(lambda: redis.hlen("seaspider:default:owner") == 4, what="the doomed node holding every host", alive=[doomed])
            others = [start(CLI, "work", str(configs[i]), "--cluster", url, "--node", f"n{i}", "--wait") for i in (1, 2)]

            # The negative control needs only the stalled page line; the kill test also a request in
            # flight (on a loaded machine the stall may come after some slow requests have ended).
            wait_for(lambda: marker.exists() and (settle_first or slow_in_flight() >= 1),
                     what="a stalled page line with a slow request in flight", alive=[doomed])  # fmt: skip
        finally:
            doomed.send_signal(signal.SIGKILL)
            doomed.communicate(timeout=30)
        # The server answers the takers' fetch of these URLs at once: the dead node's own slow requests, already
        # begun, still run their 15 s, and the takers must wait out its bookings all the same (start + 22 s).
        for host in (1, 2, 3):
            web.set_route(host, SLOW, Response(headers=html_headers(), body=b"<html><title>slow</title>recovered</html>"))
        try:
            wait_for(lambda: int(redis.get("seaspider:default:count") or 0) == 0, what="the other nodes finishing", alive=others)
        finally:
            for proc in others:
                proc.terminate()
        assert [finish(proc)[0] for proc in others] == [0, 0]
        # Every request the dead node left in flight has reached the server log by now (the server ends it).
        wait_for(lambda: slow_in_flight() == 0, what="the slow requests in the server log")
    return [c.parent / "store" for c in configs], urls


@pytest.mark.slow
def test_after_a_kill_the_other_nodes_finish_its_hosts_and_no_ip_is_hit_too_soon(tmp_path: Path) -> None:
    with LocalWeb(hosts=4, pages=2, ip_base="127.183") as web:
        stores, urls = _kill_and_finish(tmp_path, web, settle_first=False)
        where = page_lines(stores)
        assert {u: len(where.get(u, [])) for u in urls} == {u: 1 for u in urls}  # nothing lost, nothing recorded twice
        assert "doomed" not in {name for names in where.values() for name in names}
        assert web.spacing_violations(2.0) == []
        assert all(gap >= 2.0 for ip in web.ips for gap in gaps(web, ip))
        assert robots_per_origin(web) == {host: 1 for host in web.hosts}  # the takers used what the dead node shared


@pytest.mark.slow
def test_acknowledging_before_the_journal_fsync_loses_the_url_in_the_kill(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=4, pages=2, ip_base="127.184") as web:
        stores, urls = _kill_and_finish(tmp_path, web, settle_first=True)
        where = page_lines(stores)
        assert web.url(0, STALL) not in where  # it left the shared queue, and its page line never became durable
        assert all(u in where for u in urls if u != web.url(0, STALL))
