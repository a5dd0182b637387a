"""A need for a capability's product is a request for it: "Need a fresh copy of A" asks what "I need you
to fetch A" asks, when the vocabulary says a copy is what fetching makes.

Reads the one parse the skeleton was built from; knows no capability (the product nouns and the verb
they stand for come from the vocabulary) and never rewrites the prompt.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

from deputy.skeleton import Modality, Mood, Skeleton, TokenRow
from deputy.vocab import ReaderWords, Vocab

__all__ = ["needed_product", "product_verbs", "renewed_product"]

# Who may need the product: the writer ("I need", "we'd like") or no one named, as notes drop the "I".
# Anyone else's need ("The customer needs a copy of A") leaves open whether I am to act.
_WRITERS = frozenset({None, "i", "we"})
# A wish of the speaker's may be stated plainly only with these; "like", "love", "wish" ask for
# something only under "would" ("I'd like a copy of A"; "We like fresh copies of A" states a taste).
_PLAIN_WISHES = frozenset({"need", "want", "require"})
# What may stand before the product noun besides its modifiers: the indefinite article (or none, "copies of").
_ARTICLES = frozenset({"a", "an"})
# How the address may hang beside the noun the product is of: "a snapshot of the press release at A".
_LOCATING = frozenset({"at", "on"})
# Determiners of the noun the product is of: a thing named, never someone's ("our stored version").
_NAMING = frozenset({"the", "this", "that"})
# Whose product may be renewed: the writer's or the deputy's own ("refresh our cached copy of A").
_OWNERS = frozenset({"our", "my", "your"})
# Parts of speech that would make the words around the address a second clause ("A emailed to Bob").
_CLAUSAL = frozenset({"VERB", "AUX"})


def product_verbs(vocab: Vocab) -> Mapping[str, str]:
    """Each product noun of the vocabulary and the predicate a need for it stands for."""
    return {
        noun: cap.product_verb
        for cap in vocab.capabilities if cap.product_verb is not None
        for noun in cap.products
    }


def needed_product(
    sk: Skeleton, products: Mapping[str, str], words: ReaderWords, answers: frozenset[str] = frozenset()
) -> Skeleton:
    """The skeleton read as a request for the product's capability, or `sk` unchanged.

    Only where the writer's own plain statement of need (no negation, no condition, no question) has a
    product noun as its object, with nothing before the noun but "a"/"an" and words of
    `words.product_modifiers`, and every address of the request under that noun's "of" (or at/on the
    noun it is of). `answers` are the words an answering capability listens for ("stored"): a product
    described by one is what I have, not a new one. Every other check of the request still applies to the skeleton returned.
    """
    if not products or sk.predicate not in words.request_governors or sk.subject not in _WRITERS:
        return sk
    if sk.mood not in (Mood.STATEMENT, Mood.IMPERATIVE) or sk.negation or sk.conditions:
        return sk
    addresses = [s.index + 1 for s in sk.slots if s.kind == "address" and s.in_scope]
    if not addresses:
        return sk
    rows = {row.id: row for row in sk.tokens}
    for wish in rows.values():
        if wish.lemma != sk.predicate or not _plain_or_wished(wish, rows, words):
            continue
        verb = _product_of(wish, rows, products, words, addresses, answers)
        if verb is not None:
            return replace(
                sk, predicate=verb, mood=Mood.REQUEST, modality=Modality.REQUEST, governors=(wish.lemma,),
                rewrites=sk.rewrites + (f"{wish.form} a … of → {wish.form} you to {verb} …",),
            )
    return sk


def renewed_product(
    sk: Skeleton, products: Mapping[str, str], words: ReaderWords, answers: frozenset[str] = frozenset()
) -> Skeleton:
    """"Refresh our cached copy of A" read as a request for the product's capability, or `sk` unchanged.

    A verb of `words.renewing_verbs` asked for (imperative or request; no negation, no condition) whose
    object is a product noun: the product may be ours and be where it is kept ("our cached copy": an
    adjective from `words.places`), since renewing it is to make it again. Every address of the request
    is under the noun's "of" (or at/on the thing it is of), or is the one a task's "URL:" line gives.
    """
    if not products or sk.predicate not in words.renewing_verbs:
        return sk
    if sk.mood not in (Mood.IMPERATIVE, Mood.REQUEST) or sk.negation or sk.conditions:
        return sk
    slots = [s for s in sk.slots if s.kind == "address" and s.in_scope]
    if not slots:
        return sk
    placed = [s.index + 1 for s in slots if s.role != "list"]
    rows = {row.id: row for row in sk.tokens}
    for renew in rows.values():
        if renew.lemma != sk.predicate or any(r.lemma.lower() in words.negations for r in _children(renew, rows)):
            continue
        verb = _product_of(renew, rows, products, words, placed, answers, renewing=True)
        if verb is not None:
            return replace(sk, predicate=verb, rewrites=sk.rewrites + (f"{renew.form} … copy of → {verb} …",))
    return sk


def _children(row: TokenRow, rows: Mapping[int, TokenRow]) -> Iterator[TokenRow]:
    return (r for r in rows.values() if r.head == row.id)


def _subtree(row: TokenRow, rows: Mapping[int, TokenRow]) -> list[TokenRow]:
    out, todo = [], [row]
    while todo:
        current = todo.pop()
        out.append(current)
        todo.extend(_children(current, rows))
    return out


def _plain_or_wished(wish: TokenRow, rows: Mapping[int, TokenRow], words: ReaderWords) -> bool:
    """"I need", "we want", or "would"/"'d" before any wish ("I'd like"); no negation under it."""
    below = list(_children(wish, rows))
    if any(r.lemma.lower() in words.negations for r in below):
        return False
    modal = any(r.deprel == "aux" and r.form.lower() in ("would", "'d", "’d") for r in below)
    return modal or wish.lemma in _PLAIN_WISHES


def _product_of(
    wish: TokenRow, rows: Mapping[int, TokenRow], products: Mapping[str, str], words: ReaderWords,
    addresses: list[int], answers: frozenset[str], *, renewing: bool = False,
) -> str | None:
    """The verb of the product the wish has as its object, when the noun phrase is plain (see above).

    `renewing`: the product renewed may be the writer's and be described by where it is kept."""
    noun = next((r for r in _children(wish, rows) if r.deprel == "dobj"), None)
    if noun is None or noun.misc:
        return None
    verb = products.get(noun.form.lower()) or products.get(noun.lemma.lower())
    if verb is None:
        return None
    of = None
    for child in _children(noun, rows):
        if child.deprel == "det" and child.lemma.lower() in _ARTICLES:
            continue
        if child.deprel in ("amod", "nmod", "compound") and _modifier(child, rows) in words.product_modifiers:
            continue
        if renewing and _kept(child, words):
            continue
        if child.deprel == "prep" and child.lemma.lower() == "of" and of is None:
            of = child
            continue
        if child.deprel == "prep" and child.lemma.lower() in _LOCATING:
            continue  # checked with the addresses below
        if child.deprel == "prep" and child.lemma.lower() == "for" and not any(
            _telling(r, answers) for r in _subtree(child, rows)
        ):
            continue  # whom or what it is for ("a copy of A for the finance team"), a purpose and no action
        return None  # "a printed copy", "our copy", "a copy … emailed to Bob"
    if of is None:
        return None
    within = _subtree(of, rows)
    if any(_telling(r, answers) for r in within if not r.misc):
        return None
    inside = {r.id for r in within}
    named = next((r for r in _children(of, rows) if r.deprel == "pobj" and not r.misc), None)
    for index in addresses:
        if index not in inside and not _located(rows[index], rows, holders={wish.id, noun.id} | _ids(named)):
            return None
    if named is not None and not _plain_thing(named, rows, words):
        return None
    return verb


