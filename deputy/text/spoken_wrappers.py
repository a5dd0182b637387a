"""Spoken and polite wrappers around one request, round 21: words a hurried writer puts around an order
that are neither a condition, a negation nor a second request.

- "yeah fetch A tomorrow": a spoken yes (`words.agreeing_openers`) right before a verb that acts goes; the
  parse reads "yeah fetch" as a noun phrase and loses the order (and its schedule).
- "do you maybe know how many pages are stored?": a softener (`words.question_softeners`) between "do you"
  and "know" goes; the question only asks, as "do you know …" does.
- "A pls", "pls A", "A and B please": a bare address (or a list of them) with nothing but a chat word of
  request (`words.address_requests`) asks for the page, as "please fetch A" does. Only that: a question
  mark, any other word, or an address list with a word between ("A or B pls") is read as written.
- "Sorry to bother you, but I urgently need A downloaded", "urgently grab A": an adverb of urgency
  (`words.urgency_adverbs`) right before "need"/"want" or a verb that acts, or closing a request after an
  address, says how much the writer wants it and asks nothing more.
- "I'd appreciate it if A got downloaded at some point", "it would be great if A could be fetched": an
  appreciation frame (`words.appreciation_frames`) whose "if" clause is only the address, an auxiliary of
  the passive ("got", "was", "could be") and a participle of a verb that acts is the wish "I'd like A
  downloaded". A negation ("didn't get downloaded") or any other clause keeps the "if", and refuses.
- "Just in case, fetch A", "fetch A just in case": a precaution (`words.precautions`) with nothing after it
  names no condition (the "in case" of "in case it changed" does). Only before a comma and a verb that
  acts, right before such a verb, or closing the prompt.
- "grab A if its not down": "its" right before "not" is the "it's" the writer meant (a possessive never
  stands before "not"), so the "not" is read inside its condition.
- "I never said not to fetch A — go ahead and fetch it": a denied negation (`words.denying_frames`) of a
  verb that acts, followed by the same verb said again as an order on "it" or the same address, is that
  order. Only the same verb: "… — go ahead and delete it", "… check robots" are read as written.
- "the weather page A keeps changing so just grab it now I guess": a remark that the page changes
  (`words.page_changes`, with an optional "a lot", "all the time" …) before "so" and an order on "it" is
  the reason for the order; the order is read on the address.
Pure text work on the prompt before the parse, after the spoken openers and tails are gone.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.text.reorder import participle_forms

__all__ = ["spoken_wrappers"]

# An address: a scheme, then no space, never ending in a stop, a question mark or a bracket, which stay
# outside it ("please A?" keeps its question mark, and is read as written).
_ADDRESS = r"https?://[^\s]*[^\s,.;:!?)]"
_ADDRESSES = _ADDRESS + r"(?:(?:[ \t]*,[ \t]*(?:and[ \t]+)?|[ \t]+and[ \t]+)" + _ADDRESS + r")*"
# What closes a clause: stops, a dash, the end.
_CLOSE = r"[ \t]*[.!]*[ \t]*\Z"
# "its not": the possessive never stands before "not"; it is the writer's "it's".
_ITS_NOT = re.compile(r"(?<![\w/.:@#-])(i)ts(?=[ \t]+not\b)", re.IGNORECASE)
# The passive auxiliaries of an appreciated "if" clause: "if A got downloaded", "if A could be fetched".
_PASSIVE = r"(?:got|gets|get|was|were|is|are|could[ \t]+be|can[ \t]+be|would[ \t]+be|might[ \t]+be)"
# How often a page changes, after the change itself: "keeps changing a lot", "changes all the time".
_OFTEN = (r"(?:[ \t]+(?:a[ \t]+lot|all[ \t]+the[ \t]+time|constantly|often|so[ \t]+often|frequently|daily|hourly"
          r"|lately|recently|these[ \t]+days|every[ \t]+(?:hour|day|few[ \t]+minutes|minute|morning)))?")
# The order after a reason: "so (just) (go ahead and) grab it (now) (please)".
_ORDER_ON_IT = (r"[ \t]*,?[ \t]+(?:and[ \t]+)?so[ \t]*,?[ \t]+(?:(?:just|please|pls|go[ \t]+ahead[ \t]+and)[ \t]+)*"
                r"(?P<verb>[a-z]+)[ \t]+it(?P<rest>(?:[ \t]+(?:now|today|right[ \t]+now|right[ \t]+away|asap|please|pls|then))*)"
                + _CLOSE)
# The order after a denied negation: "— go ahead and fetch it", ", so fetch it", ". Fetch A."
_AGAIN = (r"[ \t]*[,;.:!—–-]+[ \t]*(?:so[ \t]+)?(?:(?:just|please|pls|go[ \t]+ahead[ \t]+and|go[ \t]+on[ \t]+and"
          r"|feel[ \t]+free[ \t]+to|you[ \t]+can|you[ \t]+may)[ \t]+)*(?P<again>[a-z]+)[ \t]+(?P<object>it|that[ \t]+one|"
          + _ADDRESS + r")(?:[ \t]+(?:now|please|pls))?" + _CLOSE)


def _phrases(words: Collection[str]) -> str:
    ordered = sorted(words, key=len, reverse=True)  # "just in case" before "in case"
    return "|".join(r"[ \t]+".join(re.escape(w) for w in phrase.split()) for phrase in ordered)


def _first_word(text: str) -> str:
    found = re.match(r"[ \t]*([A-Za-z]+)", text)
    return found.group(1).lower() if found else ""


@cache
def _bare(requests: tuple[str, ...]) -> re.Pattern[str] | None:
    if not requests:
        return None
    said = _phrases(requests)
    return re.compile(
        r"\A[ \t]*(?:(?P<before>" + said + r")[ \t]*,?[ \t]+)?(?P<pages>" + _ADDRESSES + r")"
        r"(?:[ \t]*,?[ \t]+(?P<after>" + said + r"))?" + _CLOSE,
        re.IGNORECASE,
    )


def _bare_address(text: str, requests: tuple[str, ...], verb: str | None) -> str:
    """ "A pls" as "please fetch A." (with `verb` the one verb of the capability that acts)."""
    pattern = _bare(requests)
    found = pattern.match(text) if pattern is not None and verb else None
    if found is None or (found.group("before") is None) == (found.group("after") is None):
        return text  # no chat word, or one on each side: read as written
    return f"please {verb} {found.group('pages')}."


@cache
def _urgent(adverbs: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    if not adverbs:
        return None
    said = _phrases(adverbs)
    before = re.compile(r"(?<![\w/.:-])(?:" + said + r")[ \t]+(?=(?P<next>[A-Za-z]+)\b)", re.IGNORECASE)
    closing = re.compile(r"(?<=\S)[ \t]*,?[ \t]+(?:" + said + r")(?=" + _CLOSE + ")", re.IGNORECASE)
    return before, closing


def _unhurried(text: str, adverbs: tuple[str, ...], actions: Collection[str]) -> str:
    """ "I urgently need A downloaded" as "I need A downloaded"; "grab A urgently" as "grab A"."""
    patterns = _urgent(adverbs)
    if patterns is None:
        return text
    before, closing = patterns
    wanting = frozenset(actions) | {"need", "needs", "want", "wants"}
    text = before.sub(lambda m: "" if m.group("next").lower() in wanting else m.group(0), text)
    found = closing.search(text)
    # Closing the request only after an address: "fetch A urgently", never "… the one I urgently".
    if found is not None and re.search(_ADDRESS + r"[ \t]*,?\Z", text[:found.start()]):
        text = text[:found.start()] + text[found.end():]
    return text


@cache
def _appreciation(frames: tuple[str, ...], participles: frozenset[str]) -> re.Pattern[str] | None:
    if not frames or not participles:
        return None
    return re.compile(
        r"(?<![\w'’])(?:" + _phrases(frames) + r")[ \t]+if[ \t]+(?P<page>" + _ADDRESS + r")[ \t]+" + _PASSIVE
        + r"[ \t]+(?P<done>" + "|".join(sorted(participles, key=len, reverse=True)) + r")\b",
        re.IGNORECASE,
    )


def _appreciated_if(text: str, frames: tuple[str, ...], actions: Collection[str]) -> str:
    """ "I'd appreciate it if A got downloaded" as "I'd like A downloaded"."""
    pattern = _appreciation(frames, frozenset(participle_forms(frozenset(actions))))
    if pattern is None:
        return text
    wished = pattern.sub(lambda m: f"I'd like {m.group('page')} {m.group('done')}", text)
    # A wish that closes the prompt with no stop is closed with one: the parse reads "I'd like A downloaded"
    # without it as a fragment.
    return wished + "." if wished != text and not wished.rstrip().endswith((".", "!", "?")) else wished


# Round 29 (voice29): "Just in case we need it later, please fetch A": the writer's own later need of the page
# is what the precaution is for, not an event the request waits on. Only "we/I" with "need/want" on "it",
# or "it's useful/needed", then an optional "later"/"again", and only before the comma and an order: "in case
# the page moves, fetch A" names an event and stays a condition.
_OWN_NEED = (r"(?:[ \t]+(?:(?:we|I)[ \t]+(?:(?:might|may|ever)[ \t]+)?(?:need|want)[ \t]+it"
             r"|it(?:['’]s|[ \t]+is)[ \t]+(?:useful|needed|helpful))(?:[ \t]+(?:later(?:[ \t]+on)?|again))?(?=[ \t]*,))?")


@cache
def _precaution(phrases: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    if not phrases:
        return None
    said = _phrases(phrases)
    # Before a comma and any order, or right before a verb that acts on an address or "it": "in case fetch
    # fails, …" (the verb a noun of the condition) is no precaution.
    opening = re.compile(
        r"\A[ \t]*(?:" + said + r")" + _OWN_NEED + r"(?:[ \t]*[,—–-][ \t]*|[ \t]+(?=[A-Za-z]+[ \t]+(?:https?://|(?:it|them|both|that|this)\b)))"
        r"(?=(?P<next>[A-Za-z]+)\b)",
        re.IGNORECASE,
    )
    closing = re.compile(r"(?<=\S)[ \t]*,?[ \t]+(?:" + said + r")(?=" + _CLOSE + ")", re.IGNORECASE)
    return opening, closing


def _without_precaution(text: str, phrases: tuple[str, ...], actions: Collection[str]) -> str:
    """ "Just in case, fetch A" and "fetch A just in case" as "fetch A"; "just in case it changed, …" stays."""
    patterns = _precaution(phrases)
    if patterns is None:
        return text
    opening, closing = patterns
    found = opening.match(text)
    if found is not None and found.group("next").lower() in frozenset(actions) | {"please", "pls", "just", "go"}:
        return text[found.end():]
    found = closing.search(text)
    if found is not None and re.search(r"https?://", text[:found.start()]):
        return text[:found.start()] + text[found.end():]
    return text


@cache
def _denied(frames: tuple[str, ...]) -> re.Pattern[str] | None:
    if not frames:
        return None
    return re.compile(
        r"\A[ \t]*(?:" + _phrases(frames) + r")[ \t]+(?:you[ \t]+)?not[ \t]+to[ \t]+(?P<verb>[a-z]+)[ \t]+(?P<page>"
        + _ADDRESS + r")" + _AGAIN,
        re.IGNORECASE,
    )


def _denied_negation(text: str, frames: tuple[str, ...], actions: Collection[str]) -> str:
    """ "I never said not to fetch A — go ahead and fetch it" as "fetch A."."""
    pattern = _denied(frames)
    found = pattern.match(text) if pattern is not None else None
    if found is None:
        return text
    verb, again, target = found.group("verb").lower(), found.group("again").lower(), found.group("object")
    if verb != again or verb not in frozenset(actions):
        return text  # another verb after the denial ("… go ahead and delete it") is read as written
    if target.lower().startswith("http") and target != found.group("page"):
        return text  # the order names another address: both are read as written
    return f"{found.group('verb')} {found.group('page')}."


@cache
def _reason(changes: tuple[str, ...]) -> re.Pattern[str] | None:
    if not changes:
        return None
    return re.compile(
        r"\A[ \t]*(?:(?:the|this|that|our|my|your)[ \t]+(?:[A-Za-z-]+[ \t]+){0,3}?)?(?P<page>" + _ADDRESS + r")[ \t]+"
        r"(?:" + _phrases(changes) + r")" + _OFTEN + _ORDER_ON_IT,
        re.IGNORECASE,
    )


def _reason_then_order(text: str, changes: tuple[str, ...], actions: Collection[str]) -> str:
    """ "the weather page A keeps changing so just grab it now" as "grab A now"."""
    pattern = _reason(changes)
    found = pattern.match(text) if pattern is not None else None
    if found is None or found.group("verb").lower() not in frozenset(actions):
        return text  # "… so just delete it", "… so don't grab it" are read as written
    return f"{found.group('verb')} {found.group('page')}{found.group('rest')}."


@cache
def _agreeing(openers: tuple[str, ...]) -> re.Pattern[str] | None:
    if not openers:
        return None
    return re.compile(r"\A[ \t]*(?:" + _phrases(openers) + r")[ \t]*[,.!]*[ \t]+(?=(?P<next>[A-Za-z]+)\b)", re.IGNORECASE)


def _without_yes(text: str, openers: tuple[str, ...], actions: Collection[str]) -> str:
    """ "yeah fetch A tomorrow" as "fetch A tomorrow": a spoken yes right before a verb that acts."""
    pattern = _agreeing(openers)
    found = pattern.match(text) if pattern is not None else None
    if found is None or found.group("next").lower() not in frozenset(actions):
        return text  # "yeah no, don't fetch A", "yes the page A …" are read as written
    return text[found.end():]


@cache
def _softened(softeners: tuple[str, ...]) -> re.Pattern[str] | None:
    if not softeners:
        return None
    # Only "do/would/did you <softener> know/remember": a question about what I know, which only asks.
    return re.compile(
        r"\b((?:do|would|did)[ \t]+you)[ \t]+(?:" + _phrases(softeners) + r")[ \t]+(?=(?:know|remember)\b)", re.IGNORECASE
    )


def _unsoftened_question(text: str, softeners: tuple[str, ...]) -> str:
    """ "do you maybe know how many pages are stored?" as "do you know how many pages are stored?"."""
    pattern = _softened(softeners)
    return pattern.sub(r"\1 ", text) if pattern is not None else text


def spoken_wrappers(
    text: str, *, requests: tuple[str, ...], agreeing: tuple[str, ...], softeners: tuple[str, ...], adverbs: tuple[str, ...], frames: tuple[str, ...],
    precautions: tuple[str, ...], denials: tuple[str, ...], changes: tuple[str, ...],
    actions: Collection[str], verb: str | None,
) -> str:
    """The prompt with the wrappers above put plainly; unchanged when it holds none.

    `actions` are the verbs that act; `verb` the one verb a bare address asks for (None: no such reading).
    """
    text = _ITS_NOT.sub(r"\1t's", text)
    text = _without_yes(text, agreeing, actions)
    text = _unsoftened_question(text, softeners)
    text = _bare_address(text, requests, verb)
    text = _unhurried(text, adverbs, actions)
    text = _appreciated_if(text, frames, actions)
    text = _without_precaution(text, precautions, actions)
    text = _denied_negation(text, denials, actions)
    return _reason_then_order(text, changes, actions)
