"""An elliptical count question after an earlier turn that reported a count (issue 14, round 23):

    Last time you said you had about 1,200 pages. How many now?
    User: how many pages do you have?\\nAssistant: About 3,400 pages.\\nUser: and today?

The last turn asks "how many" of nothing, or only carries the question to the present ("And now?"); its
noun is the one the earlier turn counted ("1,200 pages"). Read so, it is the plain question "How many
pages do you have now?", which only ever asks for a count: an order in the earlier turn is never carried
over, and the earlier turns' addresses are still held to the request by the caller.

Pure text work over closed lists: the fragment must be a question matched whole (`count_follow_ups`), and
some earlier turn must hold a number right before a noun of `counted_nouns` (one word may stand between:
"850 stored pages"). Knows no capability.

Round 25 (voice25): the fragment may put the count on one address ("Tool output: stored 412 pages.\nUser:
and how many from www.lemonde.fr?"): a preposition and the request's one address, anywhere in it, are set
aside before the fragment is matched, and the plain question asks "from" that address. Its other words are
still matched whole ("and how many did you delete from H?" is no fragment and is read as written).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from deputy.protect import ItemKind, protect

__all__ = ["elliptic_count"]

_WORDS = re.compile(r"[^\W\d_][\w'’]*")
# Round 25 (voice25): the prepositions that put a count question on one host ("how many from H", "… for H",
# "… on H"); a word of the grammar, not of any capability.
_PLACE_BEFORE = re.compile(r"(?<![\w'])(?:from|for|on|at|in|of)[ \t]+\Z", re.IGNORECASE)
# A count: "1,200", "3 400", "850", "12.5k", "2 thousand"; then at most one word, then the noun.
_COUNT = r"(?<![\w.,/:-])\d{{1,3}}(?:[,\u202f\u00a0 ]\d{{3}})*(?:\.\d+)?(?:\s*(?:k|thousand|million))?\s+(?:[^\W\d_]+\s+)?({nouns})\b"


def elliptic_count(request: str, earlier: Iterable[str], fragments: frozenset[str],
                   nouns: frozenset[str]) -> str | None:
    """The plain count question an elliptical last turn asks, or None.

    None unless the request is a question ("?") whose words are a phrase of `fragments` and an earlier
    turn counts a noun of `nouns`; the question then asks how many of that noun there are now."""
    if not request.rstrip().endswith("?") or not nouns:
        return None
    asked, place = _placed(request)
    said = " ".join(w.lower().replace("’", "'") for w in _WORDS.findall(asked))
    if said not in fragments:
        return None
    noun = _counted(earlier, nouns)
    if noun is None:
        return None
    return f"How many {noun} do you have now?" if place is None else f"How many {noun} do you have from {place} now?"


def _placed(request: str) -> tuple[str, str | None]:
    """The request without the one place it asks about, and that place (round 25): "and how many from
    www.lemonde.fr?" asks the count of "and how many" for that host. The place is a preposition of
    `_PLACE_WORDS` and one address, the request's only one; with none, or more, the request as it is."""
    items = [item for item in protect(request).items if item.kind is ItemKind.ADDRESS]
    if len(items) != 1:
        return request, None
    item = items[0]
    before = request[:item.start]
    found = _PLACE_BEFORE.search(before)
    if found is None:
        return request, None
    return before[:found.start()] + " " + request[item.end:], item.text


def _counted(earlier: Iterable[str], nouns: frozenset[str]) -> str | None:
    """The noun the last count of the earlier turns counts, or None. Addresses are passed over, so a
    number inside one ("/2024/100-pages") counts nothing."""
    pattern = re.compile(_COUNT.format(nouns="|".join(re.escape(n) for n in sorted(nouns))), re.IGNORECASE)
    found: str | None = None
    for text in earlier:
        plain = "".join(piece if isinstance(piece, str) else " " for piece in _pieces(text))
        for match in pattern.finditer(plain):
            found = match.group(1).lower()
    return found


def _pieces(text: str) -> list[str | None]:
    """The text in pieces, each address as None. A quotation's words stay: they are an earlier answer too
    ("Previous answer: «I have 640 pages.»")."""
    out: list[str | None] = []
    start = 0
    for item in protect(text).items:
        out.append(text[start:item.start])
        out.append(None if item.kind is ItemKind.ADDRESS else item.text)
        start = item.end
    out.append(text[start:])
    return out
