"""A bare JSON object that names an action and its values ('{"action": "fetch", "urls": ["A", "B"]}'),
read as the English it stands for ("fetch A and B"), before addresses and quotations are protected (round 15).

Pure text work, and only when the object is the whole prompt. It must hold exactly one key of
`words.action_keys` whose value is a capability an agent may call by name (deputy.text.toolcalls), exactly
one slot of that capability holding a word or a list of words without spaces (or the slot's singular
name holding one word, '"url": "A"', round 16), and nothing else but
keys of `words.label_keys` whose values are a number or one word ("collect_sources", "job-77") that
names no address and holds nothing that changes a request ("do_not_fetch" is a negation). Any other
object (an unknown action "delete", a further key "when", a spaced value) stays as written and is refused
as the quotation it then is; a private address or too many values are refused once it is English.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from deputy.protect import protect
from deputy.forms.quoted import quoted_refusal
from deputy.vocab import ReaderWords

__all__ = ["unpack_action_object"]

_MAX_CHARS = 8000  # the reader's prompts are far shorter; a longer object is not parsed here


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's keys, each once: a key given twice says two things, and neither is taken."""
    keys = [key for key, _ in pairs]
    if len(set(keys)) != len(keys):
        raise ValueError("a key is given twice")
    return dict(pairs)


def _word(value: object) -> bool:
    return isinstance(value, str) and bool(value) and not any(c.isspace() for c in value)


def _harmless_label(value: object, words: ReaderWords) -> bool:
    """A label's value: a number, or one word whose parts ("do_not_fetch" → "do not fetch") change nothing."""
    if isinstance(value, int) and not isinstance(value, bool):
        return True
    if not _word(value):
        return False
    said = re.sub(r"[_\-.]+", " ", str(value))
    return not protect(str(value)).items and quoted_refusal(said, words) is None


def _slot(key: str, value: object, slots: frozenset[str]) -> bool:
    """A key is a slot of the capability, or the singular of a list slot holding one word (round 16:
    '"url": "A"' for "urls"); a singular key holding a list is not the slot (it says one, it gives many)."""
    if key in slots:
        return True
    return key + "s" in slots and isinstance(value, str)


def _values(
    found: dict[str, Any], calls: Mapping[str, frozenset[str]], words: ReaderWords, bare: frozenset[str]
) -> tuple[str, list[str]] | None:
    """The capability and values the object asks for, or None when it is anything more."""
    actions = [key for key in found if key.lower() in words.action_keys]
    if len(actions) != 1 or not isinstance(found[actions[0]], str):
        return None
    name = found[actions[0]]
    labels = [key for key in found if key.lower() in words.label_keys]
    if name in bare and len(found) == 1 + len(labels) and all(_harmless_label(found[k], words) for k in labels):
        return name, []  # '{"op": "status"}': an observing capability named alone, read as its name (round 17)
    if name not in calls:
        return None
    slots = [key for key in found if _slot(key, found[key], calls[name])]
    if len(slots) != 1 or len(found) != 2 + len(labels):
        return None
    if not all(_harmless_label(found[key], words) for key in labels):
        return None
    value = found[slots[0]]
    values = value if isinstance(value, list) else [value]
    if not values or not all(_word(v) for v in values):
        return None
    return name, [str(v) for v in values]


def unpack_action_object(
    text: str, calls: Mapping[str, frozenset[str]], words: ReaderWords, bare: frozenset[str] = frozenset(),
    verbs: frozenset[str] = frozenset(), slots: frozenset[str] = frozenset(),
) -> str:
    """The prompt as English ("fetch A and B") when it is one JSON object naming an action; else as written.

    `bare` names the capabilities that only observe, whose name alone is a request ('{"op": "status"}').
    """
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")) or len(body) > _MAX_CHARS or not (calls or bare):
        return text
    try:
        found = json.loads(body, object_pairs_hook=_unique)
    except ValueError:
        return text  # not JSON, or a key given twice ('{"action": "delete", "action": "fetch"}')
    if not isinstance(found, dict):
        return text
    asked = _values(found, calls, words, bare)
    if asked is None:
        refused = _refused_action(found, words)
        if refused is None:
            refused = _acting_verb(found, words, verbs, slots)
        return text if refused is None else refused
    if not asked[1]:
        return asked[0]
    name, values = asked
    return f"{name} " + (values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1])


def _refused_action(found: dict[str, Any], words: ReaderWords) -> str | None:
    """'{"task": "delete", "url": "A"}': an object whose action or label key names a verb I refuse is put as
    that verb and its words ("delete A"), to be refused as the verb (round 17); None for any other object.
    Only words without spaces are put, so nothing but the refused verb and the values reaches the parse."""
    refused = words.unsupported | words.forbidden
    keys = [k for k in found if k.lower() in words.action_keys | words.label_keys
            and isinstance(found[k], str) and found[k].lower() in refused]
    if len(keys) != 1:
        return None
    values: list[str] = []
    for key, value in found.items():
        if key == keys[0]:
            continue
        listed = value if isinstance(value, list) else [value]
        values += [str(v) for v in listed if _word(v)]
    return " ".join([str(found[keys[0]])] + values)


def _acting_verb(found: dict[str, Any], words: ReaderWords, verbs: frozenset[str], slots: frozenset[str]) -> str | None:
    """'{"task": "download", "url": "A"}': an object whose action or label key names an acting verb that is
    no capability's call name ("download", "grab") is put as that verb and its address ("download A"), to
    be read as English with every check (round 18). Only an object of exactly that key and one slot (or a
    slot's singular) holding words without spaces: a further key ("when": "if it changed") leaves it as
    written, a quotation the reader refuses."""
    keys = [k for k in found if k.lower() in words.action_keys | words.label_keys
            and isinstance(found[k], str) and found[k].lower() in verbs]
    rest = [k for k in found if k not in keys]
    if len(keys) != 1 or len(rest) != 1 or not _slot(rest[0], found[rest[0]], slots):
        return None
    value = found[rest[0]]
    if isinstance(value, list) and not rest[0].endswith("s"):
        return None  # '"url": [A, B]': a key that says one, giving many (as deputy.text.jsonaction._slot says)
    values = value if isinstance(value, list) else [value]
    if not values or not all(_word(v) for v in values):
        return None
    said = [str(v) for v in values]
    return f"{found[keys[0]]} " + (said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1])
