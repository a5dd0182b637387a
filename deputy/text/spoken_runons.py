"""Spoken run-ons, round 24: the shapes a speaker strings a request into without stops.

- "fetch A and B and yeah that's both of them", "… so yeah those are both", "… and okay that's all three":
  a closing summary of the addresses just named. A run of spoken links ("and", "so", "yeah", "okay" …)
  then "that's"/"those are" (or a bare quantity after a spoken link) and a quantity of what was named
  (`words.summed_quantities`: "both of them", "the two of them", "all three" …). Only at the very end,
  only right after an address, and a quantity that counts ("both", "three") must count the addresses
  named: "fetch A and B and that's all three" names one too few, and is read as written.
- "the professor wants the syllabus so just grab A okay", "the link is A yeah get that for me": a statement
  run into an order by a spoken link (`words.run_on_links`: "so", "yeah", "okay" …). The statement is set
  off as a sentence of its own ("the link is A. get that for me"), and every check of a context sentence
  then applies. Only when the order's verb is one the reader reads, and the statement holds no negation,
  condition or other refusing word, no verb the reader reads or refuses (in any of its forms: it is then a
  request of its own, "fetch A so just grab B"), and opens no question ("is A allowed so fetch it").
- "read me (back) what you stored from A": a free relative of a past form of a verb the reader knows and
  does not refuse is the stored text ("read me the text you stored from A"); "what you deleted" is left.
  Learners' "give me please the text …" puts "please" first, as a native speaker does.
- "thx!! now read me …": a lower-case "now" opening a sentence after a stop, before a verb that orders,
  is written "Now": the parse reads it lower-case as no sentence start, and "read" as a past.
- "What are you doing now, robot?", "Bot, are you busy?": the reader's robot named by its own noun or name
  (`self_nouns`, `self_names`) and set off by a comma at the very start or end is a vocative, and goes.
Pure text work, before the parse; knows no capability.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import cache

from deputy.alternation import alternation
from deputy.protect import protect
from deputy.text.reorder import gerund_forms, participle_forms

__all__ = ["read_what_done", "run_on_order", "spoken_runons", "unaddressed", "without_summary"]

# A number word a summing quantity may hold, and how many addresses it counts.
_COUNTS = {"both": 2, "two": 2, "pair": 2, "three": 3, "four": 4, "five": 5}
# The spoken words that may stand before a summary ("and yeah", "so yeah", "okay"): never a verb or a refusal.
_SUMMARY_LINKS = r"(?:and|so|yeah|yep|yes|ok|okay|right|alright|oh)"
# "that's", "that is", "those are", "these are", "that'll be", "that'd be".
_COPULA = (r"(?:that['’]?s|that[ \t]+is|those[ \t]+are|these[ \t]+are|those['’]re|these['’]re"
           r"|that['’]ll[ \t]+be|that['’]d[ \t]+be|it['’]s)")
_ADDRESS_END = re.compile(r"https?://\S*[^\s,.;:!?)][ \t]*,?\Z", re.IGNORECASE)
_CLOSE = r"[ \t]*[.!]*[ \t]*\Z"
# A statement that opens a question is never set off as a statement.
_QUESTION_OPENERS = frozenset({
    "is", "are", "was", "were", "am", "can", "could", "do", "does", "did", "will", "would", "should", "may", "might",
    "has", "have", "had", "shall", "must", "what", "when", "where", "which", "who", "whom", "whose", "why", "how",
})
# Softeners between the link and the order's verb ("so just grab", "okay please fetch", "so go ahead and get").
_SOFT = r"(?:(?:just|please|pls|go[ \t]+ahead[ \t]+and|go[ \t]+on[ \t]+and)[ \t]+)*"
# The forms of "be", "have", "do" and "go" a statement may hold ("the link is A"): they make no request.
_PLAIN_VERBS = frozenset({"be", "have", "do", "go"})
_MIN_STATEMENT_WORDS = 2  # "the link is A": a statement, never a lone word ("yeah so fetch A" is the yes's)


def _phrases(words: Collection[str]) -> str:
    return alternation(frozenset(words))


@cache
def _summary(quantities: tuple[str, ...]) -> re.Pattern[str] | None:
    if not quantities:
        return None
    return re.compile(
        r"(?<=\S)[ \t]*[,;—–-]?(?P<links>(?:[ \t]+" + _SUMMARY_LINKS + r"[ \t]*,?)*)[ \t]+"
        r"(?P<copula>" + _COPULA + r"[ \t]+)?(?P<quantity>" + _phrases(quantities) + r")" + _CLOSE,
        re.IGNORECASE,
    )


def without_summary(text: str, quantities: tuple[str, ...]) -> str:
    """ "fetch A and B and yeah that's both of them" as "fetch A and B" (see the module's note)."""
    pattern = _summary(quantities)
    if pattern is None or "\n" in text.strip():
        return text
    found = pattern.search(text)
    if found is None or not (found.group("copula") or found.group("links").strip()):
        return text  # "fetch A and B both" names no summary: read as written
    before = text[:found.start()]
    if _ADDRESS_END.search(before) is None:
        return text  # a summary sums up addresses just named, never anything else
    counts = [_COUNTS[w] for w in found.group("quantity").lower().split() if w in _COUNTS]
    if counts and counts[-1] != len(protect(before).items):
        return text  # "that's all three" after two addresses: one is missing, read as written
    return before.rstrip(" \t,")


@cache
def _linked(links: tuple[str, ...]) -> re.Pattern[str] | None:
    if not links:
        return None
    return re.compile(
        r"[ \t]*,?[ \t]+(?:" + _phrases(links) + r")[ \t]*,?[ \t]+(?P<order>" + _SOFT + r"(?P<verb>[a-z]+)\b)",
        re.IGNORECASE,
    )


@cache
def _forms(verbs: frozenset[str]) -> frozenset[str]:
    # Every form of a verb: "delete", "deletes", "deleting", "deleted".
    return verbs | frozenset(gerund_forms(verbs)) | frozenset(participle_forms(verbs)) | frozenset(
        v + ("es" if v.endswith(("s", "sh", "ch", "x")) else "s") for v in verbs
    )


def _plain_statement(statement: str, verbs: frozenset[str], refusing: frozenset[str]) -> bool:
    """Whether `statement` only states something: no refusal, no verb the reader reads, no question."""
    said = [w.lower() for w in re.findall(r"[\w'’]+", re.sub(r"https?://\S+", " ", statement))]
    if len(said) < _MIN_STATEMENT_WORDS or said[0] in _QUESTION_OPENERS or "?" in statement:
        return False
    if set(said) & refusing or any(w.endswith(("n't", "n’t")) for w in said):
        return False
    return not set(said) & _forms(verbs - _PLAIN_VERBS)


def run_on_order(text: str, links: tuple[str, ...], *, orders: frozenset[str], verbs: frozenset[str],
                 refusing: frozenset[str]) -> str:
    """ "the professor wants the syllabus so just grab A" as "the professor wants the syllabus. just grab A".
    `orders` are the verbs an order after the link may open with; `verbs` every verb the reader reads or
    refuses; `refusing` the negation, condition and other refusing words."""
    pattern = _linked(links)
    if pattern is None or "\n" in text.strip():
        return text
    # Only the first link before a verb that orders: the statement is everything before it.
    found = next((f for f in pattern.finditer(text) if f.group("verb").lower() in orders), None)
    if found is None or not _plain_statement(text[:found.start()], verbs, refusing):
        return text
    if text[:found.start()].rstrip().endswith((".", "!", "?", ";", ":")):
        return text  # "… is A. so fetch that one": the stop is there already; read as written
    return f"{text[:found.start()].rstrip(' ,')}. {text[found.start('order'):]}"


# "read me what you stored from A", "read back to me what u saved for A", "give me what you downloaded from A".
# The asking verb, who it is read to, then the free relative's "what" (or a chat spelling of it).
_READ_TO = (r"(?P<ask>read|give)(?:[ \t]+(?:me|us))?(?:[ \t]+back)?(?:[ \t]+(?:to[ \t]+)?(?:me|us))?[ \t]+")
_RELATIVE = r"[ \t]+(?P<who>you|we)[ \t]+(?:(?:have|['’]ve)[ \t]+)?(?P<done>[a-z]+)(?=[ \t]+(?:from|for|of|at|on)\b)"
# "Give me please the text …": a learner's "please" after the asking verb's object goes first.
_PLEASE_AFTER = re.compile(
    r"(?:(?<=\A)|(?<=[.!?:][ \t]))(?P<ask>give|show|send|read|tell)[ \t]+(?P<to>me|us)[ \t]*,?[ \t]+please[ \t]*,?[ \t]+"
    r"(?=[A-Za-z])",
    re.IGNORECASE,
)


@cache
def _what_done(whats: frozenset[str]) -> re.Pattern[str]:
    return re.compile(r"(?<![\w'’])" + _READ_TO + r"(?:" + _phrases(whats) + r")" + _RELATIVE, re.IGNORECASE)


def read_what_done(text: str, *, whats: frozenset[str], known: frozenset[str]) -> str:
    """ "read me what you stored from A" as "read me the text you stored from A"; "Give me please X" as
    "please give me X". `whats` are "what" and its chat spellings; `known` the verbs the reader reads and
    does not refuse, whose past forms may close the relative ("what you deleted" is left as written)."""
    text = _PLEASE_AFTER.sub(lambda m: f"please {m.group('ask')} {m.group('to')} ", text)
    done = participle_forms(known)

    def plain(found: re.Match[str]) -> str:
        if found.group("done").lower() not in done:
            return found.group(0)
        return f"{found.group('ask')} me the text {found.group('who')} {found.group('done')}"

    return _what_done(whats | {"what"}).sub(plain, text)


@cache
def _vocatives(names: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    if not names:
        return None
    said = _phrases(names)
    closing = re.compile(r"(?<=[^\s,])[ \t]*,[ \t]*(?:(?:my|dear|little|mr\.?)[ \t]+)?(?:" + said + r")(?P<end>[ \t]*[.!?]*[ \t]*)\Z",
                         re.IGNORECASE)
    opening = re.compile(r"\A[ \t]*(?:(?:hey|hi|ok|okay|oh|yo|dear)[ \t]+)?(?:" + said + r")[ \t]*,[ \t]*(?=[A-Za-z])",
                         re.IGNORECASE)
    return closing, opening


def unaddressed(text: str, names: frozenset[str]) -> str:
    """ "What are you doing now, robot?" as "What are you doing now?": the reader's robot named by one of
    `names` (its names and nouns), set off by a comma at the very start or end, is a vocative."""
    patterns = _vocatives(frozenset(n for n in names if n))
    if patterns is None or "\n" in text.strip():
        return text
    closing, opening = patterns
    text = closing.sub(lambda m: m.group("end").strip(), text, count=1)
    return opening.sub("", text, count=1)


# "thx!! now read me …": a chat sentence opened by a lower-case "now" after a stop. The parse reads "now read"
# there as a past "read" (a lower-case word after a stop starts no sentence to it); "Now read" is the order.
_NOW_AFTER_STOP = re.compile(r"(?<=[.!?])(?P<gap>[ \t]+)now(?=[ \t]+(?P<verb>[a-z]+)\b)")


def _moving_on(text: str, orders: frozenset[str]) -> str:
    """ "thanks! now read me A" as "thanks! Now read me A": only before a verb that orders."""
    return _NOW_AFTER_STOP.sub(lambda m: m.group("gap") + ("Now" if m.group("verb") in orders else "now"), text)


def spoken_runons(text: str, *, quantities: tuple[str, ...], links: tuple[str, ...], orders: frozenset[str],
                  verbs: frozenset[str], refusing: frozenset[str]) -> str:
    """The prompt with a closing summary dropped, a statement run into an order set off and a chat "now"
    after a stop read as a sentence's start (see the module's note)."""
    text = _moving_on(without_summary(text, quantities), orders)
    return run_on_order(text, links, orders=orders, verbs=verbs, refusing=refusing)
