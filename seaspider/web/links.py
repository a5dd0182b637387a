"""Link extraction from a fetched page: bytes, base URL and headers in, canonical links out.

Pure: no I/O, no clock. Knows HTML, charsets and nofollow marks; knows nothing about the store
or about which links the crawl follows (that is `follow.py`).
"""

from __future__ import annotations

import codecs
import dataclasses
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from seaspider.errors import InvalidURL
from seaspider.web.urls import URL, parse_url, resolve_link, sort_params, strip_tracking

__all__ = [
    "DEFAULT_MAX_LINKS",
    "HTML_TYPES",
    "Link",
    "MAX_TITLE_CHARS",
    "NOFOLLOW_RELS",
    "NOT_HTML",
    "PageLinks",
    "SKIPPED_EXTENSIONS",
    "detect_charset",
    "extract_links",
    "is_html",
]

HTML_TYPES = frozenset({"text/html", "application/xhtml+xml"})

# Links to these are not pages to crawl: images, audio/video and archives (the spec's «no
# image/media/archive extensions»). Matched on the last path segment, case-insensitively.
SKIPPED_EXTENSIONS = frozenset(
    {
        # images
        "jpg", "jpeg", "png", "gif", "webp", "svg", "ico", "bmp", "tif", "tiff", "avif", "heic", "jxl",
        # audio and video
        "mp3", "mp4", "m4a", "m4v", "avi", "mov", "mkv", "webm", "ogg", "oga", "ogv", "opus", "wav",
        "flac", "aac", "wma", "wmv", "flv", "mpg", "mpeg", "3gp",
        # archives and disk images
        "zip", "tar", "gz", "tgz", "bz2", "tbz2", "xz", "txz", "zst", "7z", "rar", "iso", "dmg", "lz", "lzma",
    }
)  # fmt: skip

NOFOLLOW_RELS = frozenset({"nofollow", "ugc", "sponsored"})  # Google's three "do not vouch" marks
MAX_TITLE_CHARS = 300  # a title is for a one-line English answer, not the whole head
# Text gathered inside <title> before it is cut: enough for MAX_TITLE_CHARS after blanks are collapsed,
# and a bound, so a page that is one endless title costs no more memory than this.
_TITLE_GATHER_CHARS = 16 * 1024
# The parser is fed this much at a time, so extraction can stop soon after the link cap is reached
# without reading the rest of a huge page.
_FEED_BYTES = 64 * 1024
DEFAULT_MAX_LINKS = 10_000  # fetch.max_links_per_page's default (the configuration schema holds the same)
_META_SCAN_BYTES = 2048  # HTML 13.2.3.2: the prescan looks at the first 1024 bytes; be a little generous
_META_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_URL_NOISE = re.compile(r"[\t\n\r]")  # WHATWG URL: tabs and newlines inside a URL are removed


@dataclass(frozen=True, slots=True)
class Link:
    """One link of a page: the canonical absolute URL and whether the page asked not to follow it."""

    url: str
    nofollow: bool

    def to_json(self) -> dict[str, object]:
        return {"url": self.url, "nofollow": self.nofollow}


@dataclass(frozen=True, slots=True)
class PageLinks:
    """What a page links to, with the marks that decide following.

    `page_nofollow` is set by meta robots or `X-Robots-Tag` and already applied to every link;
    `skipped` counts hrefs that were not usable links (other schemes, bad URLs, media files);
    `truncated` says the page had more distinct links than the cap, and the ones past it were not read.
    """

    scanned: bool  # False when the body is not HTML (nothing was looked at)
    links: tuple[Link, ...]
    title: str | None
    charset: str | None
    base: str | None  # the URL links were resolved against
    page_nofollow: bool
    skipped: int
    truncated: bool = False

    def to_json(self) -> list[dict[str, object]]:
        """The `links` list of a links.jsonl line."""
        return [link.to_json() for link in self.links]

    def with_sorted_queries(self) -> PageLinks:
        """The links with each query's parameters sorted by name (`fetch.sort_query`), in page order.

        Two links that differ only in parameter order become one, followable if either was: the same
        rule as one URL linked with and without nofollow. Sorting here, where links are found, gives
        the memory, disk and shared frontiers, the seen sets and the journal one spelling of each URL.
        """
        merged: dict[str, bool] = {}
        for link in self.links:
            # Links are canonical text already: rebuilt, not parsed again, then only their query sorted.
            url = str(sort_params(URL.from_canonical(link.url))) if "?" in link.url else link.url
            merged[url] = merged.get(url, True) and link.nofollow
        return dataclasses.replace(self, links=tuple(Link(url, nofollow) for url, nofollow in merged.items()))


