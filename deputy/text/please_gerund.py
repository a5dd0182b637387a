""""Please fetching the page A and also B.": a learner's gerund after "please" is the verb of the request.

Learners put the "-ing" form where the bare verb belongs after "please"; read as written, the prompt had no
verb to act on and was not understood (round 28, voice28). When "please" opens the prompt or a sentence and
the word after it is the "-ing" form of a verb the reader reads or refuses (`verbs`: "fetching" → "fetch",
"deleting" → "delete", so a refused verb is refused as itself), the form is put as the bare verb.

Spelling rules only over the known verbs (deputy.text.reorder.gerund_forms); an unknown "-ing" word is left as
written. "Please not downloading A" has "not" after "please" and is left as written (and refused for it).
Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from deputy.text.reorder import gerund_forms

__all__ = ["please_gerund"]

_PLEASE = re.compile(r"(?P<lead>(?:\A|(?<=[.!?\n]))[ \t]*please[ \t]+)(?P<ger>[A-Za-z]+ing)\b", re.IGNORECASE)


def please_gerund(text: str, verbs: Collection[str]) -> str:
    """The text with "Please fetching A" put as "Please fetch A"; else unchanged."""
    if "ing" not in text.lower():
        return text
    forms = gerund_forms(frozenset(verbs))

    def bare(match: re.Match[str]) -> str:
        verb = forms.get(match.group("ger").lower())
        return match.group(0) if verb is None else f"{match.group('lead')}{verb}"

    return _PLEASE.sub(bare, text)
