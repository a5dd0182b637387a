"""A forwarded mail, then the writer's request for the links in it (round 15): "---------- Forwarded message
----------\\nFrom: Priya Nair\\nSubject: …\\n\\nCould you pull these?\\nA\\nB\\n\\n---\\nPlease fetch the two links
in Priya's email." The mail is someone else's words; the writer's own request names its links by reference.

Pure text work on whole lines. Only when: a forwarding marker line opens the mail, a rule line ("---")
closes it, and the writer's words after the rule name no address and refer to the mail's links in one
phrase: "the [N] links|urls|pages|… in|from <Sender>'s|the [forwarded]|that|this email|mail|message",
where a count must be the number of addresses in the mail and a sender must be the first name the mail's
"From:" line gives. The mail's own words must hold nothing that could change a request (deputy.forms.quoted:
no negation, condition, refused verb or blocker). Then the mail is dropped and the phrase becomes its
addresses ("Please fetch A and B."), read with every check; anything else stays as written.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.forms.quoted import quoted_refusal
from deputy.vocab import ReaderWords

__all__ = ["forwarded_links"]

_MARKER = re.compile(
    r"^[ \t]*(?:-{3,}[ \t]*(?:forwarded|original)[ \t]+message[ \t]*-{3,}|begin[ \t]+forwarded[ \t]+message:?)[ \t]*$",
    re.IGNORECASE,
)
_RULE = re.compile(r"^[ \t]*(?:-{2,}|_{3,}|\*{3,})[ \t]*$")
_FROM = re.compile(r"^[ \t]*from:[ \t]*(?P<name>[^\W\d_][\w'’-]*)", re.IGNORECASE)
_REFERENCE = re.compile(
    r"\bthe\s+(?:(?P<count>[a-z0-9]+)\s+)?(?P<noun>[a-z]+)\s+(?:in|from)\s+"
    r"(?:(?P<who>[^\W\d_][\w-]*)['’]s|the\s+forwarded|the|that|this)\s+(?:e-?mail|mail|message)\b",
    re.IGNORECASE,
)
# Round 18 (chat18): "the link Tom sent", "the two pages Ana shared": the sender's name (which must be the
# mail's "From:" name) and a verb of passing something on, in place of "in Tom's email".
_SENT_REFERENCE = re.compile(
    r"\bthe\s+(?:(?P<count>[a-z0-9]+)\s+)?(?P<noun>[a-z]+)\s+(?P<who>[^\W\d_][\w-]*)\s+"
    r"(?:sent|shared|forwarded|passed\s+on)\b(?:\s+(?:me|us))?",
    re.IGNORECASE,
)
# How a count is written ("the two links"); the mail holds at most a handful of links worth counting.
_COUNTS = {word: n for n, word in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"))}


def _count(word: str) -> int | None:
    return int(word) if word.isdigit() else _COUNTS.get(word.lower())


def _listed(values: list[str]) -> str:
    return values[0] if len(values) == 1 else ", ".join(values[:-1]) + " and " + values[-1]


def forwarded_links(text: str, words: ReaderWords) -> str:
    """The writer's request with its reference to a forwarded mail's links put as those links; else as written."""
    if "\n" not in text or "forward" not in text.lower() and "original" not in text.lower():
        return text
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines) if _MARKER.match(line)), None)
    if start is None:
        return text
    end = next((i for i in range(start + 1, len(lines)) if _RULE.match(lines[i])), None)
    if end is None:
        end = _last_paragraph(lines, start)
    if end is None:
        return text
    mail, own = "\n".join(lines[start + 1:end]), "\n".join(lines[end + 1:])
    found = protect(mail)
    addresses = [item.source for item in found.items if item.kind is ItemKind.ADDRESS]
    if not addresses or len(addresses) != len(found.items) or protect(own).items:
        return text
    if quoted_refusal(" ".join(found.pieces), words) is not None:
        return text
    # "the links in the forwarded email" is read by the first pattern alone (the second would take "in the
    # forwarded" for a sender's words); "the link Tom sent" only when the first finds nothing.
    references = list(_REFERENCE.finditer(own)) or list(_SENT_REFERENCE.finditer(own))
    if len(references) != 1 or not _fits(references[0], addresses, mail, words):
        return text
    said = references[0]
    before = "\n".join(lines[:start])
    asked = own[: said.start()] + _listed(addresses) + own[said.end():]
    return (before + "\n" + asked) if before.strip() else asked


def _last_paragraph(lines: list[str], start: int) -> int | None:
    """Without a rule line (round 18): the blank line before the writer's last paragraph, when that
    paragraph is one line after the mail ("…\n\nPlease fetch the link Tom sent.")."""
    blanks = [i for i in range(start + 1, len(lines)) if not lines[i].strip()]
    if not blanks:
        return None
    end = blanks[-1]
    own = [line for line in lines[end + 1:] if line.strip()]
    return end if len(own) == 1 and any(line.strip() for line in lines[start + 1:end]) else None


def _fits(said: re.Match[str], addresses: list[str], mail: str, words: ReaderWords) -> bool:
    """The reference's noun stands for addresses, its count is theirs, and its sender is the mail's."""
    if said.group("noun").lower() not in words.object_nouns:
        return False
    if said.group("count") is not None and _count(said.group("count")) != len(addresses):
        return False
    who = said.group("who")
    if who is None:
        return True
    sender = next((m.group("name") for m in map(_FROM.match, mail.split("\n")) if m is not None), None)
    return sender is not None and sender.lower() == who.lower()
