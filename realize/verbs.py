"""Past tense and past participle of English verbs: a small irregular table plus the regular rules.

`inflect` does not conjugate verbs, so the irregular verbs we use are listed here. Pure: no I/O.
"""

from __future__ import annotations

from functools import lru_cache

__all__ = ["past", "past_participle"]

# verb: (past, past participle). Also lists regular verbs whose spelling the rules below cannot
# guess (stress decides doubling: "defer" → "deferred" but "offer" → "offered").
_IRREGULAR: dict[str, tuple[str, str]] = {
    "be": ("was", "been"),
    "begin": ("began", "begun"),
    "bring": ("brought", "brought"),
    "build": ("built", "built"),
    "buy": ("bought", "bought"),
    "choose": ("chose", "chosen"),
    "come": ("came", "come"),
    "cut": ("cut", "cut"),
    "defer": ("deferred", "deferred"),
    "do": ("did", "done"),
    "find": ("found", "found"),
    "get": ("got", "got"),
    "give": ("gave", "given"),
    "go": ("went", "gone"),
    "have": ("had", "had"),
    "hold": ("held", "held"),
    "keep": ("kept", "kept"),
    "know": ("knew", "known"),
    "leave": ("left", "left"),
    "let": ("let", "let"),
    "lose": ("lost", "lost"),
    "make": ("made", "made"),
    "occur": ("occurred", "occurred"),
    "put": ("put", "put"),
    "read": ("read", "read"),
    "refer": ("referred", "referred"),
    "run": ("ran", "run"),
    "say": ("said", "said"),
    "see": ("saw", "seen"),
    "send": ("sent", "sent"),
    "set": ("set", "set"),
    "shut": ("shut", "shut"),
    "take": ("took", "taken"),
    "tell": ("told", "told"),
    "think": ("thought", "thought"),
    "write": ("wrote", "written"),
}

_VOWELS = frozenset("aeiou")


def past(verb: str) -> str:
    """The simple past: "fetch" → "fetched", "get" → "got", "queue" → "queued"."""
    return _forms(verb)[0]


def past_participle(verb: str) -> str:
    """The past participle: "fetch" → "fetched", "find" → "found", "write" → "written"."""
    return _forms(verb)[1]


@lru_cache(maxsize=256)
def _forms(verb: str) -> tuple[str, str]:
    if not verb.isalpha() or not verb.islower():
        raise ValueError(f"{verb!r} is not a lower-case verb in its base form")
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    regular = _regular_past(verb)
    return regular, regular


def _regular_past(verb: str) -> str:
    if verb.endswith("e"):
        return verb + "d"  # store → stored, queue → queued
    if len(verb) >= 2 and verb.endswith("y") and verb[-2] not in _VOWELS:
        return verb[:-1] + "ied"  # try → tried; but play → played
    if _doubles_final_consonant(verb):
        return verb + verb[-1] + "ed"  # stop → stopped
    return verb + "ed"  # fetch → fetched, disallow → disallowed


def _doubles_final_consonant(verb: str) -> bool:
    # One syllable ending consonant-vowel-consonant doubles ("stop"); w, x and y never double.
    # Longer verbs double only when stressed at the end, which spelling cannot tell: those are
    # listed in _IRREGULAR instead ("defer").
    if len(verb) < 3 or verb[-1] in _VOWELS or verb[-1] in "wxy":
        return False
    if verb[-2] not in _VOWELS or verb[-3] in _VOWELS:
        return False
    syllables = sum(1 for i, c in enumerate(verb) if c in _VOWELS and (i == 0 or verb[i - 1] not in _VOWELS))
    return syllables == 1
