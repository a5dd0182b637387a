"""Sitemaps read as a stream: bytes in (sitemaps.org 0.9 urlset or index, plain text, RSS, Atom;
gzip or not), canonical URLs with their lastmod out, in document order, within the protocol's bounds.

Pure: the caller hands over bytes it already fetched; nothing here opens a socket or a file or reads
the clock. The XML parser builds no tree (a SAX-style target, `sitemap_xml`, keeps one entry at a time, so memory
does not grow with the file) and is told never to load a DTD, expand an entity or use the network.
A document that declares a DTD is refused whole before any entry is read, so an entity bomb or an
external entity yields nothing and one English sentence.
"""

from __future__ import annotations

import enum
import re
import zlib
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from typing import Any

from lxml import etree

from seaspider.errors import InvalidURL
from seaspider.web.inflate import GZIP_MAGIC, Inflater
from seaspider.web.sitemap_xml import MAX_FIELD_CHARS, SitemapKind, SitemapStop, SitemapTarget
from seaspider.web.urls import canonicalize, origin_of, resolve_link

__all__ = [
    "MAX_DECODED_BYTES",
    "MAX_LEVELS",
    "MAX_LOC_CHARS",
    "MAX_URLS",
    "Entry",
    "Sitemap",
    "SitemapKind",
    "SitemapParser",
    "SitemapSummary",
    "Skip",
    "parse_lastmod",
    "parse_sitemap",
]

MAX_URLS = 50_000  # sitemaps.org: a sitemap file lists no more than 50,000 URLs
MAX_DECODED_BYTES = 50 * 1024 * 1024  # sitemaps.org: no larger than 50 MiB (52,428,800 bytes) uncompressed
MAX_LOC_CHARS = MAX_FIELD_CHARS  # sitemaps.org: a <loc> value must be less than 2,048 characters
MAX_LEVELS = 2  # sitemaps.org: an index lists sitemaps, never other indexes, so two levels at most
_MAX_DATE_CHARS = 64  # the longest W3C or RFC 2822 date is ~40 characters; more is junk, not kept
_MAX_TEXT_LINE_BYTES = 4 * MAX_LOC_CHARS  # a text-sitemap line this long cannot hold a usable URL
_PIECE_BYTES = 1 << 20  # bytes handed to the XML or text reader at once: bounds the copies a huge body makes
_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class Skip(enum.StrEnum):
    """Why a listed URL was left out; every one is counted."""

    CROSS_ORIGIN = "cross_origin"  # sitemaps.org: a sitemap speaks only for its own origin (or the one that named it)
    INVALID_URL = "invalid_url"  # not an absolute http(s) URL, or 2,048 characters or more
    NO_URL = "no_url"  # an entry (<url>, <item>, ...) without a URL in it


@dataclass(frozen=True, slots=True)
class Entry:
    """One listed URL (canonical) and when the site says it last changed (Unix seconds), if it says."""

    url: str
    lastmod_unix: float | None


@dataclass(frozen=True, slots=True)
class SitemapSummary:
    """What reading one sitemap file found: its kind, how many URLs it gave, what it skipped and why it stopped.

    `error` is one English sentence (None when the file was read to its end without fault); the
    entries given before a fault stand, except that a refused DTD is found before any entry.
    """

    url: str
    kind: SitemapKind | None  # None: not recognised as a sitemap
    entries: int
    skipped: tuple[tuple[Skip, int], ...]  # (reason, count), in Skip order, only non-zero counts
    bad_lastmod: int  # entries kept whose lastmod was not a date
    gzip: bool
    decoded_bytes: int
    error: str | None

    def skipped_count(self, reason: Skip) -> int:
        return dict(self.skipped).get(reason, 0)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": None if self.kind is None else str(self.kind),
            "entries": self.entries,
            "skipped": {str(reason): n for reason, n in self.skipped},
            "bad_lastmod": self.bad_lastmod,
            "gzip": self.gzip,
            "decoded_bytes": self.decoded_bytes,
            "error": self.error,
        }


