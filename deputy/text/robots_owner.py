"""A robots question naming whose robots.txt and the page asked about, both of one host (round 26, markup26):
"Does robots.txt on H allow MovaBot to fetch H/page?", "Does H/robots.txt allow MovaBot to fetch H/page?".

The first address only says whose robots.txt answers: a host's robots.txt rules its every page, so the question
is about one page. It goes, and the question reads "Does robots.txt allow MovaBot to fetch H/page?". Only when:
the prompt holds exactly two addresses; one stands right after "robots.txt"/"robots file"/"robots rules" and
on/of/for/at/from and is the bare host (no path but "/"), or is itself that host's /robots.txt; the other is on
exactly the same host; the prompt is a question (it closes with "?") holding a verb of permission
(`words.permission_verbs`). Two hosts, an order ("Fetch the robots.txt on H and H/page.") or a question with no
permission verb are left as written (and refused for two addresses), and so is a question holding anything that
could change a request (deputy.forms.quoted: a negation, a condition, a refused verb), refused as before. Pure text work; it never touches the page's address.
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from deputy.forms.quoted import quoted_refusal
from deputy.protect import ItemKind, ProtectedItem, protect
from deputy.vocab import ReaderWords

__all__ = ["drop_robots_owner"]

# The words before an address that say it only owns the robots.txt: "robots.txt on ", "the robots file at ".
_OWNER_PHRASE = re.compile(r"\brobots(?:\.txt)?(?:[ \t]+(?:file|rules))?[ \t]+(?:on|of|for|at|from)[ \t]+\Z",
                           re.IGNORECASE)
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")


def _split(source: str) -> tuple[str, str]:
    """The lower-cased host and the path of an address as written ("www.x.de/a" has no scheme)."""
    parts = urlsplit(source if "://" in source else "https://" + source)
    return (parts.hostname or "").lower(), parts.path


def _owner(text: str, item: ProtectedItem) -> tuple[int, int] | None:
    """The span to drop when this address only names whose robots.txt answers; None when it names a page."""
    _, path = _split(item.source)
    if path.lower() == "/robots.txt":
        return item.start, item.end  # "H/robots.txt" stands for the file itself: put as "robots.txt" below
    if path not in ("", "/"):
        return None
    before = _OWNER_PHRASE.search(text[: item.start])
    if before is None:
        return None
    # Keep "robots.txt"/"robots file", drop the preposition and the host.
    kept = re.match(r"robots(?:\.txt)?(?:[ \t]+(?:file|rules))?", before.group(0), re.IGNORECASE)
    return before.start() + (kept.end() if kept else 0), item.end


def drop_robots_owner(text: str, words: ReaderWords) -> str:
    """The question without the address that only names whose robots.txt answers; else as written."""
    if "robots" not in text.lower() or not text.rstrip().endswith("?") or not words.permission_verbs:
        return text
    if not any(w.lower() in words.permission_verbs for w in _WORDS.findall(text)):
        return text
    found = protect(text)
    if len(found.items) != 2 or any(item.kind is not ItemKind.ADDRESS for item in found.items):
        return text
    # A negation, a condition or a refused verb anywhere leaves the question as written, refused as before:
    # the rule only ever turns a plain question about one page into the question it is.
    if quoted_refusal(" ".join(found.pieces), words) is not None:
        return text
    for owner, page in (found.items, found.items[::-1]):
        span = _owner(text, owner)
        if span is None or _split(owner.source)[0] != _split(page.source)[0] or not _split(page.source)[0]:
            continue
        if _split(page.source)[1].lower() == "/robots.txt":
            continue  # both name the file: nothing to choose
        start, end = span
        middle = "robots.txt" if (start, end) == (owner.start, owner.end) else ""
        return text[:start] + middle + text[end:]
    return text
