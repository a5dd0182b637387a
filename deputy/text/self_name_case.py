"""The robot's own name written all in lower case ("yo is movabot allowed on A"), given a capital before
the parse (round 20).

The small model reads a lower-case unknown word after "is" as a noun of its own sentence ("is" | "movabot
allowed on A") and the request falls apart; written "Movabot" it is the proper noun the question is
about, which the reader already reads ("Is Movabot allowed on A?"). Only a name listed in `self_names`,
only as a whole word written all in lower case, and never inside an address (addresses are protected
pieces and are not touched). Nothing else in the prompt changes.
"""

from __future__ import annotations

import re
from dataclasses import replace

from deputy.protect import Protected

__all__ = ["capitalised_other_names", "capitalised_self_names"]


def capitalised_self_names(protected: Protected, names: frozenset[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each lower-case self name capitalised, and a note for each rewrite."""
    return _capitalised(protected, names, "the robot's name")


def capitalised_other_names(protected: Protected, names: frozenset[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each lower-case name of another robot (`other_agents`) capitalised (round 21).

    "yo is googlebot allowed on A" falls apart as "yo is movabot …" did, and was then answered for
    MovaBot; written "Googlebot" it is the subject the reader refuses as another agent
    (deputy.forms.elsewhere). A capital only makes a name be seen: it never makes the reader act."""
    return _capitalised(protected, names, "another robot's name")


def _capitalised(protected: Protected, names: frozenset[str], what: str) -> tuple[Protected, tuple[str, ...]]:
    if not names:
        return protected, ()
    # Whole words only: not part of a dotted name, a path, a mention or a longer word.
    pattern = re.compile(r"(?<![\w./@-])(" + "|".join(re.escape(n) for n in sorted(names)) + r")(?![\w/@-])")
    notes: list[str] = []

    def capital(match: re.Match[str]) -> str:
        notes.append(f"{match.group(1)} → {match.group(1).capitalize()} ({what})")
        return match.group(1).capitalize()

    pieces = tuple(pattern.sub(capital, piece) for piece in protected.pieces)
    return (replace(protected, pieces=pieces), tuple(notes)) if notes else (protected, ())
