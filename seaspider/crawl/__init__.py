"""The crawl: the frontier's order and its disk form, the queue loader, the scheduler that dispatches
across IPs, retries, the follow policy, queue files, the progress line, and the crawl job that ties
them to the fetcher and the store (through one journal thread), and the summary a crawl reports.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "follow",
    "frontier",
    "frontier_db",
    "job",
    "journal_thread",
    "loader",
    "progress",
    "queuefile",
    "records",
    "retry",
    "scheduler",
    "sitemap_step",
    "sitemaps",
    "summary",
]
