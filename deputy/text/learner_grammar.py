"""Learners' grammar around a question or a request, put in the form the reader knows before parsing:
"You have already download A? When?" (read "You have already downloaded A, and when?"), "I am need the
content of A what you have" / "Please to give me text of page A what you saved" / "Show me text which you
saved of A" (read "Show me the stored content of A"), "Why didn't you fetch A?" (read "Did you fetch A?").

Each shape is closed and anchored on an address; what is rewritten is only how the question or the
request is put, never what it asks, and everything around it keeps every check ("… and post it",
"… unless it is older", "Delete it."). A question stays a question: it is answered from the store and
never acts. Pure text work on closed words; the caller passes its capabilities' verbs.
"""

from __future__ import annotations

import re

__all__ = ["learner_grammar"]

_ADDRESS = r"(?:https?://|www\.)[^\s]+?"
_END = r"(?=[.,!?]*(?:\s|\Z))"
_NOUNS = r"(?P<noun>text|contents|content|wording|body)"
_KEPT = r"(?:saved|stored|kept|have|had|got|fetched|downloaded|archived)"

# "You have already download A": the bare verb after "have" is its participle. Only for the caller's
# verbs, whose participles are regular (or listed here), and only in a sentence about you or we.
_PARTICIPLES = {"get": "got", "grab": "grabbed", "take": "taken", "fetch": "fetched"}
# "? When?" closing a yes/no question about the same page: the question's own ", and when?".
_WHEN_TAIL = re.compile(r"\?[ \t]+when\?[ \t]*\Z", re.IGNORECASE)

# "I am need the content of A what you have", "Please to give me text of page A what you saved": the
# learner's relative after the address names the stored text of A.
_TRAILING_KEPT = re.compile(
    r"(?P<lead>\A[ \t]*(?:(?:please|kindly)[ \t]+)?(?:to[ \t]+)?|\A[ \t]*I[ \t]+(?:am[ \t]+|'m[ \t]+)?)"
    r"(?P<verb>give(?:[ \t]+(?:me|us))?|show(?:[ \t]+(?:me|us))?|need|want)[ \t]+"
    r"(?:the[ \t]+)?" + _NOUNS + r"[ \t]+(?:of|from|for)[ \t]+(?:(?:the[ \t]+)?page[ \t]+)?(?P<url>" + _ADDRESS + r")"
    r",?[ \t]+(?:what|which|that)[ \t]+(?:you|we)[ \t]+(?:have[ \t]+|'ve[ \t]+)?" + _KEPT + _END,
    re.IGNORECASE,
)
# "Show me text which you saved of A": the relative before "of A", with the article dropped (with "the", the
# same shape is deputy.text.learner_forms.kept_text's).
_RELATIVE_FIRST = re.compile(
    r"(?<![\w'])(?P<verb>(?:give|show|display|print|tell)(?:[ \t]+(?:me|us))?)[ \t]+" + _NOUNS +
    r"[ \t]+(?:what|which|that)[ \t]+(?:you|we)[ \t]+(?:have[ \t]+|'ve[ \t]+)?" + _KEPT +
    r"[ \t]+(?:of|from|for)[ \t]+(?=https?://|www\.)",
    re.IGNORECASE,
)
# "Why didn't you fetch A?": a question about what happened to A, which the page's record answers.
_WHY_NOT = re.compile(
    r"\A[ \t]*why[ \t]+(?:didn['’]t[ \t]+you|did[ \t]+you[ \t]+not|did[ \t]+not[ \t]+you)[ \t]+(?P<verb>[a-z]+)[ \t]+"
    r"(?P<rest>(?:https?://|www\.)\S+?(?:[ \t]+(?:yesterday|today|earlier|last[ \t]+time))?)[ \t]*\?[ \t]*\Z",
    re.IGNORECASE,
)


