""""Tool output: status=idle, queue=0.\nGood. Now fetch A.": a line an agent pastes from a tool, a label then
key=value pairs, is context that reports a state; the request is on the next line (round 21, ctx21).

The small model reads "queue=0" as words it cannot place and the prompt was refused as not understood. The
line is dropped, with a bare acknowledgement opening the next line ("Good.", "Great,", "OK."), when:

* it is a whole line, and another line with words follows it (the request is never the readout);
* its label is one to three words ending in a word of `readout_labels` ("Tool output", "Observation",
  "Result") and closed by a colon;
* after the label come only key=value pairs, each key a plain word and each value a plain word or number
  (no address, no slash, no space, no quotation), separated by commas or spaces, with an optional full stop;
* no key or value is a refusing word (a negation, a blocker or a condition word: "status=blocked" stays).

A readout holding an address ("url=A") is left as written, so the request never silently loses it. Pure text
work, before the parse.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["without_readouts"]

_PAIR = r"[A-Za-z_][\w-]{0,30}=[\w.+-]{1,30}"
_READOUT = re.compile(
    r"(?:(?<=\A)|(?<=\n))[ \t]*(?P<label>[A-Za-z][\w-]*(?:[ \t]+[A-Za-z][\w-]*){0,2})[ \t]*:[ \t]*"
    r"(?P<pairs>" + _PAIR + r"(?:[ \t]*,?[ \t]+" + _PAIR + r"|[ \t]*,[ \t]*" + _PAIR + r")*)[ \t]*\.?[ \t]*\n"
    r"(?P<ack>[ \t]*(?:good|great|ok|okay|nice|thanks|cool|perfect)[ \t]*[.!,][ \t]*)?(?=[ \t]*[A-Za-z])",
    re.IGNORECASE,
)


def without_readouts(prompt: str, *, labels: Collection[str], refusing: Collection[str]) -> str:
    """The prompt without a tool's key=value readout line (and a bare "Good." after it); unchanged otherwise.

    `labels`: the last words a readout's label may end in (`readout_labels`); `refusing`: negations, blockers
    and condition words, none of which may stand among the keys and values."""

    def drop(match: re.Match[str]) -> str:
        label = match.group("label").split()[-1].lower()
        said = [w.lower() for w in re.split(r"[=,\s]+", match.group("pairs")) if w]
        if label not in labels or any(w in refusing for w in said):
            return match.group(0)
        return ""

    return _READOUT.sub(drop, prompt)
