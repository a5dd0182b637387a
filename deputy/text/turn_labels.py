"""The speaker labels that open the lines of a pasted conversation, in the shapes agents write them
(issue 14, rounds 17–19): "User:", "**Assistant:**", "Assistant (earlier):", "User (turn 2):",
"[assistant] …", "[user] …", "Assistant earlier: …", "Previous turn — you: …", and numbered turns
"Turn 1: …\\nTurn 2 (now): …".

A label names who speaks; it never asks anything. The names come from closed lists (`turn_labels`,
`requester_labels`, `numbered_turns`, and `earlier_turns` for the word after a name, "Assistant
earlier:"). A numbered turn ("Turn 2:") does not say who spoke, only when: the last numbered turn is
the request, the ones before it are context (deputy.text.turns reads them so). Pure text work.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["EARLIER_NUMBERED", "LAST_NUMBERED", "label_pattern", "label_remark", "numbered_speakers", "speaker", "told_apart"]

# The speakers numbered turns are read as: every one before the last is an earlier turn (context), the
# last is the requester's. Both names are on the word lists the transcript reader checks.
EARLIER_NUMBERED = "earlier turn"
LAST_NUMBERED = "user"


def _alternation(phrases: frozenset[str]) -> str:
    # Longest first, so "tool output" wins over "tool"; spaces in a phrase match any run of spaces.
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in sorted(phrases, key=len, reverse=True))


@cache
def label_pattern(labels: frozenset[str], numbered: frozenset[str], afters: frozenset[str]) -> re.Pattern[str]:
    """A label opening a line; group "name" holds the speaker's name, group "number" a turn's number.

    Shapes: a name then a colon, bold or italic ("**User:**"); a name in square brackets, colon or not
    ("[assistant] …"); after the name, a short remark in parentheses ("(earlier)", "(turn 2)"), one word
    after a dash ("Previous turn — you:"), or a phrase of `afters` ("Assistant earlier:")."""
    names = _alternation(labels)
    counted = _alternation(numbered)
    after = _alternation(afters)
    name = rf"(?:(?P<name>{names})|(?P<counted>{counted})\s+(?P<number>\d{{1,3}}))"
    remark = (
        # "(earlier)", "(turn 2)", "(now)"; a name there ("Turn 2 (assistant):") says who spoke (round 23).
        rf"(?:\s*\((?:(?P<role>{names})|(?P<remark>[^\W_]+(?:\s+[^\W_]+){{0,2}}))\)"
        r"|\s+[—–]\s+[^\W\d_]+"  # "— you", "– assistant"
        + (rf"|\s+(?:{after})" if after else "")  # "Assistant earlier:"
        + r")?"
    )
    # In brackets the colon is optional ("[user] …"); otherwise it ends the label ("**User:** …").
    close = r"(?(bracket)\]\s*:?|[*_]{0,2}\s*:)"
    return re.compile(rf"^\s*(?P<bracket>\[)?[*_]{{0,2}}{name}{remark}{close}[*_]{{0,2}}\s*", re.IGNORECASE)


def speaker(match: re.Match[str]) -> str:
    """The label's speaker, lower-cased; a numbered turn is "<word> <n>" until `numbered_speakers`."""
    if match.group("name") is not None:
        return " ".join(match.group("name").lower().split())
    if match.group("role") is not None:
        # Round 23 (turns23): "Turn 2 (assistant): …" is the assistant's turn, whatever its number; read as
        # the last numbered turn, an assistant's words were taken for the request and acted on.
        return " ".join(match.group("role").lower().split())
    return f"#{int(match.group('number'))}"


def label_remark(match: re.Match[str]) -> str | None:
    """The label's remark in parentheses ("yesterday" of "User (yesterday):"), lower-cased, or None."""
    found = match.group("remark")
    return None if found is None else " ".join(found.lower().split())


def told_apart(speakers: list[str | None], remarks: list[str | None], requesters: frozenset[str]) -> bool:
    """Whether the turns are all the requester's and the last one's remark sets it apart from every earlier
    one: "User (yesterday): download A\nUser (today): what did you get from A?" (round 24, turns24).

    The remarks say the lines were written at different times, so the last turn is the request and the
    earlier ones are the requester's earlier turns (context: their orders were given then, and are not
    given again now). Read as one request, yesterday's order was carried out beside today's question."""
    if len(speakers) < 2 or any(who not in requesters for who in speakers):
        return False
    last = remarks[-1]
    return last is not None and all(earlier != last for earlier in remarks[:-1])


def numbered_speakers(speakers: list[str | None]) -> list[str | None] | None:
    """The speakers with numbered turns named: the last numbered turn the requester's, those before it
    earlier turns. None when the numbers do not rise (a list of turns out of order is no transcript)."""
    numbers = [int(s[1:]) for s in speakers if s is not None and s.startswith("#")]
    if not numbers:
        return speakers
    if numbers != sorted(set(numbers)):
        return None
    last = max(numbers)
    return [
        (LAST_NUMBERED if int(s[1:]) == last else EARLIER_NUMBERED) if s is not None and s.startswith("#") else s
        for s in speakers
    ]
