"""One order set in a code block under a line that adopts it (round 19): "Run this:\\n```\\nfetch A\\n```",
"Execute the following:\\n```\\ncheck robots.txt for A\\n```".

The block's line is the request, read as the writer's own with every check (a negation, a condition or
a refused verb in it still refuses: "Run this:\\n```\\ndelete A\\n```" is refused as "delete"). Only a line
opening with a phrase of `words.fence_adopters` adopts; what follows that phrase on the line belongs to
the order ("Run this once the crawl finishes:" puts the condition on it, which refuses). A block under
any other line ("The page said:", "Tool output:") is data, never an order, and the prompt stays as
written. Only one line inside one block, and nothing after the block. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["fenced_order"]

_OPEN = re.compile(r"^(?:```|~~~)[\w+-]*$")
_CLOSE = re.compile(r"^(?:```|~~~)$")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")


def _adopting_rest(line: str, adopters: frozenset[str]) -> str | None:
    """What follows the adopting phrase on the line before the block ("" for "Run this:"), or None when
    the line does not open with one or does not end in a colon."""
    if not line.endswith(":"):
        return None
    body = line[:-1].strip()
    lowered = body.lower()
    for phrase in sorted(adopters, key=len, reverse=True):
        if lowered == phrase or lowered.startswith(phrase + " "):
            return body[len(phrase):].strip()
    return None


def fenced_order(text: str, adopters: frozenset[str]) -> str:
    """The order of the block with the adopting line's remainder after it, or the text as written."""
    if "```" not in text and "~~~" not in text:
        return text
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    if len(lines) != 4 or not _OPEN.match(lines[1]) or not _CLOSE.match(lines[3]):
        return text
    rest = _adopting_rest(lines[0], adopters)
    order = lines[2]
    if rest is None or not _WORDS.search(order) or order.startswith(("{", "[", "<", ">", "$ ")):
        return text
    return f"{order} {rest}".strip() if rest else order
