"""A mail's greeting of its readers at the start of a line (round 25, tickets25): "Hi team,\\nCould you
download A?", "Subject: docs\\n\\nHello all,\\nPlease fetch A.", "Hi all, could you fetch A?".

Pure text work. The greeting is one or two courtesy words (`words.courtesy`: hi, hello, good morning …) and
one word naming the readers (`words.greeting_addressees`: all, team, folks …), closed by a comma, "!", a colon
or a dash, or standing alone on its line. It names whom the mail is for and asks nothing, so it is dropped;
the rest of the line (or the lines under it) is read with every check. Round 16 dropped it only under a dead
header (deputy.text.fields); a mail opens with it as often with no header, or under a lone "Subject:" line.
A greeting naming anyone else ("Hi Tom,") or any other word ("Hi all pages") is left as written.
"""

from __future__ import annotations

import re

__all__ = ["without_reader_greetings"]

# At a line's start: one or two words, the readers' word, then a closing mark or the line's end.
_GREETING = re.compile(
    r"^(?P<lead>[ \t]*)(?P<words>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)[ \t]+(?P<who>[A-Za-z']+)"
    r"(?:[ \t]*(?:[,!:]|[—–]|[ \t]-)[ \t]*|[ \t]*$)",
    re.MULTILINE,
)


def without_reader_greetings(text: str, *, courtesy: frozenset[str], addressees: frozenset[str]) -> str:
    """The text without a greeting of its readers opening any of its lines; else as written."""
    if not addressees or not any(word in text.lower() for word in addressees):
        return text
    return _GREETING.sub(lambda found: _dropped(found, courtesy, addressees), text)


def _dropped(found: re.Match[str], courtesy: frozenset[str], addressees: frozenset[str]) -> str:
    """The greeting's line start without it, or the match as written when it is no greeting of readers."""
    if found.group("who").lower() not in addressees:
        return found.group(0)
    if not all(word.lower() in courtesy for word in found.group("words").split()):
        return found.group(0)
    return found.group("lead")