NOT_HTML = PageLinks(scanned=False, links=(), title=None, charset=None, base=None, page_nofollow=False, skipped=0)


def is_html(content_type: str | None, body: bytes) -> bool:
    """True when the media type says HTML, or there is none and the body starts like HTML."""
    if content_type:
        return content_type.split(";", 1)[0].strip().lower() in HTML_TYPES
    head = body[:512].lstrip().lower()
    return head.startswith((b"<!doctype html", b"<html")) or b"<html" in head


def _codec(label: str | bytes | None) -> str | None:
    """A Python codec name for a charset label, with the WHATWG remappings; None if unknown."""
    if not label:
        return None
    text = label.decode("ascii", "ignore") if isinstance(label, bytes) else label
    try:
        name = codecs.lookup(text.strip().lower()).name
    except LookupError:
        return None
    # WHATWG Encoding: latin-1 and ASCII labels mean windows-1252; a UTF-16 label in a byte
    # stream without a BOM is a lie and means UTF-8.
    if name in ("latin-1", "iso8859-1", "ascii"):
        return "cp1252"
    if name.startswith("utf-16") or name.startswith("utf-32"):
        return "utf-8"
    return name


def detect_charset(body: bytes, content_type_header: str | None) -> str:
    """The body's charset: BOM, then the Content-Type header, then <meta>, then a UTF-8 check."""
    if body.startswith(codecs.BOM_UTF8):
        return "utf-8"
    if body.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    if content_type_header:
        found = _HEADER_CHARSET.search(content_type_header)
        codec = _codec(found.group(1)) if found else None
        if codec:
            return codec
    found_meta = _META_CHARSET.search(body[:_META_SCAN_BYTES])
    codec = _codec(found_meta.group(1)) if found_meta else None
    if codec:
        return codec
    # No declaration: valid UTF-8 is almost never an accident; otherwise the web's default.
    return "utf-8" if _is_utf8(body) else "cp1252"


def _is_utf8(body: bytes) -> bool:
    """True when `body` is UTF-8, checked piece by piece (no decoded copy of a big page is ever made).

    A page cut at max_body_bytes may end inside a character: it is still UTF-8 when the bytes before
    the cut already held valid multi-byte characters.
    """
    if body.isascii():
        return True
    decoder = codecs.getincrementaldecoder("utf-8")()
    multibyte_seen = False
    try:
        for at in range(0, len(body), _FEED_BYTES):
            text = decoder.decode(body[at : at + _FEED_BYTES])
            multibyte_seen = multibyte_seen or not text.isascii()
    except UnicodeDecodeError:
        return False
    pending, _flag = decoder.getstate()
    return not pending or multibyte_seen


def _to_utf8(body: bytes, charset: str) -> bytes:
    """The body re-encoded as UTF-8 for the parser (bad bytes become U+FFFD)."""
    if charset == "utf-8":
        return body[3:] if body.startswith(codecs.BOM_UTF8) else body
    return body.decode(charset, "replace").encode("utf-8")


_VALUE_DIRECTIVES = frozenset({"max-snippet", "max-image-preview", "max-video-preview", "unavailable_after"})


