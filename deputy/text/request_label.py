"""A request field's label over a one-line question (round 26, markup26): "**Request:** what did you store for
[the Prado collection page](A)?", "Request: which sitemaps does A list?". deputy.text.labelled leaves a label of a
ticket's field to deputy.text.fields, which reads a header of two lines at least; one line alone kept its label, and
the parse then read "Request" into the question ("when did you last fetch …" as a condition).

The label must be a request field (`words.request_fields`: "Request", "Action"), bold, underscored or plain, closed
by a colon; the rest must be one line opening with a word that asks a question (what, which, when, how, is, did …)
and closing with "?". The question is then read alone with every check: a question never fetches, and a negation,
a condition or a refused verb in it still refuses. Anything else is left as written. Pure text work.
"""

from __future__ import annotations

import re

from deputy.vocab import ReaderWords

__all__ = ["read_request_label"]

# "**Request:** …", "__Action__: …", "Request: …" opening the prompt.
_LABEL = re.compile(
    r"\A[ \t]*(?P<open>\*\*|__)?(?P<label>[A-Za-z]+)(?P=open)?[ \t]*:[ \t]*(?:(?P=open)[ \t]*)?(?P<rest>[^\n]+)\Z"
)
# The words a one-line question opens with (as deputy.text.labelled reads a heading over a question).
_ASKING = frozenset({
    "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "could", "may", "might", "will",
    "would", "should", "what", "which", "how", "when", "where", "who", "whose", "why", "am",
})


def read_request_label(text: str, words: ReaderWords) -> str:
    """The one-line question a request field's label opens over; else the text as written."""
    found = _LABEL.match(text.strip())
    if found is None or found.group("label").lower() not in words.request_fields:
        return text
    rest = found.group("rest").strip()
    first = rest.split(None, 1)[0].lower()
    if first not in _ASKING or not rest.endswith("?"):
        return text
    return rest
