"""One stored page parsed once and turned into records by a rule set.

Pure: body bytes, URL and Content-Type in; values out. The charset is found as `web/links.py`
finds it (BOM, header, <meta>, a UTF-8 check), relative URLs resolve against the page and its
<base> and are canonicalised as links are, and text excludes script and style. Every limit below
bounds what one hostile page can cost in time and memory.
"""

from __future__ import annotations

import codecs
import itertools
import re
from dataclasses import dataclass, field

from lxml import etree

from seaspider.errors import InvalidURL
from seaspider.extract.rules import FieldRule, RuleSet
from seaspider.web.links import detect_charset, is_html
from seaspider.web.urls import parse_url, resolve_link, strip_tracking

__all__ = [
    "MAX_ITEMS_PER_FIELD",
    "MAX_PAGE_BYTES",
    "MAX_PAGE_ELEMENTS",
    "MAX_RECORDS_PER_PAGE",
    "MAX_SCOPE_ELEMENTS_PER_PAGE",
    "MAX_TEXT_STEPS_PER_PAGE",
    "MAX_VALUE_CHARS",
    "URL_ATTRIBUTES",
    "Cuts",
    "ParsedPage",
    "Value",
    "evaluate",
    "parse_page",
]

# A long article has some 50,000 elements; libxml2 holds about 500 bytes per element with its text
# and attributes, so 200,000 keeps one page's tree near 100 MB however many tags a page carries.
MAX_PAGE_ELEMENTS = 200_000
# fetch.max_body_bytes is 10 MiB by default: every page fetched so is parsed whole; a bigger body
# (a dump, not a page) is parsed up to here, so a huge text node cannot take the memory either.
MAX_PAGE_BYTES = 16 * 1024 * 1024
# A listing with more cards than this is a dump or a trap; the rest of its matches are dropped.
MAX_RECORDS_PER_PAGE = 10_000
MAX_ITEMS_PER_FIELD = 1_000  # a list field longer than this is a page's whole index, not a field
# About 15,000 words: a whole article body fits; a value longer is cut, so nested containers on a
# hostile page cannot each copy the page's whole text.
MAX_VALUE_CHARS = 100_000
# Reading text is the one step that runs in Python per element; nested containers each reading
# their whole subtree would cost depth x elements. A page gets this many element visits for all of
# its text values (a long article needs some 100,000), about half a second; later values are cut.
MAX_TEXT_STEPS_PER_PAGE = 1_000_000
# Containers nest, and every field query runs over its container's whole subtree: an element inside
# ten matched containers is searched ten times. A page's containers may hold this many elements in
# all (five times the most a page is parsed to); containers past it make no record.
MAX_SCOPE_ELEMENTS_PER_PAGE = 1_000_000
# Attributes whose value is a URL, made absolute against the page and canonicalised like links.
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "cite", "poster"})

_RAW_TEXT = ("script", "style")  # their content is code, not text (HTML "raw text elements")
_RAW_TEXT_LIMIT = MAX_VALUE_CHARS * 4  # text read before folding: whitespace may fold a lot away
# Elements a reader sees apart from their neighbours (HTML's block-level and table elements, br).
_BLOCK = frozenset(
    "address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer "
    "form h1 h2 h3 h4 h5 h6 head header hgroup hr html body li main nav ol option p pre section summary table "
    "tbody td tfoot th thead title tr ul".split()
)
_TAG_START = re.compile(rb"<[A-Za-z]")  # every element the parser builds starts so (implied ones aside)
_URL_NOISE = re.compile(r"[\t\n\r]")  # WHATWG URL: tabs and newlines inside a URL are removed
_SUBTREE_SIZE = etree.XPath("count(descendant-or-self::*)")  # counted in C, no node list is built
_PARSER = etree.HTMLParser(
    encoding="utf-8", recover=True, no_network=True, remove_comments=True, remove_pis=True, remove_blank_text=False
)

Value = str | tuple[str, ...] | None  # a field's value: text, a list (all), or None when nothing matched


@dataclass(slots=True)
class Cuts:
    """How many times the limits cut a page's output; summed over a run for the summary."""

    pages_cut: int = 0  # pages parsed only in part: MAX_PAGE_ELEMENTS, MAX_PAGE_BYTES, libxml2's depth of 256
    records_dropped: int = 0  # container matches past MAX_RECORDS_PER_PAGE
    items_dropped: int = 0  # list items past MAX_ITEMS_PER_FIELD
    values_cut: int = 0  # values cut at MAX_VALUE_CHARS or by MAX_TEXT_STEPS_PER_PAGE

    def add(self, other: Cuts) -> None:
        self.pages_cut += other.pages_cut
        self.records_dropped += other.records_dropped
        self.items_dropped += other.items_dropped
        self.values_cut += other.values_cut

    def any(self) -> bool:
        return bool(self.pages_cut or self.records_dropped or self.items_dropped or self.values_cut)


