"""The crawl: the frontier's order, the scheduler that dispatches across IPs, the follow policy,
queue files, the progress line and the crawl job that ties them to the fetcher and the store.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "follow",
    "frontier",
    "job",
    "progress",
    "queuefile",
    "scheduler",
    "sitemaps",
]