def _telling(row: TokenRow, answers: frozenset[str]) -> bool:
    """A word that makes the phrase more than a thing named: a verb ("A emailed to Bob"), an owner ("our
    version"), or a word an answering capability listens for ("the stored version": what I have, not a new one)."""
    return row.upos in _CLAUSAL or row.deprel == "poss" or row.lemma.lower() in answers or row.form.lower() in answers


def _kept(child: TokenRow, words: ReaderWords) -> bool:
    """"our", "the", "cached", "stored": whose the renewed product is and where it is kept."""
    if child.deprel == "det":
        return child.lemma.lower() in _NAMING
    if child.deprel == "poss":
        return child.form.lower() in _OWNERS
    return child.deprel in ("amod", "compound") and _place(child, words.places)


def _place(row: TokenRow, places: frozenset[str]) -> bool:
    """A place, or its participle as the tagger may leave it ("cached", "stored", "archived": where it is kept)."""
    form = row.form.lower()
    return any(word in places for word in (form, row.lemma.lower(), form[:-1] if form.endswith("d") else "",
                                           form[:-2] if form.endswith("ed") else ""))


def _ids(row: TokenRow | None) -> set[int]:
    return set() if row is None else {row.id}


def _located(address: TokenRow, rows: Mapping[int, TokenRow], *, holders: set[int]) -> bool:
    """"… of the press release at A": the address is the object of "at"/"on" hung from the wish or the nouns."""
    prep = rows.get(address.head)
    return (address.deprel == "pobj" and prep is not None and prep.lemma.lower() in _LOCATING
            and prep.head in holders)


def _plain_thing(named: TokenRow, rows: Mapping[int, TokenRow], words: ReaderWords) -> bool:
    """The noun the product is of ("the press release") is named, not owned or described ("the cached version")."""
    for child in _children(named, rows):
        if child.misc == "address" or child.deprel in ("compound", "punct"):
            continue
        if child.deprel == "det" and child.lemma.lower() in _NAMING | _ARTICLES:
            continue
        if child.deprel in ("amod", "nmod") and _modifier(child, rows) in words.product_modifiers:
            continue
        if child.deprel == "prep" and child.lemma.lower() in _LOCATING:
            continue
        return False
    return True


def _modifier(row: TokenRow, rows: Mapping[int, TokenRow]) -> str:
    """A modifier's words as written together ("up-to-date" is parsed as "up" with "-", "to", "date" below)."""
    parts = sorted(_subtree(row, rows), key=lambda r: r.id)
    return "".join(r.form for r in parts).lower() if len(parts) > 1 else row.form.lower()
