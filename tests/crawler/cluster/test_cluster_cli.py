"""The cluster at the command line: a lost or unreachable server stops a node in one sentence, exit 1,
with everything it recorded kept; bad addresses are usage errors (exit 2) before anything opens."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from clusterkit import CLI, client, finish, node_config, start, url_of, valkey, wait_for
from crawlkit import pages, run_cli, write_queue

from seaspider.demo.localweb import LocalWeb


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_an_unreachable_server_is_one_sentence_and_exit_1(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.185") as web:
        config = node_config(tmp_path, web, "n0")
        queue = write_queue(tmp_path, [web.url(0, "/p/1")])
        done = run_cli("fetch", str(config), str(queue), "--cluster", f"redis://127.0.0.1:{_free_port()}/0")
    assert done.returncode == 1
    assert done.stderr.startswith("seaspider: Redis at redis://127.0.0.1:") and "cannot be reached" in done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert web.log == []  # nothing was asked of the web


@pytest.mark.parametrize(
    ("args", "message"),
    [(["--cluster", "http://127.0.0.1:6379/0"], "is not a Redis address"), (["--cluster", "redis://127.0.0.1:6379/0", "--node", "a b"],
     "is not a node name")],
    ids=["scheme", "node"],
)  # fmt: skip
def test_bad_cluster_arguments_are_usage_errors(tmp_path: Path, args: list[str], message: str) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.186") as web:
        config = node_config(tmp_path, web, "n0")
        done = run_cli("work", str(config), *args)
    assert done.returncode == 2 and message in done.stderr
    assert not (tmp_path / "n0" / "store").exists()  # bad input loses nothing: no store was made


def test_sitemaps_on_a_node_are_a_usage_error(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.192") as web:
        config = node_config(tmp_path, web, "n0")
        queue = write_queue(tmp_path, [web.url(0, "/p/1")])
        done = run_cli("fetch", str(config), str(queue), "--sitemaps", "--cluster", f"redis://127.0.0.1:{_free_port()}/0")
    assert done.returncode == 2 and "--sitemaps) and --cluster do not go together" in done.stderr
    assert not (tmp_path / "n0" / "store").exists() and web.log == []


def test_work_without_any_cluster_is_a_usage_error(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.187") as web:
        done = run_cli("work", str(node_config(tmp_path, web, "n0")))
    assert done.returncode == 2 and "pass --cluster" in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("failure", "sentence"),
    [("flushed", "no longer holds this crawl's state"), ("stopped", "cannot be reached")],
    ids=["restarted-empty", "unreachable"],
)  # fmt: skip
def test_a_lost_server_stops_the_node_and_keeps_what_it_recorded(tmp_path: Path, failure: str, sentence: str) -> None:
    with LocalWeb(hosts=2, pages=6, ip_base="127.188" if failure == "flushed" else "127.190") as web, valkey() as server:
        config = node_config(tmp_path, web, "n0")
        store = tmp_path / "n0" / "store"
        queue = write_queue(tmp_path, [web.url(h, f"/p/{p}") for h in range(2) for p in range(1, 7)])
        node = start(CLI, "fetch", str(config), str(queue), "--cluster", url_of(server))
        wait_for(lambda: len(pages(store)) >= 2, what="two recorded pages", alive=[node])
        if failure == "flushed":
            client(server).flushall()  # as a restart without persistence would leave it
        else:
            server.stop()
        code, out, err = finish(node)
        assert code == 1 and out == ""
        assert sentence in err and err.count("seaspider:") == 1 and "Traceback" not in err
        recorded = pages(store)
        assert len(recorded) >= 2 and len(recorded) < 12  # it stopped; what it recorded is kept
        check = run_cli("store", "check", str(store))
        assert check.returncode == 0, check.stdout
        assert json.loads(check.stdout)["problems"] == []


@pytest.mark.slow
def test_a_waiting_node_takes_its_cluster_from_the_config_waits_out_a_fresh_server_and_stops_on_sigterm(tmp_path: Path) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.191") as web, valkey() as server:
        redis = client(server)
        cluster = {"url": url_of(server), "name": "crawl-9", "node": "from-config"}
        config = node_config(tmp_path, web, "n0", politeness={"max_crawl_delay_secs": 30}, cluster=cluster)
        node = start(CLI, "work", str(config), "--wait")  # no --cluster, no --node: the config's

        def ticked() -> float:
            return float(redis.zscore("seaspider:crawl-9:nodes", "from-config") or 0)

        wait_for(lambda: ticked() > 0, what="the node joining", alive=[node])
        born, quiet_until = redis.hmget("seaspider:crawl-9:epoch", "born", "quiet_until")
        assert int(quiet_until) - int(born) == 30_000_000  # a fresh server: no IP booked for max_crawl_delay_secs
        for _ in range(2):  # the cluster's queue is empty, and the node keeps ticking: it waits for work
            seen = ticked()
            wait_for(lambda: ticked() > seen, what="another tick on an empty cluster", alive=[node])  # noqa: B023
        assert node.poll() is None and int(redis.get("seaspider:crawl-9:count") or 0) == 0
        node.terminate()  # SIGTERM
        code, out, err = finish(node)
        assert code == 0 and "Traceback" not in err
        assert "had no state for the crawl 'crawl-9'" in err and "max_crawl_delay_secs" in err
        summary = json.loads(out)["cluster"]
        assert (summary["node"], summary["name"]) == ("from-config", "crawl-9")
        # Control: without --wait the same node ends by itself on the empty cluster; the flag's name wins.
        done = run_cli("work", str(config), "--node", "from-flag")
        assert done.returncode == 0 and json.loads(done.stdout)["cluster"]["node"] == "from-flag"
        assert "had no state" not in done.stderr  # the crawl exists now: no second quiet period
