"""A purpose phrase up front about the writer's own work ("For the RAG index I'm building, fetch A"),
put so the parser reads its relative clause as one. Pure over the protected text; knows no capability.
"""

from __future__ import annotations

import re

from deputy.protect import Protected

__all__ = ["fronted_work"]

# "For the RAG index I'm building, fetch A": a purpose phrase opening the prompt or a sentence, whose
# noun the writer (or we) is working on; the small model makes "building" the sentence's root and the
# request a conjunct of it. With "that" the relative clause describes the noun, as the model reads it.
_FRONTED_WORK = re.compile(
    r"(?P<lead>(?:\A|(?<=[.!?\n]))[ \t]*for[ \t]+(?:the|my|our|this|a|an)[ \t]+(?:[A-Za-z][\w-]*[ \t]+){0,4}?)"
    r"(?P<who>(?:I|we)(?:['’]m|['’]re|[ \t]+am|[ \t]+are)[ \t]+[a-z]+ing(?:[ \t]+(?:together|up|out))?[ \t]*,)",
    re.IGNORECASE,
)


def fronted_work(protected: Protected) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "For the N I'm building," put as "For the N that I'm building,"; only in a piece
    of plain text (no address inside the phrase: "For the index I'm building from A," is left), with
    the writer as the subject ("For the report you're writing," is left: the deputy would be writing)."""
    rewrites: list[str] = []

    def relative(match: re.Match[str]) -> str:
        rewrites.append(f"{match.group('who').split()[0]} … → that {match.group('who').split()[0]} …")
        return f"{match.group('lead')}that {match.group('who')}"

    def put(index: int, piece: str) -> str:
        # The start of a later piece follows an address ("Fetch A for the index I'm building, …"):
        # no sentence starts there.
        return _FRONTED_WORK.sub(lambda m: m.group(0) if index and m.start() == 0 else relative(m), piece)

    pieces = tuple(put(index, piece) for index, piece in enumerate(protected.pieces))
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=pieces, items=protected.items), tuple(rewrites)
