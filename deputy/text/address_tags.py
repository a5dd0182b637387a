"""An address wrapped in an XML-ish or HTML tag (round 23): "<url>A</url> fetch please", "Is <link>A</link>
allowed?", "Download <a href="A">this paper</a> for me.".

The tag only marks the address; it asks nothing. A tag pair whose name is one of `words.address_tags` and
whose body is one address and nothing else is put as that address. An HTML anchor is put as its address
when its text is a few words holding no address and no word that refuses (a negation, a condition): the
text only names the page the address is ("this paper"). Anything else is left as written (a tag of another
name, a body holding words, an anchor whose text says "not"), and read as such. The rest of the prompt is
read with every check, so a private address or a negation around the tag still refuses. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

__all__ = ["untagged_addresses"]

_ANCHOR = re.compile(
    r"<a\s+href\s*=\s*(?P<q>[\"'])(?P<href>[^\"'<>\s]+)(?P=q)\s*>(?P<text>[^<>]*)</a\s*>", re.IGNORECASE
)
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_ANCHOR_WORDS = 6  # an anchor's text longer than this is more than a name for the page


@cache
def _pair(tags: frozenset[str]) -> re.Pattern[str]:
    names = "|".join(re.escape(t) for t in sorted(tags, key=len, reverse=True))
    return re.compile(rf"<(?P<tag>{names})>\s*(?P<body>[^<>\s]+)\s*</(?P=tag)\s*>", re.IGNORECASE)


def _spaced(text: str, start: int, end: int, value: str) -> str:
    """The text with [start:end] put as `value`, a space kept on each side where a word touches it."""
    before = " " if start and not text[start - 1].isspace() else ""
    after = " " if end < len(text) and text[end].isalnum() else ""
    return text[:start] + before + value + after + text[end:]


def _plain_anchor_text(text: str, refusing: frozenset[str], is_address: Callable[[str], bool]) -> bool:
    """Whether an anchor's text only names the page: a few words, none of them refusing or an address."""
    words = _WORD.findall(text)
    if len(words) > _ANCHOR_WORDS or any(w.lower() in refusing or "n't" in w.lower() for w in words):
        return False
    return not any(is_address(piece) for piece in text.split())


def untagged_addresses(text: str, *, tags: frozenset[str], refusing: frozenset[str],
                       is_address: Callable[[str], bool]) -> str:
    """The text with each address tag and plain anchor put as its address; the text as written otherwise."""
    if "<" not in text or not tags:
        return text
    written = text
    pattern = _pair(tags)
    found = pattern.search(text)
    while found is not None:
        if not is_address(found.group("body")):
            return written  # a tag holding anything but one address: the prompt is read as written
        text = _spaced(text, found.start(), found.end(), found.group("body"))
        found = pattern.search(text)
    anchor = _ANCHOR.search(text)
    while anchor is not None:
        href = anchor.group("href")
        if not is_address(href) or not _plain_anchor_text(anchor.group("text"), refusing, is_address):
            return written
        text = _spaced(text, anchor.start(), anchor.end(), href)
        anchor = _ANCHOR.search(text)
    return text
