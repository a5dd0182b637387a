"""A list of fields naming one operation and its target, and the writer's sentence under it (round 19):
"- op: sitemaps\\n- target: A\\n\\nList whatever sitemaps that site declares."

The fields are the request, read as the one JSON object they spell ('{"op": "sitemaps", "target": "A"}',
deputy.text.jsonaction, with its checks). The sentence under them restates it in words; the caller holds
it to the fields (deputy.reader): read alone, it must be the same plan, or refused only for naming no
address while asking for the same capability; a negation, a condition or a refused verb in it refuses.

Only a first paragraph of two or more "key: value" lines (a list marker may open each), with exactly one
key of `words.action_keys`, no key twice, and one value per line. Pure text work.
"""

from __future__ import annotations

import json
import re

__all__ = ["field_object"]

_FIELD = re.compile(r"^[ \t]*(?:[-*•][ \t]+)?(?P<key>[A-Za-z_]{1,20})[ \t]*:[ \t]*(?P<value>\S(?:.*\S)?)[ \t]*$")


def field_object(text: str, action_keys: frozenset[str]) -> tuple[str, str] | None:
    """(the fields as one JSON object, the text under them) or None when the text opens with no such list."""
    if ":" not in text or not action_keys:
        return None
    head, _, rest = text.strip().partition("\n\n")
    lines = [line for line in head.split("\n") if line.strip()]
    if len(lines) < 2:
        return None
    fields: dict[str, str] = {}
    for line in lines:
        found = _FIELD.match(line)
        if found is None:
            return None
        key = found.group("key").lower()
        if key in fields:
            return None
        fields[key] = found.group("value").strip().strip("`\"'")
    if sum(key in action_keys for key in fields) != 1:
        return None
    return json.dumps(fields), rest.strip()
