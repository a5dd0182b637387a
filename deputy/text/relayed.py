"""Prompts that only pass on someone else's words: 'Relaying from the user: "Please fetch A."'.

An agent often forwards its user's request inside quotation marks, with a frame that says who said
it and nothing else ("My user asked: …", "Customer message: …", "… — go ahead."). Such a frame asks
for nothing of its own, so the quotation is the prompt, and it is read like any other prompt, with
every check (a negation, a condition, a private address or a refused verb inside it still refuses).

A frame is a relay only when every word of it is on two closed lists (relay words and frame words,
plus person nouns and courtesy) and it names both a speaker (a person noun or a pronoun) and a word
of passing on in its reporting form ("says", "asked", "relaying", "message") or a colon right
before the quotation ('User: "…"'). Anything else (a verb,
an address, a negation, a condition, a second quotation, the bare imperative "Say …" or "Ask the
user …") leaves the prompt to be read as written. The same frame before a colon may pass on
unquoted words that run to the end of the prompt: "The user asks: is the crawl still running?";
and a request someone made of the writer, reported and then endorsed, is that request: "The user
asked me to download A. Please do.". One level only: a relay inside a relay is read as
written. Pure text work; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, ProtectedItem, protect
from deputy.vocab import ReaderWords

__all__ = ["endorses", "relayed"]

_WORDS = re.compile(r"[^\W\d_][\w'’]*")
# Single quotes are apostrophes too ("the user's"), so protect() leaves them alone; a relay in single
# quotes is recognised only after a colon, running to the end of the prompt:
# "The user asked: 'how many pages do we have?'".
_SINGLE = re.compile(r"^(?P<frame>[^'‘’\"“”«»]*?:\s*)['‘](?P<said>[^'‘’]*[^'‘’\s])['’](?P<tail>[\s.!]*)$")
_SPEAKER_PRONOUNS = frozenset({"they", "he", "she"})
# What every relay holds somewhere: a quotation mark, a colon, or an endorsement ("do", "go ahead").
_MAYBE = re.compile(r"[\"“”«»'‘’:]|\b(?:do|ahead)\b", re.IGNORECASE)
# "The user asks: is the crawl still running?": a relay frame and a colon, then the words passed on,
# unquoted, to the end of the prompt. The frame is short (a label, not a sentence of context).
# "The user asked me to download A. Please do.": a request someone made of the writer, reported,
# then endorsed ("please do", "go ahead", "do it"). What they asked is read as the request. A
# negation ("asked me not to") or anything after the endorsement leaves the prompt as written.
_ENDORSED = re.compile(
    r"^(?P<frame>[^.!?:;\n\"“”«»]{1,60}?)\s+(?:asked|asks|wants|wanted|told|would\s+like)\s+(?:me|us|you)\s+to\s+"
    r"(?P<said>[^\n]+?)\s*(?:[.!;]|\s[—–-])\s*"
    r"(?:please\s+)?(?:do(?:\s+(?:so|it|that))?|go\s+ahead)(?:,?\s+please)?\s*[.!]*\s*$",
    re.IGNORECASE | re.DOTALL,
)
_NUMBERED = re.compile(r"\b([^\W\d_]+)[ \t]+#?[A-Z]{0,4}-?\d[\d.-]*\b", re.IGNORECASE)
_COLON = re.compile(r"^(?P<frame>[^:\n\"“”«»']{1,60}?):[ \t]+(?P<said>\S.*)$", re.DOTALL)


def endorses(prompt: str) -> bool:
    """Whether the prompt reports a request made of the writer and ends by endorsing it ("My user wants me
    to fetch A — go ahead."): the closing "go ahead" is the endorsement here, never a tail to drop
    (deputy.text.disfluent)."""
    return _ENDORSED.match(prompt) is not None


def relayed(prompt: str, words: ReaderWords, *, _any_frame: bool = False) -> str | None:
    """The quoted words a prompt only passes on, or None when the prompt is more than a relay.

    `_any_frame` exists for negative-control tests only: it takes any frame for a relay.
    """
    if not _MAYBE.search(prompt):
        return None  # no quotation, colon or endorsement: no relay, and no second protect() either
    protected = protect(prompt)
    quotes = [item for item in protected.items if item.kind is ItemKind.QUOTE]
    if len(protected.items) == 1 and len(quotes) == 1:
        frame = "".join(protected.pieces)
        said = quotes[0].text
        labelled = protected.pieces[0].rstrip().endswith(":")
    else:
        found = _SINGLE.match(prompt.strip())
        if found is None:
            return (_after_colon(prompt.strip(), protected.items, words, any_frame=_any_frame)
                    or _endorsed(prompt.strip(), protected.items, words, any_frame=_any_frame))
        start = len(prompt) - len(prompt.lstrip()) + found.start("said")
        if any(item.start < start for item in protected.items):
            return None  # an address or a quotation in the frame: more than a relay
        frame = found.group("frame") + found.group("tail")
        said = found.group("said")
        labelled = True
    said = said.strip()
    if not said or not (_any_frame or _only_frames(frame, words, labelled=labelled)):
        return None
    return said


def _endorsed(prompt: str, items: tuple[ProtectedItem, ...], words: ReaderWords, *, any_frame: bool) -> str | None:
    """The request a person made of the writer, endorsed: "The user asked me to download A. Please do."."""
    found = _ENDORSED.match(prompt)
    if found is None or any(item.start < found.start("said") or item.end > found.end("said") for item in items):
        return None
    if not (any_frame or _only_frames(found.group("frame"), words, labelled=True)):
        return None
    return found.group("said").strip() or None


def _after_colon(prompt: str, items: tuple[ProtectedItem, ...], words: ReaderWords, *, any_frame: bool) -> str | None:
    """The unquoted words after a relay frame and a colon ('My user asks: is the queue empty?')."""
    found = _COLON.match(prompt)
    if found is None or any(item.start < found.start("said") or item.kind is ItemKind.QUOTE for item in items):
        return None  # an address in the frame, or a quotation the frame may be about: read as written
    if not (any_frame or _only_frames(found.group("frame"), words, labelled=True)):
        return None
    return found.group("said").strip() or None


def _only_frames(frame: str, words: ReaderWords, *, labelled: bool) -> bool:
    """Whether the text around the quotation only says who said it (and perhaps "go ahead").

    A colon right before the quotation passes words on as a saying verb does: 'User: "…"'.
    """
    found = [w.lower().replace("’", "'") for w in _WORDS.findall(frame)]
    if any(w.endswith("'s") for w in found):
        found = [w[:-2] if w.endswith("'s") else w for w in found]  # "the user's request": whose words
    allowed = words.relay_words | words.relay_frame | words.person_nouns | words.courtesy | words.politeness
    # "The customer on ticket 41190 asked:": a label with its number only says which ticket it came from.
    allowed |= {m.group(1).lower() for m in _NUMBERED.finditer(frame) if m.group(1).lower() in words.label_nouns}
    speaker = any(w in words.person_nouns or w in _SPEAKER_PRONOUNS for w in found)
    passing = labelled or any(w in words.relay_words for w in found)
    return speaker and passing and all(w in allowed for w in found)
