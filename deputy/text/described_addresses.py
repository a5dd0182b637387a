"""A second address joined to the first with a description of it before it (round 28, ops28): "Queue A, then the
Cambridge equivalent at B, and also C", "Fetch A — and the same page on the US site, B, too", "Get A and the one
after it in the menu, B". The description ("the Cambridge equivalent at", "the one after it in the menu,") only
says what B is; the model hangs B from it, and the reader saw addresses playing different parts. Dropped, the
request reads as written without it ("Queue A, then B, and also C").

Only when: an address comes before, a joining word ("and", "then", "plus", "as well as", maybe "also") opens the
gap, the description is "the"/"its"/"their" and at most eight plain words, and it reaches the address by "at",
"on" or a comma alone. Never a description that negates, conditions or excepts ("not", "except", "if"), names
another resource than the page ("the robots.txt at B", "the sitemap on B", deputy words `resource_nouns`), many
pages ("the pages on B", `site_parts`), an item picked out of B ("the latest post at B"), or holds a participle
or a gerund ("the page linked on B", "the one pointing at B" name another page than B), or a relative clause
("the guide that goes with it at B" is left to the parse's reading). Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from deputy.protect import ItemKind, protect

__all__ = ["described_addresses"]

_GAP = re.compile(
    r"(?P<join>[ \t]*(?:,[ \t]*)?(?:(?:[—–]|--|-)[ \t]*)?(?:and|then|plus|as[ \t]+well[ \t]+as)(?:[ \t]+also)?[ \t]+)"
    r"(?P<described>(?:the|its|their)(?:[ \t]+[A-Za-z][A-Za-z'’-]*){1,8}?)"
    r"(?P<link>[ \t]+(?:at|on)[ \t]+|[ \t]*,[ \t]*)\Z",
    re.IGNORECASE,
)
# Words that take the description out of plain naming: a negation, a condition, an exception, many pages.
_NOT_PLAIN = frozenset({
    "not", "no", "never", "except", "but", "without", "if", "unless", "instead", "rather", "all", "every", "each",
    "everything", "rest", "others", "ones", "any", "articles", "posts", "sections", "rules", "policy",
    # An item picked out of what B holds ("the latest post at B" is a post in the feed B, not B): ordinals,
    # superlatives (below) and the nouns of items a page lists.
    "first", "last", "top", "recent", "post", "article", "story", "item", "entry", "episode", "comment", "thread",
    "headline", "file", "document", "issue", "message", "video", "feed",
    # A relative clause says what B does, with a verb this pass cannot judge ("the page that mentions it at B");
    # the parse's own reading of companion clauses ("the guide that goes with it at B") decides those.
    "that", "which", "who", "whose", "where", "what",
})


def _plain(described: str, *, other_nouns: Collection[str]) -> bool:
    """Whether the description only names one page: none of the words above, no participle nor gerund."""
    for word in described.lower().split():
        word = word.strip("'’-")
        if word in _NOT_PLAIN or word in other_nouns or word.endswith(("ing", "ed", "n't", "est")):
            return False
    return True


def described_addresses(text: str, *, resource_nouns: Collection[str], site_parts: Collection[str]) -> str:
    """The text without a description standing between a joining word and the address it describes (see the
    module); the text as written otherwise."""
    addresses = [item for item in protect(text).items if item.kind is ItemKind.ADDRESS]
    other_nouns = {noun.lower() for noun in (*resource_nouns, *site_parts) if noun.lower() not in ("page", "link")}
    cuts: list[tuple[int, int]] = []
    for before, after in zip(addresses, addresses[1:]):
        gap = text[before.end:after.start]
        match = _GAP.search(gap)
        if match is None or match.start() != 0 or not _plain(match.group("described"), other_nouns=other_nouns):
            continue
        cuts.append((before.end + match.start("described"), after.start))
    for start, end in reversed(cuts):
        text = text[:start] + text[end:]
    return text
