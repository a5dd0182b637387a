"""A count of stored pages put with a participle, asked as the count the reader knows (round 27, lead).

"Count the pages stored from H.", "Count the pages you saved for H.", "Pages stored for H?" ask how many
pages the store holds from one site; the parse hangs H from the participle ("stored"), a clause the reader
keeps out of the request, so the host was dropped (a count of the whole store) or refused as outside the
request. The whole prompt is put as "How many pages from H?", which the stats forms read; a site the reader
cannot place ("docs.rs") is then refused by name as before, never dropped.

Only a whole prompt of exactly this shape, ending at the site, is rewritten, and only into a question: a
question about the store never acts. An address stands as one opaque mark (`Protected.joined`).
"""

from __future__ import annotations

import re

from deputy.protect import ITEM_MARK, Protected

__all__ = ["stored_count"]

# The participles (or "you have") by which a writer says which pages: the store's own verbs only.
_STORED = r"(?:stored|saved|fetched|downloaded|kept|archived|crawled|collected|grabbed)"
_SITE = rf"(?P<site>{ITEM_MARK}|[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)"
_COUNT = re.compile(
    r"\A\s*(?:(?:please|pls|plz)\s+)?(?:count|tally)\s+(?:up\s+)?(?:all\s+)?(?:the\s+)?pages\s+"
    rf"(?:(?:you|we)\s+(?:have\s+|'ve\s+)?)?{_STORED}\s+(?:from|for|on)\s+{_SITE}"
    r"(?:\s*,?\s*(?:please|pls|plz))?\s*[.!]?\s*\Z",
    re.IGNORECASE,
)
_FRAGMENT = re.compile(
    rf"\A\s*(?:total\s+)?(?:number\s+of\s+)?pages\s+{_STORED}\s+(?:from|for|on)\s+{_SITE}\s*\?\s*\Z",
    re.IGNORECASE,
)


def stored_count(protected: Protected) -> tuple[Protected, tuple[str, ...]]:
    """The prompt put as "How many pages from H?" when it is a count of stored pages with a participle."""
    joined = protected.joined()
    match = _COUNT.match(joined) or _FRAGMENT.match(joined)
    if match is None or not _bare_host(protected, joined, match.start("site")):
        return protected, ()
    asked = f"How many pages from {match.group('site')}?"
    return protected.rewritten(asked, ("count the pages stored from H → How many pages from H?",))


def _bare_host(protected: Protected, joined: str, at: int) -> bool:
    """The site is a host alone: a dotted word, or an address mark whose address has no scheme and no path
    (a page address asks about that page, which the reader already answers as written)."""
    if joined[at] != ITEM_MARK:
        return True
    item = protected.items[joined.count(ITEM_MARK, 0, at)]
    return not item.has_scheme and "/" not in item.text