@dataclass(frozen=True, slots=True)
class Sitemap:
    """A whole sitemap file read at once: its entries in document order and the summary."""

    entries: tuple[Entry, ...]
    summary: SitemapSummary


# ----- lastmod ------------------------------------------------------------------------------------

# W3C Datetime (the profile sitemaps.org names): YYYY, YYYY-MM, YYYY-MM-DD, then optionally
# Thh:mm[:ss[.s]] with a zone. A time without a zone is read as UTC rather than refused.
_W3C = re.compile(
    r"(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?)?)?"
)


def parse_lastmod(text: str) -> float | None:
    """Unix seconds of a W3C Datetime (sitemaps, Atom) or an RFC 2822 date (RSS); None when it is neither."""
    value = text.strip()
    if not value or len(value) > _MAX_DATE_CHARS:
        return None
    match = _W3C.fullmatch(value)
    if match is None:
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return None
        return (when if when.tzinfo else when.replace(tzinfo=timezone.utc)).timestamp()
    year, month, day, hour, minute, second, zone = match.groups()
    tz = timezone.utc
    if zone and zone not in "Zz":
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        tz = timezone(sign * timedelta(hours=int(digits[:2]), minutes=int(digits[2:])))
    try:
        when = datetime(int(year), int(month or 1), int(day or 1), int(hour or 0), int(minute or 0), int(second or 0), tzinfo=tz)
    except ValueError:  # month 13, 31 February, a zone beyond a day
        return None
    return when.timestamp()


# ----- the parser ------------------------------------------------------------------------------------


