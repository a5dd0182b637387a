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
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from deputy.protect import ItemKind, protect

__all__ = ["elliptic_count"]

_WORDS = re.compile(r"[^\W\d_][\w'’]*")
# A count: "1,200", "3 400", "850", "12.5k", "2 thousand"; then at most one word, then the noun.
_COUNT = r"(?<![\w.,/:-])\d{{1,3}}(?:[,\u202f\u00a0 ]\d{{3}})*(?:\.\d+)?(?:\s*(?:k|thousand|million))?\s+(?:[^\W\d_]+\s+)?({nouns})\b"


def elliptic_count(request: str, earlier: Iterable[str], fragments: frozenset[str],
                   nouns: frozenset[str]) -> str | None:
    """The plain count question an elliptical last turn asks, or None.

    None unless the request is a question ("?") whose words are a phrase of `fragments` and an earlier
    turn counts a noun of `nouns`; the question then asks how many of that noun there are now."""
    if not request.rstrip().endswith("?") or not nouns:
        return None
    said = " ".join(w.lower().replace("’", "'") for w in _WORDS.findall(request))
    if said not in fragments:
        return None
    noun = _counted(earlier, nouns)
    return None if noun is None else f"How many {noun} do you have now?"


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