@dataclass(slots=True)
class ParsedPage:
    """A page's tree, the base its relative URLs resolve against, and what its parse left out."""

    url: str
    base: str
    root: etree._Element
    cuts: Cuts = field(default_factory=Cuts)
    text_steps_left: int = 0  # element visits left for text (parse_page starts it at MAX_TEXT_STEPS_PER_PAGE)
    # The content of script/style elements, moved out of the tree so that text never includes it,
    # kept here for a field that selects a script or style element itself (JSON-LD, say).
    raw_text: dict[etree._Element, str] = field(default_factory=dict)


def _utf8(body: bytes, charset: str) -> bytes:
    """The body as UTF-8 for the parser (bad bytes become U+FFFD), as links.py feeds it."""
    if charset == "utf-8":
        return body[3:] if body.startswith(codecs.BOM_UTF8) else body
    return body.decode(charset, "replace").encode("utf-8")


def _bounded(body: bytes) -> tuple[bytes, bool]:
    """The body cut before its (MAX_PAGE_ELEMENTS + 1)-th tag and at MAX_PAGE_BYTES; and whether it was cut."""
    cut = len(body) > MAX_PAGE_BYTES
    body = body[:MAX_PAGE_BYTES]
    # bytes.count is a memchr loop: the exact scan below only runs on the rare page that needs it.
    if body.count(b"<") > MAX_PAGE_ELEMENTS:
        beyond = next(itertools.islice(_TAG_START.finditer(body), MAX_PAGE_ELEMENTS, None), None)
        if beyond is not None:
            return body[: beyond.start()], True
    return body, cut


def _base(href: str, url: str) -> str:
    # HTML: only the first <base href> counts, itself resolved against the document's URL.
    try:
        return resolve_link(base=url, href=_URL_NOISE.sub("", href).strip())
    except InvalidURL:
        return url


def parse_page(body: bytes, *, url: str, content_type: str | None, content_type_header: str | None) -> ParsedPage | None:
    """The parsed page fetched from `url` (its final URL), or None when it is not HTML or is empty."""
    if not is_html(content_type, body) or not body.strip():
        return None
    bounded, cut = _bounded(body)
    charset = detect_charset(bounded, content_type_header)
    try:
        root = etree.fromstring(_utf8(bounded, charset), _PARSER)
    except etree.XMLSyntaxError:
        return None
    if root is None:
        return None
    # libxml2 stops reading a document nested deeper than 256 elements (unless "huge" parsing is
    # asked for, which we never do): what came before is kept, the page counts as cut.
    cut = cut or any(e.type == etree.ErrorTypes.ERR_RESOURCE_LIMIT for e in _PARSER.error_log)
    page = ParsedPage(url=url, base=url, root=root, cuts=Cuts(pages_cut=int(cut)), text_steps_left=MAX_TEXT_STEPS_PER_PAGE)
    base_seen = False
    for el in root.iter("base", *_RAW_TEXT):  # one walk of the tree for both
        if el.tag != "base":
            page.raw_text[el] = el.text or ""
            el.text = None
        elif not base_seen and el.get("href") is not None:
            base_seen = True
            page.base = _base(el.get("href", ""), url)
    return page


def _fold(text: str) -> str:
    return " ".join(text.split())


def _text(page: ParsedPage, el: etree._Element, cuts: Cuts) -> str:
    """The element's text, whitespace-folded, script/style content excluded, at most MAX_VALUE_CHARS.

    Like the DOM's textContent, except that block elements (p, li, td, br, ...) stand apart by a
    space, as a reader sees them: <li>toy</li><li>soft</li> reads "toy soft", not "toysoft".
    """
    raw = page.raw_text.get(el)
    stopped = False
    if raw is not None:
        text = raw[:_RAW_TEXT_LIMIT]
    elif len(el) == 0:
        text = (el.text or "")[:_RAW_TEXT_LIMIT]  # a leaf, most fields: no walk
    else:
        pieces, size = [], 0
        for event, node in etree.iterwalk(el, events=("start", "end")):
            page.text_steps_left -= 1
            # The walk stops once the value is long enough, or the page has spent its steps.
            if size > _RAW_TEXT_LIMIT or page.text_steps_left < 0:
                stopped = True
                break
            piece = (node.text if event == "start" else (node.tail if node is not el else None)) or ""
            if node.tag in _BLOCK:
                piece = " " + piece  # before a block's text on entering it, before its tail on leaving it
            if piece:
                pieces.append(piece)
                size += len(piece)
        text = "".join(pieces)
    folded = _fold(text)
    if stopped or len(folded) > MAX_VALUE_CHARS or len(text) >= _RAW_TEXT_LIMIT:
        cuts.values_cut += 1
        return folded[:MAX_VALUE_CHARS]
    return folded


