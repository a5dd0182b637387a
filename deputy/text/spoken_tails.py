"""Spoken tails around one request, round 20: "fetch A and B you know the weather ones" is "fetch A and B".

People talking to an agent close a request or a question with words that add nothing to it:
- an aside opened by "you know" or "I mean" (`words.tail_asides`) that only names again what was asked
  for: "… A you know the weather ones", "… A you know robots wise", "… A you know the text you saved".
  Only at the very end, only after an address, and only when the aside is a short phrase that holds no
  address, no negation or condition, no joining word ("and", "then", …) and no verb the reader acts on
  or refuses (in any of its forms; a word right after "the" or "your" is the noun it may also be: "the
  text", "the copy"): "fetch A you know not the US one", "… you know if it changed",
  "… you know and delete the old copy" are read as written, and refused. The one verb form let through
  is a past participle of a verb the reader knows and does not refuse, right after "you" or "we" ("the
  copy you stored"): it points at a stored copy, and asks for nothing new.
- a status question said again as a yes/no question (`words.restated_questions`): "what's the robot
  doing right now is it busy" asks what "what's the robot doing" asks. Only after a "what"/"how"
  question holding no address; and the "right now" closing "what's X doing" goes too (a status is
  always now).
Pure text work, before the parse.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.protect import protect
from deputy.text.reorder import gerund_forms, participle_forms

__all__ = ["unrestated", "without_named_again", "without_tail_aside"]

# Words that join a second request or a second object to the first: an aside holding one is read as written.
_JOINING = frozenset({"and", "or", "then", "also", "too", "plus", "but", "after", "before", "instead"})
# Words that widen what is asked ("you know the whole site", "… every page on it"): an aside holding one may
# ask for more than the address it follows, and is read as written.
_WIDENING = frozenset({"whole", "entire", "every", "all", "everything", "rest"})
_DOERS = frozenset({"you", "we", "i", "u"})
# Round 28 (voice28): "… A you know the ones listed in robots dot txt": a participle right after "one(s)"
# describes the thing asked for again, as one after "you"/"we" points at a stored copy; it asks nothing new.
_DESCRIBED = frozenset({"one", "ones"})
# A word right after one of these is the noun it may also be ("the text", "the copy"), never the verb.
_DETERMINERS = frozenset({"the", "a", "an", "this", "that", "these", "those", "your", "my", "our", "their"})
# "you know the text you saved": a short phrase, never a clause of its own. Round 28 (voice28): up to eight
# words, for "the ones listed in robots dot txt" (a spoken "robots.txt" is three).
_MAX_ASIDE_WORDS = 8
# A question about what is going on: "what's", "what is", "how's", "how is", "whats".
# Round 26 (voice26): also "what are"/"what're" ("what are you doing right now are you busy").
_WH_STATE = re.compile(
    r"\A(?:what['’]?s|what[ \t]+is|how['’]?s|how[ \t]+is|what[ \t]+are|what['’]re|whatre)[ \t]+", re.IGNORECASE
)
# "what's the robot doing right now": the time closing "doing" or "up to" only says "now".
_DOING_NOW = re.compile(
    r"\b(doing|up[ \t]+to)[ \t]+(?:right[ \t]+now|at[ \t]+the[ \t]+moment|currently|now|rn|at[ \t]+present)"
    r"(?=[ \t]*\??[ \t]*\Z)",
    re.IGNORECASE,
)


def _phrases(words: Collection[str]) -> str:
    ordered = sorted(words, key=len, reverse=True)
    return "|".join(r"[ \t]+".join(re.escape(w) for w in phrase.split()) for phrase in ordered)


@cache
def _aside(markers: tuple[str, ...]) -> re.Pattern[str] | None:
    if not markers:
        return None
    return re.compile(
        r"(?<=\S)[ \t]*[,—–-]?[ \t]+(?:" + _phrases(markers) + r")[ \t]*,?[ \t]+(?P<body>[^\n.?!;:,]+?)[ \t]*[.!]*[ \t]*\Z",
        re.IGNORECASE,
    )


@cache
def _restated(questions: tuple[str, ...]) -> re.Pattern[str] | None:
    if not questions:
        return None
    # Round 26 (voice26): the restatement may close on a spoken "or what" / "or not" ("… are you busy or what"):
    # it only presses for the answer, which the status question gives either way.
    return re.compile(
        r"(?<=\S)[ \t]*[,;—–-]?[ \t]+(?:" + _phrases(questions) + r")(?:[ \t]*,?[ \t]+or[ \t]+(?:what|not))?"
        r"[ \t]*\?*[ \t]*\Z",
        re.IGNORECASE,
    )


@cache
def _verb_forms(verbs: frozenset[str]) -> frozenset[str]:
    # Every form of a verb the reader reads or refuses: "delete", "deletes", "deleting", "deleted".
    return verbs | frozenset(gerund_forms(verbs)) | frozenset(participle_forms(verbs)) | frozenset(
        v + ("es" if v.endswith(("s", "sh", "ch", "x")) else "s") for v in verbs
    )


def _plain_aside(body: str, verbs: frozenset[str], known: frozenset[str], refusing: frozenset[str]) -> bool:
    """Whether the aside only names again what was asked for (see the module's note)."""
    said = [w.lower() for w in re.findall(r"[\w'’]+", body)]
    if not said or len(said) > _MAX_ASIDE_WORDS or protect(body).items:
        return False
    if set(said) & (refusing | _JOINING | _WIDENING | {"not", "no", "never"}) or any(w.endswith(("n't", "n’t")) for w in said):
        return False
    done = participle_forms(known)
    forms = _verb_forms(verbs)
    for k, word in enumerate(said):
        before = said[k - 1] if k > 0 else ""
        if word in forms and before not in _DETERMINERS and not (word in done and before in _DOERS | _DESCRIBED):
            return False
    return True


def without_tail_aside(
    text: str, markers: tuple[str, ...], *, verbs: frozenset[str], known: frozenset[str], refusing: frozenset[str],
) -> str:
    """The prompt without a closing "you know …" aside that only names again what it asks for. `verbs` are
    every verb the reader reads or refuses, `known` those it reads and does not refuse, `refusing` the
    negation and condition words."""
    pattern = _aside(markers)
    if pattern is None or "\n" in text.strip():
        return text
    found = pattern.search(text)
    if found is None:
        return text
    before = text[:found.start()]
    if not protect(before).items or not _plain_aside(found.group("body"), verbs, known, refusing):
        return text
    return before


# Round 22 (voice22): "… the text you saved from A the readable bit": a spoken afterthought right after the
# address that names again, with no marker, the part asked for. Only "the" + at most two words + a noun of
# part ("bit", "one", "part"); its words pass every check a "you know" aside passes.
_NAMED_AGAIN = re.compile(
    r"(?<=[^\s.,;:!?])[ \t]+(?P<body>the[ \t]+(?:[\w-]+[ \t]+){0,2}(?:bit|bits|one|ones|part|parts))[ \t]*[.!]*[ \t]*\Z",
    re.IGNORECASE,
)
_ENDS_IN_ADDRESS = re.compile(r"https?://\S+\Z", re.IGNORECASE)


def without_named_again(text: str, *, verbs: frozenset[str], known: frozenset[str], refusing: frozenset[str]) -> str:
    """The prompt without a closing "the readable bit" said right after its address (see `_NAMED_AGAIN`)."""
    if "\n" in text.strip():
        return text
    found = _NAMED_AGAIN.search(text)
    if found is None:
        return text
    before = text[:found.start()]
    body = found.group("body")
    # With no marker to set it off, any form of a verb the reader knows or refuses keeps the words as written,
    # even after "the" ("… A the deleted one").
    if set(re.findall(r"[\w'’]+", body.lower())) & _verb_forms(verbs):
        return text
    if _ENDS_IN_ADDRESS.search(before) is None or not _plain_aside(body, verbs, known, refusing):
        return text
    return before


# Round 28 (voice28): "what's going on with the run is it done yet or is it still chugging along": the status
# question asked again as "is it done (yet)", with or without "or is it still <…ing> (along)" or "or not". The "-ing" word
# only says "still running" in the speaker's words; a form of a verb the reader refuses ("still deleting") keeps
# the words as written.
_DONE_OR_STILL = re.compile(
    # A learner's own sentence after the question too: "how is going the work now? is finish or not?".
    r"[ \t]*[,;—–?-]?[ \t]+is[ \t]+(?:it[ \t]+)?(?:done|finished|finish|over|complete)(?:[ \t]+yet)?"
    r"(?:[ \t]*,?[ \t]+or[ \t]+is[ \t]+it[ \t]+still[ \t]+(?P<ger>[a-z]+ing)(?:[ \t]+(?:along|away|on))?"
    r"|[ \t]*,?[ \t]+or[ \t]+not)?"
    r"[ \t]*\?*[ \t]*\Z",
    re.IGNORECASE,
)


def _without_done_or_still(text: str, refused: frozenset[str]) -> str:
    found = _DONE_OR_STILL.search(text)
    if found is None or (found.group("ger") and found.group("ger").lower() in _verb_forms(refused)):
        return text
    return text[:found.start()]


def unrestated(text: str, questions: tuple[str, ...], refused: frozenset[str] = frozenset()) -> str:
    """ "what's the robot doing right now is it busy" as "what's the robot doing": a status question
    without its yes/no restatement and its closing "right now". `refused` are the verbs the reader refuses."""
    if _WH_STATE.match(text) is None or protect(text).items:
        return text
    # The longer restatement first: "… is it finished or is it still going" would otherwise lose only its end.
    text = _without_done_or_still(text, refused)
    pattern = _restated(questions)
    if pattern is not None:
        text = pattern.sub("", text, count=1)
    return _DOING_NOW.sub(r"\1", text, count=1).rstrip()
