"""A tool call echoed by the same question in English (round 25, tickets25): 'tool_call: seaspider.robots(target="A")
\\nIn plain words: may we fetch A?', 'seaspider.stats(host="H")\\nIn plain English: how many pages …?'.

Pure text work on whole lines. Only a prompt of two lines: a call (a dotted name and its arguments in
parentheses, on its own line, after an optional label of `words.call_tags` and a colon), then a line opening
with a restating label of `words.restating_labels` and a colon, a comma or a dash. The reader reads the English
alone and keeps it only when a capability that observes answers it, that capability's name is the called name,
and the English names the same addresses as the call's arguments; otherwise the prompt is read as written.
An agent's call of a verb I refuse, or an English line that acts, is never taken from here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deputy.protect import protect

__all__ = ["RestatedCall", "english_addresses", "restated_call"]

# 'tool_call: seaspider.robots(target="A")', 'crawler.page(url="A")': one call alone on its line.
_CALL = re.compile(
    r"^[ \t]*(?:(?P<label>[A-Za-z_][\w ]{0,20}?)[ \t]*:[ \t]*)?"
    r"(?P<name>[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)[ \t]*\((?P<args>[^()\n]*)\)[ \t]*;?[ \t]*$"
)


@dataclass(frozen=True, slots=True)
class RestatedCall:
    """The called capability's name (its last dotted part, lower case), the addresses its arguments name, and the
    English line that restates it (without its label)."""

    name: str
    addresses: frozenset[str]
    english: str


def restated_call(text: str, *, tags: frozenset[str], labels: tuple[str, ...]) -> RestatedCall | None:
    """The call and its English restatement, when the prompt is just those two lines; else None."""
    lines = [line.strip() for line in text.strip().split("\n") if line.strip()]
    if len(lines) != 2 or "(" not in lines[0]:
        return None
    call = _CALL.match(lines[0])
    if call is None or (call.group("label") is not None and call.group("label").strip().lower() not in tags):
        return None
    english = _restated(lines[1], labels)
    if english is None:
        return None
    return RestatedCall(call.group("name").rsplit(".", 1)[-1].lower(), _addresses(call.group("args")), english)


def english_addresses(text: str) -> frozenset[str]:
    """The addresses and hosts an English line names, as written."""
    return _addresses(text)


def _addresses(text: str) -> frozenset[str]:
    return frozenset(item.source.strip("\"'`") for item in protect(text).items)


def _restated(line: str, labels: tuple[str, ...]) -> str | None:
    """The line's words after a restating label ("In plain words: …"), or None when it opens with none."""
    lowered = line.lower()
    for label in sorted(labels, key=len, reverse=True):
        if not lowered.startswith(label):
            continue
        rest = line[len(label):]
        mark = re.match(r"[ \t]*(?:[:,]|[—–]|-(?=\s))[ \t]*", rest)
        if mark is not None and rest[mark.end():].strip():
            return rest[mark.end():].strip()
    return None
