"""Quote blocks ("> …") set before the writer's own request (round 15), before protection.

A "> " block that is the whole message is the writer's request and is handled in deputy.text.blockmarkup.
A block followed by the writer's own lines is someone else's words or a cited source:

- A cited source: every line of the block is one address, perhaps a markdown link, perhaps after a
  short label ("> **Source:** [ECB press releases](A)"). The quote marks are dropped and the lines
  read as any line naming an address, so the request after it may point at it ("Please download
  that source.") or leave it aside (and be refused for an address outside the request).
- Someone else's words that name no address ("> maya: anyone have the flu dashboard saved?"): the
  block can add no address to the request, so it is dropped as context, when its words hold nothing
  that could change the request (deputy.forms.quoted: no negation, condition, refused verb or blocker).

- A quoted mail the writer endorses: "> From: Lena\n> Could you grab A for the review?\n\nGo ahead." The
  block opens with a "From:" line and the writer's only words after it are an endorsement ("Go ahead.",
  "Please do."): the request in the mail is the writer's, and is read as written, with every check.

Anything else (a block holding an address beside other words, a block with a negation, a condition,
a refused verb) stays as written, and the reader refuses the ">" it cannot place, as before.
Pure text work on whole lines.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect
from deputy.forms.quoted import quoted_refusal
from deputy.refusals import RefusalKind
from deputy.vocab import ReaderWords

__all__ = ["read_quote_blocks"]

_QUOTED = re.compile(r"^[ \t]*>[ \t]?")
# A label before a cited address: "Source:", "**Source:**", "Reference -" (at most four words).
_LABEL = re.compile(r"^(?:\*\*)?[^\W\d_][\w' ]{0,40}?(?:\*\*)?\s*[:\-–](?:\*\*)?\s*")


# A mail's sender line inside the block: "> From: Lena", "> From: Lena Ortiz <lena@b.example>".
_SENDER = re.compile(r"^from:[ \t]+\S", re.IGNORECASE)
# The writer's endorsement of a request passed on, alone on its line (as deputy.text.relayed reads one).
_ENDORSEMENT = re.compile(
    r"^[ \t]*(?:please\s+)?(?:do(?:\s+(?:so|it|that))?|go\s+ahead)(?:,?\s+please)?[ \t]*[.!]*[ \t]*$", re.IGNORECASE
)


def _blocks(lines: list[str]) -> list[tuple[int, int]]:
    """The (start, end) line spans of each run of quoted lines."""
    spans: list[tuple[int, int]] = []
    index = 0
    while index < len(lines):
        if _QUOTED.match(lines[index]):
            end = index
            while end < len(lines) and _QUOTED.match(lines[end]):
                end += 1
            spans.append((index, end))
            index = end
        else:
            index += 1
    return spans


def _cited(line: str, words: ReaderWords) -> bool:
    """A quoted line that is one address, perhaps after a label, and words that change nothing."""
    body = _QUOTED.sub("", line, count=1).strip()
    found = protect(body)
    addresses = [item for item in found.items if item.kind is ItemKind.ADDRESS]
    if len(addresses) != 1 or len(found.items) != 1:
        return False
    before, after = body[: addresses[0].start], body[addresses[0].end:]
    if after.strip(" .") or (before.strip() and not _LABEL.fullmatch(before.strip() + " ")):
        return False
    if quoted_refusal(before, words) is not None:
        return False
    # A link's text is the page's title ("ECB press releases"): only a negation or a condition in it counts.
    titled = quoted_refusal(addresses[0].link_text or "", words)
    return titled is None or titled[0] not in (RefusalKind.NEGATION, RefusalKind.CONDITION)


def _inert(block: list[str], words: ReaderWords) -> bool:
    """Someone else's words that name no address and hold nothing that changes a request."""
    said = " ".join(_QUOTED.sub("", line, count=1) for line in block)
    return not protect(said).items and quoted_refusal(said, words) is None


def read_quote_blocks(text: str, words: ReaderWords) -> str:
    """The text with each quote block before the writer's own lines read as a citation or dropped as context."""
    if ">" not in text:
        return text
    lines = text.split("\n")
    spans = _blocks(lines)
    if not spans:
        return text
    out = list(lines)
    for start, end in reversed(spans):
        # The writer's own words must follow the block: a block that ends the prompt is left as written.
        if not any(line.strip() and not _QUOTED.match(line) for line in lines[end:]):
            continue
        block = lines[start:end]
        body = [_QUOTED.sub("", line, count=1) for line in block]
        after = [line for line in lines[end:] if line.strip()]
        if len(body) > 1 and _SENDER.match(body[0]) and len(after) == 1 and _ENDORSEMENT.match(after[0]):
            # The endorsed mail's request is what is asked; its sender line and the endorsement say who and yes.
            return "\n".join(lines[:start] + body[1:])
        if all(_cited(line, words) for line in block):
            out[start:end] = [_QUOTED.sub("", line, count=1) for line in block]
        elif _inert(block, words):
            del out[start:end]
    return "\n".join(out)
