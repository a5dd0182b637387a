"""Follow mode across nodes: links found by one node join the shared queue once, whoever loaded or found them."""

from __future__ import annotations

from pathlib import Path

import pytest
from clusterkit import CLI, client, finish, node_config, page_lines, start, url_of, valkey, wait_for
from crawlkit import write_queue

from seaspider.demo.localweb import LocalWeb


@pytest.mark.slow
def test_two_nodes_follow_links_and_fetch_each_url_once(tmp_path: Path) -> None:
    with LocalWeb(hosts=4, pages=2, ip_base="127.189") as web, valkey() as server:
        url = url_of(server)
        follow = {"enabled": True, "max_depth": 1, "max_pages": 1000}
        configs = [node_config(tmp_path, web, f"n{i}", follow=follow) for i in range(2)]
        # The queue names /p/2 of every host too: the home page's link to it is then seen, not queued again.
        queue = write_queue(tmp_path, [web.url(h, path) for h in range(4) for path in ("/", "/p/2")])
        helper = start(CLI, "work", str(configs[1]), "--cluster", url, "--node", "n1", "--wait")
        try:
            redis = client(server)
            wait_for(lambda: redis.zcard("seaspider:default:nodes") == 1, what="a waiting node", alive=[helper])
            code, _out, err = finish(start(CLI, "fetch", str(configs[0]), str(queue), "--cluster", url, "--node", "n0"))
            assert code == 0, err
        finally:
            helper.terminate()
        assert finish(helper)[0] == 0
        where = page_lines([c.parent / "store" for c in configs])
        expected = {web.url(h, path) for h in range(4) for path in ("/", "/p/1", "/p/2", "/private/secret")}
        assert set(where) == expected  # the home pages' links followed (nofollow, off-host and images left out)
        assert all(len(stores) == 1 for stores in where.values())  # each once, across the nodes
        assert {name for names in where.values() for name in names} == {"n0", "n1"}
        assert web.spacing_violations(2.0) == []
