"""The demo and the built-in local web it crawls. `localweb` ships in the wheel only because the
demo (`seaspider demo`) needs a web that works without the internet; tests and benchmarks use it too.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "catalogue",
    "conversation",
    "http_wire",
    "localweb",
    "misbehaviours",
    "sitemapweb",
]
