"""The network edge: the resolver (the only place a name becomes IPs), the pinned HTTP/1.1 transport,
the polite fetcher of one URL and the robots.txt cache. Every byte Sea Spider sends goes through here.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "decoding",
    "fetch",
    "reasons",
    "robots_cache",
    "shared",
    "transport",
    "wiretap",
]
