"""Two pages named, then acted on together: "Take A and B and fetch them both", "Grab the Nikkei page A and
the Yonhap one B".

Three small rewrites, each on the prompt's text before the parse, each leaving every check to the reading:
- "them both" (or "these both", "those both") is "them": the floating "both" only repeats that there are two.
- "Take A and B and <verb> them" at the start of the prompt is "<verb> A and B", and only when <verb> is one
  the reader acts on: "Take A and B and delete them" and "Take A and B down" are left as written (and refused).
- "the Yonhap one B" after "the Nikkei page A" is "the Yonhap page B": "one" stands for the noun the first
  address was given, and only right before an address.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["read_both"]

_ADDRESS = r"https?://[^\s]+?(?=[,.;:!?)]*(?:\s|\Z))"
_FLOATED = re.compile(r"\b(them|these|those)[ \t]+both\b", re.IGNORECASE)
_TAKEN = re.compile(
    r"\A(?:please[ \t]+)?take[ \t]+(?P<pages>" + _ADDRESS + r"(?:(?:[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+)"
    + _ADDRESS + r")+)[ \t]*,?[ \t]+and[ \t]+(?P<verb>[a-z]+)[ \t]+them\b",
    re.IGNORECASE,
)
# A name of one to three capitalised words ("the Nikkei", "the New York Times").
_NAME = r"(?:[A-Z][\w&.'’-]*[ \t]+){1,3}"
_NAMED = re.compile(r"\bthe[ \t]+" + _NAME + r"(?P<noun>page|site|homepage|front[ \t]+page|article)[ \t]+https?://")
_ONE = re.compile(r"(?<=\band[ \t]the[ \t])(?P<name>" + _NAME + r")one(?=[ \t]+https?://)")


def read_both(prompt: str, actions: Collection[str]) -> str:
    """The prompt with "them both", "take A and B and fetch them" and "the X one B" put plainly."""
    text = _FLOATED.sub(lambda m: m.group(1), prompt)
    taken = _TAKEN.match(text)
    if taken is not None and taken.group("verb").lower() in actions:
        verb = taken.group("verb")
        text = verb[:1].upper() + verb[1:] + " " + taken.group("pages") + text[taken.end():]
    named = _NAMED.search(text)
    if named is not None:
        noun = " ".join(named.group("noun").split())
        text = text[: named.end()] + _ONE.sub(lambda m: m.group("name") + noun, text[named.end():])
    return text
