"""A quoted context line naming an address before the writer's own request (round 23): "> A was yesterday's
source\\n\\nNow fetch today's front page of the other paper.".

The "> " lines are someone else's words or the writer's notes; an address in them is context. When the
writer's own lines after the block ask for something but name no address, the quoted address is not part
of what the request asks, and the prompt is refused as such (the spec's url_outside_parse) instead of for
the ">" the reader could not place. This form only names a refusal's kind: it never makes the reader act.
Pure text work on whole lines.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect

__all__ = ["quoted_context"]

_QUOTED = re.compile(r"^[ \t]*>")


def quoted_context(text: str) -> tuple[str, str] | None:
    """The first address of an opening quote block and the writer's own lines after it; None when the text
    opens with no quote block, the block names no address, or no line of the writer's own follows it."""
    lines = text.strip().split("\n")
    quoted = 0
    while quoted < len(lines) and _QUOTED.match(lines[quoted]):
        quoted += 1
    own = "\n".join(lines[quoted:]).strip()
    if not quoted or not own or any(_QUOTED.match(line) for line in lines[quoted:]):
        return None
    block = " ".join(_QUOTED.sub("", line, count=1) for line in lines[:quoted])
    addresses = [item.source for item in protect(block).items if item.kind is ItemKind.ADDRESS]
    return (addresses[0], own) if addresses else None