def _robots_nofollow(content: str, token: str) -> bool:
    """True when a robots directive list (meta content or X-Robots-Tag) says nofollow or none for us."""
    applies = True
    for part in content.split(","):
        item = part.strip().lower()
        name, colon, rest = item.partition(":")
        if colon and name.strip() not in _VALUE_DIRECTIVES:
            # "otherbot: nofollow, noarchive" names a robot; its directives run to the next name.
            applies = name.strip() in (token.lower(), "*")
            item = rest.strip()
        if applies and item in ("nofollow", "none"):
            return True
    return False


def _header(headers: Mapping[str, str], name: str) -> str | None:
    for key, value in headers.items():
        if key.lower() == name:
            return value
    return None


def _skip_extension(url: str) -> bool:
    path = url.split("?", 1)[0]
    last = path.rsplit("/", 1)[-1]
    if "." not in last:
        return False
    return last.rsplit(".", 1)[1].lower() in SKIPPED_EXTENSIONS


def _clean_url(raw: str, base: str) -> str | None:
    """The canonical absolute form of one href, or None when it is not a crawlable link."""
    href = _URL_NOISE.sub("", raw).strip()
    if not href or href.startswith("#"):
        return None  # the page itself
    try:
        url = resolve_link(base=base, href=href)
    except InvalidURL:
        return None
    if "utm_" in url:
        url = str(strip_tracking(parse_url(url)))
    if _skip_extension(url):
        return None
    return url


class _Collector:
    """An lxml parser target: sees start tags, end tags and text as the parser reads, and builds no tree.

    No tree means memory grows with the links kept (at most the cap), not with the page, and no nesting
    limit: libxml2's tree builder silently drops everything below depth 256, a target sees every tag.
    """

    def __init__(self, *, url: str, base: str | None, token: str, max_links: int) -> None:
        self.url = url
        self.base = base or url
        self.base_fixed = base is not None  # a second pass already knows the document's base
        self.base_late = False  # a <base href> came after links were resolved against the URL
        self.token = token
        self.max_links = max_links
        self.order: dict[str, bool] = {}  # url -> nofollow, in first-seen order
        self.skipped = 0
        self.truncated = False
        self.page_nofollow = False
        self.title: str | None = None
        self._title_parts: list[str] | None = None  # gathering the text of a <title>
        self._title_chars = 0

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        if tag == "a" or tag == "area":
            raw = attrib.get("href")
            if raw is not None:
                self._link(raw, attrib.get("rel"))
        elif tag == "base":
            href = attrib.get("href")
            if href is not None and not self.base_fixed:
                try:
                    # HTML: only the first <base href> counts, itself resolved against the document URL.
                    self.base = resolve_link(base=self.url, href=_URL_NOISE.sub("", href).strip())
                except InvalidURL:
                    return
                self.base_fixed = True
                self.base_late = bool(self.order) or self.skipped > 0
        elif tag == "meta":
            name = (attrib.get("name") or "").strip().lower()
            if name in ("robots", self.token.lower()) and _robots_nofollow(attrib.get("content") or "", self.token):
                self.page_nofollow = True
        elif tag == "title" and self.title is None:
            self._title_parts, self._title_chars = [], 0

    def end(self, tag: str) -> None:
        if tag == "title" and self._title_parts is not None:
            text = _SPACE.sub(" ", "".join(self._title_parts)).strip()
            self._title_parts = None
            if text:
                self.title = text[:MAX_TITLE_CHARS]

    def data(self, text: str) -> None:
        if self._title_parts is not None and self._title_chars < _TITLE_GATHER_CHARS:
            self._title_parts.append(text[: _TITLE_GATHER_CHARS - self._title_chars])
            self._title_chars += len(text)

    def close(self) -> None:
        return None

    def _link(self, raw: str, rel: str | None) -> None:
        link = _clean_url(raw, self.base)
        if link is None:
            self.skipped += 1
            return
        nofollow = rel is not None and not NOFOLLOW_RELS.isdisjoint(rel.lower().split())
        known = self.order.get(link)
        if known is not None:
            self.order[link] = known and nofollow
        elif len(self.order) < self.max_links:
            self.order[link] = nofollow
        else:
            self.truncated = True  # the caller stops feeding: the rest of the page is never read


