"""A site whose top-level domain is also a file suffix, named in a question about the store (round 24):
"Stored page count for docs.rs?", "Number of stored pages for bun.sh?".

"docs.rs" may name a site or a Rust file, so `deputy.protect` leaves it unprotected and the reader refuses to
guess. Here it is tried as a site only in one closed shape: the prompt names one such word, right after a
preposition of place ("for", "from", "on", "at", "of") and right before the sentence's end ("?", ".", "!",
a dash tail, or nothing). The caller reads the prompt again with the word written as the site's address
and keeps the answer only when a capability that observes takes the word as its one `host` argument: a
file has no pages in the store, and an answer about the store acts on nothing. "… for main.rs in my repo?"
(words after it), two such words, or a request to fetch are left refused. Pure text work.
"""

from __future__ import annotations

import re

from deputy.protect import maybe_host

__all__ = ["suffixed_site"]

_DOTTED = re.compile(r"(?<![\w./@:-])(?P<word>[A-Za-z0-9][\w-]*(?:\.[\w-]+)+)(?![\w/@:-]|\.\w)")
_BEFORE = re.compile(r"\b(?:for|from|on|at|of)[ \t]+\Z", re.IGNORECASE)
_AFTER = re.compile(r"\A[ \t]*(?:[?.!]+[ \t]*|[ \t]+[—–-]{1,2}[ \t]+how[ \t]+many[ \t]*\?[ \t]*)?\Z", re.IGNORECASE)


def suffixed_site(text: str) -> tuple[str, str] | None:
    """(the word, the text with the word written as its site's address) for the closed shape; None otherwise."""
    found = [m for m in _DOTTED.finditer(text) if maybe_host(m.group("word"))]
    if len(found) != 1:
        return None
    match = found[0]
    word = match.group("word")
    if not _BEFORE.search(text[:match.start()]) or not _AFTER.match(text[match.end():]):
        return None
    return word.lower(), f"{text[:match.start()]}https://{word}/{text[match.end():]}"
