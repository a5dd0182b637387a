"""A label put as a noun phrase before its one address (round 26, markup26): "Robots check for A.",
"Quick robots check on A please", "Sitemap check for A". The colon form ("Robots check: A") is read by
deputy.text.labelled, which puts it as "<label> of A"; this is the same label joined by a preposition.

The whole prompt must be the label, one of for/on/of/about, and one address (with "please" or closing
punctuation at most). The label is two to five words, names a thing an observing capability answers about
(`observed`: "robots", "sitemap") and ends in a noun of a check (`words.check_nouns`: "check", "lookup"); it
opens with no verb the reader knows, holds no verb that acts and nothing that could change a request
(deputy.forms.quoted: "Delete check for A" stays). Anything else after the address ("… failed yesterday",
"… once the job finishes", a second address) leaves the prompt as written. Pure text work.
"""

from __future__ import annotations

import re

from deputy.forms.quoted import quoted_refusal
from deputy.protect import ItemKind, protect
from deputy.vocab import ReaderWords

__all__ = ["read_label_phrase"]

# "<label> for|on|of|about <rest>" on one line; the label is the shortest run of words before the preposition.
_PHRASE = re.compile(
    r"\A[ \t]*(?P<label>[^\W\d_][\w.'-]*(?:[ \t]+[^\W\d_][\w.'-]*){1,4}?)[ \t]+(?:for|on|of|about)[ \t]+(?P<rest>[^\n]+)\Z",
    re.IGNORECASE,
)
# What may stand around the one address: closing punctuation and "please" (a polite noun phrase asks the same).
_AROUND = frozenset({"", "please"})


def _one_address(rest: str) -> str | None:
    """The one address the rest is, perhaps with "please" or closing punctuation; None otherwise."""
    found = protect(rest.strip())
    if len(found.items) != 1 or found.items[0].kind is not ItemKind.ADDRESS:
        return None
    around = " ".join(" ".join(found.pieces).replace(",", " ").split()).strip(" .!?").lower()
    return found.items[0].source if around in _AROUND else None


def _label_asks(label: str, words: ReaderWords, *, actions: frozenset[str], observed: frozenset[str],
                known: frozenset[str]) -> bool:
    """Whether the label names an observing check: an observed noun, a check noun last, no verb first or acting."""
    said = [w.lower() for w in label.split()]
    if said[-1] not in words.check_nouns or said[0] in known:
        return False
    if any(w in actions for w in said) or not any(w.rstrip(".") in observed or w in observed for w in said):
        return False
    # An observed noun may be a blocker word elsewhere ("fetch the sitemap" is no page); here no verb acts on it,
    # so only the label's other words are scanned for what could change a request.
    rest = " ".join(w for w in label.split() if w.lower() not in observed)
    return not protect(label).items and quoted_refusal(rest, words) is None


def read_label_phrase(text: str, words: ReaderWords, *, actions: frozenset[str], observed: frozenset[str],
                      known: frozenset[str]) -> str:
    """"Robots check for A." → "Robots check of A" (the form the colon label is put in); else as written.

    `actions` are the verbs that make me act, `observed` the nouns observing capabilities answer about, `known`
    every verb the reader reads (a label never opens with one: "Check robots for A" is read as written).
    """
    found = _PHRASE.match(text.strip())
    if found is None or not words.check_nouns:
        return text
    address = _one_address(found.group("rest"))
    if address is None:
        return text
    label = found.group("label")
    if not _label_asks(label, words, actions=actions, observed=observed, known=known):
        return text
    return f"{label} of {address}"
