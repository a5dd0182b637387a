"""Reads an agent's call of a capability by name ('fetch(urls=["A", "B"])') as the English it stands for
("fetch A and B"), before addresses and quotations are protected.

An XML-ish block some agents write ('<tool_call>{"name": "fetch", "arguments": {"urls": ["A"]}}</tool_call>')
is read the same way, with the same limits: the name a capability's own verb, one argument that is its slot.

Pure text work. Only a name that is both a capability of the vocabulary and one of that capability's
own verbs ("fetch", "read") is a call; its arguments must be one keyword that is a slot of that
capability (or none), holding one quoted word or a list of quoted words without spaces. Any other
function ("delete(urls=[…])", "client.fetch(…)"; only the service's own name may stand before the call,
"seaspider.fetch(…)", see `drop_owner`), a second argument or a spaced value leaves the text as
written, to be refused as the symbols it holds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache

__all__ = ["callable_names", "drop_owner", "refused_calls", "unpack_blocks", "unpack_calls"]

# One quoted value as Python or JSON writes it: "A" or 'A', no spaces and no quote inside.
_VALUE = r"""(?:"[^"\s]{1,2000}"|'[^'\s]{1,2000}')"""
_LIST = r"\[\s*" + _VALUE + r"(?:\s*,\s*" + _VALUE + r")*\s*,?\s*\]"


def callable_names(capabilities: Mapping[str, tuple[frozenset[str], frozenset[str]]]) -> dict[str, frozenset[str]]:
    """The capability names an agent may call, each with its slot names.

    `capabilities` maps a capability's name to (its verbs, its slot names); only a name that is one of
    its own verbs reads as an English request once unpacked ("fetch A"; "robots A" would not).
    """
    return {name: slots for name, (verbs, slots) in capabilities.items() if name in verbs and slots}


@cache
def _pattern(calls: tuple[tuple[str, tuple[str, ...]], ...]) -> re.Pattern[str] | None:
    alternatives = []
    for name, slots in calls:
        keys = "|".join(re.escape(s) for s in sorted(slots, key=len, reverse=True))
        # The name stands alone: not a method ("client.fetch(") and not the end of another name ("prefetch(").
        alternatives.append(rf"(?<![\w.$]){re.escape(name)}\(\s*(?:(?:{keys})\s*=\s*)?({_LIST}|{_VALUE})\s*\)")
    if not alternatives:
        return None
    return re.compile("|".join(f"(?:{a})" for a in alternatives), re.IGNORECASE)


def unpack_calls(text: str, calls: Mapping[str, frozenset[str]]) -> str:
    """The text with each call of a capability by name replaced by its verb and values ("fetch A and B")."""
    if "(" not in text or not calls:
        return text
    pattern = _pattern(tuple(sorted((name, tuple(sorted(slots))) for name, slots in calls.items())))
    if pattern is None:
        return text
    lowered = {name.lower(): name for name in calls}

    def english(match: re.Match[str]) -> str:
        name = lowered[match.group(0).split("(", 1)[0].lower()]
        argument = next(group for group in match.groups() if group is not None)
        found = [value[1:-1] for value in re.findall(_VALUE, argument)]
        return f"{name} {_said(found)}"

    return pattern.sub(english, text)


def _said(values: list[str]) -> str:
    """The values as English lists them: "A", "A and B", "A, B and C"."""
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


# '<tool_call>{…}</tool_call>': the block's JSON object, its own whole line or lines (round 14).
_BLOCK = re.compile(r"<tool_call>\s*(\{.{1,8000}?\})\s*</tool_call>", re.DOTALL)


def _block_values(body: str, calls: Mapping[str, frozenset[str]]) -> tuple[str, list[str]] | None:
    """The capability and values a block's JSON asks for, or None when it is anything but one call of a
    capability with one argument that is its slot, holding words without spaces."""
    try:
        call = json.loads(body)
    except ValueError:
        return None
    if not isinstance(call, dict) or set(call) != {"name", "arguments"}:
        return None
    name, arguments = call["name"], call["arguments"]
    if not isinstance(name, str) or name not in calls or not isinstance(arguments, dict) or len(arguments) != 1:
        return None
    (key, value), = arguments.items()
    if key not in calls[name]:
        return None
    values = value if isinstance(value, list) else [value]
    if not values or not all(isinstance(v, str) and v and not any(c.isspace() for c in v) for v in values):
        return None
    return name, values


def unpack_blocks(text: str, calls: Mapping[str, frozenset[str]]) -> str:
    """The text with each tool-call block of a capability replaced by its verb and values ("fetch A and B").
    Any other block (another name, a second argument, a spaced value) stays as written and is refused."""
    if "<tool_call>" not in text or not calls:
        return text

    def english(match: re.Match[str]) -> str:
        found = _block_values(match.group(1), calls)
        return match.group(0) if found is None else f"{found[0]} {_said(found[1])}"

    return _BLOCK.sub(english, text)


def drop_owner(text: str, calls: Mapping[str, frozenset[str]], owners: frozenset[str]) -> str:
    """The text with the service's own name dropped before a call of one of its capabilities (round 15):
    "seaspider.fetch(urls=[…])" is "fetch(urls=[…])", read by `unpack_calls` with all its limits. Any
    other owner ("client.fetch(…)", "my.seaspider.fetch(…)") stays as written and is refused."""
    if "." not in text or "(" not in text or not calls or not owners:
        return text
    names = "|".join(re.escape(name) for name in sorted(calls, key=len, reverse=True))
    owned = "|".join(re.escape(owner) for owner in sorted(owners, key=len, reverse=True))
    return re.sub(rf"(?<![\w.$])(?:{owned})\.(?=(?:{names})\()", "", text, flags=re.IGNORECASE)


@cache
def _refused_pattern(refused: tuple[str, ...], owners: tuple[str, ...]) -> re.Pattern[str] | None:
    if not refused:
        return None
    names = "|".join(re.escape(name) for name in sorted(refused, key=len, reverse=True))
    owned = "|".join(re.escape(owner) for owner in sorted(owners, key=len, reverse=True))
    owner = rf"(?:(?:{owned})\.)?" if owned else ""
    return re.compile(
        rf"(?<![\w.$]){owner}({names})\(\s*(?:[A-Za-z_]\w{{0,30}}\s*=\s*)?({_LIST}|{_VALUE})\s*\)", re.IGNORECASE
    )


def refused_calls(text: str, refused: frozenset[str], owners: frozenset[str]) -> str:
    """The text with each call of a verb I refuse put as that verb and its values (round 16):
    'seaspider.delete(url="A")' is "delete A", refused as the unsupported verb it is rather than as
    symbols I cannot place. Only a name of `refused` (unsupported or forbidden verbs), alone or after the
    service's own name; whatever the keyword, the English holds the refused verb and can only be refused.
    Any other owner ("client.delete(…)") stays as written."""
    if "(" not in text or not refused:
        return text
    pattern = _refused_pattern(tuple(sorted(refused)), tuple(sorted(owners)))
    if pattern is None:
        return text

    def english(match: re.Match[str]) -> str:
        return f"{match.group(1)} {_said([value[1:-1] for value in re.findall(_VALUE, match.group(2))])}"

    return pattern.sub(english, text)
