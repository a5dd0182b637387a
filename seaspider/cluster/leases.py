"""This node's leases on hosts, as it knows them: tokens, and until when it may still trust them.

Pure bookkeeping on the node's monotonic clock: the server decides who holds a host (tick.lua);
this only remembers the answers. A lease is trusted until `TRUST_SHARE` of its length after the
moment the call that granted or renewed it was SENT, so a node whose renewals stall stops
serving a host well before the server could hand it to another node.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable

__all__ = ["TRUST_SHARE", "Leases"]

# The share of a lease a node trusts: the rest covers a request that was dispatched just before
# the deadline and reaches the server late, and clocks that run at slightly different rates.
TRUST_SHARE = 0.75


class Leases:
    """Host -> token (node/fence) of the leases this node holds, with when each was last renewed."""

    def __init__(self, lease_s: float) -> None:
        self.lease_s = lease_s
        self._tokens: dict[str, str] = {}
        self._sent: dict[str, float] = {}  # when the call that last granted or renewed it was sent
        self._sorted: list[str] = []

    def __len__(self) -> int:
        return len(self._tokens)

    def __contains__(self, host: str) -> bool:
        return host in self._tokens

    def items(self) -> list[tuple[str, str]]:
        """(host, token) of every lease held, sorted by host."""
        return [(h, self._tokens[h]) for h in self._sorted]

    def hosts(self) -> list[str]:
        """Every host held, sorted (the list itself: do not change it, nor the leases while iterating)."""
        return self._sorted

    def token(self, host: str) -> str | None:
        return self._tokens.get(host)

    def claimed(self, host: str, token: str, *, sent_s: float) -> None:
        if host not in self._tokens:
            bisect.insort(self._sorted, host)
        self._tokens[host] = token
        self._sent[host] = sent_s

    def renewed(self, hosts: Iterable[str], *, sent_s: float) -> None:
        for host in hosts:
            if host in self._tokens and sent_s > self._sent[host]:
                self._sent[host] = sent_s

    def drop(self, host: str) -> None:
        """The lease is gone (lost to another node, or released)."""
        if self._tokens.pop(host, None) is not None:
            del self._sent[host]
            del self._sorted[bisect.bisect_left(self._sorted, host)]

    def valid(self, host: str, now_s: float) -> bool:
        """True while this node may still dispatch requests for `host`."""
        sent = self._sent.get(host)
        return sent is not None and now_s < sent + TRUST_SHARE * self.lease_s

    def all_valid_until(self) -> float:
        """Until when every lease held now is valid (the earliest deadline): before it, no host needs a check."""
        return min(self._sent.values(), default=math.inf) + TRUST_SHARE * self.lease_s

    def stale(self, now_s: float, *, age_s: float) -> list[tuple[str, str]]:
        """(host, token) of the leases not renewed within `age_s`: the ones a tick must renew."""
        before = now_s - age_s
        return [(h, self._tokens[h]) for h in self._sorted if self._sent[h] <= before]

    def after(self, host: str | None, limit: int) -> list[str]:
        """Up to `limit` held hosts sorted after `host` (from the start when None)."""
        start = 0 if host is None else bisect.bisect_right(self._sorted, host)
        return self._sorted[start : start + limit]
