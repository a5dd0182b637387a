"""Three node processes, one Valkey, the local web on shared loopback IPs: each URL once, spacing across nodes.

Two nodes wait for work (`work --wait`), the third loads the queue (`fetch --cluster`); hosts share
IPs three by three, so the nodes that hold them must share each IP's rest. The spacing is checked
from the local web's own request log. The negative control runs the same crawl with each node
booking its IPs in its own process only: the log must then show a short gap.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest
from clusterkit import CLI, client, finish, gaps, node_config, page_lines, robots_per_origin, start, url_of, valkey, wait_for
from crawlkit import write_queue

from seaspider.demo.localweb import LocalWeb

# Every node books through the shared script, except in the negative control.
CLI_LOCAL_BOOKING = (
    "import functools, sys; import seaspider.net.fetch as f; "
    "f.Faults = functools.partial(f.Faults, local_booking_only=True); "
    "from seaspider.cli import main; sys.exit(main())"
)
HOSTS, PER_IP = 12, 3


def _queue(web: LocalWeb, tmp_path: Path) -> tuple[Path, list[str]]:
    urls = [web.url(h, "/p/1") for h in range(HOSTS)]
    # Two redirects to other hosts: those hosts' robots.txt is needed by two nodes, and fetched once.
    urls += [web.url(0, "/redirect-to?url=" + quote(web.url(7, "/p/2"), safe="")),
             web.url(5, "/redirect-to?url=" + quote(web.url(10, "/p/2"), safe=""))]  # fmt: skip
    return write_queue(tmp_path, urls), urls


def _crawl(tmp_path: Path, web: LocalWeb, code: str) -> tuple[list[Path], list[str], list[tuple[int, str, str]]]:
    with valkey() as server:
        url = url_of(server)
        queue, urls = _queue(web, tmp_path)
        configs = [node_config(tmp_path, web, f"n{i}") for i in range(3)]
        waiting = [start(code, "work", str(configs[i]), "--cluster", url, "--node", f"n{i}", "--wait") for i in (1, 2)]
        try:
            redis = client(server)
            wait_for(lambda: redis.zcard("seaspider:default:nodes") == 2, what="two waiting nodes", alive=waiting)
            loader = start(code, "fetch", str(configs[0]), str(queue), "--cluster", url, "--node", "n0")
            first = finish(loader, timeout_s=120)
            wait_for(lambda: int(redis.get("seaspider:default:count") or 0) == 0, what="an empty cluster queue")
        finally:
            for proc in waiting:
                proc.terminate()
        results = [first] + [finish(proc) for proc in waiting]
    return [c.parent / "store" for c in configs], urls, results


@pytest.mark.slow
def test_three_nodes_fetch_every_url_once_with_every_ip_rested_and_robots_once(tmp_path: Path) -> None:
    with LocalWeb(hosts=HOSTS, pages=2, hosts_per_ip=PER_IP, ip_base="127.181") as web:
        stores, urls, results = _crawl(tmp_path, web, CLI)
        assert [code for code, _out, _err in results] == [0, 0, 0], results
        where = page_lines(stores)
        assert {u: len(where.get(u, [])) for u in urls} == {u: 1 for u in urls}  # every URL once, across the stores
        assert {name for names in where.values() for name in names} == {"n0", "n1", "n2"}  # each node had its share
        assert web.spacing_violations(2.0) == []
        assert all(gap >= 2.0 for ip in web.ips for gap in gaps(web, ip))
        assert robots_per_origin(web) == {host: 1 for host in web.hosts}


@pytest.mark.slow
def test_with_per_process_booking_the_nodes_hit_a_shared_ip_too_soon(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=HOSTS, pages=2, hosts_per_ip=PER_IP, ip_base="127.182") as web:
        _stores, _urls, results = _crawl(tmp_path, web, CLI_LOCAL_BOOKING)
        assert [code for code, _out, _err in results] == [0, 0, 0], results
        assert web.spacing_violations(2.0) != []
