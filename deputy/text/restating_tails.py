"""A closing tail that says the question or request again (round 23): "Check robots.txt for A — allowed or
not?", "Is A allowed for us, yes or no?", "`read` A - i.e. give me the text you stored for it".

The tail adds nothing to what the head asks, but its "no"/"not" would read as a negation and its second verb
as a second request. It is dropped only from a prompt that holds no verb that acts (so the head can only be
a check or a question, and the rewrite never makes the reader act), and only when it is set off by a dash,
comma or semicolon at the very end: a closing phrase of `words.restating_tails`, or a tail opened by one of
`words.restating_openers` ("i.e.") that holds no address, no verb the reader refuses and no word that
refuses ("… - i.e. delete the old copy" stays, and is refused). Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["without_restating_tail"]

_SET_OFF = re.compile(r"\s*(?:—|–|--|\s-|,|;)\s*(?P<tail>[^—–,;]+?)\s*[?.!]?\s*$")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_DETERMINERS = frozenset({"the", "a", "an", "your", "my", "its", "our", "this", "that"})


def _restating(tail: str, *, tails: frozenset[str], openers: frozenset[str], blocked: frozenset[str],
               is_address: Callable[[str], bool]) -> bool:
    """Whether a set-off tail only says the head again."""
    lowered = " ".join(tail.lower().split())
    if lowered in tails:
        return True
    opener = next((o for o in sorted(openers, key=len, reverse=True) if lowered.startswith(o + " ")), None)
    if opener is None:
        return False
    rest = lowered[len(opener):]
    if any(is_address(piece.strip(".,;:!?`'\"")) for piece in rest.split()):
        return False
    words = _WORD.findall(rest)
    # A word right after a determiner is the noun it may also be ("the text", "your copy"), not a verb.
    return not any((w in blocked and (i == 0 or words[i - 1] not in _DETERMINERS)) or "n't" in w
                   for i, w in enumerate(words))


def without_restating_tail(text: str, *, tails: frozenset[str], openers: frozenset[str], actions: frozenset[str],
                           blocked: frozenset[str], is_address: Callable[[str], bool]) -> str:
    """The text without a closing tail that says the head again; the text as written otherwise. `blocked`
    holds the words a restating tail may not hold: the verbs I refuse and the words that refuse."""
    if not tails and not openers:
        return text
    stripped = text.strip()
    found = _SET_OFF.search(stripped)
    if found is None or not found.start():
        return text
    if any(w.lower() in actions for w in _WORD.findall(stripped)):
        return text
    if not _restating(found.group("tail"), tails=tails, openers=openers, blocked=blocked, is_address=is_address):
        return text
    head = stripped[:found.start()].rstrip()
    return head + "?" if stripped.endswith("?") and not head.endswith("?") else head
