"""A second object joined to an address and named by an address of its own: "Download A plus the
reviews page B", "Download both A and its what's-new page at B", "Grab the article at A and the guide
that goes with it at B".

Pure over a spaCy Doc (real or built by hand); knows no capability. The small model hangs such a noun
anywhere (a conjunct of the verb, an adverbial noun, a conjunct of A with the place hung from the verb,
a relative clause holding the place), so the words in order decide, and only these: an address, "and"
or "plus", the noun's own modifiers, one singular noun, and its address right after it, after "at" or
"on", or after a clause that only says the noun goes with the first ("that goes with it",
`words.companion_verbs`). "The page that links to B", "the pages at B", "the latest post at B", "the
images from B" and a negated or counted noun are not read so (B is not the thing asked for).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["joined_objects"]

_COORDINATORS = frozenset({"and", "plus", "&", "+"})
_PLACES = frozenset({"at", "on"})
# Words before the noun that only say which one: articles, possessives, adjectives, nouns used as
# modifiers ("the reviews page", "its what's-new page"). No number, no "all"/"every"/"no".
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "its", "their", "his", "her", "our", "my", "your"})
_MODIFIER_TAGS = frozenset({"JJ", "NN", "NNS", "NNP", "NNPS", "HYPH", "POS"})
# Adjectives that pick one item out of a page ("the latest post at B" is on B, not B itself).
_PICKS = frozenset({
    "latest", "newest", "recent", "last", "top", "oldest", "best", "most", "other", "another", "next",
    "previous", "first", "second", "third", "random", "older", "newer", "linked", "embedded",
})
# Nouns that stand for more than the page at B ("the rest at B"), or that another rule reads ("the one at B").
_NOT_ONE_PAGE = frozenset({"rest", "remainder", "others", "lot", "bunch", "one", "ones", "everything"})
_BACK = frozenset({"it", "this", "that", "them", "these", "those"})
# What may stand after the address: the end, punctuation or a word that closes a list.
_AFTER = frozenset({"too", "also", "as", "well", "please", "thanks", "and", "plus", "both"})


def _text(tok: Any) -> str:
    return str(tok.text).lower()


def joined_objects(doc: Any, items: Mapping[int, Any], companions: frozenset[str]) -> frozenset[int]:
    """The indices of the addresses that name such a joined object (the binder then takes them as
    objects of the action, like the address they are joined to)."""
    found = set()
    for index in items:
        if _names_joined(doc, index, items, companions):
            found.add(index)
    return frozenset(found)


def _names_joined(doc: Any, index: int, items: Mapping[int, Any], companions: frozenset[str]) -> bool:
    if not _closes(doc, index, items):
        return False
    noun = _noun_before(doc, index, companions)
    if noun is None or doc[noun].i in items or doc[noun].tag_ not in ("NN", "NNP") or doc[noun].pos_ not in ("NOUN", "PROPN"):
        return False
    if _text(doc[noun]) in _NOT_ONE_PAGE:
        return False
    start = noun
    while start - 1 >= 0 and _modifies(doc[start - 1]):
        start -= 1
    coordinator = start - 1
    if coordinator < 1 or _text(doc[coordinator]) not in _COORDINATORS:
        return False
    first = coordinator - 1
    if doc[first].text == ",":
        first -= 1
    return first >= 0 and first in items


def _closes(doc: Any, index: int, items: Mapping[int, Any]) -> bool:
    """The address ends its phrase: the end, punctuation, another address or a word that closes a list."""
    after = index + 1
    return after >= len(doc) or after in items or doc[after].is_punct or _text(doc[after]) in _AFTER


def _noun_before(doc: Any, index: int, companions: frozenset[str]) -> int | None:
    """The noun the address names: right before it, before "at"/"on", or before a companion clause."""
    before = index - 1
    if before < 0:
        return None
    if _text(doc[before]) not in _PLACES:
        return before  # "the reviews page B"
    place = before - 1
    if place < 0:
        return None
    if doc[place].pos_ in ("NOUN", "PROPN"):
        return place  # "its what's-new page at B"
    return _companion_head(doc, place, companions)


def _companion_head(doc: Any, last: int, companions: frozenset[str]) -> int | None:
    """"the guide that goes with it at B": the noun before a relative clause that only says the noun
    goes with the first object. `last` is the clause's last word (a word pointing back)."""
    if _text(doc[last]) not in _BACK:
        return None
    words = [last]
    at = last - 1
    while at >= 0 and _text(doc[at]) in ("with", "to", "along"):
        words.append(at)
        at -= 1
    verb = at
    if verb < 1 or str(doc[verb].lemma_).lower() not in companions or doc[verb].tag_ not in ("VBZ", "VBP"):
        return None
    if len(words) == 1 and str(doc[verb].lemma_).lower() != "accompany":
        return None  # "that goes it": only "accompany" takes the first object without a preposition
    relative = verb - 1
    if _text(doc[relative]) not in ("that", "which") or doc[verb].dep_ != "relcl":
        return None
    noun = relative - 1
    return noun if noun >= 0 and doc[verb].head.i == noun else None


def _modifies(tok: Any) -> bool:
    """A word before the noun that only says which one ("the", "its", "what's-new", "reviews")."""
    word = _text(tok)
    if word in _PICKS:
        return False
    if word in _DETERMINERS:
        return True
    if word in ("what's", "'s"):
        return True  # "its what's-new page": the small model splits a hyphenated modifier
    return tok.tag_ in _MODIFIER_TAGS and tok.pos_ != "VERB"
