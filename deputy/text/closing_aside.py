"""A closing aside on its own line that only says the request is complete (round 19): "### Steps\\n1. Check
whether robots.txt allows A\\n\\n(that's all I need from you)", "Fetch A\\n\\n(just this one step)".

The aside asks nothing: it is dropped when it is the prompt's last line, set in parentheses, and its words
are a phrase of `words.closing_asides` as a whole (no address, negation, condition or verb of another
action can be among them). The lines above it are read with every check. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["without_closing_aside"]

_ASIDE = re.compile(r"\n[ \t]*\((?P<body>[^()\n]+)\)[ \t]*[.!]?[ \t]*\Z")


def _normal(text: str) -> str:
    return " ".join(re.findall(r"[\w'’]+", text.lower().replace("’", "'")))


def without_closing_aside(text: str, asides: frozenset[str]) -> str:
    """The text without its closing aside line; the text as written when there is none."""
    if not asides or not text.rstrip().endswith((")", ").", ")!")):
        return text
    found = _ASIDE.search(text)
    if found is None or _normal(found.group("body")) not in {_normal(a) for a in asides}:
        return text
    rest = text[:found.start()].rstrip()
    return rest or text
