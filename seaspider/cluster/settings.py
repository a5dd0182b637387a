"""Which shared frontier a node joins: the Redis/Valkey address, the crawl's name, the node's name.

Pure: the flags and the `cluster` config section in, one checked `ClusterSettings` out. Knows
nothing about sockets; a bad address is refused here, before anything is opened.
"""

from __future__ import annotations

import os
import re
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

from seaspider.config import Config
from seaspider.errors import UsageError

__all__ = ["ClusterSettings", "default_node", "masked", "settings_for"]

SCHEMES = ("redis", "rediss", "unix")  # what redis-py's from_url reads; valkey:// is not one of them
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")  # node and crawl names: safe inside key names and tokens


@dataclass(frozen=True, slots=True)
class ClusterSettings:
    """A node's place in a cluster. `url` may carry a password: show `masked(url)`, never `url`."""

    url: str
    name: str
    node: str
    lease_ms: int

    @property
    def prefix(self) -> str:
        """Every key of this crawl starts with this, so several crawls can share one server."""
        return f"seaspider:{self.name}:"

    @property
    def shown(self) -> str:
        return masked(self.url)


def default_node() -> str:
    """HOSTNAME-PID, cut to the 64 characters a node name may have (no name lookup is made)."""
    host = re.sub(r"[^A-Za-z0-9._-]", "-", socket.gethostname()) or "node"
    return f"{host[:50]}-{os.getpid()}"


def masked(url: str) -> str:
    """`url` with its password (if any) replaced by ***, for messages and summaries."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "the cluster address"
    if parts.password is None:
        return url
    user = parts.username or ""
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port is not None else ""
    return urlunsplit((parts.scheme, f"{user}:***@{host}{port}", parts.path, parts.query, parts.fragment))


def _check_url(url: str, where: str) -> None:
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError as exc:
        raise UsageError(f"{where}: {masked(url)!r} is not a Redis address ({exc}); write redis://HOST:PORT/DB.") from exc
    if parts.scheme not in SCHEMES:
        raise UsageError(f"{where}: {masked(url)!r} is not a Redis address; write redis://HOST:PORT/DB (or rediss://, unix://).")
    if parts.scheme != "unix" and not parts.hostname:
        raise UsageError(f"{where}: {masked(url)!r} names no host; write redis://HOST:PORT/DB.")
    db = parts.path.strip("/")
    if parts.scheme != "unix" and db and not db.isdigit():
        raise UsageError(f"{where}: {masked(url)!r} names database {db!r}, but a Redis database is a number such as 0.")


def settings_for(config: Config, *, url: str | None, node: str | None) -> ClusterSettings:
    """The flags win over the config's `cluster` section; UsageError names what is missing or wrong."""
    chosen = url if url is not None else config.cluster.url
    if chosen is None:
        raise UsageError(f"{config.source}: no cluster address: pass --cluster redis://HOST:PORT/DB or set cluster.url.")
    _check_url(chosen, "--cluster" if url is not None else f"{config.source}: cluster.url")
    name = node if node is not None else config.cluster.node
    if name is not None and not _NAME.match(name):
        raise UsageError(f"--node: {name!r} is not a node name; use 1 to 64 letters, digits, '.', '_' or '-'.")
    return ClusterSettings(chosen, config.cluster.name, name or default_node(), config.cluster.lease_ms)
