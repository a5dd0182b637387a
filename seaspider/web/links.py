"""Link extraction from a fetched page: bytes, base URL and headers in, canonical links out.

Pure: no I/O, no clock. Knows HTML, charsets and nofollow marks; knows nothing about the store
or about which links the crawl follows (that is `follow.py`).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from seaspider.errors import InvalidURL
from seaspider.web.urls import parse_url, resolve_link, strip_tracking

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
_META_SCAN_BYTES = 2048  # HTML 13.2.3.2: the prescan looks at the first 1024 bytes; be a little generous
_META_CHARSET = re.compile(rb"""<meta[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_HEADER_CHARSET = re.compile(r"""charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_URL_NOISE = re.compile(r"[\t\n\r]")  # WHATWG URL: tabs and newlines inside a URL are removed
_PARSER = etree.HTMLParser(
    encoding="utf-8", recover=True, no_network=True, remove_comments=True, remove_pis=True, remove_blank_text=False
)


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
    `skipped` counts hrefs that were not usable links (other schemes, bad URLs, media files).
    """

    scanned: bool  # False when the body is not HTML (nothing was looked at)
    links: tuple[Link, ...]
    title: str | None
    charset: str | None
    base: str | None  # the URL links were resolved against
    page_nofollow: bool
    skipped: int

    def to_json(self) -> list[dict[str, object]]:
        """The `links` list of a links.jsonl line."""
        return [link.to_json() for link in self.links]


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
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as exc:
        # A page cut at max_body_bytes may end inside a character: still UTF-8 when the bytes
        # before the cut already held valid multi-byte characters.
        cut_inside_char = exc.reason == "unexpected end of data" and exc.start >= len(body) - 3
        if not (cut_inside_char and not body[: exc.start].isascii()):
            return "cp1252"
    return "utf-8"


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


def extract_links(
    body: bytes,
    *,
    url: str,
    content_type: str | None = None,
    headers: Mapping[str, str] | None = None,
    robot_token: str = "MovaBot",
) -> PageLinks:
    """The links of one page fetched from `url` (the final URL, after redirects).

    Links are canonical, http(s) only, without fragment or utm_* parameters, in document order,
    each once; a URL linked both with and without nofollow counts as followable.
    """
    hdrs = headers or {}
    if not is_html(content_type, body):
        return NOT_HTML
    ct_header = _header(hdrs, "content-type")
    charset = detect_charset(body, ct_header)
    page_nofollow = False
    robots_tag = _header(hdrs, "x-robots-tag")
    if robots_tag and _robots_nofollow(robots_tag, robot_token):
        page_nofollow = True
    try:
        root = etree.fromstring(_to_utf8(body, charset), _PARSER) if body.strip() else None
    except etree.XMLSyntaxError:
        root = None
    if root is None:
        return PageLinks(True, (), None, charset, url, page_nofollow, 0)

    base = url
    title: str | None = None
    for el in root.iter("base", "meta", "title"):
        tag = el.tag
        if tag == "base":
            href = el.get("href")
            if href is not None and base == url:
                try:
                    # HTML: only the first <base href> counts, itself resolved against the document URL.
                    base = resolve_link(base=url, href=_URL_NOISE.sub("", href).strip())
                except InvalidURL:
                    pass
        elif tag == "meta":
            name = (el.get("name") or "").strip().lower()
            if name in ("robots", robot_token.lower()) and _robots_nofollow(el.get("content") or "", robot_token):
                page_nofollow = True
        elif title is None:
            text = _SPACE.sub(" ", "".join(el.itertext())).strip()
            if text:
                title = text[:MAX_TITLE_CHARS]

    order: dict[str, bool] = {}  # url -> nofollow, in first-seen order
    skipped = 0
    for el in root.iter("a", "area"):
        raw = el.get("href")
        if raw is None:
            continue
        link = _clean_url(raw, base)
        if link is None:
            skipped += 1
            continue
        rel = el.get("rel")
        nofollow = page_nofollow or (rel is not None and not NOFOLLOW_RELS.isdisjoint(rel.lower().split()))
        if link in order:
            order[link] = order[link] and nofollow
        else:
            order[link] = nofollow
    links = tuple(Link(u, n) for u, n in order.items())
    return PageLinks(True, links, title, charset, base, page_nofollow, skipped)
