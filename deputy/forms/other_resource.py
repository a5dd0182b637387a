"""What an acting request asks for beside the page its address names (round 24, safety24).

Two shapes make a plan that fetches the address wrong, and both are read over the parse of a request the
reader would otherwise act on:

- another resource of the address: "download the robots.txt of A", "fetch the favicon of A", "grab the
  images of A", "retrieve the robots rules for A". The object of the acting verb is a noun for something
  else than the page (a word of `resource_nouns`, itself or as a compound: "robots file"), tied to the
  address by "of"/"for"/"from"/"on"/…; fetching A is not what was asked. "The text/HTML/copy of A" and
  "the PDF at A" are A itself and never match; nor does an address that is the resource itself ("the
  robots.txt at https://h/robots.txt": its path names the noun).
- a whole site by an adverb: "crawl entirely A", "download A completely", "scrape A thoroughly",
  "download A in full / in its entirety". The adverb (a word of `site_adverbs`) hangs on the acting verb
  or on its address; in a context clause ("I'm fully done; fetch A") it does not.

- an amount of the site instead of the page (round 25, lead): "fetch how many pages you can from A",
  "fetch what you can from A", "fetch how many from H?". The acting verb's object (or the object of a
  "can"/"could" under it) is "what"/"whatever"/"everything"/"anything" or a "how/as many/much" phrase,
  and an address sits beside it; fetching the one page is not what was asked.

All three only ever turn a plan into a refusal; they never make the reader act.
"""

from __future__ import annotations

from deputy.skeleton import Skeleton, TokenRow

__all__ = ["asked_amount", "other_resource", "scope_adverb"]

# Prepositions that tie a resource to the address it belongs to: "of A", "for A", "from A", "on A".
# "at A" is left out: "the PDF at A", "the robots.txt at A/robots.txt" name A itself.
_BELONGS = frozenset({"of", "for", "from", "on", "in", "off", "within", "inside", "under"})
# How a resource noun hangs from the acting verb: its object, or one joined to it or set beside it.
_OBJECTS = frozenset({"dobj", "conj", "appos", "pobj"})


def other_resource(sk: Skeleton, acting: frozenset[str], nouns: frozenset[str]) -> str | None:
    """"the favicon of", when the request's acting verb takes another resource of its address; else None."""
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.misc == "address" or not _is_resource(row, sk.tokens, nouns):
            continue
        if not _under_acting_verb(row, rows, acting):
            continue
        # The model hangs "of A" from the noun, and "for A"/"from A" often from the verb beside its object
        # ("retrieve the robots rules | for A").
        holders = {row.id, row.head} if row.deprel == "dobj" else {row.id}
        for prep in (r for r in sk.tokens if r.head in holders and r.deprel == "prep" and r.form.lower() in _BELONGS):
            addresses = [r for r in sk.tokens if r.head == prep.id and r.misc == "address"]
            if any(not _names_itself(a.form, row) for a in addresses):
                return f"the {_phrase(row, sk.tokens)} {prep.form.lower()}"
    return None


def _phrase(row: TokenRow, rows: tuple[TokenRow, ...]) -> str:
    """The noun with its compounds, as written: "robots.txt file", "RSS feed"."""
    words = [r for r in rows if r.head == row.id and r.deprel == "compound"] + [row]
    return " ".join(r.form for r in sorted(words, key=lambda r: r.id))


def _is_resource(row: TokenRow, rows: tuple[TokenRow, ...], nouns: frozenset[str]) -> bool:
    """The noun, or a compound on it ("the robots file", "the RSS feed"), names another resource."""
    if row.upos not in ("NOUN", "PROPN", "X"):
        return False
    words = [row] + [r for r in rows if r.head == row.id and r.deprel == "compound"]
    return any(w.form.lower() in nouns or w.lemma.lower() in nouns for w in words)


def _under_acting_verb(row: TokenRow, rows: dict[int, TokenRow], acting: frozenset[str]) -> bool:
    """The noun is what an acting verb takes: its object, or joined to its object ("A's logo and images")."""
    seen: set[int] = set()
    while row.deprel in _OBJECTS and row.head in rows and row.id not in seen:
        seen.add(row.id)
        head = rows[row.head]
        if row.deprel == "dobj":
            return head.lemma.lower() in acting or head.form.lower() in acting
        if row.deprel == "pobj":
            return False
        row = head
    return False


# Endings of a path that name a page, not a file of another kind ("msg00001.html" is a page whose
# attachments are other addresses; "logo.png" is the logo itself).
_PAGE_ENDINGS = frozenset({"html", "htm", "xhtml", "php", "asp", "aspx", "jsp", "shtml", "cfm"})


