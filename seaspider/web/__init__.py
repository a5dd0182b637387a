"""Pure rules of the web: URLs, addresses, robots.txt parsing and matching, per-IP politeness
booking, link and text extraction and the records that pass between fetching, the store and the crawl.
No I/O here: no sockets, no files, no clock; callers pass values in and get values out.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "addresses",
    "capture",
    "inflate",
    "links",
    "politeness",
    "records",
    "robots",
    "robots_match",
    "sitemap_xml",
    "sitemaps",
    "text",
    "urls",
]
