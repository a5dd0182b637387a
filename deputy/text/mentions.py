"""@-mentions of a chat or a tracker: "@seaspider please fetch A" calls the deputy by its name, and
"Triage comment by @kwame:" names the person a label's words came from.

The deputy's own handle (the vocabulary's name) opening a sentence, right before "please", an acting
verb or an auxiliary, becomes a vocative ("Seaspider, please fetch A"); before anything else ("@seaspider
when the embargo lifts, fetch A") it is left as written. A handle after "by"/"from"/"cc" loses its "@" ("by kwame"). Any other handle is left
as written, so "@kwame please fetch A" (a request to someone else) is still refused. Pure text work.
"""

from __future__ import annotations

import re

from deputy.text.channel_marks import unmarked

__all__ = ["mentions"]

# A handle starts a word: "@" at the start or after a space, never inside an address ("/@user/").
_HANDLE = r"@(?P<handle>[A-Za-z][\w.-]*[A-Za-z0-9])"
_BY = re.compile(r"(?<=\b)(?P<by>by|from|cc)\s+" + _HANDLE + r"(?=[\s:,.;)]|$)", re.IGNORECASE)
# The deputy's handle at the start of the prompt or of a sentence (after ". ", "? ", "! " or a new line).
_OPENING = r"(?:(?<=^)|(?<=[.!?]\s)|(?<=\n))" + _HANDLE + r",?\s+(?=(?P<next>[A-Za-z]+))"
# What may follow the handle for it to be a vocative: a request or a question put to the deputy.
_NEXT = frozenset({"please", "kindly", "is", "are", "was", "were", "do", "does", "did", "has", "have", "can", "could"})
# Round 20 (frames20): a question word opening a question put to me ("@seaspider what are you working on?");
# "when" is left out, for it opens a condition as often ("@seaspider when the embargo lifts, fetch A").
_ASKING = frozenset({"what", "which", "how", "where"})


def mentions(prompt: str, own_name: str, actions: frozenset[str]) -> str:
    """The prompt with the deputy's own opening handle as a vocative and handles of senders without "@"."""
    if "@" not in prompt:
        return prompt
    # "[#ops] @seaspider fetch A": a channel or time mark before my handle only says where it was written.
    text = _BY.sub(lambda m: f"{m.group('by')} {m.group('handle')}", unmarked(prompt, own_name))

    def vocative(found: re.Match[str]) -> str:
        handle = found.group("handle")
        called = handle.lower() == own_name.lower() and found.group("next").lower() in _NEXT | _ASKING | actions
        return f"{handle.capitalize()}, " if called else found.group(0)

    return re.sub(_OPENING, vocative, text)
