"""Spoken openers and closing tags: "er is the robot allowed on A do you know" is "is the robot allowed on A?".

People dictating to an agent, and agents copying them, open with words that say nothing ("so basically",
"er", "okay so the thing is") and close a yes/no question with a tag ("do you know"). Both are closed lists
of the vocabulary (`words.spoken_openers`, `words.question_tags`), matched as whole phrases, and only at
the very start or the very end of the prompt: the same words anywhere else are read as written. Neither
list may hold a negation or a condition (deputy.teaching.relaxations checks it), so what is dropped never
changes whether the prompt refuses. Pure text work, before the parse.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

__all__ = ["unspoken"]

# The verbs that open a yes/no question: only such a question takes a tag ("do you know" after "fetch A"
# would be a second question, and stays).
_YES_NO = re.compile(
    r"\A(?:is|are|am|was|were|can|may|could|does|do|did|has|have|will|would|should)\b", re.IGNORECASE
)
# "need A downloaded like today": a spoken "like" right before a word of time only softens it. Before
# anything else ("like the last one", "I like A") it is read as written.
_LIKE_TIME = re.compile(
    r"(?<=[ \t])like[ \t]+(?=(?:today|tonight|tomorrow|now|right[ \t]+now|asap|this[ \t]+(?:morning|afternoon|evening|week))\b)",
    re.IGNORECASE,
)
# "As the administrator I order you: fetch A", "I'm the admin and I order you to fetch A": who the writer
# says they are before their own "I order you" changes nothing about the request, and goes. The "I order
# you" that follows is a hedge frame of the vocabulary (read as "please"); without it nothing is dropped.
_AUTHORITY = re.compile(
    r"\A(?:as[ \t]+(?:the|your|an?|this)[ \t]+(?:[\w-]+[ \t]+){0,2}?[\w-]+[ \t]*,?"
    r"|I(?:['’]m|[ \t]+am)[ \t]+(?:the|your|an?)[ \t]+(?:[\w-]+[ \t]+){0,2}?[\w-]+[ \t]*,?[ \t]+and)"
    r"[ \t]+(?=I[ \t]+(?:order|command|instruct)[ \t]+you\b)",
    re.IGNORECASE,
)
# "Pull A down from the site": to pull a page down *from a site* is to take it off the site, not to fetch
# it. The verb is read as the "remove" it means there, which the reader refuses; "pull A down for me" and
# "pull down A" are left to be read as the fetch they ask for. Only ever makes the reader refuse more.
_PULLED_OFF = re.compile(
    r"\bpull(?=(?:s|ed|ing)?\b(?:[^.!?\n]|[.!?](?=\S)){0,200}?\bdown[ \t]+from[ \t]+(?:the|our|your|their|my|its|this|that)[ \t]+"
    r"(?:site|website|web[ \t]+site|server|homepage|blog|wiki|page|portal|internet|web)\b)(?:s|ed|ing)?",
    re.IGNORECASE,
)
# "whats the queue looking like", "what does the queue look like": the spoken "what … like" asks what "how
# is the queue looking" asks. Only with a determiner and at most three words of a noun phrase between, no
# address (no dot, slash or colon in those words), and the question at the very end (a time word may
# close it: "rn", "right now", "today"): "what was the queue looking like yesterday" (past) is left alone.
_LOOKS_LIKE = re.compile(
    r"\A(?:what[ \t]+is|what['’]?s|how['’]?s|how[ \t]+is)[ \t]+((?:the|our|your|my)(?:[ \t]+[A-Za-z-]+){1,3}?)"
    r"[ \t]+looking[ \t]+like\b"
    r"|\Awhat[ \t]+does[ \t]+((?:the|our|your|my)(?:[ \t]+[A-Za-z-]+){1,3}?)[ \t]+look[ \t]+like\b"
    # Round 20 (voice20): "whats the queue look like rn", the spoken question without its "does".
    r"|\Awhat['’]?s[ \t]+((?:the|our|your|my)(?:[ \t]+[A-Za-z-]+){1,3}?)[ \t]+look[ \t]+like\b",
    re.IGNORECASE,
)
_MAX_OPENERS = 3  # "um, so basically, …": a few openers in a row, never a loop over the whole prompt


def _phrases(words: tuple[str, ...]) -> str:
    ordered = sorted(words, key=len, reverse=True)  # "so basically" before "basically"
    return "|".join(r"[ \t]+".join(re.escape(w) for w in phrase.split()) for phrase in ordered)


@cache
def _opener(openers: tuple[str, ...]) -> re.Pattern[str] | None:
    if not openers:
        return None
    # The opener, a comma or dots or a dash, then the rest of the prompt (which must go on: "Um." stays).
    return re.compile(r"\A(?:" + _phrases(openers) + r")(?![\w'’])[ \t]*[,.…—–-]*[ \t]+(?=\S)", re.IGNORECASE)


@cache
def _tag(tags: tuple[str, ...]) -> re.Pattern[str] | None:
    if not tags:
        return None
    return re.compile(r"(?<=\S)[ \t]*,?[ \t]+(?:" + _phrases(tags) + r")[ \t]*\?*[ \t]*\Z", re.IGNORECASE)


def _first_word(text: str) -> str:
    found = re.match(r"[A-Za-z]+", text)
    return found.group(0).lower() if found else ""


def _one_word(opener: str) -> bool:
    """Whether the opener just dropped (with its stops) is a single word: "uh, " but not "so yeah "."""
    return len(re.findall(r"[\w'’]+", opener)) <= 1


def _how_it_looks(found: re.Match[str]) -> str:
    """ "what's the queue looking like" as "how is the queue looking" (the "like" of "what … like" goes)."""
    if found.group(1) is not None:
        return f"how is {found.group(1)} looking"
    return f"how does {found.group(2) if found.group(2) is not None else found.group(3)} look"


def unspoken(prompt: str, openers: tuple[str, ...], tags: tuple[str, ...], actions: Collection[str] = ()) -> str:
    """The prompt without the spoken openers and a claimed role at its start, a "like" before a time, and a
    question tag at its end, and "pull A down from the site" read as the removal it asks for."""
    text = prompt
    opener = _opener(openers)
    if opener is not None:
        for _ in range(_MAX_OPENERS):
            shorter = opener.sub("", text, count=1)
            # "uh fetch A and um also B": before a verb that acts the parse already reads a one-word opener
            # as the interjection it is, and the reading of what follows is left exactly as it was. A
            # phrase ("so yeah download A", "so basically fetch A") is not read so, and goes (round 19).
            if shorter == text or (_first_word(shorter) in actions and _one_word(text[:len(text) - len(shorter)])):
                break
            text = shorter
    text = _PULLED_OFF.sub("remove", text)
    text = _LOOKS_LIKE.sub(_how_it_looks, text, count=1)
    text = _AUTHORITY.sub("", text, count=1)
    text = _LIKE_TIME.sub("", text)
    tag = _tag(tags)
    if tag is not None and _YES_NO.match(text):
        text = tag.sub("?", text, count=1)
    return text
