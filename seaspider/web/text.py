"""The readable text of a stored page: bytes, media type and URL in; title, headings, paragraphs, list
items, table cells and `[text](url)` links out, in document order, whitespace folded.

Pure: no I/O, no clock. lxml parses as a stream into a small target, so no tree is built: memory
follows the text kept, not the element count, and a hostile page (a million links, nesting ten
thousand deep) stops at fixed bounds and says so (`complete` is False).
"""

from __future__ import annotations

import codecs
import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from seaspider.errors import InvalidURL
from seaspider.web.links import detect_charset, is_html
from seaspider.web.urls import resolve_link

__all__ = [
    "DEFAULT_MAX_CHARS",
    "MAX_ELEMENTS",
    "MAX_MAX_CHARS",
    "MAX_PARSE_BYTES",
    "MAX_TEXT_CHARS",
    "PageText",
    "TextKind",
    "TextSpan",
    "cut",
    "declared_type",
    "is_text_type",
    "media_type_of",
    "page_text",
]

DEFAULT_MAX_CHARS = 8_000  # the default span: a few screens, small enough for an agent's context
MAX_MAX_CHARS = 100_000  # the largest span one answer carries; longer texts are read in pages
# The bounds of one extraction. A real page's readable text sits inside them (the longest
# encyclopaedia articles have a few tens of thousands of elements); past them the text is cut and
# marked incomplete, so a hostile page costs a bounded time (about a second here) and memory.
MAX_PARSE_BYTES = 16 * 1024 * 1024  # more than the default fetch.max_body_bytes (10 MiB)
MAX_ELEMENTS = 100_000  # start tags looked at; a million-link page stops here
MAX_TEXT_CHARS = 4_000_000  # characters of text kept: 40 pages of the largest span
_MAX_TITLE_CHARS = 300  # a title is one line (the same bound as links.MAX_TITLE_CHARS)
_FEED_BYTES = 64 * 1024  # the parser is fed in chunks so the bounds are checked as it goes

