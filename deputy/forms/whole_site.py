"""A request for a whole site, however it is worded (round 20): "Crawl the whole of A and store every
page", "Download all of A", "Fetch every page of A", "Grab A plus every linked page".

The reader has no capability that walks a site, so such a request is refused either way; this form only
decides how the refusal is named. A request the reader already refused as not understood (two verbs, a
word it cannot place) is named as an unsupported action when its acting verb reaches for a whole site.
It never turns a refusal into an act or an act into a refusal, and the stronger reasons (a negation, a
condition, an address no checker accepts) are decided before it and keep their own kind.

The shapes, read over the parse:
- a site-scope word anywhere in the request: "the whole of A", "the entire A", "A recursively";
- a quantifier with a preposition whose object is an address: "all of A";
- a quantifier on a noun that stands for pages, with no clause picking some of them ("every page it
  lists" names particular pages): "every page of A", "every linked page", "all pages on A".
The quantifier shapes count only when the request names its site by URL (see `names_a_url`).
"""

from __future__ import annotations

from deputy.skeleton import Skeleton, TokenRow

__all__ = ["names_a_url", "whole_site_word"]

# Prepositions that tie a quantifier to the site it ranges over: "all of A", "all on A", "all from A".
_OVER = frozenset({"of", "on", "from", "at", "under", "in"})


def whole_site_word(sk: Skeleton, scopes: frozenset[str], quantifiers: frozenset[str],
                    parts: frozenset[str]) -> str | None:
    """The word by which an acting request asks for a whole site, or None."""
    rows = sk.tokens
    for row in rows:
        word = row.form.lower()
        if word in scopes or row.lemma.lower() in scopes:
            return word
        if word in quantifiers and names_a_url(row, rows) and (
                _over_an_address(row, rows) or _on_pages(row, rows, parts) or _on_an_address(row, rows)):
            return word
    return None


def names_a_url(row: TokenRow, rows: tuple[TokenRow, ...]) -> bool:
    """The quantifiers read a site only when their own sentence names it by URL. A bare host ("Fetch all
    pages of a.example") stays the word the reader cannot place, as the corpus has it since the first
    rounds, and a URL in another sentence ("grab every page the alert points at.\ndownload A") is not
    the site the quantifier ranges over."""
    by_id = {r.id: r for r in rows}
    own = _root(row, by_id)
    return any(r.misc == "address" and "://" in r.form and _root(r, by_id) == own for r in rows)


def _root(row: TokenRow, by_id: dict[int, TokenRow]) -> int:
    """The id of the root of the sentence a row belongs to (the parse has one tree per sentence)."""
    seen: set[int] = set()
    while row.head != 0 and row.head in by_id and row.id not in seen:
        seen.add(row.id)
        row = by_id[row.head]
    return row.id


def _over_an_address(row: TokenRow, rows: tuple[TokenRow, ...]) -> bool:
    """"all of A": the quantifier heads a preposition whose object is an address."""
    preps = {r.id for r in rows if r.head == row.id and r.deprel == "prep" and r.form.lower() in _OVER}
    return any(r.head in preps and r.misc == "address" for r in rows)


def _on_an_address(row: TokenRow, rows: tuple[TokenRow, ...]) -> bool:
    """"crawl all A" (round 24, safety24): the quantifier stands right on the address itself."""
    return row.deprel in ("det", "predet") and any(r.id == row.head and r.misc == "address" for r in rows)


def _on_pages(row: TokenRow, rows: tuple[TokenRow, ...], parts: frozenset[str]) -> bool:
    """"every page", "all pages", "every linked page": the quantifier is the determiner of a noun for pages."""
    if row.deprel not in ("det", "predet", "amod", "nmod"):
        return False
    head = next((r for r in rows if r.id == row.head), None)
    if head is None or head.form.lower() not in parts:
        return False
    # "every page it lists", "every page the alert points at": a clause on the noun picks particular pages.
    if any(r.head == head.id and r.deprel in ("relcl", "acl") for r in rows):
        return False
    # "all pages: A, B" names its pages: an address hung on the noun itself (not through "of"/"on") lists them.
    return not any(r.head == head.id and r.misc == "address" for r in rows)
