"""A chat line's marks before the deputy's own handle (round 20): "[#data-eng] @seaspider fetch A",
"[09:14] @seaspider is A allowed?". A channel ("[#ops]") or a time ("[09:14]", "[9:14 pm]") in square
brackets only says where and when the line was written; before the deputy's own handle they are dropped,
so the handle opens the line and is read as calling the deputy (deputy.text.mentions, deputy.text.headed).

Only these two kinds of mark, and only right before the deputy's own handle: "[#ops] @kwame fetch A" (a
request to someone else) and "[urgent] @seaspider …" stay as written. What follows the handle is read
with every check (a negation, a condition or a refused verb still refuses). Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["unmarked"]

# "[#data-eng]", "[#ops.alerts]", "[09:14]", "[9:14:05]", "[9:14 pm]": a channel or a time, nothing else.
_MARK = r"\[(?:#[\w.-]{1,40}|\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp][Mm])?)\][ \t]*"


def unmarked(text: str, own_name: str) -> str:
    """The text with channel and time marks dropped where they open a line right before "@<own_name>"."""
    if "[" not in text or "@" not in text or not own_name:
        return text
    handle = rf"(?=@{re.escape(own_name)}(?![\w.-]))"
    return re.sub(rf"(?m)^([ \t]*)(?:{_MARK})+{handle}", r"\1", text, flags=re.IGNORECASE)
