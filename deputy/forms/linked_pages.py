""""Fetch every page linked from A", "Download all the pages that A links to", "Fetch A and every page it links
to": every page another page links to is a crawl that follows links, which no capability does (round 25, ctx25).

deputy.forms.whole_site reads "every page of A" as a whole site, but leaves a noun with a clause on it ("every
page it lists" names particular pages). When that clause's verb is one of linking (`words.linking_clauses`:
"link"), the pages are those the links lead to: the request walks a site's links. Only the kind of a refusal
changes (deputy.decide renames a not-understood refusal, or one for the address the clause holds, as an
unsupported action); a plan is never made or unmade here. Over the parse rows: a quantifier of
`site_quantifiers` as the determiner of a noun of `site_parts`, a relcl/acl on that noun whose lemma links, and
a URL in the same sentence; or the noun as the subject of a past participle that links (the small model's
reading of "every page linked from A").
"""

from __future__ import annotations

from collections.abc import Collection

from deputy.forms.whole_site import names_a_url
from deputy.skeleton import Skeleton, TokenRow

__all__ = ["linked_pages_word"]

_CLAUSES = frozenset({"relcl", "acl"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def linked_pages_word(sk: Skeleton, quantifiers: Collection[str], parts: Collection[str],
                      linking: Collection[str]) -> str | None:
    """The quantifier by which a request asks for every page some page links to, or None."""
    rows = sk.tokens
    by_id = {r.id: r for r in rows}
    for row in rows:
        if row.form.lower() not in quantifiers or row.deprel not in ("det", "predet"):
            continue
        head = by_id.get(row.head)
        if head is None or head.form.lower() not in parts:
            continue
        if _linked(head, rows, by_id, linking) and names_a_url(row, rows):
            return row.form.lower()
    return None


def _linked(noun: TokenRow, rows: tuple[TokenRow, ...], by_id: dict[int, TokenRow], linking: Collection[str]) -> bool:
    """Whether a linking clause hangs on the noun ("every page that A links to"), or the small model made the
    noun the subject of the participle ("Download every page linked from A": page ← nsubj ← linked)."""
    if any(r.head == noun.id and r.deprel in _CLAUSES and r.lemma.lower() in linking for r in rows):
        return True
    verb = by_id.get(noun.head)
    return noun.deprel in _SUBJECTS and verb is not None and verb.xpos == "VBN" and verb.lemma.lower() in linking
