""""I wonder if you could fetch A when you have a moment", "Necessary to download A, thank you": two hedged ways
of asking that the small model reads as a musing or a fragment (round 25, ctx25).

- "I wonder if/whether you could/would …" may muse about ability ("I wonder if you could fetch A at all"), so
  it is no request frame on its own (words.hedge_frames keeps only "I was wondering if you could"). With a
  hedge of the reader's time or leave closing its own sentence (`words.hedge_asides`: "when you have a
  moment", "whenever suits you") it asks, as the past progressive does: the frame is put in that form and
  the sentence read with every check ("… when B is down" is no hedge and stays a condition).
- A bare adjective of necessity opening a sentence before a verb that acts (`words.necessity_openers`:
  "Necessary to download A", "Important to fetch A") is a learner's request: read as "Please download A".
  "Not necessary to …", "It is important to know …" and a verb no capability acts with are left.
Pure text in, text out; knows nothing of any capability beyond the verbs it is given.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["necessity_opened", "wondered_with_hedge"]

_STARTS = r"(?:(?<=\A)|(?<=[.!?][ \t])|(?<=\n))"
_WONDER = re.compile(_STARTS + r"I[ \t]+wonder[ \t]+(?P<how>if|whether)[ \t]+you[ \t]+(?P<modal>could|would)\b")
# A sentence closes at a stop before a space or the end; a stop inside an address ("www.a.example") does not.
_CLOSE = re.compile(r"[.!?]+(?=\s|\Z)|\n|\Z")


def _closing_words(text: str, start: int) -> str:
    """The words of the sentence opened at `start`, up to its closing stop, lower-case."""
    end = _CLOSE.search(text, start)
    return text[start:end.start() if end else len(text)].rstrip(" \t,;").lower()


def wondered_with_hedge(text: str, hedges: Collection[str]) -> str:
    """"I wonder if you could V … <hedge>." as "I was wondering if you could V … <hedge>."; else unchanged."""
    closers = tuple(h.lower() for h in hedges)

    def put(match: re.Match[str]) -> str:
        said = _closing_words(text, match.start())
        if not any(said.endswith(" " + h) for h in closers):
            return match.group(0)
        return f"I was wondering {match.group('how')} you {match.group('modal')}"

    return _WONDER.sub(put, text)


def necessity_opened(text: str, openers: Collection[str], actions: Collection[str]) -> str:
    """"Necessary to V …" opening a sentence, V a verb that acts, as "Please V …"; else unchanged."""
    if not openers:
        return text
    words = "|".join(sorted((re.escape(w) for w in openers), key=len, reverse=True))
    pattern = re.compile(_STARTS + rf"(?:{words})[ \t]+to[ \t]+(?P<verb>[a-z]+)\b", re.IGNORECASE)

    def put(match: re.Match[str]) -> str:
        verb = match.group("verb")
        if verb.lower() not in actions:
            return match.group(0)
        return f"Please {verb.lower()}"

    return pattern.sub(put, text)
