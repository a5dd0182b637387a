"""Chat and spoken asks, round 23: the frames a speaker puts around a plain question or order.

- "whens the last time u fetched A" asks "when did you fetch A": the last time of a closed table of
  past forms of acting verbs (a verb off the table, "deleted", is read as written, and refused).
- "when did you last grab A was it today or", "… like yesterday or something": a speaker's own guess
  at the answer (`words.guessed_times`) run on after a "when" question goes; only after the question's
  one address, only with "was it" or "or" (a bare "… A today" is read as written).
- "take a look at A and download it" is "download A": a perusal (`words.perusal_phrases`) coordinated
  with an order on "it". The order's verb must be one the reader knows (acting or refused), so "… and
  delete it" is "delete A" and refused, and "… and don't download it" is read as written, and refused.
- "Could you maybe, possibly, download A?": softeners set off by commas after the request modal are the
  softeners the hedge frames read ("could you maybe possibly …").
- "the title contains the word 'delete'": a quoted word after a noun of mention (`words.mention_nouns`)
  is mentioned, not used: the quotation goes and "the word" stays. A quoted verb used as an order
  ("… then 'delete' the old copy") has no such noun before it, and is read as written.
Pure text work, before the parse; knows no capability.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.alternation import alternation
from deputy.protect import ItemKind, protect
from deputy.vocab import ReaderWords

__all__ = ["spoken_asks"]

# Past forms of the acting verbs a "last time" question names, and the base the plain question takes.
# A closed table: any other verb (a refused one included) leaves the question as written.
_DONE = {"fetched": "fetch", "downloaded": "download", "grabbed": "grab", "saved": "save", "stored": "store",
         "archived": "archive", "pulled": "pull", "retrieved": "retrieve"}
# "whens/when's/when is/when was the last (latest, most recent) time you (last) fetched": only where a
# sentence starts (the prompt, a line, after a stop or a label's colon).
_LAST_TIME = re.compile(
    r"(?:(?<=\A)|(?<=[.!?:\n])[ \t]*)(?P<when>when)(?:['’]?s|[ \t]+is|[ \t]+was)[ \t]+the[ \t]+"
    r"(?:last|latest|most[ \t]+recent)[ \t]+time[ \t]+(?P<who>you|we|u)[ \t]+(?:last[ \t]+)?"
    r"(?P<done>" + "|".join(_DONE) + r")(?=[ \t]+\S)",
    re.IGNORECASE,
)
# A "when" question about what was done (never "when the job finishes, …", a condition).
# Spoken words a greeting or an opener may leave before it ("hey when was A …", "so like when did …").
_WHEN_ASKED = re.compile(
    r"\A[ \t]*(?:(?:hey|hi|so|like|ok|okay|oh|yeah|right|and)[ \t]*,?[ \t]+)*"
    r"when(?:['’]?s|[ \t]+(?:did|was|were|is|have|has|do))\b",
    re.IGNORECASE,
)
# What may close the guess: a second time, "something", "not", "what".
_GUESS_ENDS = ("something", "something like that", "not", "what", "whatever", "so")
# The request modal with softeners set off by commas: "Could you maybe, possibly, …".
_SOFTENERS = r"(?:maybe|perhaps|possibly|kindly|please|just)"
_STACKED = re.compile(
    r"(?<![\w'])(?P<modal>could|would)[ \t]+you[ \t]*,?[ \t]+(?P<first>" + _SOFTENERS + r")[ \t]*,[ \t]*"
    r"(?P<second>" + _SOFTENERS + r")[ \t]*,?[ \t]+(?=[^\W\d_])",
    re.IGNORECASE,
)
# Quotation marks and the mark that closes each.
_CLOSING = {"'": "'", '"': '"', "“": "”", "‘": "’"}
_MAX_MENTIONED_WORDS = 3  # "the phrase 'erase the past'": a word or a short phrase, never a sentence


def _phrases(words: Collection[str]) -> str:
    return alternation(frozenset(words))


def _last_time(text: str) -> str:
    """ "when's the last time you fetched A" as "when did you fetch A"."""
    if "time" not in text.lower():
        return text

    def plain(found: re.Match[str]) -> str:
        who = "you" if found.group("who").lower() == "u" else found.group("who")
        return f"{found.group('when')} did {who} {_DONE[found.group('done').lower()]}"

    return _LAST_TIME.sub(plain, text)


@cache
def _guess(times: tuple[str, ...]) -> re.Pattern[str] | None:
    if not times:
        return None
    said = _phrases(times)
    ends = _phrases(times + _GUESS_ENDS)
    # "[,] (like) (was it|or was it) (like) TIME (or (TIME|something …))" closing the prompt; "was it" or
    # "or" must be there: that is what makes it a guess at the answer, not a time of the question.
    return re.compile(
        r"[ \t]*[,;—–-]?[ \t]+(?:like[ \t]+|maybe[ \t]+)?(?P<was>(?:or[ \t]+)?was[ \t]+it[ \t]+)?(?:like[ \t]+)?"
        r"(?:" + said + r")(?P<or>[ \t]+or(?:[ \t]+(?:" + ends + r"))?)?[ \t]*\??[ \t]*\Z",
        re.IGNORECASE,
    )


def _without_guess(text: str, times: tuple[str, ...]) -> str:
    """ "when did you last grab A was it today or" as "when did you last grab A?"."""
    pattern = _guess(times)
    if pattern is None or not _WHEN_ASKED.match(text):
        return text
    found = pattern.search(text)
    if found is None or not (found.group("was") or found.group("or")):
        return text
    items = protect(text).items
    # The question's one address, said before the guess: the guess names nothing of its own.
    if len(items) != 1 or items[0].kind is not ItemKind.ADDRESS or items[0].end > found.start():
        return text
    return text[:found.start()] + "?"


@cache
def _perusal(phrases: tuple[str, ...]) -> re.Pattern[str] | None:
    if not phrases:
        return None
    return re.compile(r"(?<![\w'’])(?:" + _phrases(phrases) + r")[ \t]+\Z", re.IGNORECASE)


@cache
def _perusal_named(phrases: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'’])(?:" + _phrases(phrases) + r")[ \t]", re.IGNORECASE)


_ORDER_ON_IT = re.compile(r"\A[ \t]*,?[ \t]+and[ \t]+(?:then[ \t]+)?(?P<verb>[^\W\d_]+)[ \t]+(?:it|that|this)(?![\w'’])",
                          re.IGNORECASE)


def _perused(text: str, phrases: tuple[str, ...], verbs: frozenset[str]) -> str:
    """ "take a look at A and download it" as "download A", when the order's verb is one of `verbs`."""
    pattern = _perusal(phrases)
    # A cheap look first: most prompts name no perusal, and need not be cut into addresses.
    if pattern is None or not _perusal_named(phrases).search(text):
        return text
    found = protect(text)
    for k, item in enumerate(found.items):
        if item.kind is not ItemKind.ADDRESS:
            continue
        before, after = found.pieces[k], found.pieces[k + 1]
        look = pattern.search(before)
        order = _ORDER_ON_IT.match(after)
        if look is None or order is None or order.group("verb").lower() not in verbs:
            continue
        address = text[item.start:item.end]
        opened = found.items[k - 1].end if k else 0  # where the piece before the address starts
        head = text[:opened + look.start()]
        return f"{head}{order.group('verb')} {address}{text[item.end + order.end():]}"
    return text


