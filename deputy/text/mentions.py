"""@-mentions of a chat or a tracker: "@seaspider please fetch A" calls the deputy by its name, and
"Triage comment by @kwame:" names the person a label's words came from.

The deputy's own handle (the vocabulary's name) opening a sentence, right before "please", an acting
verb or an auxiliary, becomes a vocative ("Seaspider, please fetch A"); before anything else ("@seaspider
when the embargo lifts, fetch A") it is left as written. A handle after "by"/"from"/"cc" loses its "@" ("by kwame"). Any other handle is left
as written, so "@kwame please fetch A" (a request to someone else) is still refused. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["mentions"]

# A handle starts a word: "@" at the start or after a space, never inside an address ("/@user/").
_HANDLE = r"@(?P<handle>[A-Za-z][\w.-]*[A-Za-z0-9])"
_BY = re.compile(r"(?<=\b)(?P<by>by|from|cc)\s+" + _HANDLE + r"(?=[\s:,.;)]|$)", re.IGNORECASE)
# The deputy's handle at the start of the prompt or of a sentence (after ". ", "? ", "! " or a new line).
_OPENING = r"(?:(?<=^)|(?<=[.!?]\s)|(?<=\n))" + _HANDLE + r",?\s+(?=(?P<next>[A-Za-z]+))"
# What may follow the handle for it to be a vocative: a request or a question put to the deputy.
_NEXT = frozenset({"please", "kindly", "is", "are", "was", "were", "do", "does", "did", "has", "have", "can", "could"})


def mentions(prompt: str, own_name: str, actions: frozenset[str]) -> str:
    """The prompt with the deputy's own opening handle as a vocative and handles of senders without "@"."""
    if "@" not in prompt:
        return prompt
    text = _BY.sub(lambda m: f"{m.group('by')} {m.group('handle')}", prompt)

    def vocative(found: re.Match[str]) -> str:
        handle = found.group("handle")
        called = handle.lower() == own_name.lower() and found.group("next").lower() in _NEXT | actions
        return f"{handle.capitalize()}, " if called else found.group(0)

    return re.sub(_OPENING, vocative, text)
