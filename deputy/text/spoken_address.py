"""An address read aloud, round 22: "fetch h t t p s colon slash slash www dot nrk dot no" names an address
by its spoken parts. The reader acts only on a written address, so the prompt is refused for naming none;
but the words of the spoken address must not be read as words of the request: the "no" of Norway's
".no", the "is" of ".is" or the "in" of ".in" are a domain, never a negation or a preposition.

The spoken address is put as "that address" (a noun phrase naming no address), so the request around it
keeps every check ("don't fetch www dot nrk dot no" is still negated) and is refused as naming no address.
Only in a prompt that holds no written address: then nothing can act on it, whatever the rewrite.
Round 22 rewrote only a spoken address with a domain that is also an English word ("no", "is", "in",
"to" …); since round 25 every spoken address is rewritten (see `_EVERY_SPOKEN_ADDRESS`).
A spoken address is a spoken scheme ("h t t p s colon slash slash", "https colon slash slash") with the
host after it, or a host said with "dot" that starts with "www" or has at least two "dot"s.
Pure text work, before the parse.
"""

from __future__ import annotations

import re

from deputy.protect import protect

__all__ = ["unspoken_address"]

# A label of a host: letters, digits and hyphens, one spoken word.
_LABEL = r"[a-z0-9][a-z0-9-]*"
_DOTS = r"(?:[ \t]+dot[ \t]+" + _LABEL + r")"
# "slash world": a path said after the host.
_PATH = r"(?:[ \t]+slash[ \t]+" + _LABEL + r")*"
_WWW = r"(?:www|w[ \t]+w[ \t]+w)"
# Country and generic domains that are also English words the reader reads ("no", "is", "in", "to", "at",
# "it", "do", "me", "us" …): only a spoken address holding one is rewritten; any other is left as written,
# and refused as it was (for naming no address). A fact about domain names, not a word list of the reader's.
_WORD_DOMAINS = frozenset({"no", "is", "in", "it", "to", "do", "at", "be", "me", "us", "so", "on", "am", "as",
                           "by", "my", "go", "we", "an", "or", "if", "up", "new", "now", "off", "all"})
# "h t t p s colon slash slash", "http colon slash slash", "https colon slash slash".
_SCHEME = r"(?:h[ \t]+t[ \t]+t[ \t]+p(?:[ \t]+s)?|https?)[ \t]+colon[ \t]+(?:forward[ \t]+)?slash[ \t]+slash"
_SPOKEN = re.compile(
    r"(?<![\w/.])(?:" + _SCHEME + r"(?:[ \t]+" + _LABEL + _DOTS + r"+)?"  # a scheme, and the host if said
    r"|" + _WWW + _DOTS + r"+"  # "www dot nrk dot no"
    r"|" + _LABEL + _DOTS + r"{2,})" + _PATH +  # "news dot bbc dot co dot uk", then "slash world"
    r"(?![\w/])",
    re.IGNORECASE,
)


def unspoken_address(text: str) -> str:
    """The prompt with each address read aloud put as "that address" (see the module's note)."""
    if "dot" not in text.lower() and "colon" not in text.lower():
        return text  # the cheap test first: most prompts say neither
    if protect(text).items:
        return text  # a written address beside it: read as written
    return _SPOKEN.sub(_read_as_words, text)


# Round 25 (voice25): every spoken address is put as "that address", not only one holding a word domain:
# a path said with "slash" is a verb to the parse ("fetch www dot bbc dot co dot uk slash sport" was refused
# for "slash"), and chat words around a spoken host left the parse no verb ("hey so like fetch www dot apple
# dot com"). Every spoken address names no address; only the kind of refusal moves, to the one that says so.
# Only where a word stands before it on its line (the object of a verb, a preposition): one that opens the
# prompt ("www dot elmundo dot es please fetch that") was read better as written (it is then a topic).
# False keeps round 22's rule alone (the rule-off check of tests/english/test_deputy_voice25.py).
_EVERY_SPOKEN_ADDRESS = True


def _after_a_word(found: re.Match[str]) -> bool:
    """Whether a word stands before the spoken address on its line."""
    line = found.string[:found.start()].rsplit("\n", 1)[-1]
    return bool(line.strip())


def _read_as_words(found: re.Match[str]) -> str:
    """ "that address" for a spoken address after a word on its line (see `_EVERY_SPOKEN_ADDRESS`); else, as
    round 22 did, only for one whose domains hold an English word, any other as written."""
    if _EVERY_SPOKEN_ADDRESS and _after_a_word(found):
        return "that address"
    domains = re.findall(r"\bdot[ \t]+(" + _LABEL + r")", found.group(0), re.IGNORECASE)
    return "that address" if any(d.lower() in _WORD_DOMAINS for d in domains) else found.group(0)
