"""Sitemap fixtures for the built-in local web: robots.txt with `Sitemap:` lines, an index with two
children (one gzip), a text sitemap, RSS and Atom feeds, a 50,001-URL sitemap, an XML bomb, an
external-entity sitemap and a cross-origin entry, installed as routes of the local web's sites.

Builds bytes and hands them to `LocalWeb.set_route`; knows nothing about the crawler. `expected`
says, for each sitemap, exactly which URLs a reader must give and in which order.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape

from seaspider.demo.localweb import DEFAULT_ROBOTS, LocalWeb, Response

__all__ = [
    "BIG_URLS",
    "SitemapSite",
    "atom_feed",
    "external_entity",
    "install",
    "rss_feed",
    "sitemap_index",
    "text_sitemap",
    "urlset",
    "xml_bomb",
]

BIG_URLS = 50_001  # one more than sitemaps.org lets a file list
_NS = "http://www.sitemaps.org/schemas/sitemap/0.9"
_XML = [("content-type", "application/xml")]


def urlset(entries: Iterable[tuple[str, str | None]]) -> bytes:
    """A sitemaps.org <urlset>: (loc, lastmod or None) in order."""
    items = "".join(
        f"<url><loc>{escape(loc)}</loc>" + (f"<lastmod>{lastmod}</lastmod>" if lastmod else "") + "</url>\n"
        for loc, lastmod in entries
    )
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="{_NS}">\n{items}</urlset>\n'.encode()


def sitemap_index(locs: Iterable[str]) -> bytes:
    """A sitemaps.org <sitemapindex> naming `locs` in order."""
    items = "".join(f"<sitemap><loc>{escape(loc)}</loc></sitemap>\n" for loc in locs)
    return f'<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="{_NS}">\n{items}</sitemapindex>\n'.encode()


def text_sitemap(lines: Iterable[str]) -> bytes:
    """A plain-text sitemap: one line each (URLs, or junk to be skipped)."""
    return "".join(line + "\n" for line in lines).encode()


def rss_feed(links: Iterable[str]) -> bytes:
    """An RSS 2.0 feed whose items link `links`; the channel's own link is not an item."""
    items = "".join(f"<item><title>t</title><link>{escape(link)}</link></item>" for link in links)
    return f'<?xml version="1.0"?><rss version="2.0"><channel><link>/</link>{items}</channel></rss>'.encode()


def atom_feed(hrefs: Iterable[str]) -> bytes:
    """An Atom feed whose entries link `hrefs` (alternate links; an edit link beside each)."""
    entries = "".join(
        f'<entry><title>t</title><link rel="edit" href="/edit"/><link href="{escape(href)}"/><updated>2026-11-04T07:52:00Z</updated></entry>'
        for href in hrefs
    )
    return f'<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom">{entries}</feed>'.encode()


def xml_bomb(levels: int = 12, loc_prefix: str = "https://x.invalid/") -> bytes:
    """Billion laughs: 10**levels copies of "lol" if a parser expanded the entities (it must not)."""
    decls = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{i} "{("&lol%d;" % (i - 1)) * 10}">' for i in range(1, levels + 1)]
    body = f"<url><loc>{loc_prefix}&lol{levels};</loc></url>"
    return f'<?xml version="1.0"?>\n<!DOCTYPE urlset [\n{chr(10).join(decls)}\n]>\n<urlset xmlns="{_NS}">{body}</urlset>\n'.encode()


def external_entity(target: str, loc_prefix: str) -> bytes:
    """A sitemap whose <loc> pulls in `target` through an external entity (it must never be fetched)."""
    return (
        f'<?xml version="1.0"?>\n<!DOCTYPE urlset [<!ENTITY leak SYSTEM "{target}">]>\n'
        f'<urlset xmlns="{_NS}"><url><loc>{loc_prefix}&leak;</loc></url><url><loc>{loc_prefix}after</loc></url></urlset>\n'
    ).encode()


