"""Two word orders of learners of English, put in the order the reader knows before parsing:
"Please you can download for me this page A" (read "Please download for me this page A") and
"Fetch me please the page A" (read "Please fetch me the page A").

Only at the start of the prompt and only before a verb that acts (the caller passes them), so a
negation ("Please you can not download …"), another verb ("Please you can delete …") or any other
order is left as written and refused as before. A prompt that ends in "?" asks: "Please, you can
fetch for me A?" is "Can you fetch A?", a permission question answered from robots.txt like every
"can …?", and is left as written. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["learner_order"]

_YOU_CAN = re.compile(r"^please,?\s+you\s+can\s+(?P<verb>[A-Za-z]+)\b", re.IGNORECASE)
_ME_PLEASE = re.compile(r"^(?P<verb>[A-Za-z]+)\s+me\s+please,?\s+", re.IGNORECASE)


def learner_order(prompt: str, actions: frozenset[str]) -> str:
    """The prompt with a learner's "please you can VERB" / "VERB me please" in the usual order."""
    found = _YOU_CAN.match(prompt)
    if found is not None and found.group("verb").lower() in actions and not prompt.rstrip().endswith("?"):
        return "Please " + prompt[found.start("verb"):]
    found = _ME_PLEASE.match(prompt)
    if found is not None and found.group("verb").lower() in actions:
        return f"Please {found.group('verb')} me " + prompt[found.end():]
    return prompt
