"""Transcript lines that hold more than one turn, as agents paste them (issue 14, rounds 22–23):

    Previous turn - user: what sites do you know about Chile? assistant: I can fetch pages for you.
    User: ok fetch https://www.emol.com/

A line that opens with a speaker label may go on, after a sentence's end or an address, with another
speaker's label ("… for Chile? assistant: …", "fetch A assistant: done."): that label opens a turn of its
own, so the earlier words stay context. Read as one line, "fetch A assistant: done.\\nUser: now fetch B
too" was the requester's one turn and fetched both. And "Previous turn - user: …" (an earlier turn's
label, a dash, a requester's name) is the requester's earlier turn, held to every check of one
("User (earlier): …"): its negation or condition is never passed over as someone else's words.

Pure text work over the closed label lists (`turn_labels`, `requester_labels`); the caller cuts the
turns. Cutting only ever makes more of a prompt context, whose orders never act and whose addresses
must be the request's own.
"""

from __future__ import annotations

import re
from functools import cache

from deputy.protect import protect

__all__ = ["spread_turns"]

# What the requester's earlier turn is written as once its "Previous turn - user:" label is read.
_EARLIER_OWN = "User (earlier): "


def _alternation(phrases: frozenset[str]) -> str:
    # Longest first, so "tool output" wins over "tool"; a space in a phrase matches any run of spaces.
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in sorted(phrases, key=len, reverse=True))


@cache
def _patterns(labels: frozenset[str], requesters: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The dashed label of the requester's earlier turn ("Previous turn - user:") at a line's start, and a
    label inside a line ("… assistant: …") with the space before it."""
    # Round 24 (turns24): a comma may part the two names too ("Previous turn, user: …"), and the name after it
    # may be another speaker's ("Last turn, assistant: …"): group "who" then holds that speaker's name.
    dashed = re.compile(
        rf"^\s*(?:{_alternation(labels)})(?:\s+[-—–]\s+|\s*,\s*)"
        rf"(?:(?:{_alternation(requesters)})|(?P<who>{_alternation(labels)}))\s*:\s*",
        re.IGNORECASE,
    )
    inner = re.compile(rf"\s+(?={_alternation(labels | requesters)}\s*:\s)", re.IGNORECASE)
    return dashed, inner


def spread_turns(text: str, opening: re.Pattern[str], labels: frozenset[str], requesters: frozenset[str]) -> str:
    """The text with each further label inside a labelled line put on a line of its own, and a dashed label
    of the requester's earlier turn written as the requester's; the text as written when no line needs it.

    `opening` is the pattern of a label opening a line (deputy.text.turn_labels.label_pattern)."""
    dashed, inner = _patterns(labels, requesters)
    lines = text.splitlines()
    changed = False
    for i, line in enumerate(lines):
        found = dashed.match(line)
        if found is not None:
            who = found.group("who")
            # "Last turn, assistant: …" is the assistant's earlier turn, written with that speaker's label.
            line = (_EARLIER_OWN if who is None else f"{' '.join(who.split())} (earlier): ") + line[found.end():]
        label = opening.match(line)
        if label is None:
            continue
        spread = label.group() + _cut(line[label.end():], inner)
        changed = changed or spread != lines[i]
        lines[i] = spread
    return "\n".join(lines) if changed else text


def _cut(body: str, inner: re.Pattern[str]) -> str:
    """The body with a line break before each label inside it that follows a sentence's end (".", "?", "!")
    or an address: there a new speaker begins. A label after any other word ("Note to the assistant: …",
    "quoting the user: …") is part of the sentence and stays."""
    ends = {item.end for item in protect(body).items}
    pieces: list[str] = []
    start = 0
    for found in inner.finditer(body):
        before = body[:found.start()]
        if before.rstrip().endswith((".", "?", "!")) or found.start() in ends:
            pieces.append(body[start:found.start()])
            start = found.end()
    pieces.append(body[start:])
    return "\n".join(pieces)
