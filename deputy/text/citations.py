"""Drops a citation in parentheses between the object and the colon of its list ("Please download both
reports (WHO 2023; UNICEF 2022): A and B"): it says whose and which year, and asks nothing.

Pure text work on one plain piece. The parenthesis must hold only capitalised names and years
(1900-2099), joined by ";", ",", "&" or "and", stand right after a word and right before a colon; a
name that is a verb the reader knows or a word that makes it refuse ("(Delete 2023)", "(NOT 2022)")
leaves it as written.
"""

from __future__ import annotations

import re

__all__ = ["drop_citations"]

_NAME = r"(?:[A-Z][\w&.'-]*|(?:19|20)\d\d)"
_CITATION = re.compile(
    rf"(?<=\w)[ \t]*\(((?:{_NAME})(?:[ \t]*(?:[;,&]|and(?=[ \t]))?[ \t]*{_NAME}){{0,7}})\)(?=[ \t]*:)"
)


def drop_citations(piece: str, never: frozenset[str], rewrites: list[str]) -> str:
    """The piece without citations before a list's colon (see the module's docstring)."""
    if "(" not in piece:
        return piece

    def drop(match: re.Match[str]) -> str:
        words = re.findall(r"[\w'&.-]+", match.group(1))
        if any(word.lower().strip(".") in never for word in words):
            return match.group(0)
        rewrites.append(f"citation: ({match.group(1)}) → (dropped)")
        return ""

    return _CITATION.sub(drop, piece)
