"""How the XML sitemap formats (sitemaps.org urlset and index, RSS, Atom) map onto entries: an lxml
parser target that keeps one entry at a time and builds no tree.

Pure: it is handed parse events and calls back with each entry's URL text and date text; checking
those (URLs, origins, bounds) is `seaspider.web.sitemaps`'s job. It refuses a DTD outright.
"""

from __future__ import annotations

import enum
from collections.abc import Callable

__all__ = ["MAX_FIELD_CHARS", "SitemapKind", "SitemapStop", "SitemapTarget"]

MAX_FIELD_CHARS = 2048  # sitemaps.org: a <loc> is under 2,048 characters; text past it is not kept
_ATOM_NS = "http://www.w3.org/2005/Atom"


class SitemapKind(enum.StrEnum):
    """What a sitemap file turned out to be; only an index lists other sitemaps."""

    URLSET = "urlset"  # sitemaps.org <urlset>: pages
    INDEX = "sitemapindex"  # sitemaps.org <sitemapindex>: other sitemap files
    TEXT = "text"  # one URL per line, UTF-8
    RSS = "rss"  # RSS 2.0 (or 1.0) item links
    ATOM = "atom"  # Atom entry links

    @property
    def lists_sitemaps(self) -> bool:
        return self is SitemapKind.INDEX


class SitemapStop(Exception):
    """Raised inside the XML target to end the parse; `reason` is the English sentence, if any."""

    def __init__(self, reason: str | None) -> None:
        super().__init__(reason)
        self.reason = reason


_ROOTS = {
    "urlset": SitemapKind.URLSET,
    "sitemapindex": SitemapKind.INDEX,
    "rss": SitemapKind.RSS,
    "RDF": SitemapKind.RSS,  # RSS 1.0: <rdf:RDF> with <item> children
    "feed": SitemapKind.ATOM,
}
_ENTRY = {
    SitemapKind.URLSET: "url",
    SitemapKind.INDEX: "sitemap",
    SitemapKind.RSS: "item",
    SitemapKind.ATOM: "entry",
}
_LOC, _LASTMOD, _PUBLISHED = 0, 1, 2
_FIELDS = {
    SitemapKind.URLSET: {"loc": _LOC, "lastmod": _LASTMOD},
    SitemapKind.INDEX: {"loc": _LOC, "lastmod": _LASTMOD},
    SitemapKind.RSS: {"link": _LOC, "pubDate": _LASTMOD},
    SitemapKind.ATOM: {"updated": _LASTMOD, "published": _PUBLISHED},
}


def _split_tag(tag: str) -> tuple[str, str]:
    """("namespace", "local") of an lxml tag ("{ns}local" or "local")."""
    if tag[:1] == "{":
        ns, _, local = tag[1:].partition("}")
        return ns, local
    return "", tag


class SitemapTarget:
    """lxml parser target: follows the depth, collects one entry's URL and date, hands them to `on_entry`.

    Only direct children of an entry count, so an <image:loc> inside <image:image> is never taken for
    the page's <loc>; text is kept only for the field being read, and only up to a bound.
    """

    def __init__(self, *, url: str, on_kind: Callable[[SitemapKind], None], on_entry: Callable[[str | None, str | None], None]) -> None:
        self._url = url
        self._on_kind = on_kind
        self._on_entry = on_entry
        self._kind: SitemapKind | None = None
        self._tags: dict[str, tuple[str, str]] = {}
        self._depth = 0
        self._entry_depth = 0  # 0: not inside an entry
        self._entry_local = ""
        self._fields: dict[str, int] = {}
        self._field = -1
        self._buf: list[str] = []
        self._buf_chars = 0
        self._values: list[str | None] = [None, None, None]

    def _names(self, tag: str) -> tuple[str, str]:
        names = self._tags.get(tag)
        if names is None:
            names = self._tags[tag] = _split_tag(tag)
        return names

    def doctype(self, name: str | None, public_id: str | None, system_url: str | None) -> None:
        # Called when <!DOCTYPE is seen, before its declarations are used: nothing has been read yet.
        if (name or "").lower() == "html":
            raise SitemapStop(f"{self._url} is an HTML page, not a sitemap, so it lists no URLs.")
        raise SitemapStop(
            f"{self._url} declares a document type (<!DOCTYPE>), which a sitemap never needs, so none of it was read "
            "(entity expansion and external entities are refused)."
        )

    def start(self, tag: str, attrib: dict[str, str]) -> None:
        self._depth += 1
        if self._depth == 1:
            local = self._names(tag)[1]
            kind = _ROOTS.get(local)
            if kind is None:
                raise SitemapStop(
                    f"{self._url} is not a sitemap: its root element is <{local}>, "
                    "not <urlset>, <sitemapindex>, <rss> or <feed>."
                )
            self._kind = kind
            self._on_kind(kind)
            self._entry_local, self._fields = _ENTRY[kind], _FIELDS[kind]
            return
        if self._entry_depth == 0:
            if self._names(tag)[1] == self._entry_local:
                self._entry_depth = self._depth
            return
        if self._depth != self._entry_depth + 1:
            return
        ns, local = self._names(tag)
        kind = self._kind
        if kind is SitemapKind.ATOM:
            # RFC 4287 4.2.7: the entry's page is its alternate link (rel absent means alternate).
            if local == "link" and ns in (_ATOM_NS, "") and attrib.get("rel", "alternate") == "alternate":
                if self._values[_LOC] is None:
                    self._values[_LOC] = attrib.get("href", "")
                return
        elif kind is SitemapKind.RSS and local == "link" and ns == _ATOM_NS:
            return  # <atom:link> inside an RSS item is not the item's link
        field = self._fields.get(local, -1)
        if field >= 0 and self._values[field] is None:
            self._field, self._buf, self._buf_chars = field, [], 0

    def data(self, text: str) -> None:
        if self._field >= 0 and self._buf_chars <= MAX_FIELD_CHARS:
            self._buf.append(text)
            self._buf_chars += len(text)

    def end(self, tag: str) -> None:
        depth = self._depth
        self._depth -= 1
        if self._field >= 0 and depth == self._entry_depth + 1:
            self._values[self._field] = "".join(self._buf)
            self._field = -1
        elif depth == self._entry_depth:
            loc, lastmod, published = self._values
            self._values = [None, None, None]
            self._entry_depth = 0
            self._on_entry(loc, lastmod if lastmod is not None else published)

    def comment(self, text: str) -> None:
        pass

    def pi(self, target: str, data: str | None = None) -> None:
        pass

    def close(self) -> None:
        return None