def _absolute(raw: str, base: str) -> str:
    """A URL attribute made absolute and canonical like a link; a value that is no http(s) URL stays as written."""
    href = _URL_NOISE.sub("", raw).strip()
    try:
        url = resolve_link(base=base, href=_without_utm(href) if "utm_" in href else href)
    except InvalidURL:
        return href  # mailto:, javascript:, data: and broken URLs are data too; keep them verbatim
    if "utm_" in url:  # spelt so that only canonicalisation shows it (utm%5Fsource): the exact rule
        url = str(strip_tracking(parse_url(url)))
    return url


def _without_utm(href: str) -> str:
    """The href without utm_* query parameters: strip_tracking's rule applied before resolving,
    which spares a second parse of the resolved URL (campaign tags are common on shop links)."""
    head, mark, rest = href.partition("?")
    if not mark:
        return href
    query, hash_mark, fragment = rest.partition("#")
    kept = [piece for piece in query.split("&") if not piece.partition("=")[0].lower().startswith("utm_")]
    return head + ("?" + "&".join(kept) if kept else "") + hash_mark + fragment


def _value(page: ParsedPage, el: etree._Element, rule: FieldRule, cuts: Cuts) -> str | None:
    """One match's value: its text or attribute, then the regex; None when it has none."""
    if rule.attribute is None:
        value = _text(page, el, cuts)
    else:
        got = el.get(rule.attribute)
        if got is None:
            return None
        value = _absolute(got, page.base) if rule.attribute in URL_ATTRIBUTES else got.strip()
        if len(value) > MAX_VALUE_CHARS:
            cuts.values_cut += 1
            value = value[:MAX_VALUE_CHARS]
    if rule.regex is None:
        return value
    found = rule.regex.search(value)
    if found is None:
        return None
    return found.group(1) if rule.regex.groups else found.group(0)


def _field(page: ParsedPage, scope: etree._Element, rule: FieldRule, cuts: Cuts) -> Value:
    """The first match that has a value, or (with `all`) every such match in document order."""
    if not rule.all:
        if rule.selector is None:
            return _value(page, scope, rule, cuts)
        first = rule.selector.first(scope)
        if first is None:
            return None
        value = _value(page, first, rule, cuts)
        if value is not None or (rule.attribute is None and rule.regex is None):
            return value
        # The first match had no value (no such attribute, or the regex missed): look further.
        for el in rule.selector.select(scope)[1:]:
            value = _value(page, el, rule, cuts)
            if value is not None:
                return value
        return None
    matches = [scope] if rule.selector is None else rule.selector.select(scope)
    items: list[str] = []
    for i, el in enumerate(matches):
        value = _value(page, el, rule, cuts)
        if value is None:
            continue
        if len(items) == MAX_ITEMS_PER_FIELD:
            cuts.items_dropped += len(matches) - i  # matches left unread (some might have had no value)
            break
        items.append(value)
    return tuple(items)


def evaluate(page: ParsedPage, rule_set: RuleSet) -> tuple[tuple[Value, ...], ...]:
    """The records `rule_set` makes of `page`: one per page, or one per container match, in document order.

    Limits that cut the output are counted in `page.cuts`.
    """
    if rule_set.container is None:
        return (tuple(_field(page, page.root, f, page.cuts) for f in rule_set.fields),)
    scopes = rule_set.container.select(page.root)
    if len(scopes) > MAX_RECORDS_PER_PAGE:
        page.cuts.records_dropped += len(scopes) - MAX_RECORDS_PER_PAGE
        del scopes[MAX_RECORDS_PER_PAGE:]
    records = []
    searched = 0
    for i, scope in enumerate(scopes):
        searched += int(_SUBTREE_SIZE(scope))
        if searched > MAX_SCOPE_ELEMENTS_PER_PAGE:
            page.cuts.records_dropped += len(scopes) - i
            break
        records.append(tuple(_field(page, scope, f, page.cuts) for f in rule_set.fields))
    return tuple(records)
