"""A learner's "am" before a plain need (round 29, voice29): "I am need the page A downloaded, thank you".

Learners carry "am" over from "I am needing"/"I am in need of"; read as written, "need" was no main verb
and "downloaded" a second request ("it asks for more than one thing at once"). The "am" is dropped between
"I" and "need"/"want" ("I need the page A downloaded"), which the reader reads as the wish it is. Nothing
else changes: "I am not need A" keeps its "not" and is left as written (and refused), and another subject
("he is need A") is no ask of the writer's. Pure text work on closed words.
"""

from __future__ import annotations

import re

__all__ = ["without_learner_am"]

# "I am need", "I'm need", "I am want": only the writer, only before a bare "need"/"want".
_AM = re.compile(r"\b(I)(?:[ \t]+am|['’]m)[ \t]+(?=(?:need|want)\b)", re.IGNORECASE)


def without_learner_am(text: str) -> str:
    """The text with a learner's "I am need" put as "I need"; as written otherwise."""
    if "need" not in text.lower() and "want" not in text.lower():
        return text
    return _AM.sub(r"\1 ", text)
