"""A request to send the writer a stored fact (round 25, tickets25): 'Please send me the title and fetch date of
A.', "send us the status code of A" ask what "give me the title … of A" asks: a report to the writer.

Pure text work. Only "send" with the writer as its receiver ("me", "us") right after it, and an object whose
first noun (after an optional "the") is a fact of `words.sent_facts` (title, status, fetch date …): "send" is
then put as "give", and the capabilities' forms decide what is asked, with every check. "Send it to
bob@…", "send the title to the team", "send me a copy of A" are left as written ("send" stays refused).
"""

from __future__ import annotations

import re

__all__ = ["sent_facts"]

# "send me the", "Send us"; the receiver must follow the verb at once ("send it to me" is left alone).
_SEND = re.compile(r"\b(?P<verb>send)[ \t]+(?P<who>me|us)[ \t]+(?:the[ \t]+)?(?P<rest>[^\W\d_][\w -]*)", re.IGNORECASE)


def sent_facts(text: str, facts: frozenset[str]) -> str:
    """The text with "send me <fact>" put as "give me <fact>"; else as written."""
    if "send" not in text.lower() or not facts:
        return text
    return _SEND.sub(lambda found: _given(found, facts), text)


def _given(found: re.Match[str], facts: frozenset[str]) -> str:
    """"give" for "send" when the object opens with a stored fact's name (longest first); else as written."""
    rest = " ".join(found.group("rest").lower().split()) + " "
    # "send me the title of A to bob@…": a second receiver after the object keeps "send", refused as written.
    sentence = re.split(r"[?!\n]|\.(?:\s|$)", found.string[found.end():], maxsplit=1)[0]
    if "@" in found.group("rest") + sentence or re.search(r"\bto\b", rest + sentence, re.IGNORECASE):
        return found.group(0)
    if not any(rest.startswith(fact + " ") for fact in sorted(facts, key=len, reverse=True)):
        return found.group(0)
    verb = "Give" if found.group("verb")[0].isupper() else "give"
    return verb + found.group(0)[len(found.group("verb")):]