def _unstacked(text: str) -> str:
    """ "Could you maybe, possibly, download A?" as "Could you maybe possibly download A?"."""
    if "," not in text:
        return text
    return _STACKED.sub(lambda m: f"{m.group('modal')} you {m.group('first')} {m.group('second')} ", text)


@cache
def _mention(nouns: frozenset[str]) -> re.Pattern[str] | None:
    if not nouns:
        return None
    return re.compile(
        r"(?<![\w'’])(?P<lead>(?:the|that|this|a)[ \t]+(?:" + _phrases(nouns) + r"))[ \t]+(?P<open>['\"“‘])",
        re.IGNORECASE,
    )


def _unmentioned(text: str, nouns: frozenset[str]) -> str:
    """ "the title contains the word 'delete'" as "the title contains the word"."""
    pattern = _mention(nouns)
    if pattern is None or not any(mark in text for mark in _CLOSING):
        return text
    out, at = [], 0
    for found in pattern.finditer(text):
        if found.start() < at:
            continue
        close = text.find(_CLOSING[found.group("open")], found.end())
        body = text[found.end():close] if close > 0 else ""
        # A word or a short phrase, on one line, naming no address: that is what a mention quotes.
        if (not body.strip() or "\n" in body or len(body.split()) > _MAX_MENTIONED_WORDS
                or protect(body).items or re.search(r"[\w'’]", text[close + 1:close + 2])):
            continue
        out.append(text[at:found.end("lead")])
        at = close + 1
    return "".join(out) + text[at:] if out else text


def spoken_asks(text: str, words: ReaderWords, *, verbs: frozenset[str]) -> str:
    """The prompt with its chat and spoken frames put plainly (see the module's docstring); `verbs` are the
    verbs the reader knows, acting or refused, in lower case."""
    text = _unmentioned(text, words.mention_nouns)
    text = _unstacked(_perused(text, words.perusal_phrases, verbs))
    return _without_guess(_last_time(text), words.guessed_times)
