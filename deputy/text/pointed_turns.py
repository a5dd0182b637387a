"""The request of a pasted conversation whose acting verb takes a pointer back to the earlier turns'
addresses: "Assistant: The download of A timed out.\nUser: retry it", "Assistant: I fetched A and B.\nUser:
fetch them both again" (issue 14, round 17).

The spec makes such a pointer part of the request when it can only mean the addresses named earlier.
Here that is read narrowly, over closed lists: the pointer is a phrase of `words.turn_pointers_one`
(exactly one earlier address) or of `words.turn_pointers_all` (every earlier address, two or more; "both"
exactly two), it appears once, and it stands right after a verb that acts or retries, as that verb's
object; a pointer that names again what it points at ("the same site", round 29) may stand anywhere, but
only for addresses the requester's own earlier turns named. The request is then rewritten with the
address(es) in the pointer's place and read again with every check (a negation, a condition or a refused
verb still refuses). Pure text work; knows no capability.
"""

from __future__ import annotations

import re

from deputy.vocab import ReaderWords

__all__ = ["pointed_request"]

# A word of the request: letters, inner apostrophes and hyphens ("re-fetch" stays one word).
_WORD = re.compile(r"[^\W\d_][\w'’-]*")


def _occurrences(request: str, phrase: str) -> list[re.Match[str]]:
    """Where a pointer phrase stands as whole words ("it", not the "it" of "its" or "edit")."""
    words = r"\s+".join(re.escape(w) for w in phrase.split())
    return list(re.finditer(rf"(?<![\w'’./@-]){words}(?![\w'’/@-])", request, re.IGNORECASE))


def _verb_before(request: str, start: int) -> str | None:
    """The word right before a position, lower-cased, when only spaces stand between them."""
    before = request[:start]
    if before and not before[-1].isspace():
        return None
    found = list(_WORD.finditer(before))
    if not found or before[found[-1].end():].strip():
        return None
    return found[-1].group().lower()


def _the_pointer(request: str, phrases: frozenset[str]) -> re.Match[str] | None:
    """The one place a pointer of the list stands (the longest phrase wins where several overlap)."""
    spans: list[re.Match[str]] = []
    for phrase in sorted(phrases, key=len, reverse=True):
        for match in _occurrences(request, phrase):
            if not any(m.start() <= match.start() < m.end() or match.start() <= m.start() < match.end() for m in spans):
                spans.append(match)
    return spans[0] if len(spans) == 1 else None


def _names_again(pointer: str) -> bool:
    """Whether a pointer names again what it points at ("the same site", "that same page"): such a phrase can
    only mean an earlier turn's address wherever it stands ("and sitemaps for the same site?", round 29), so
    it needs no acting verb right before it; "it" and "that one" do ("what it says" points at nothing)."""
    return " same " in f" {pointer.lower()} "


def pointed_request(
    request: str, addresses: list[str], actions: frozenset[str], words: ReaderWords, *, own_named: bool = True
) -> str | None:
    """The request with its one pointer replaced by the earlier turns' addresses, or None.

    None unless exactly one pointer phrase stands in the request (of either list: "fetch it and them"
    is no reading), the list fits the number of addresses, and the word right before it is a verb that
    acts or retries ("fetch it", "retry them"; never "what it says" or "the page it links to")."""
    if not addresses:
        return None
    phrases = frozenset(words.turn_pointers_one if len(addresses) == 1 else words.turn_pointers_all)
    if len(addresses) != 2:
        phrases = phrases - {"both", "them both", "both of them"}
    if not own_named:
        # Round 29 (turns29): "the same page" is the page the requester named before; an address only an
        # assistant or a tool named ("Assistant: I noticed A changed.\nUser: fetch the same page") is no
        # "same" page of theirs, and the request is held to it as an address outside it.
        phrases = frozenset(p for p in phrases if not _names_again(p))
    pointer = _the_pointer(request, phrases)
    if pointer is None:
        return None
    # Exactly one pointer of either kind: "download it, then them" points twice and is no reading.
    if _the_pointer(request, frozenset(words.turn_pointers_one) | frozenset(words.turn_pointers_all)) is None:
        return None
    if not _names_again(pointer.group()):
        verb = _verb_before(request, pointer.start())
        if verb is None or verb not in actions | words.retrying_verbs:
            return None
    joined = addresses[0] if len(addresses) == 1 else ", ".join(addresses[:-1]) + " and " + addresses[-1]
    return request[:pointer.start()] + joined + request[pointer.end():]