# "What does A say? Just the text you stored, please.": a tail that only says which text the read question
# means (the stored one, which is all a read gives). Only after a question of what A says or holds.
_READ_QUESTION = re.compile(r"\A[ \t]*(?:what\s+does|what['’]s\s+on|what\s+is\s+on)\s+(?:https?://|www\.)\S+?(?:\s+say)?\?", re.IGNORECASE)
_STORED_TAIL = re.compile(
    r"(?<=\?)[ \t]+(?:just|only)[ \t]+the[ \t]+(?:text|wording|contents?)[ \t]+(?:(?:that|which)[ \t]+)?(?:you|we)[ \t]+"
    r"(?:have[ \t]+|'ve[ \t]+)?(?:stored|saved|kept|have)(?:,?[ \t]+(?:please|thanks|thank[ \t]+you))?[ \t]*[.!]?[ \t]*\Z",
    re.IGNORECASE,
)
# "Take A — is your robot allowed to fetch it?": the address put first, then a yes/no question about "it".
_FRONTED = re.compile(
    r"\A[ \t]*(?P<verb>[A-Za-z]+)[ \t]+(?P<url>(?:https?://|www\.)\S+?)[ \t]*[—–][ \t]*"
    r"(?P<question>(?:is|are|may|can|could|would|does|do)\b[^?\n]*\?)[ \t]*\Z",
    re.IGNORECASE,
)


def _stored_tail(text: str) -> str:
    """A read question without its tail "Just the text you stored, please." (it names the same text)."""
    if _READ_QUESTION.match(text) is None:
        return text
    return _STORED_TAIL.sub("", text)


def _fronted_question(text: str, actions: frozenset[str]) -> str:
    """"Take A — is your robot allowed to fetch it?" → "is your robot allowed to fetch A?": the one "it" of
    the question is the address put first with an acting verb. Anything else is left as written."""
    m = _FRONTED.match(text)
    if m is None or m.group("verb").lower() not in actions:
        return text
    question = m.group("question")
    pronouns = re.findall(r"(?<![\w'’])it(?![\w'’])", question, re.IGNORECASE)
    if len(pronouns) != 1:
        return text
    return re.sub(r"(?<![\w'’])it(?![\w'’])", lambda _: m.group("url"), question, count=1, flags=re.IGNORECASE)


def _participle(verb: str) -> str:
    if verb in _PARTICIPLES:
        return _PARTICIPLES[verb]
    return verb + "d" if verb.endswith("e") else verb + "ed"


def _bare_after_have(text: str, actions: frozenset[str]) -> str:
    """"You have already download A" → "You have already downloaded A" (you/we, then have, then a verb)."""
    pattern = re.compile(
        r"(?<![\w'])(?P<lead>(?:you|we)[ \t]+(?:have|has)[ \t]+(?:(?:already|ever|just|not[ \t]+yet)[ \t]+)?)"
        r"(?P<verb>[a-z]+)(?=[ \t]+(?:(?:the[ \t]+)?page[ \t]+)?(?:https?://|www\.))",
        re.IGNORECASE,
    )

    def swap(m: re.Match[str]) -> str:
        verb = m.group("verb").lower()
        return m.group("lead") + _participle(verb) if verb in actions else m.group(0)

    return pattern.sub(swap, text)


def _when_tail(text: str) -> str:
    """"Have you fetched A? When?" → "Have you fetched A, and when?" (one question before the tail)."""
    if _WHEN_TAIL.search(text) is None or text.count("?") != 2:
        return text
    return _WHEN_TAIL.sub(", and when?", text)


def _why_not(text: str, actions: frozenset[str]) -> str:
    m = _WHY_NOT.match(text)
    if m is None or m.group("verb").lower() not in actions:
        return text
    return f"Did you {m.group('verb')} {m.group('rest')}?"


def learner_grammar(prompt: str, actions: frozenset[str]) -> str:
    """The prompt with a learner's grammar around its question or request put as the reader knows it."""
    text = _bare_after_have(prompt, actions)
    text = _when_tail(text)
    text = _why_not(text, actions)
    text = _stored_tail(text)
    text = _fronted_question(text, actions)
    text = _TRAILING_KEPT.sub(
        lambda m: f"Show me the stored {m.group('noun')} of {m.group('url')}", text
    )
    return _RELATIVE_FIRST.sub(lambda m: f"{m.group('verb')} the stored {m.group('noun')} of ", text)
