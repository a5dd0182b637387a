"""A question asked beside a request: "Download A and then tell me how many pages you've stored".

The conjoined "tell" is no verb the reader refuses on its own account: it embeds a second question, a
second thing asked at once. Naming it an unsupported verb («I cannot tell») names the wrong problem, so
the reader names it as more than one thing at once (round 17). Only the kind of refusal changes: the
prompt is refused either way.

Pure over spaCy tokens; knows no capability.
"""

from __future__ import annotations

from typing import Any

from deputy.signals import WH_TAGS, lower

__all__ = ["questions_beside"]

# Question words that open a clause a condition never opens ("when" and "if" may also say *when* to
# act: "tell me when it is done" stays the condition it was).
_CONDITIONAL_WH = frozenset({"when", "whenever", "if"})


def questions_beside(action: Any, embedders: frozenset[str]) -> tuple[str, ...]:
    """Lemmas of verbs conjoined with the action that embed an indirect question ("… and tell me how
    many pages …", "… and show me whether B is allowed")."""
    found = []
    for verb in action.children:
        if verb.dep_ != "conj" or verb.pos_ != "VERB" or str(verb.lemma_).lower() not in embedders:
            continue
        if any(c.dep_ == "ccomp" and _opens_question(c) for c in verb.children):
            found.append(str(verb.lemma_).lower())
    return tuple(found)


def _opens_question(clause: Any) -> bool:
    """An embedded clause opened by a question word or "whether" before its verb."""
    for tok in clause.subtree:
        if tok.i >= clause.i:
            return False
        if lower(tok) in _CONDITIONAL_WH:
            return False
        if lower(tok) == "whether" or tok.tag_ in WH_TAGS:
            return True
    return False
