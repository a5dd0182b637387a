"""Single emphasis marks around plain words, dropped before protection (round 21): "_Sitemaps_ declared
by A, please list them" is "Sitemaps declared by A, please list them".

Markdown's *word* and _word_ only stress the words; the small model reads the marks as tokens of their
own ("_" as a noun) and the sentence falls apart. Only words: a run with "/", ".", "*", "_" or a line
break inside is left as written, and the marks must stand at word edges (after the start, a space or an
opening bracket; before a space, punctuation or the end), so snake_case names, globs and addresses
("https://a.example/_x_/") keep every character. Every word stays; nothing else changes.
"""

from __future__ import annotations

import re

__all__ = ["unemphasised_words"]

_EMPHASIS = re.compile(
    r"(?:(?<=\A)|(?<=[\s(\[]))(?P<mark>[*_])(?=[^\s*_])(?P<words>[^*_/.\n`]{1,80}?)(?<=[^\s*_])(?P=mark)"
    r"(?=[\s,;:!?.)\]]|\Z)"
)


def unemphasised_words(text: str) -> str:
    """The text without single emphasis marks around plain words."""
    if "*" not in text and "_" not in text:
        return text
    return _EMPHASIS.sub(r"\g<words>", text)
