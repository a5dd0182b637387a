"""A question quoted under a ticket's label: 'Ticket #901 from the analytics team: "Is the crawler still
busy?"'. The label says where the words came from; the quotation is the question passed on.

Only the text is cut here; the reader answers the quotation only when a capability that observes (never
acts) takes it, and otherwise reads the prompt as written, so a quoted request ('Ticket #79: "Could you
fetch A?"') is never acted on through this door. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["ticket_question"]

# "<label> <number> [from|by <who>]: "<question>?"" and nothing else; the label is one known word, the
# number has a digit ("#901", "SUP-771", "4821"), who sent it is at most five plain words.
_TICKET = re.compile(
    r"^(?P<label>[A-Za-z]+)\s+#?[A-Za-z]{0,6}-?\d[\w-]*"
    r"(?:\s+(?:from|by)(?:\s+[A-Za-z][A-Za-z'’]*){1,5})?\s*:\s*"
    r"[\"“](?P<said>[^\"“”]+\?)[\"”]\s*$"
)


def ticket_question(prompt: str, labels: frozenset[str]) -> str | None:
    """The quoted question under a ticket's label, or None when the prompt is anything more."""
    found = _TICKET.match(prompt.strip())
    if found is None or found.group("label").lower() not in labels:
        return None
    return found.group("said").strip()
