"""Priority phrases on a request: "fetch A ahead of anything else in the queue", "download A before
everything else". They say the request comes first; the "anything"/"everything" they hold names the
other work waiting, not more pages to fetch.

Pure over tokens; knows no capability. Only "anything/everything else" (the "else" says: other than
what is asked) as the object of "ahead of" or "before" that hangs from the request's own verb (or its
adverb "ahead"); "fetch A and everything else", "fetch everything else ahead of A" keep their blocker.
"""

from __future__ import annotations

from typing import Any

from deputy.signals import lower

__all__ = ["ranks_first"]

_OTHERS = frozenset({"anything", "everything"})


def ranks_first(tok: Any) -> bool:
    """Whether a blocker word is the "anything else" of a priority phrase on the request."""
    if lower(tok) not in _OTHERS or tok.dep_ != "pobj":
        return False
    if not any(lower(c) == "else" and c.dep_ == "advmod" for c in tok.children):
        return False
    prep = tok.head
    if lower(prep) == "of" and lower(prep.head) == "ahead":
        anchor = prep.head  # "ahead of anything else": "ahead" hangs from the verb
    elif lower(prep) == "before" and prep.dep_ == "prep":
        anchor = prep
    else:
        return False
    verb = anchor.head
    return anchor.dep_ in ("advmod", "prep") and verb.pos_ == "VERB" and verb.tag_ == "VB"
