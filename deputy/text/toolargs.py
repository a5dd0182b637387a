"""Unpacks the JSON arguments an agent writes after a verb ('fetch with args {"urls": ["A"]}') into the
values themselves ("fetch A"), before addresses and quotations are protected.

Pure text work. Only an object whose one key is a slot name of the vocabulary, holding one word or a
list of words without spaces, is unpacked; any other key ("schedule"), a second key, or a value with
a space in it leaves the text as written, to be refused as the quotation it then is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

__all__ = ["unpack_arguments"]

_VALUE = r'"[^"\s]{1,2000}"'
# The words that may introduce the object: "with args", "with arguments:", "with input".
_LEAD = r"(?:[ \t]+with[ \t]+(?:the[ \t]+)?(?:args|arguments|params|parameters|input)[ \t]*:?)?[ \t]*"

# An agent's narration of its call right before the arguments: "Calling fetch", "I'm calling the fetch tool".
_CALLING = re.compile(r"(?<![\w'])calling[ \t]+(?:the[ \t]+)?[a-z]+(?:[ \t]+(?:tool|function))?[ \t]*\Z", re.IGNORECASE)


@cache
def _pattern(names: frozenset[str]) -> re.Pattern[str] | None:
    if not names:
        return None
    keys = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return re.compile(
        _LEAD + r'\{\s*"(?:' + keys + r')"\s*:\s*(\[\s*' + _VALUE + r'(?:\s*,\s*' + _VALUE + r')*\s*\]|' + _VALUE + r')\s*\}'
    )


def unpack_arguments(text: str, slot_names: Iterable[str]) -> str:
    """The text with each JSON object of slot arguments replaced by its values ("A", "A and B", "A, B and C")."""
    if "{" not in text:
        return text
    pattern = _pattern(frozenset(slot_names))
    if pattern is None:
        return text

    def values(match: re.Match[str]) -> str:
        found = re.findall(r'"([^"]*)"', match.group(1))
        said = found[0] if len(found) == 1 else ", ".join(found[:-1]) + " and " + found[-1]
        # "Calling fetch with args {…}" keeps its "with": the narration "Calling fetch with A" is then read
        # as the agent's request (round 14); "fetch with args {…}" reads as "fetch A", as before.
        kept = match.group(0).lstrip().lower().startswith("with") and _CALLING.search(match.string, 0, match.start())
        return (" with " if kept else " ") + said

    return pattern.sub(values, text)
