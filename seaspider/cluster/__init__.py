"""The cluster wing: nodes that share one polite frontier on Redis or Valkey (issue 16).

Shared state lives on the server and every decision on it is one Lua script (`lua/`, data
beside the modules), run atomically on the server's clock: the queue and seen set (queue,
loader), host leases (leases, frontier), per-IP booking (booking), robots.txt sharing (robots);
the per-request calls of one turn of a node's event loop go as one script call (batch).
`node` runs one node; `stores` reads several nodes' stores as one. Needs redis-py
(`pip install 'seaspider[cluster]'`), imported only when a cluster is used.
"""

__all__ = ["batch", "booking", "frontier", "leases", "link", "loader", "node", "queue", "robots", "scripts", "settings", "stores"]