# Elements whose content is never readable text (HTML: scripting, templates, embedded documents).
_DROPPED = frozenset(
    {"script", "style", "noscript", "template", "head", "iframe", "object", "embed", "svg", "math", "canvas",
     "audio", "video", "select", "datalist", "button", "textarea", "map"}
)  # fmt: skip
_HEADINGS = {f"h{n}": n for n in range(1, 7)}
# Blocks that stand apart from their neighbours by a blank line, and those that only start a new line.
_PARAGRAPHS = frozenset({"p", "ul", "ol", "dl", "table", "blockquote", "pre", "figure", "hr", "form", "fieldset", "details"})
_LINES = frozenset(
    {"div", "section", "article", "header", "footer", "main", "nav", "aside", "address", "li", "dt", "dd", "tr",
     "br", "figcaption", "summary", "caption", "tbody", "thead", "tfoot", "option", "label", "legend"}
)  # fmt: skip
_CELLS = frozenset({"td", "th"})
_HIDDEN_STYLE = re.compile(r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\b", re.IGNORECASE)
_SPACE = re.compile(r"\s+")
_URL_NOISE = re.compile(r"[\t\n\r]")  # WHATWG URL: tabs and newlines inside a URL are removed
_LINK_TEXT_ESCAPES = str.maketrans({"[": "\\[", "]": "\\]"})
# Media types that are text without being HTML (RFC 6838 structured suffixes +json, +xml included).
_TEXT_APPLICATION_TYPES = frozenset(
    {"application/json", "application/xml", "application/javascript", "application/ecmascript",
     "application/x-javascript", "application/x-ndjson", "application/ld+json", "application/yaml",
     "application/x-yaml", "application/toml", "application/csv", "application/rtf", "application/x-sh"}
)  # fmt: skip
_SNIFF_BYTES = 8192  # without a media type, a body whose first 8 KiB hold no NUL and decode is text


class TextKind(enum.StrEnum):
    """What kind of text a body gave."""

    HTML = "html"  # readable text extracted from HTML
    PLAIN = "plain"  # a text type other than HTML, returned as decoded
    NONE = "none"  # not text (an image, an archive, …): there is no text to give


@dataclass(frozen=True, slots=True)
class PageText:
    """The whole readable text of one body, and whether the bounds cut it (`complete` False)."""

    kind: TextKind
    text: str
    title: str | None
    charset: str | None
    media_type: str | None
    complete: bool


@dataclass(frozen=True, slots=True)
class TextSpan:
    """Characters `start` to `end` (exclusive) of a text of `total` characters."""

    text: str
    start: int
    end: int
    total: int

    @property
    def more(self) -> bool:
        """True when text follows this span."""
        return self.end < self.total


def media_type_of(content_type: str | None) -> str | None:
    """`text/html; charset=utf-8` → `text/html`; None when there is none."""
    if not content_type:
        return None
    media = content_type.split(";", 1)[0].strip().lower()
    return media or None


def declared_type(headers: Mapping[str, str] | None, media_type: str | None) -> str | None:
    """The Content-Type to read a stored body with: the kept header (it carries the charset), else the media type."""
    for name, value in (headers or {}).items():
        if name.lower() == "content-type" and value.strip():
            return value
    return media_type


def is_text_type(media_type: str | None) -> bool:
    """Whether a media type names text other than HTML (text/*, JSON, XML, scripts)."""
    if not media_type:
        return False
    if media_type.startswith("text/"):
        return True
    return media_type in _TEXT_APPLICATION_TYPES or media_type.endswith(("+json", "+xml"))


def page_text(body: bytes, *, url: str, content_type: str | None) -> PageText:
    """The readable text of `body` fetched from `url` (the final URL) with this Content-Type header."""
    media = media_type_of(content_type)
    if is_html(content_type, body):
        charset = detect_charset(body, content_type)
        return _html_text(body, url=url, charset=charset, media_type=media)
    if media is not None and not is_text_type(media):
        return PageText(TextKind.NONE, "", None, None, media, True)
    if media is None and b"\x00" in body[:_SNIFF_BYTES]:
        return PageText(TextKind.NONE, "", None, None, None, True)
    charset = detect_charset(body, content_type)
    complete = len(body) <= MAX_PARSE_BYTES
    raw = body[:MAX_PARSE_BYTES]
    if raw.startswith(codecs.BOM_UTF8):
        raw = raw[len(codecs.BOM_UTF8):]
    text = raw.decode(charset, "replace").replace("\r\n", "\n").replace("\r", "\n")
    if len(text) > MAX_TEXT_CHARS:
        text, complete = text[:MAX_TEXT_CHARS], False
    return PageText(TextKind.PLAIN, text, None, charset, media, complete)


def cut(text: str, *, start: int = 0, max_chars: int = DEFAULT_MAX_CHARS) -> TextSpan:
    """At most `max_chars` characters of `text` from `start` (0-based); past the end gives an empty span."""
    if start < 0:
        raise ValueError(f"start {start} is negative")
    if not 1 <= max_chars <= MAX_MAX_CHARS:
        raise ValueError(f"max_chars {max_chars} is not between 1 and {MAX_MAX_CHARS}")
    total = len(text)
    begin = min(start, total)
    end = min(begin + max_chars, total)
    return TextSpan(text[begin:end], begin, end, total)


def _html_text(body: bytes, *, url: str, charset: str, media_type: str | None) -> PageText:
    complete = len(body) <= MAX_PARSE_BYTES
    data = body[:MAX_PARSE_BYTES]
    if charset != "utf-8":
        data = data.decode(charset, "replace").encode("utf-8")
    elif data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    target = _Reader(url)
    parser = etree.HTMLParser(
        target=target, encoding="utf-8", recover=True, no_network=True, remove_comments=True, remove_pis=True
    )
    try:
        for offset in range(0, len(data), _FEED_BYTES):
            parser.feed(data[offset : offset + _FEED_BYTES])
            if target.full:
                complete = False
                break
        parser.close()
    except etree.XMLSyntaxError:
        pass  # an empty or hopeless document: whatever was read so far is the text
    if target.full:
        complete = False
    return PageText(TextKind.HTML, target.text(), target.title, charset, media_type or "text/html", complete)


def _hidden(attrib: Mapping[str, str]) -> bool:
    """HTML `hidden`, `aria-hidden="true"` or an inline style that hides the element."""
    if "hidden" in attrib:
        return True
    if (attrib.get("aria-hidden") or "").strip().lower() == "true":
        return True
    style = attrib.get("style")
    return style is not None and _HIDDEN_STYLE.search(style) is not None


class _Link:
    """An open `<a href>`: where its words began, and (bounded) what it said."""

    __slots__ = ("href", "line_no", "at", "label")

    def __init__(self, href: str, line_no: int, at: int) -> None:
        self.href = href
        self.line_no = line_no
        self.at = at
        self.label: list[str] = []


_MAX_LABEL_CHARS = 200  # the label kept for a link whose text runs over several blocks


class _Reader:
    """An lxml parser target: turns start/end/data events into lines of text, within the bounds.

    Keeps one frame per open element (tag, whether it hides its content, its link), so memory
    follows the nesting depth and the text, never the element count.
    """

    def __init__(self, url: str) -> None:
        self._base = url
        self._base_set = False
        self._out: list[str] = []  # finished lines, each with the line breaks that precede it
        self._chars = 0  # characters in _out and _line
        self._line: list[str] = []  # the pieces of the line being built
        self._line_no = 0  # lines finished so far
        self._line_sep = 0  # the breaks owed before the line being built
        self._sep = 0  # breaks owed before the next line: 1 (new line) or 2 (blank line)
        self._prefix = ""  # what starts the next line ("## ", "- ")
        self._stack: list[tuple[str, bool, _Link | None]] = []  # tag, hides its content, its link
        self._links: list[_Link] = []  # the open links, innermost last
        self._hiding = 0  # open elements that hide their content
        self._cells = 0  # cells so far in the current table row
        self._elements = 0
        self._title_parts: list[str] | None = None
        self.title: str | None = None
        self.full = False

    # -- the parser's callbacks --------------------------------------------------------------------

    def start(self, tag: str, attrib: Mapping[str, str]) -> None:
        self._elements += 1
        if self._elements > MAX_ELEMENTS:
            self.full = True
        if self.full:
            return
        name = tag.lower() if isinstance(tag, str) else ""
        if name == "title" and self.title is None and self._title_parts is None and not self._in_foreign():
            self._title_parts = []
        if name == "base" and not self._base_set:
            self._set_base(attrib.get("href"))
        hides = name in _DROPPED or _hidden(attrib)
        if hides:
            self._hiding += 1
        link = None if self._hiding else self._open(name, attrib)
        self._stack.append((name, hides, link))

    def end(self, tag: str) -> None:
        if self.full or not self._stack:
            return
        name, hides, link = self._stack.pop()
        if name == "title" and self._title_parts is not None:
            text = _SPACE.sub(" ", "".join(self._title_parts)).strip()
            self.title = text[:_MAX_TITLE_CHARS] or None
            self._title_parts = None
        if hides:
            self._hiding -= 1
            return
        if self._hiding:
            return
        if link is not None:
            self._links.pop()
            self._link(link)
        elif name in _HEADINGS or name in _PARAGRAPHS:
            self._block(2)
            self._prefix = ""
        elif name in _LINES:
            self._block(1)
            self._prefix = ""

    def data(self, text: str) -> None:
        if self.full:
            return
        if self._title_parts is not None:
            if sum(map(len, self._title_parts)) < _MAX_TITLE_CHARS:
                self._title_parts.append(text)
            return
        if self._hiding:
            return
        self._words(text)

    def close(self) -> None:
        return None

    def _in_foreign(self) -> bool:
        """Inside SVG or MathML, whose <title> names a drawing, not the page."""
        return any(frame[0] in ("svg", "math") for frame in self._stack)

    # -- building lines ----------------------------------------------------------------------------

    def _open(self, name: str, attrib: Mapping[str, str]) -> _Link | None:
        if name in _HEADINGS:
            self._block(2)
            self._prefix = "#" * _HEADINGS[name] + " "
        elif name == "li":
            self._block(1)
            self._prefix = "- "
        elif name in _PARAGRAPHS:
            self._block(2)
        elif name == "tr":
            self._block(1)
            self._cells = 0
        elif name in _CELLS:
            if self._cells:
                self._words(" | ")
            self._cells += 1
        elif name in _LINES:
            self._block(1)
        elif name == "a":
            href = attrib.get("href")
            if href is not None:
                link = _Link(href, self._line_no, len(self._line))
                self._links.append(link)
                return link
        elif name == "img" and self._links:
            alt = attrib.get("alt")
            if alt:
                self._words(alt)
        return None

    def _set_base(self, href: str | None) -> None:
        if href is None:
            return
        try:
            # HTML: only the first <base href> counts, itself resolved against the document URL.
            self._base = resolve_link(base=self._base, href=_URL_NOISE.sub("", href).strip())
            self._base_set = True
        except InvalidURL:
            pass

    def _words(self, text: str) -> None:
        folded = _SPACE.sub(" ", text)
        if not folded.strip():
            if self._line:
                self._line.append(" ")  # the space between two inline elements
            return
        starting = not self._line
        if starting:
            self._line_sep, self._sep = self._sep, 0
            folded = folded.lstrip()
        for link in self._links:
            if sum(map(len, link.label)) < _MAX_LABEL_CHARS:
                link.label.append(" " + folded if starting else folded)  # blocks inside a link: one space
        if starting and self._prefix:
            folded, self._prefix = self._prefix + folded, ""
        self._add(folded)

    def _add(self, piece: str) -> None:
        room = MAX_TEXT_CHARS - self._chars
        if len(piece) >= room:
            piece = piece[:room]
            self.full = True
        self._line.append(piece)
        self._chars += len(piece)

    def _link(self, link: _Link) -> None:
        """`[text](url)` for the words since the link opened; a link over several blocks gets a line of its own."""
        label = _SPACE.sub(" ", "".join(link.label)).strip()
        if not label:
            return  # a link without text is dropped
        target = self._resolve(link.href)
        if target is None:
            return  # javascript:, mailto: and broken hrefs stay plain text
        label = label.translate(_LINK_TEXT_ESCAPES)
        if link.line_no == self._line_no and link.at <= len(self._line):
            inner = "".join(self._line[link.at:])
            lead = " " if inner[:1].isspace() else ""
            trail = " " if inner[-1:].isspace() else ""
            del self._line[link.at:]
            self._chars -= len(inner)
            self._add(f"{lead}[{label}]({target}){trail}")
        else:
            self._block(1)
            self._words(f"[{label}]({target})")
            self._block(1)

    def _resolve(self, href: str) -> str | None:
        raw = _URL_NOISE.sub("", href).strip()
        if not raw or raw.startswith("#"):
            return None
        try:
            return resolve_link(base=self._base, href=raw)
        except InvalidURL:
            return None

    def _block(self, level: int) -> None:
        """A block boundary: the line being built ends; the next starts on a new line (1) or after a blank line (2)."""
        line = _SPACE.sub(" ", "".join(self._line)).strip()  # inline pieces may meet with two spaces
        if self._line:
            self._chars -= sum(map(len, self._line))
            self._line = []
        if line:
            self._out.append(("\n" * max(self._line_sep, 1) if self._out else "") + line)
            self._chars += len(self._out[-1])
            self._line_no += 1
        self._sep = max(self._sep, level)

    def text(self) -> str:
        """All the text read, the title first."""
        self._block(1)
        body = "".join(self._out)[:MAX_TEXT_CHARS]
        if self.title:
            return f"{self.title}\n\n{body}" if body else self.title
        return body