class _Target:
    """The parser target lxml calls; it hands each event to the collector of the page being read, if any.

    One parser per thread is built once and reused: building one with a target costs more than reading a
    small page (lxml inspects the target's methods), and a parser must never serve two threads at once.
    """

    def __init__(self) -> None:
        self.sink: _Collector | None = None

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        if self.sink is not None:
            self.sink.start(tag, attrib)

    def end(self, tag: str) -> None:
        if self.sink is not None:
            self.sink.end(tag)

    def data(self, text: str) -> None:
        if self.sink is not None:
            self.sink.data(text)

    def close(self) -> None:
        return None


_THREAD = threading.local()


def _reader() -> tuple[etree.HTMLParser, _Target]:
    """This thread's parser and its target."""
    pair: tuple[etree.HTMLParser, _Target] | None = getattr(_THREAD, "reader", None)
    if pair is None:
        target = _Target()
        pair = (etree.HTMLParser(encoding="utf-8", recover=True, no_network=True, target=target), target)
        _THREAD.reader = pair
    return pair


def _collect(data: bytes, *, url: str, base: str | None, token: str, max_links: int) -> _Collector:
    """Feed `data` (UTF-8) to a tree-less HTML parser until it ends or the link cap is passed."""
    collector = _Collector(url=url, base=base, token=token, max_links=max_links)
    parser, target = _reader()
    target.sink = collector
    try:
        for at in range(0, len(data), _FEED_BYTES):
            parser.feed(data[at : at + _FEED_BYTES])
            if collector.truncated:
                target.sink = None  # what the parser still reports while it closes is not this page's
                break
        parser.close()  # also readies the parser for the next page
    except etree.LxmlError:
        # What was read before the parser gave up stands (recover=True makes this rare); the next page
        # gets a fresh parser, since this one may be left half way through a document.
        _THREAD.reader = None
    finally:
        target.sink = None
    return collector


def extract_links(
    body: bytes,
    *,
    url: str,
    content_type: str | None = None,
    headers: Mapping[str, str] | None = None,
    robot_token: str = "MovaBot",
    max_links: int = DEFAULT_MAX_LINKS,
) -> PageLinks:
    """The links of one page fetched from `url` (the final URL, after redirects), at most `max_links`.

    Links are canonical, http(s) only, without fragment or utm_* parameters, in document order,
    each once; a URL linked both with and without nofollow counts as followable. The page is read as
    a stream (no tree): memory follows the links kept, and reading stops once the cap is passed.
    """
    hdrs = headers or {}
    if not is_html(content_type, body):
        return NOT_HTML
    ct_header = _header(hdrs, "content-type")
    charset = detect_charset(body, ct_header)
    header_nofollow = False
    robots_tag = _header(hdrs, "x-robots-tag")
    if robots_tag and _robots_nofollow(robots_tag, robot_token):
        header_nofollow = True
    if not body.strip():
        return PageLinks(True, (), None, charset, url, header_nofollow, 0)
    data = _to_utf8(body, charset)
    found = _collect(data, url=url, base=None, token=robot_token, max_links=max_links)
    if found.base_late:
        # A <base href> after the first links (invalid, but browsers apply it to the whole document):
        # read again with the base known from the start, so every link is resolved against it.
        found = _collect(data, url=url, base=found.base, token=robot_token, max_links=max_links)
    page_nofollow = header_nofollow or found.page_nofollow
    links = tuple(Link(u, page_nofollow or n) for u, n in found.order.items())
    return PageLinks(True, links, found.title, charset, found.base, page_nofollow, found.skipped, found.truncated)
