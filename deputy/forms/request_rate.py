""""Hammer A with 500 requests a second", "Flood A with 1000 requests per second", "Fetch A 50 times a second": a
rate of requests is a load test, an action no capability does (round 25, ctx25).

The small model reads "a second"/"per minute" as a time the action depends on, so the reader refused such a
prompt as conditional (or as two things at once). The rate names the real problem: the request wants many
requests in a short time, which a polite downloader never sends. Only the kind of a refusal changes, and only
for a request that acts (deputy.decide checks the mood and the verb): a number, then a noun of requests
(`words.load_nouns`: "requests", "hits", "times"), then "a"/"an"/"per"/"each"/"every" and a short unit
(`words.load_units`: "second", "minute"). "Fetch A twice a day" or "every morning" are no such rate and stay
conditions. A negation before it is still named first.
"""

from __future__ import annotations

from collections.abc import Collection

from deputy.skeleton import Skeleton, TokenRow

__all__ = ["request_rate"]

_PER = frozenset({"a", "an", "per", "each", "every"})
# "500", "1,000", "five hundred": a number the parse tags so, right before the noun (or one word before it:
# "500 more requests", "1000 concurrent requests").
_NUMBER_GAP = 2


def _number(row: TokenRow) -> bool:
    return row.upos == "NUM" or row.form.replace(",", "").isdigit()


def request_rate(sk: Skeleton, nouns: Collection[str], units: Collection[str]) -> str | None:
    """The rate a request asks its requests to be sent at ("500 requests a second"), or None."""
    rows = sk.tokens
    for i, row in enumerate(rows):
        if row.form.lower() not in nouns:
            continue
        counted = [r for r in rows[max(0, i - _NUMBER_GAP):i] if _number(r)]
        after = rows[i + 1:i + 3]
        if counted and len(after) == 2 and after[0].form.lower() in _PER and after[1].lemma.lower() in units:
            return f"{counted[0].form} {row.form} {after[0].form} {after[1].form}"
    return None
