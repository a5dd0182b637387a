"""A plan outlined before the step asked now (round 15): "## Plan\\n1. Check robots\\n2. Fetch\\n\\nFirst
step: are we allowed to fetch A?" The outline is the writer's plan in general; the paragraph after it
is what is asked of me now, and names the address.

Pure text work on whole lines. Only when: a line is a plan label alone (a word of `words.plan_labels`,
as a markdown heading "## Plan" or with a colon "Plan:"), a list follows it at once, the list names no
address and holds nothing that could change a request (deputy.forms.quoted: no negation, condition, refused
verb or blocker), and the lines after the list name an address. Then the label and the list are dropped
as context; anything else stays as written and is read as before.
"""

from __future__ import annotations

import re

from deputy.protect import protect
from deputy.forms.quoted import quoted_refusal
from deputy.vocab import ReaderWords

__all__ = ["drop_plan_outline"]

_LABEL = re.compile(r"^[ \t]*(?:#{1,6}[ \t]+(?P<heading>[^\W\d_]+)[ \t]*:?|(?P<colon>[^\W\d_]+)[ \t]*:)[ \t]*$")
_ITEM = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+\S")


def drop_plan_outline(text: str, words: ReaderWords) -> str:
    """The text without a plan's label and list when the lines after them name the address asked about."""
    if "\n" not in text or not words.plan_labels:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = _LABEL.match(line)
        if match is None or (match.group("heading") or match.group("colon")).lower() not in words.plan_labels:
            continue
        end = index + 1
        while end < len(lines) and _ITEM.match(lines[end]):
            end += 1
        items = lines[index + 1:end]
        rest = "\n".join(lines[end:])
        if not items or not protect(rest).items:
            return text
        said = " ".join(items)
        if protect(said).items or quoted_refusal(said, words) is not None:
            return text
        return "\n".join(lines[:index] + lines[end:])
    return text
