"""A request quoted under a ticket's label, then the writer's own request pointing at its address (round 15):
'Ticket DATA-4127: "Please archive the current version of A for the file." Could you fetch that URL?'.

The quotation is someone else's words; the writer asks in their own sentence. What the quotation gives
the request is its one address: the ticket's line is read as "Ticket DATA-4127: A." and the writer's
sentence as written, so its pointer ("that URL") finds A as it would on any line naming an address, and
a request that asks for something else is refused as before.

Pure text work. Only when: the prompt opens with a label of `words.label_nouns` and an identifier with
a digit, then a colon and a quotation; the quotation names exactly one address, is no question, and
its other words hold nothing that could change a request (deputy.forms.quoted); and the writer's own words
after it name no address. Anything else stays as written (a quoted request alone is never acted on).
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.forms.quoted import quoted_refusal
from deputy.vocab import ReaderWords

__all__ = ["ticket_address"]

# "<label> <id> [from|by <who>]: "<words>" <the writer's own words>"; the same label as deputy.text.ticket_question.
_TICKET = re.compile(
    r"^(?P<head>(?P<label>[A-Za-z]+)\s+#?[A-Za-z]{0,6}-?\d[\w-]*"
    r"(?:\s+(?:from|by)(?:\s+[A-Za-z][A-Za-z'’]*){1,5})?\s*:)\s*"
    r"[\"“](?P<said>[^\"“”]+)[\"”]\s*(?P<rest>\S.*)$",
    re.DOTALL,
)


def ticket_address(text: str, words: ReaderWords) -> str:
    """The text with a ticket's quoted request put as the one address it names, or the text as written."""
    found = _TICKET.match(text.strip())
    if found is None or found.group("label").lower() not in words.label_nouns:
        return text
    said = found.group("said").strip()
    if said.endswith("?"):
        return text  # a quoted question is asked of someone; it is not handed over as an address
    protected = protect(said)
    if len(protected.items) != 1 or protected.items[0].kind is not ItemKind.ADDRESS:
        return text
    if quoted_refusal(" ".join(protected.pieces), words) is not None or protect(found.group("rest")).items:
        return text
    return f"{found.group('head')} {protected.items[0].source}.\n{found.group('rest')}"