def _names_itself(address: str, noun: TokenRow) -> bool:
    """The address is the resource itself when its path names the noun ("robots" in /robots.txt,
    "sitemap" in /sitemap.xml, "favicon" in /favicon.ico) or names a file that is no page ("the image
    from https://h/cat.jpg"): then fetching it is what was asked."""
    path = address.split("://", 1)[-1].partition("/")[2].split("?")[0].split("#")[0].lower()
    stem = noun.lemma.lower().split(".")[0]
    if path and stem and stem in path:
        return True
    last = path.rstrip("/").rsplit("/", 1)[-1]
    ending = last.rsplit(".", 1)[1] if "." in last else ""
    return bool(ending) and ending not in _PAGE_ENDINGS


def scope_adverb(sk: Skeleton, acting: frozenset[str], adverbs: frozenset[str]) -> str | None:
    """The adverb by which an acting request reaches for a whole site ("entirely", "in full"), or None."""
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        word = row.form.lower()
        if word not in adverbs:
            continue
        if row.deprel == "advmod" and _on_action(rows.get(row.head), acting):
            return word
        # "in full", "in its entirety": the object of an "in" on the verb or the address.
        prep = rows.get(row.head)
        if row.deprel in ("pobj", "amod") and prep is not None and prep.form.lower() == "in" and _on_action(rows.get(prep.head), acting):
            return f"in {word}" if word == "full" else word
    return None


def _on_action(row: TokenRow | None, acting: frozenset[str]) -> bool:
    """The row is an acting verb or an address (the thing it acts on)."""
    if row is None:
        return False
    return row.misc == "address" or (row.upos in ("VERB", "AUX") and row.lemma.lower() in acting)


# Objects that stand for an amount of whatever an address holds, not for its page.
_AMOUNT_PRONOUNS = frozenset({"what", "whatever", "everything", "anything"})
_AMOUNTS = frozenset({"many", "much"})
_AMOUNT_LEADS = frozenset({"how", "as", "so"})
# Modals under the acting verb whose object is the acting verb's own: "fetch what you can (fetch)".
_ELLIPTIC_MODALS = frozenset({"can", "could", "will", "would", "may", "might"})


def asked_amount(sk: Skeleton, acting: frozenset[str]) -> str | None:
    """"how many pages you can", when an acting request asks for an amount of what its address holds; else None."""
    if not any(row.misc == "address" for row in sk.tokens):
        return None
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.misc == "address" or row.deprel not in ("dobj", "advmod"):
            continue
        verb = _acting_taker(row, rows, acting)
        # The amount is asked of an address under the same verb: "capture what users get back. fetch A"
        # asks the amount of nothing the request names.
        if verb is None or not any(r.misc == "address" and _under(r, verb, rows) for r in sk.tokens):
            continue
        below = [r for r in sk.tokens if r.head == row.id and r.deprel in ("amod", "advmod", "det")]
        below += [r for r in sk.tokens if r.head in {b.id for b in below} and r.deprel == "advmod"]
        words = {r.form.lower() for r in [row, *below]}
        pronoun = row.deprel == "dobj" and row.form.lower() in _AMOUNT_PRONOUNS
        # "how many pages", "as much": an amount; a bare "much" on the verb ("thanks so much") needs its lead.
        if pronoun or (words & _AMOUNTS and words & _AMOUNT_LEADS):
            return " ".join(r.form for r in sorted([row, *below], key=lambda r: r.id)).lower()
    return None


def _acting_taker(row: TokenRow, rows: dict[int, TokenRow], acting: frozenset[str]) -> TokenRow | None:
    """The acting verb whose object the row is, itself or through a modal standing for it ("fetch what you
    can"); None when no acting verb takes it."""
    head = rows.get(row.head)
    if head is None or head.id == row.id:
        return None
    if head.lemma.lower() in acting or head.form.lower() in acting:
        return head
    above = rows.get(head.head)
    if (head.form.lower() in _ELLIPTIC_MODALS and head.deprel in ("ccomp", "xcomp", "advcl") and above is not None
            and (above.lemma.lower() in acting or above.form.lower() in acting)):
        return above
    return None


def _under(row: TokenRow, verb: TokenRow, rows: dict[int, TokenRow]) -> bool:
    """Whether the row hangs, through its heads, from the verb."""
    seen: set[int] = set()
    while row.id not in seen:
        seen.add(row.id)
        if row.head == verb.id:
            return True
        head = rows.get(row.head)
        if head is None:
            return False
        row = head
    return False
