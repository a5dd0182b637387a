"""robots.txt once per origin per TTL across the cluster: the first node that needs it fetches it.

`SharedRobots.obtain(origin)` answers with the robots.txt another node fetched and shared, or
None when this node is to fetch it now (it then `share`s what it got, body and state, for the
lifetime of its kind of outcome). A node that finds another one fetching waits for it, and takes
the fetch over if that node's claim lapses (it died). The fetch itself is booked like any request.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from seaspider.cluster.link import AsyncLink
from seaspider.config import Config
from seaspider.net.robots_cache import RobotsCache
from seaspider.web.records import Hop, RobotsFetch, RobotsSource

__all__ = ["SharedRobots", "claim_hold_s", "from_shared", "to_shared"]

_FIRST_POLL_S = 0.05  # another node is fetching: ask again after this, doubling to _MAX_POLL_S
_MAX_POLL_S = 1.0


def claim_hold_s(config: Config) -> float:
    """How long a node's claim to fetch a robots.txt lasts: every hop booked, rested and timed out."""
    hops = config.robots.max_redirects + 1
    return hops * (config.fetch.timeout_ms / 1000 + config.politeness.ip_interval_ms / 1000 + 1.0)


def to_shared(fetch: RobotsFetch) -> tuple[str, bytes]:
    """(meta JSON, body) of a robots.txt outcome; the hops' captured bytes stay in the fetching node's store."""
    meta = {"url": fetch.url, "origin": fetch.origin, "status": fetch.status, "state": str(fetch.state), "fetched_unix": fetch.fetched_unix,
            "ip": fetch.ip, "error": fetch.error, "body": fetch.body is not None,
            "chain": [[h.url, h.status, h.ip] for h in fetch.chain]}  # fmt: skip
    return json.dumps(meta, separators=(",", ":")), fetch.body or b""


def from_shared(meta: str, body: bytes) -> RobotsFetch:
    """The outcome `to_shared` made."""
    m: dict[str, Any] = json.loads(meta)
    return RobotsFetch(url=m["url"], origin=m["origin"], status=m["status"], state=RobotsSource(m["state"]),
                       body=body if m["body"] else None, fetched_unix=float(m["fetched_unix"]), ip=m["ip"],
                       chain=tuple(Hop(url=u, status=s, ip=i) for u, s, i in m["chain"]), error=m["error"])  # fmt: skip


class SharedRobots:
    """The fetcher's `RobotsShare` on a cluster."""

    def __init__(self, link: AsyncLink, config: Config) -> None:
        self._link = link
        self._node = link.link.settings.node
        self._hold_us = int(claim_hold_s(config) * 1_000_000)
        self._lifetimes = RobotsCache(ttl_s=config.robots.ttl_secs, unreachable_retry_s=config.robots.unreachable_retry_secs)
        self.shared_in = 0  # robots.txt outcomes this node took from another node
        self.shared_out = 0  # robots.txt outcomes this node fetched and shared

    async def obtain(self, origin: str) -> RobotsFetch | None:
        """Another node's fresh robots.txt for `origin`, or None: this node fetches it now."""
        poll = _FIRST_POLL_S
        while True:
            reply = await self._link.op("robots_get", [origin, self._node, self._hold_us])
            kind = reply[0].decode() if isinstance(reply[0], bytes) else reply[0]
            if kind == "data":
                self.shared_in += 1
                meta = reply[1].decode() if isinstance(reply[1], bytes) else reply[1]
                return from_shared(meta, bytes(reply[2]))
            if kind == "fetch":
                return None
            await asyncio.sleep(min(poll, int(reply[1]) / 1_000_000))
            poll = min(2 * poll, _MAX_POLL_S)

    async def share(self, fetch: RobotsFetch) -> None:
        """Publish what this node fetched, for as long as this kind of outcome is kept."""
        meta, body = to_shared(fetch)
        life_ms = int(self._lifetimes.lifetime_s(fetch.state) * 1000)
        await self._link.op("robots_put", [fetch.origin, meta, body, life_ms])
        self.shared_out += 1