@dataclass(frozen=True, slots=True)
class SitemapSite:
    """Where the fixtures of one site live, and what each must yield (canonical URLs, in order)."""

    host: str
    robots_sitemaps: tuple[str, ...]  # the Sitemap: lines of its robots.txt, in order
    index: str
    pages_xml: str  # first child of the index
    more_gz: str  # second child, gzip
    text: str
    disallowed: str  # named by robots.txt, but robots.txt disallows it
    big: str
    bomb: str
    entity: str
    entity_target: str  # what the external entity names; never requested
    rss: str
    atom: str
    expected: dict[str, tuple[str, ...]]  # sitemap URL -> the URLs it yields, in order
    cross_origin: str  # the entry of pages_xml on another site, skipped


def install(web: LocalWeb, host: str | int = 0, *, other: str | int = 1) -> SitemapSite:
    """Serve every sitemap fixture on `host` of a started `web` (URLs name its port); `other` is the
    site the cross-origin entry points at."""
    u = lambda path: web.url(host, path)  # noqa: E731 - a local shorthand keeps the table readable
    name = web.url(host).split("//", 1)[1].split(":", 1)[0]
    cross = web.url(other, "/p/1")
    index, pages_xml, more_gz = u("/sitemap-index.xml"), u("/sitemaps/pages.xml"), u("/sitemaps/more.xml.gz")
    text, disallowed, big = u("/sitemap.txt"), u("/private/sitemap.xml"), u("/big-sitemap.xml")
    bomb, entity, entity_target = u("/bomb.xml"), u("/entity.xml"), u("/leak.txt")
    rss, atom = u("/feed.rss"), u("/feed.atom")
    expected = {
        index: (pages_xml, more_gz),
        pages_xml: (u("/p/1"), u("/p/2"), u("/private/secret")),
        more_gz: (u("/p/3"), u("/p/4")),
        text: (u("/p/5"), u("/p/1")),
        disallowed: (),
        big: tuple(u(f"/big/{n}") for n in range(1, BIG_URLS)),  # the 50,001st is over the limit
        bomb: (),
        entity: (),
        rss: (u("/p/2"), u("/p/3")),
        atom: (u("/p/4"), u("/p/5")),
    }
    bodies = {
        index: (sitemap_index([pages_xml, more_gz]), _XML),
        pages_xml: (urlset([(u("/p/1"), "2026-11-04"), (u("/p/2"), "2026-11-04T07:52:00+01:00"), (cross, None),
                            (u("/private/secret"), None)]), _XML),
        # A .xml.gz served as a file (no Content-Encoding): the reader inflates it itself.
        more_gz: (gzip.compress(urlset([(u("/p/3"), None), (u("/p/4"), "not a date")])), [("content-type", "application/gzip")]),
        text: (text_sitemap([u("/p/5"), "", "not a url", u("/p/1")]), [("content-type", "text/plain")]),
        disallowed: (urlset([(u("/p/1"), None)]), _XML),
        big: (urlset((u(f"/big/{n}"), None) for n in range(1, BIG_URLS + 1)), _XML),
        bomb: (xml_bomb(loc_prefix=u("/")), _XML),
        entity: (external_entity(entity_target, u("/")), _XML),
        rss: (rss_feed([u("/p/2"), u("/p/3")]), [("content-type", "application/rss+xml")]),
        atom: (atom_feed(["/p/4", u("/p/5")]), [("content-type", "application/atom+xml")]),
    }
    prefix = len(web.url(host, ""))
    for url, (body, headers) in bodies.items():
        web.set_route(host, url[prefix:], Response(200, tuple(headers), body))
    robots_sitemaps = (index, text, disallowed)
    web.set_robots(host, body=DEFAULT_ROBOTS + "".join(f"Sitemap: {s}\n" for s in robots_sitemaps))
    return SitemapSite(
        host=name, robots_sitemaps=robots_sitemaps, index=index, pages_xml=pages_xml, more_gz=more_gz, text=text,
        disallowed=disallowed, big=big, bomb=bomb, entity=entity, entity_target=entity_target, rss=rss, atom=atom,
        expected=expected, cross_origin=cross,
    )
