"""Chat forms the vocabulary lists word by word: misspelt capability verbs, their abbreviations, numbers for words.

Pure text work on the plain pieces of a protected prompt (an address or a quotation is never touched),
run after the chat spellings of closed-class words. Nothing here guesses: each form is a reviewed entry
of the vocabulary (`words.misspellings`, `words.abbreviations`, `words.numerals`), matched as a whole
word, and adding one is reported as a relaxation (deputy.teaching.relaxations).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache

__all__ = ["read_numerals", "respell_verbs"]

# Whole words only, as the chat spellings: not inside a longer word, a dotted name or a path.
_BEFORE = r"(?<![\w'’./@-])"
_AFTER = r"(?![\w'’/@-]|\.\w)"
# What an abbreviation's verb may take right after it besides an address: "dl it", "dl these pls".
_OBJECT_PRONOUNS = ("it", "this", "that", "these", "those", "them", "both")
# Words after which an abbreviation is a noun ("the dl", "our DL", "2 dl"), never the verb.
_NOUN_MARKERS = frozenset({
    "a", "an", "the", "my", "our", "your", "their", "his", "her", "its", "this", "that", "these", "those", "team",
})


@cache
def _words_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted(keys, key=len, reverse=True)
    return re.compile(_BEFORE + "(" + "|".join(re.escape(k) for k in ordered) + ")" + _AFTER, re.IGNORECASE)


def _as_written(word: str, verb: str) -> str:
    # "Dowload A" opens a sentence: the verb keeps the capital the writer gave it.
    return verb.capitalize() if word[:1].isupper() else verb


def respell_verbs(
    pieces: list[str], *, misspellings: Mapping[str, str], abbreviations: Mapping[str, str],
    addressed: list[bool], rewrites: list[str],
) -> list[str]:
    """Reads each listed misspelling as its verb anywhere, and each abbreviation only where it can be the verb.

    A misspelling ("dowload", "fecth") is no English word, so it means its verb wherever it stands. An
    abbreviation ("dl") is also a noun or a unit ("the team DL", "2 dl"), so it is the verb only right
    before an address (the piece ends there and `addressed[i]` says an address follows) or an object
    pronoun, and never after a determiner or a number.
    """
    if misspellings:
        pattern = _words_pattern(tuple(sorted(misspellings)))

        def misspelt(match: re.Match[str]) -> str:
            word = match.group(1)
            verb = _as_written(word, misspellings[word.lower()])
            rewrites.append(f"{word} → {verb} (misspelling)")
            return verb

        pieces = [pattern.sub(misspelt, piece) for piece in pieces]
    if abbreviations:
        pattern = _words_pattern(tuple(sorted(abbreviations)))
        objects = re.compile(r"[ \t]+(?:" + "|".join(_OBJECT_PRONOUNS) + r")\b", re.IGNORECASE)
        out = []
        for index, piece in enumerate(pieces):
            followed = index < len(addressed) and addressed[index]

            def abbreviated(match: re.Match[str], piece: str = piece, followed: bool = followed) -> str:
                word = match.group(1)
                rest = piece[match.end():]
                at_address = followed and not rest.strip()
                if not (at_address or objects.match(rest)):
                    return word
                before = re.findall(r"[\w']+", piece[: match.start()])
                if before and (before[-1].lower() in _NOUN_MARKERS or before[-1].isdigit()):
                    return word
                verb = _as_written(word, abbreviations[word.lower()])
                rewrites.append(f"{word} → {verb} (abbreviation)")
                return verb

            out.append(pattern.sub(abbreviated, piece))
        pieces = out
    return pieces


@cache
def _numeral_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    ordered = sorted(keys, key=len, reverse=True)
    phrases = "|".join(r"[ \t]+".join(re.escape(w) for w in k.split()) for k in ordered)
    return re.compile(_BEFORE + "(" + phrases + ")" + _AFTER, re.IGNORECASE)


def read_numerals(
    pieces: list[str], *, numerals: Mapping[str, str], verbs: frozenset[str], rewrites: list[str],
) -> list[str]:
    """Reads a number as the word it stands for, only in the context its entry names.

    "ok 2" (the number last) is "ok to" only when a verb the reader knows follows ("is A ok 2 fetch?");
    "4 me" (the number first) is "for me" before that pronoun. Anywhere else a number keeps its meaning:
    "need 2 copies of A" and "fetch 2 pages" are counts, read (and refused or not) as before.
    """
    if not numerals:
        return pieces
    pattern = _numeral_pattern(tuple(sorted(numerals)))
    next_word = re.compile(r"[ \t]+([^\W\d_]+)")

    def numeral(match: re.Match[str]) -> str:
        written = match.group(1)
        key = " ".join(written.lower().split())
        if key.split()[-1].isdigit():
            after = next_word.match(match.string, match.end())
            if after is None or after.group(1).lower() not in verbs:
                return written
        standard = numerals[key]
        rewrites.append(f"{written} → {standard}")
        return standard

    return [pattern.sub(numeral, piece) for piece in pieces]

