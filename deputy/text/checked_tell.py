""""Check robots.txt for A and tell me if MovaBot is allowed" read as the one check it asks (round 21).

A check followed by "and tell me / let me know if|whether <we are allowed>" asks one thing: the answer of
the check. The reader took "tell" as a second action it cannot do and refused. When the told clause only
asks whether the writer's own robot may act (its words are all from the closed lists below), it says
nothing the check does not answer, and it is dropped; the check is read as written ("Check robots.txt
for A"), which the reader reads as a robots question or refuses.

Guards, each keeping the prompt as written (so it is refused as before):
- the sentence opens with a checking verb (`checking_verbs`: check, verify, look, consult), after at
  most "can/could/would/will you" and please/kindly: a checking verb never acts, so no request to act
  is ever made from a question;
- every word of the told clause is the robot's own name or noun (`self_names`, `self_nouns`), a word of
  permission (`permission_answers`, `permission_modals`, `request_modals`), a verb of the vocabulary's
  actions, or a small closed set of pronouns and function words. "tell me if googlebot is allowed",
  "… if it changed", "… if we're not allowed", "… unless the site is down" keep the clause;
- an address mark must stand in the check, none in the told clause.
Pure over the protected prompt; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import ITEM_MARK, Protected

__all__ = ["checked_tell"]

_MARK = ITEM_MARK
# "and tell me/us if|whether", "and let me/us know if|whether", "and say whether".
_TELL = re.compile(
    r"(?P<tail>,?[ \t]+and[ \t]+(?:(?:then|please)[ \t]+)?"
    r"(?:tell[ \t]+(?:me|us)|let[ \t]+(?:me|us)[ \t]+know|say)[ \t]+(?:if|whether)[ \t]+(?P<clause>[^.!?\n\x00]*))"
    r"(?P<end>[.!?]+|(?=\n)|\Z)",
    re.IGNORECASE,
)
_OPENING = re.compile(
    r"(?:\A|(?<=[.!?\n]))[ \t]*(?:(?:can|could|would|will)[ \t]+you[ \t]+)?(?:(?:please|kindly|pls)[ \t,]+)?"
    r"(?P<verb>[A-Za-z-]+)", re.IGNORECASE
)
# The pronouns and function words a clause about the writer's own robot is made of.
_FUNCTION_WORDS = frozenset({
    "we", "you", "i", "us", "our", "your", "my", "it", "they", "them", "there", "this", "that", "the", "its",
    "is", "are", "am", "be", "to", "on", "in", "from", "at", "for", "page", "pages", "site", "url", "address",
    "'s", "'re", "'m", "even", "still", "actually", "really",
})
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)*|'[a-z]+")


def checked_tell(
    protected: Protected, *, checking: frozenset[str], permission: frozenset[str], others: frozenset[str],
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "and tell me if <we may>" dropped after a check, and a note for each drop.

    `checking` are the checking verbs; `permission` the words of permission one of which the told clause
    must hold (allowed, may); `others` the rest it may hold (the robot's own names and nouns, the
    vocabulary's action verbs)."""
    if not checking or not permission:
        return protected, ()
    joined = protected.joined()
    found = [m for m in _TELL.finditer(joined) if _own_permission(m.group("clause"), permission, others)
             and _opens_with_check(joined, m.start(), checking)]
    if not found:
        return protected, ()
    for match in reversed(found):
        joined = joined[: match.start()] + match.group("end") + joined[match.end():]
    return protected.rewritten(joined, tuple("and tell me if … allowed → (the check answers it)" for _ in found))


def _own_permission(clause: str, permission: frozenset[str], others: frozenset[str]) -> bool:
    """Whether the told clause only asks if the writer's own robot may act: closed words, one of permission."""
    plain = clause.lower().replace("’", "'")
    words = _WORD.findall(plain)
    if not words or len(words) != len(plain.replace("'", " '").split()):
        return False  # a word the closed lists cannot hold (a number, a name with digits, a symbol)
    known = permission | others | _FUNCTION_WORDS
    return all(w in known for w in words) and any(w in permission for w in words)


def _opens_with_check(joined: str, at: int, checking: frozenset[str]) -> bool:
    """Whether the sentence before `at` opens with a checking verb and holds an address."""
    start = max(joined.rfind(stop, 0, at) for stop in ("!", "?", "\n"))
    # "." ends a sentence only before a space or the end ("robots.txt" keeps its dot).
    dot = max((m.end() for m in re.finditer(r"\.(?=[ \t])", joined[:at])), default=0)
    begin = max(start + 1, dot)
    head = joined[begin:at]
    opening = _OPENING.match(head)
    return bool(opening and opening.group("verb").lower() in checking and _MARK in head)
