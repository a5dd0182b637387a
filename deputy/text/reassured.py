"""A reassurance before the request: "Other agents handle the news, so you don't need to worry about that
part. Please fetch A." The "don't" there frees the deputy from a task no one asked of it; it is dropped.

Only the closed shape "you don't / do not / needn't need to worry|bother about" + a pointer to some other
part of the work ("that part", "that bit", "that side", "those", "the news coverage") + a sentence mark,
before another sentence: the request must come after it. "… you don't need to worry about it" ("it" may be
the page), a gerund ("about fetching A"), an address inside, a verb that acts ("don't need to fetch A") and a
reassurance that ends the prompt (it may take the request back) are left as written and read with every
check. Pure text work, before the parse.
"""

from __future__ import annotations

import re

__all__ = ["unworried"]

# What the reassurance may point at: another part of the work, never "it" nor an address nor a gerund.
_OTHER_PART = (
    r"(?:that|this|those|these|the[ \t]+other)[ \t]+(?:part|parts|bit|bits|side|step|steps|one|ones|task|tasks)"
    r"|those|that|the[ \t]+(?:[a-z]+[ \t]+){0,2}(?:coverage|part|parts|side|photos|images|news|rest)"
)
_REASSURED = re.compile(
    r"(?P<lead>\A|(?<=[.!?])[ \t\n]+|,?[ \t]+so[ \t]+)"
    r"you[ \t]+(?:don['’]t|do[ \t]+not|needn['’]t|need[ \t]+not)[ \t]+(?:need[ \t]+to[ \t]+)?(?:worry|bother)[ \t]+"
    r"(?:about|with)[ \t]+(?:" + _OTHER_PART + r")[ \t]*(?P<mark>[.!])(?=[ \t\n]+\S)",
    re.IGNORECASE,
)


def unworried(prompt: str) -> str:
    """The prompt without a reassurance sentence before its request; unchanged when it has none."""
    match = _REASSURED.search(prompt)
    if match is None:
        return prompt
    # ", so you don't need to worry about that part." closes the sentence before it: its mark stays.
    lead = match.group("lead").strip(" \t\n")
    closing = "." if lead.startswith((",", "so")) else ""
    return prompt[: match.start()] + closing + prompt[match.end():]
