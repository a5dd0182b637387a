""""you know the rates one A could you just download that for her": a spoken aside that names the page, then
an order on "that".

A speaker points at the page with "you know the … one/page A" and then asks for "that" (round 29, voice29:
"okay so the thing is my boss wants the page from the Bank of Canada you know the rates one A could you just
download that for her", "and then you know the Nigerian stats bureau page A yeah grab that please and yeah
that's it"). Read as written, the parse made the description and the order one clause, and the prompt was
refused as asking for more than one thing. The order is read with the address in the place of its "that"
("could you just download A for her"); what came before the aside is set off as a sentence of its own, and
keeps every check of a context sentence.

Only one "you know the …" aside with one address, no address and no verb the reader reads or refuses
(`verbs`) in the description or before it, then only spoken links ("yeah", "so", "okay", "and"), an optional
"could/can/would/will you", "just"/"please", and a verb the reader reads or refuses right before "that"/"it":
"… yeah don't fetch that" (a "don't" there), "… could you summarise that" (refused for its verb) and "fetch
B you know the rates one A …" (an address before) are left as written or refused as before. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection

__all__ = ["known_page_taken"]

_ASIDE = re.compile(
    r"(?P<before>[^\n]*?)[ \t,]*\byou[ \t]+know[ \t]*,?[ \t]+(?P<described>the[ \t]+[A-Za-z'’ \t-]{1,80}?)[ \t]*,?[ \t]+"
    r"(?P<address>https?://[^\s,]+?)[ \t]*[,.]?[ \t]+"
    r"(?:(?:yeah|yes|so|okay|ok|and|right|alright)[ \t]*,?[ \t]+)*"
    r"(?P<ask>(?:(?:could|can|would|will)[ \t]+you[ \t]+)?(?:(?:just|please|pls|go[ \t]+ahead[ \t]+and)[ \t]+)*)"
    r"(?P<verb>[A-Za-z]+)[ \t]+(?:that|it)\b(?P<rest>[^\n]*)\Z",
    re.IGNORECASE,
)
_MAX_DESCRIBED_WORDS = 8  # "the Nigerian stats bureau page": a description, never a whole account
_LETTER = re.compile(r"[A-Za-z]")


def known_page_taken(text: str, verbs: Collection[str]) -> str:
    """The order on "that" read with the address an aside named; the text as written otherwise."""
    if "know" not in text.lower():
        return text
    found = _ASIDE.fullmatch(text.strip())
    if found is None or found.group("verb").lower() not in verbs:
        return text
    described = found.group("described").lower().split()
    before = found.group("before")
    if len(described) > _MAX_DESCRIBED_WORDS or re.search(r"https?://|www\.", before):
        return text
    if any(word.strip("'’-") in verbs for word in described + before.lower().split()):
        return text
    order = f"{found.group('ask')}{found.group('verb')} {found.group('address')}{found.group('rest')}"
    stated = before.strip(" \t,")
    return f"{stated}. {order}" if _LETTER.search(stated) else order
