"""A verbless list of addresses under a head that points at it (round 23): "Both of these, please: A and B",
"These two, please: A, B", "The following please:\\n- A\\n- B".

The head ("both of these", `words.list_heads`) names no verb; it only points at the list after the colon.
The prompt is put as the bare list with the head's courtesy word ("A and B please"), which the reader
already reads as it reads any bare list of addresses: with a request word ("please") as a fetch, without
one as nothing it can tell. Only when the head is one of the list's phrases, with nothing but a courtesy
word and commas beside it, and everything after the colon is addresses, joining words and list marks; any
other head ("Both of these, once the crawl finishes:", "Delete both of these:") or list is left as written,
and read as such. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["listed_under_head"]

# The head runs to the first colon that opens no address ("https:" is part of one).
_HEADED = re.compile(r"^(?P<head>[^:\n/]{2,60}?)\s*:\s*(?P<rest>\S.*)$", re.DOTALL)
_JOINERS = frozenset({"and", "&", "plus"})
_MARK = re.compile(r"^(?:[-*•]|\d+[.)])$")


def _head_request(head: str, heads: frozenset[str], requests: frozenset[str]) -> str | None:
    """The courtesy word beside a head that is one of the list heads ("" when there is none); None when the
    head is anything else."""
    words = re.sub(r"[,.!]+", " ", head.lower()).split()
    said = [w for w in words if w in requests]
    if len(said) > 1:
        return None
    rest = " ".join(w for w in words if w not in requests)
    return (said[0] if said else "") if rest in heads else None


def _addresses(rest: str, is_address: Callable[[str], bool], requests: frozenset[str]) -> tuple[list[str], str] | None:
    """The addresses of a list and its closing courtesy word; None when the list holds anything else."""
    found: list[str] = []
    closing = ""
    for piece in re.split(r"[\s,;]+", rest.strip()):
        bare = piece.rstrip(".!")
        if not bare or bare.lower() in _JOINERS or _MARK.match(bare):
            continue
        if bare.lower() in requests and not closing:
            closing = bare.lower()
            continue
        if closing or not is_address(bare):
            return None  # a word in the list, or anything after its closing "please"
        found.append(bare)
    return (found, closing) if len(found) >= 2 else None


def listed_under_head(text: str, *, heads: frozenset[str], requests: frozenset[str],
                      is_address: Callable[[str], bool]) -> str:
    """The bare list a head points at, with the head's courtesy word; the text as written otherwise."""
    found = _HEADED.match(text.strip())
    if found is None or not heads:
        return text
    request = _head_request(found.group("head"), heads, requests)
    if request is None:
        return text
    listed = _addresses(found.group("rest"), is_address, requests)
    if listed is None:
        return text
    addresses, closing = listed
    courtesy = request or closing
    joined = ", ".join(addresses[:-1]) + " and " + addresses[-1]
    return f"{joined} {courtesy}".strip()
