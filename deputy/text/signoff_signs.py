"""Emoji and emoticons that sign a chat line off (round 25): "dl A and B ty ✌️", "fetch A ty ^^",
"pls download A for me :D", "how many pages from H? thx 😎".

Chat writers close a line with a sign of good will; it is no word of the request, and the reader
refused such lines for a word it could not place ("✌"). A run of signs of the closed list
`words.signoff_signs` that closes a line (after a space, or as the whole line after others) is dropped;
what is left is read with every check ("don't dl A 👌" is still negated, "dl A if it changed ✌️" still
conditional). A sign only goes where it closes a line: one before the request ("👌 A") is left, so a
sign never stands in for a verb. The list holds no sign that could refuse or ask something (❌ 🚫 👎 🗑️
🔁 ❓ ✅ are not in it). Unicode decides only what is a modifier of a sign (variation selectors, skin tones,
a zero-width joiner); the signs themselves are data. Pure text work.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

__all__ = ["without_signoff_signs"]

# Modifiers that only change how a sign is drawn: a variation selector (Mn), a skin tone (Sk), a joiner (Cf).
# ASCII's own Sk characters ("^", "`") are signs' letters ("^^"), never modifiers.
_MODIFIER_CATEGORIES = frozenset({"Mn", "Sk", "Cf"})


@cache
def _signs_pattern(signs: tuple[str, ...]) -> re.Pattern[str] | None:
    """One or more signs of the list, nothing else (the longest sign tried first: ":-D" before ":-")."""
    if not signs:
        return None
    ordered = sorted({_bare(sign) for sign in signs if _bare(sign)}, key=len, reverse=True)
    return re.compile("(?:" + "|".join(re.escape(sign) for sign in ordered) + ")+")


def _bare(word: str) -> str:
    """The word without the modifiers that only change how a sign is drawn."""
    return "".join(ch for ch in word if ch.isascii() or unicodedata.category(ch) not in _MODIFIER_CATEGORIES)


def _is_signs(word: str, pattern: re.Pattern[str]) -> bool:
    """Whether a whitespace-delimited word is made only of sign-off signs ("✌️", "🙏🏽🙏🏽", ":D")."""
    bare = _bare(word)
    return bool(bare) and pattern.fullmatch(bare) is not None


def _line_without_signs(line: str, pattern: re.Pattern[str]) -> str:
    """The line with the run of signs that closes it dropped; a line of signs alone becomes empty."""
    words = line.rstrip().split(" ")
    kept = len(words)
    while kept and (not words[kept - 1] or _is_signs(words[kept - 1], pattern)):
        kept -= 1
    return " ".join(words[:kept]).rstrip() if kept < len(words) else line


def without_signoff_signs(text: str, signs: tuple[str, ...]) -> str:
    """The text without the sign-off signs that close its lines; as written when it holds nothing else."""
    pattern = _signs_pattern(tuple(signs))
    if pattern is None or text.isascii() and not any(sign.isascii() and sign in text for sign in signs):
        return text  # the cheap test first: most prompts hold no sign at all
    lines = [_line_without_signs(line, pattern) for line in text.split("\n")]
    out = "\n".join(lines).rstrip()
    return out if out.strip() else text