class SitemapParser:
    """Feed a sitemap's bytes in any pieces; each `feed` returns the entries those bytes completed.

    `vouched_origins` are origins besides the sitemap's own whose URLs it may list (sitemaps.org's
    cross-submission: the robots.txt of that origin named this sitemap). Reading stops, with one
    English sentence in the summary, at the first fault or bound; entries already returned stand.
    """

    def __init__(
        self,
        *,
        url: str,
        vouched_origins: Iterable[str] = (),
        sort_query: bool = False,
        max_urls: int = MAX_URLS,
        max_decoded_bytes: int = MAX_DECODED_BYTES,
    ) -> None:
        self.url = url
        self.kind: SitemapKind | None = None
        self._origins = frozenset({origin_of(url), *vouched_origins})
        self._sort_query = sort_query
        self._max_urls = max_urls
        self._max_bytes = max_decoded_bytes
        self._raw_head = b""  # bytes held back until the first two say gzip or not
        self._sniffed = False
        self._gunzip: Inflater | None = None
        self._head = b""  # decoded bytes held back until the first significant one says XML or text
        self._decided = False
        self._xml: etree.XMLParser | None = None
        self._text_rest: bytes | None = None  # the unfinished last line of a text sitemap
        self._text_dropping = False  # inside a text line too long to be a URL
        self._decoded = 0
        self._listed = 0  # entries that named a URL, valid or not: what MAX_URLS counts
        self._out: list[Entry] = []
        self._given = 0
        self._skipped: Counter[Skip] = Counter()
        self._bad_lastmod = 0
        self._error: str | None = None
        self._done = False

    # -- feeding ---------------------------------------------------------------------------------------

    def feed(self, data: bytes) -> list[Entry]:
        """Read more of the file; the entries completed so far, in document order."""
        if not self._done and data:
            self._take(data)
        return self._drain()

    def close(self) -> list[Entry]:
        """The end of the file: the last entries, then the summary is final."""
        if not self._done:
            if not self._sniffed:
                self._take(b"", final=True)
            if not self._decided and not self._done:
                self._decide(final=True)
            if self._gunzip is not None and not self._done:
                try:
                    self._gunzip.check_end()
                except zlib.error as exc:
                    self._fail(f"{self.url} is not valid gzip ({exc}); the URLs before the fault were kept.")
            if not self._done:
                self._finish()
        self._done = True
        return self._drain()

    def summary(self) -> SitemapSummary:
        return SitemapSummary(
            url=self.url,
            kind=self.kind,
            entries=self._given + len(self._out),
            skipped=tuple((reason, self._skipped[reason]) for reason in Skip if self._skipped[reason]),
            bad_lastmod=self._bad_lastmod,
            gzip=self._gunzip is not None,
            decoded_bytes=self._decoded,
            error=self._error,
        )

    def _set_kind(self, kind: SitemapKind) -> None:
        self.kind = kind

    def _drain(self) -> list[Entry]:
        out, self._out = self._out, []
        self._given += len(out)
        return out

    def _fail(self, sentence: str) -> None:
        if self._error is None:
            self._error = sentence
        self._done = True

    def _take(self, data: bytes, *, final: bool = False) -> None:
        if not self._sniffed:
            # sitemaps.org allows gzip (.xml.gz): told by its first two bytes, not by a name or a header.
            self._raw_head += data
            if len(self._raw_head) < len(GZIP_MAGIC) and not final:
                return
            data, self._raw_head, self._sniffed = self._raw_head, b"", True
            if data.startswith(GZIP_MAGIC):
                self._gunzip = Inflater("gzip")
        if self._gunzip is not None:
            self._inflate(self._gunzip, data)
            return
        for start in range(0, len(data), _PIECE_BYTES):
            if self._read_piece(data[start : start + _PIECE_BYTES]):
                return

    def _read_piece(self, piece: bytes) -> bool:
        """Read one decoded piece up to the byte bound; True when reading ends (bound reached or done)."""
        room = self._max_bytes - self._decoded
        if len(piece) > room:
            self._decoded_part(piece[:room])
            if not self._done:
                self._over_bytes()
            return True
        self._decoded_part(piece)
        return self._done

    def _inflate(self, gunzip: Inflater, data: bytes) -> None:
        """Inflate piece by piece, one byte past the bound at most: a bomb never grows past 50 MiB."""
        try:
            while True:
                room = self._max_bytes - self._decoded
                piece = gunzip.feed(data, min(_PIECE_BYTES, room + 1))
                data = b""
                if not piece or self._read_piece(piece):
                    return
        except zlib.error as exc:
            self._fail(f"{self.url} is not valid gzip ({exc}); the URLs before the fault were kept.")

    def _over_bytes(self) -> None:
        self._finish(cut=True)
        mib = self._max_bytes / (1024 * 1024)
        self._fail(f"{self.url} is larger than {mib:g} MiB decoded, the most a sitemap may be; the URLs in its first {mib:g} MiB were read.")

    def _decoded_part(self, data: bytes) -> None:
        self._decoded += len(data)
        if not self._decided:
            self._head += data
            self._decide(final=False)
            return
        self._parse(data)

    def _decide(self, *, final: bool) -> None:
        """Wait for the first significant byte: '<' (or a UTF-16 mark) is XML, anything else is text."""
        head = self._head
        if len(head) < len(_UTF8_BOM) and not final and _UTF8_BOM.startswith(head):
            return  # perhaps the start of a byte-order mark
        xml = head.startswith(_UTF16_BOMS)
        if not xml:
            if head.startswith(_UTF8_BOM):
                head = head[len(_UTF8_BOM) :]
            # Leading blank lines are common and harmless; they are dropped as they come, never piled up.
            head = self._head = head.lstrip(b" \t\r\n")
            if not head:
                if final:
                    self._fail(f"{self.url} is empty, so it lists no URLs.")
                return
            xml = head[:1] == b"<"
        self._decided, self._head = True, b""
        if xml:
            self._xml = etree.XMLParser(
                target=SitemapTarget(url=self.url, on_kind=self._set_kind, on_entry=self._admit),
                resolve_entities=False,  # an entity reference is never replaced by its text
                no_network=True,  # nothing named in the document is ever fetched
                load_dtd=False,
                huge_tree=False,  # libxml2's own limits on depth and text size stay on
                remove_blank_text=False,
            )
        else:
            self.kind = SitemapKind.TEXT
            self._text_rest = b""
        self._parse(head)

    def _parse(self, data: bytes) -> None:
        if self._xml is not None:
            try:
                self._xml.feed(data)
            except SitemapStop as stop:
                if stop.reason is not None:
                    self._fail(stop.reason)
                self._done = True
            except etree.XMLSyntaxError as exc:
                self._syntax(exc)
        else:
            self._text(data)

    def _syntax(self, exc: etree.XMLSyntaxError) -> None:
        message = re.sub(r",? line \d+, column \d+$", "", str(exc.msg or exc)).strip().rstrip(".")
        if self.kind is None:
            self._fail(f"{self.url} is neither XML nor a list of URLs ({message}), so it lists no URLs.")
        else:
            self._fail(f"{self.url} is not well-formed XML ({message}); the URLs before the fault were kept.")

    def _finish(self, *, cut: bool = False) -> None:
        """The end of the decoded bytes (or of what the bound lets through)."""
        if self._xml is not None:
            parser, self._xml = self._xml, None
            if cut:
                return  # the document was cut: its missing end is the bound's fault, said by the caller
            try:
                parser.close()
            except SitemapStop as stop:
                if stop.reason is not None:
                    self._fail(stop.reason)
            except etree.XMLSyntaxError as exc:
                self._syntax(exc)
        elif self._text_rest is not None:
            rest, self._text_rest = self._text_rest, None
            if rest and not self._text_dropping and not cut:
                self._text_line(rest)

    # -- plain text ------------------------------------------------------------------------------------

    def _text(self, data: bytes) -> None:
        """sitemaps.org: one URL per line, UTF-8; a line that is not a usable URL is skipped and counted."""
        assert self._text_rest is not None
        lines = (self._text_rest + data).split(b"\n")
        self._text_rest = lines.pop()
        for line in lines:
            if self._text_dropping:
                self._text_dropping = False
                self._skipped[Skip.INVALID_URL] += 1
                continue
            self._text_line(line)
            if self._done:
                return
        if len(self._text_rest) > _MAX_TEXT_LINE_BYTES:
            self._text_rest, self._text_dropping = b"", True

    def _text_line(self, line: bytes) -> None:
        try:
            text = line.decode("utf-8").strip()
        except UnicodeDecodeError:
            self._skipped[Skip.INVALID_URL] += 1
            return
        if text:
            try:
                self._admit(text, None)
            except SitemapStop as stop:
                if stop.reason is not None:
                    self._fail(stop.reason)
                self._done = True

    # -- one listed URL --------------------------------------------------------------------------------

    def _admit(self, loc: str | None, lastmod: str | None) -> None:
        """Check one listed URL and keep it, or count why not. Raises SitemapStop past MAX_URLS."""
        loc = (loc or "").strip()
        if not loc:
            self._skipped[Skip.NO_URL] += 1
            return
        if self._listed >= self._max_urls:
            raise SitemapStop(
                f"{self.url} lists more than {self._max_urls:,} URLs, the most a sitemap may list; the first {self._max_urls:,} were read."
            )
        self._listed += 1
        if len(loc) >= MAX_LOC_CHARS:
            self._skipped[Skip.INVALID_URL] += 1
            return
        try:
            if self.kind is SitemapKind.ATOM:
                url = resolve_link(base=self.url, href=loc)  # RFC 4287: href may be relative
            else:
                url = canonicalize(loc, sort_query=self._sort_query)
        except InvalidURL:
            self._skipped[Skip.INVALID_URL] += 1
            return
        if origin_of(url) not in self._origins:
            self._skipped[Skip.CROSS_ORIGIN] += 1
            return
        when = None
        if lastmod is not None and lastmod.strip():
            when = parse_lastmod(lastmod)
            if when is None:
                self._bad_lastmod += 1
        self._out.append(Entry(url, when))


def parse_sitemap(
    data: bytes | Iterable[bytes],
    *,
    url: str,
    vouched_origins: Iterable[str] = (),
    sort_query: bool = False,
) -> Sitemap:
    """Read a whole sitemap (bytes, or its pieces in order) at once: entries and summary."""
    parser = SitemapParser(url=url, vouched_origins=vouched_origins, sort_query=sort_query)
    entries: list[Entry] = []
    for piece in [data] if isinstance(data, bytes | bytearray | memoryview) else data:
        entries += parser.feed(bytes(piece))
    entries += parser.close()
    return Sitemap(tuple(entries), parser.summary())
