"""Addresses written broken, named as such: "htp:/www.rtve.es/noticias/ fetch pls" (a scheme with one slash),
"Fetch http//www.bbc.co.uk/" (a scheme without its colon), "Fetch https://www.gov .uk/government/news" (a space
inside the host name). The address finder cannot see such an address whole, so a prompt naming one was refused as
not understood over a piece of it ("I do not know what “.uk” asks of me there"); the real problem is the address.

It only finds the broken text; the reader asks it after a prompt was not understood, so it never turns a reading
that acts, nor a negation or a condition, into another refusal. It never repairs an address: the writer must.
Pure text work.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["BrokenAddress", "broken_address"]

# A dotted host name after the scheme: "www.rtve.es", never a Windows path ("C:/Users/x") nor a bare word.
_HOST = r"[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}"
_REST = r"(?:[/?#:][^\s<>\"«»“”]*)?"
# "htp:/www.rtve.es/…", "https:/www.bbc.co.uk/": a scheme, a colon and one slash (or none) before a host.
_ONE_SLASH = re.compile(r"(?<![\w.+/:-])[A-Za-z][A-Za-z0-9+.-]{1,15}:/?" + _HOST + _REST)
# "http//www.bbc.co.uk/": letters and two slashes with no colon between them, then a host.
_NO_COLON = re.compile(r"(?<![\w.+/:-])[A-Za-z]{2,8}//" + _HOST + _REST)
# "https://www.gov .uk/government/news": an address whose host name a space cuts before its last label; the piece
# after the space starts with a dot and a top-level name ("https://a.example/ ..." has a path before the space).
_SPACED = re.compile(
    r"(?<![\w.+-])[A-Za-z][A-Za-z0-9+.-]{0,15}://[^\s/?#<>\"«»“”]+[ \t]+\.[A-Za-z]{2,}(?![A-Za-z0-9-])" + _REST
)
# Only the web's schemes and their slips ("htp", "htps", "ttp", "http") start a broken address of the first two
# shapes: "note:/www.x.org" or "re:/a.example" may be a label, and the reader only names what it is sure of.
_WEB_SCHEME = re.compile(r"(?=[a-z]{3})h?t{1,2}p{1,2}s?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class BrokenAddress:
    """A broken address as written (`text`) and what is wrong with it (`problem`: "scheme" or "space")."""

    text: str
    problem: str


def _scheme_of(text: str) -> str:
    """The letters before the first colon or slash ("htp" of "htp:/www.rtve.es/")."""
    return re.split(r"[:/]", text, maxsplit=1)[0]


def broken_address(text: str) -> BrokenAddress | None:
    """The first address the text writes broken (a scheme short of its "://", or a space inside the host), or None."""
    found: list[tuple[int, BrokenAddress]] = []
    for pattern in (_ONE_SLASH, _NO_COLON):
        for match in pattern.finditer(text):
            if match.group(0).count("://") == 0 and _WEB_SCHEME.fullmatch(_scheme_of(match.group(0))):
                found.append((match.start(), BrokenAddress(match.group(0), "scheme")))
    for match in _SPACED.finditer(text):
        found.append((match.start(), BrokenAddress(match.group(0), "space")))
    return min(found, key=lambda pair: pair[0])[1] if found else None
