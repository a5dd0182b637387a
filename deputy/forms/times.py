"""Time words that schedule a request ("every morning", "in an hour", "tomorrow") and time words that
only name something ("the weekly digest", "tomorrow's training", "save it for later", "Long day.").

The reader acts now or not at all, so a schedule refuses even a request that only reads the store;
a time word that describes something else refuses nothing. Pure over spaCy tokens; English only.
"""

from __future__ import annotations

from typing import Any

__all__ = ["is_repetition", "is_time_word", "schedule_phrase", "schedules"]

# Words that say when by themselves.
_WHEN = frozenset({
    "tomorrow", "tonight", "later", "hourly", "daily", "nightly", "weekly", "biweekly", "monthly", "yearly",
    "annually", "forever", "always", "periodically", "regularly", "repeatedly", "twice", "overnight", "tmrw",
})
# Words that repeat a request rather than time it ("fetch A twice"): they widen it, they set no time.
_REPEATS = frozenset({"twice", "repeatedly", "forever", "always", "periodically", "regularly"})
# Nouns that say when once something places or counts them ("in an hour", "every day", "this evening").
_UNITS = frozenset({
    "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months", "year", "years",
    "weekend", "weekends", "morning", "mornings", "afternoon", "afternoons", "evening", "evenings", "night",
    "nights", "noon", "midnight", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "mondays", "tuesdays", "wednesdays", "thursdays", "fridays", "saturdays", "sundays",
    "min", "mins", "hr", "hrs", "second", "seconds", "sec", "secs",
})
# Clock marks, a time only after a number: "6pm", "9 a.m." ("I am" is no time).
_CLOCK = frozenset({"am", "pm", "a.m.", "p.m.", "o'clock"})
# Prepositions that place an action in time: "in an hour", "on Monday", "after midnight".
_TEMPORAL = frozenset({
    "in", "on", "at", "after", "before", "within", "by", "until", "till", "around", "during", "every", "each",
    "per", "over", "from", "through", "throughout",
})
# Modifiers that pick a time out: "next week", "every day", "the following morning".
_PICKERS = frozenset({"every", "each", "next", "this", "that", "these", "following", "coming", "other", "tomorrow"})
# What a greeting says of a time: "Good morning", "Happy Friday", "Long day".
_GREETINGS = frozenset({"good", "great", "happy", "nice", "lovely", "long", "busy", "hard", "tough", "fine"})


def is_time_word(tok: Any) -> bool:
    """Whether the token is a word of time at all (a schedule or not)."""
    word = str(tok.text).lower()
    return word in _WHEN or word in _UNITS or _clock(tok) or _clock_number(tok)


def is_repetition(phrase: str) -> bool:
    """Whether a schedule phrase only repeats the request ("twice", "again and again" read as "repeatedly")."""
    return phrase in _REPEATS


def schedule_phrase(tok: Any) -> str:
    """The words that make a time word a schedule, in prompt order: "every hour", "after 6 pm"."""
    picked = [c for c in tok.children if c.dep_ in ("det", "nummod", "quantmod", "predet", "amod", "compound")]
    if tok.dep_ in ("pobj", "pcomp") and str(tok.head.text).lower() in _TEMPORAL:
        picked.append(tok.head)
    if _clock(tok) and tok.i > 0:
        picked.append(tok.doc[tok.i - 1])
    return " ".join(str(t.text).lower() for t in sorted({*picked, tok}, key=lambda t: t.i))


# Round 21 (voice21): the prepositions that set a clock time by a bare number ("at nine", "around 9:30").
_AT_CLOCK = frozenset({"at", "around", "about", "by", "after", "before", "until", "till", "from", "towards", "toward"})
# The hours said as words; a digit hour is 0-24, "9:30" an hour and minutes. Not "one": "the one from B",
# "Quick one before lunch" name a thing.
_HOURS = frozenset({
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
})
_HOUR_DIGITS = frozenset(str(n) for n in range(25))


def _clock_number(tok: Any) -> bool:
    """ "nine" in "fetch A around nine", "9" in "at 9", "9:30": an hour said without "pm", right after a
    preposition of time and modifying nothing (never "at 9 pages"). Round 21 (voice21): such a schedule was
    refused as a word not understood; it is a time to act, and refuses as one."""
    word = str(tok.text).lower()
    hour = word in _HOURS or word in _HOUR_DIGITS or (
        len(word) in (4, 5) and word[-3] == ":" and word[:-3] in _HOUR_DIGITS and word[-2:].isdigit())
    if not hour or any(c.pos_ in ("NOUN", "PROPN") for c in tok.children):
        return False
    if tok.dep_ == "pobj":
        return str(tok.head.text).lower() in _AT_CLOCK
    # "fetch A around nine": the model may hang "around" on the hour, and the hour on the verb.
    return tok.dep_ in ("npadvmod", "appos") and any(
        c.dep_ in ("advmod", "quantmod") and str(c.text).lower() in _AT_CLOCK for c in tok.children)


def _clock(tok: Any) -> bool:
    """"pm" in "6pm": a clock mark right after a number."""
    return str(tok.text).lower() in _CLOCK and tok.i > 0 and bool(tok.doc[tok.i - 1].like_num)


def schedules(tok: Any) -> bool:
    """Whether a time word says when the request should happen (rather than naming something)."""
    word = str(tok.text).lower()
    if tok.dep_ == "poss":
        return False  # "tomorrow's training", "Monday's meeting": a thing, not a time to act
    head = str(tok.head.text).lower()
    if tok.dep_ in ("pobj", "pcomp") and head == "for":
        return False  # "save it for later", "fetch it for tomorrow": ready by then, fetched now
    if word in _WHEN:
        # "the weekly digest": an adjective that names a kind of thing.
        return not (tok.dep_ in ("amod", "compound") and tok.head.pos_ in ("NOUN", "PROPN") and tok.head.i != tok.i)
    if _clock(tok) or _clock_number(tok):
        return True  # "at 6pm", "after 9 a.m.", "around nine": a clock time is always a time to act
    if word not in _UNITS:
        return False
    modifiers = [str(c.text).lower() for c in tok.children]
    if any(m in _GREETINGS for m in modifiers):
        return False  # "Good morning", "Long day."
    if "ago" in modifiers or (tok.dep_ == "npadvmod" and str(tok.head.text).lower() == "ago"):
        return False  # "I kicked off a fetch an hour ago": a time in the past dates what happened
    if tok.dep_ == "pobj" and head in _TEMPORAL:
        return True
    if tok.dep_ in ("npadvmod", "tmod"):
        return True
    return any(c.dep_ in ("det", "nummod", "quantmod", "predet") and str(c.text).lower() not in ("the",)
               or str(c.text).lower() in _PICKERS for c in tok.children)
