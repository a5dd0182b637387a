"""A tag pair naming the tool a request is for, on the line before the request (round 19):
"<tool_call>seaspider</tool_call>\\nWhat did you get from A?".

The tag line only addresses the request to me; it asks nothing. It is dropped when the tag is one of
`words.call_tags` and its body is my own name, written any way (Sea Spider, sea_spider, seaspider). A tag
naming another tool ("<tool_call>mailer</tool_call>") is left as written, and the prompt is refused; so is
a tag whose body is anything else (a tool's output is data, never an order). Pure text work.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["without_call_tag"]


@cache
def _tag_line(tags: frozenset[str]) -> re.Pattern[str]:
    names = "|".join(re.escape(t) for t in sorted(tags, key=len, reverse=True))
    return re.compile(rf"^\s*<(?P<tag>{names})>\s*(?P<body>[^<>\n]+?)\s*</(?P=tag)>\s*\n", re.IGNORECASE)


def _squashed(name: str) -> str:
    return re.sub(r"[\s_.-]+", "", name.lower())


def without_call_tag(text: str, tags: frozenset[str], own_name: str) -> str:
    """The text without a first line that is a call tag naming me; the text as written otherwise."""
    if "<" not in text or not tags or not own_name:
        return text
    found = _tag_line(tags).match(text)
    if found is None or _squashed(found.group("body")) != _squashed(own_name):
        return text
    rest = text[found.end():].strip()
    return rest or text
