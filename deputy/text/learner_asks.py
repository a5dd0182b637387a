"""Three learners' ways of putting a request or a question, put in the form the reader knows before parsing
(round 22, learn22):

- "I am asking you kindly for download A" / "We ask you for downloading A" / "I ask you for the download of A"
  (read "Please download A"): a literal translation of "je vous demande de …", "le pido que …", where English
  says "to download" or "please download";
- "Which time you have fetched A last?" / "What time you downloaded A the last time?" (read "When did you
  last fetch A?"): "which time" for "when", with no auxiliary;
- "What is making the robot now?" / "What MovaBot is making now?" (read "What is the robot doing now?"):
  "make" for "do" (one verb in French, Spanish, German "machen", Polish "robić");
- "Given that the mirror at A is slow today, fetch B instead" (read "Because the mirror …"): a fronted fact
  stated as the reason, with an opener of `words.reason_openers`, which the reader knows as "because" (the
  address in it stays context, and is the telling reason with "instead").

Each shape is closed and anchored on words the caller passes (the verbs that act, the robot's names and
nouns); what is rewritten is only how the request or question is put, never what it asks. Whatever else the
sentence holds keeps every check: "… for not download A" (no verb of the caller after "for") and "… for delete
A" are left as written and refused as before; "… for download A when the job is finished" keeps its
condition; "Which time you will fetch A?" (no past form) and "What is making the robot so slow?" (more than a
time after the robot) are left as written. A question stays a question: it is answered from the store and
never acts. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from deputy.alternation import alternation

__all__ = ["asked_you_for", "given_that", "learner_asks", "making_now", "which_time"]

_ADDRESS = r"(?:https?://|www\.)"
# A sentence start: the prompt's start or a sentence mark, then any blank; "Hello, " may open it too.
_START = r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)(?P<greet>(?:hello|hi|dear[ \t]+\w+|good[ \t]+(?:morning|afternoon|evening)),?[ \t]+)?"

# "I (am) (kindly) ask(ing) you (kindly) for (the) download(ing) (of) A": the asker's own request to you. Only
# with "I"/"we" as the one asking and "you" as the one asked (who asks whom else is a report, not a request),
# and only with one of the caller's verbs (or its -ing) right after "for" and the address after it.
_ASKED_FOR = re.compile(
    _START + r"(?:I|we)[ \t]+(?:am[ \t]+|are[ \t]+|would[ \t]+)?(?:kindly[ \t]+)?ask(?:ing)?[ \t]+you[ \t]+"
    r"(?:kindly[ \t]+|please[ \t]+)?for[ \t]+(?:the[ \t]+|a[ \t]+)?(?P<verb>[A-Za-z]+)(?:[ \t]+of)?[ \t]+(?=" + _ADDRESS + r")",
    re.IGNORECASE,
)


def _base(word: str, verbs: frozenset[str]) -> str | None:
    """The caller's verb `word` stands for ("downloading" → "download", "fetch" → "fetch"), or None."""
    word = word.lower()
    if word in verbs:
        return word
    if word.endswith("ing"):
        stem = word[:-3]
        # "downloading", "saving" (save), "grabbing" (grab).
        for candidate in (stem, stem + "e", stem[:-1] if len(stem) > 2 and stem[-1] == stem[-2] else stem):
            if candidate in verbs:
                return candidate
    return None


def asked_you_for(prompt: str, actions: frozenset[str]) -> str:
    """The prompt with "I am asking you (kindly) for download A" as "Please download A"."""

    def swap(m: re.Match[str]) -> str:
        verb = _base(m.group("verb"), actions)
        if verb is None:
            return m.group(0)  # "… for not download A", "… for delete A": left as written, refused as before
        greet = m.group("greet") or ""
        please = "please" if greet else "Please"
        return f"{m.group('lead')}{greet}{please} {verb} "

    return _ASKED_FOR.sub(swap, prompt)


# Past forms of the caller's verbs that are not the regular "-ed"/"-d" ones.
_IRREGULAR_PAST = {"got": "get", "gotten": "get", "put": "put", "pulled": "pull", "grabbed": "grab"}


def _past_base(word: str, verbs: frozenset[str]) -> str | None:
    """The caller's verb whose past form `word` is ("fetched" → "fetch", "saved" → "save"), or None."""
    word = word.lower()
    irregular = _IRREGULAR_PAST.get(word)
    if irregular in verbs:
        return irregular
    if not word.endswith("ed"):
        return None
    for candidate in (word[:-2], word[:-1], word[:-3] if len(word) > 4 and word[-3] == word[-4] else ""):
        if candidate in verbs:
            return candidate
    return None


# "Which time you (have) fetched (last) A (the last time)?": the whole sentence, a question about when.
_WHICH_TIME = re.compile(
    r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)(?:which|what)[ \t]+time[ \t]+(?P<who>you|we)[ \t]+(?:have[ \t]+|'ve[ \t]+)?"
    r"(?P<verb>[A-Za-z]+)[ \t]+(?P<last1>last[ \t]+)?(?P<url>" + _ADDRESS + r"\S+?)"
    r"(?P<last2>[ \t]+(?:the[ \t]+)?last(?:[ \t]+time)?)?[ \t]*\?(?=\s|\Z)",
    re.IGNORECASE,
)


def which_time(prompt: str, actions: frozenset[str]) -> str:
    """The prompt with "Which time you have fetched A last?" as "When did you last fetch A?"."""

    def swap(m: re.Match[str]) -> str:
        verb = _past_base(m.group("verb"), actions)
        if verb is None:
            return m.group(0)  # "Which time you will fetch A?", "Which time you deleted A?": as written
        last = "last " if (m.group("last1") or m.group("last2")) else ""
        return f"{m.group('lead')}When did {m.group('who').lower()} {last}{verb} {m.group('url')}?"

    return _WHICH_TIME.sub(swap, prompt)


# When a status question may ask about: a time that is now, and nothing more.
_NOW = r"(?:[ \t]+(?:now|right[ \t]+now|just[ \t]+now|at[ \t]+the[ \t]+moment|currently|at[ \t]+present|today))?"


@cache
def _making(names: frozenset[str], nouns: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    robot = rf"(?:{alternation(names)}|(?:(?:the|your|our)[ \t]+)?{alternation(nouns)})"
    # "What is making the robot now?": verb before the subject, as in "Que fait le robot ?".
    before = re.compile(
        r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)what[ \t]+is[ \t]+making[ \t]+(?P<who>" + robot + r")(?P<when>" + _NOW + r")[ \t]*\?(?=\s|\Z)",
        re.IGNORECASE,
    )
    # "What MovaBot is making now?", "What you are making now?": the statement's order in a question.
    after = re.compile(
        r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)what[ \t]+(?P<who>" + robot + r"[ \t]+is|you[ \t]+are)[ \t]+making"
        r"(?P<when>" + _NOW + r")[ \t]*\?(?=\s|\Z)",
        re.IGNORECASE,
    )
    return before, after


def making_now(prompt: str, *, names: Iterable[str], nouns: Iterable[str]) -> str:
    """The prompt with "What is making the robot now?" as "What is the robot doing now?"; `names` are the
    robot's own names and `nouns` what the writer calls it (crawler, bot)."""
    before, after = _making(frozenset(n.lower() for n in names), frozenset(n.lower() for n in nouns))
    text = before.sub(lambda m: f"{m.group('lead')}What is {m.group('who')} doing{m.group('when')}?", prompt)

    def ordered(m: re.Match[str]) -> str:
        who = m.group("who")
        if who.lower().startswith("you"):
            return f"{m.group('lead')}What are you doing{m.group('when')}?"
        return f"{m.group('lead')}What is {who[: -len('is')].rstrip()} doing{m.group('when')}?"

    return after.sub(ordered, text)


@cache
def _reason_opener(openers: frozenset[str]) -> re.Pattern[str]:
    # Only at a sentence start and only before a comma later on the same line: a fronted clause, whose
    # sentence goes on after it ("Given that A is slow, fetch B"). A condition opener is never in the list.
    return re.compile(
        r"(?:\A|(?<=[.!?\n]))(?P<lead>[ \t]*)" + alternation(openers) + r"[ \t]+(?=[^\n]*?,[ \t]+\S)",
        re.IGNORECASE,
    )


def given_that(prompt: str, openers: Iterable[str]) -> str:
    """The prompt with a fronted "Given that …," (an opener of `openers`) as "Because …,"."""
    chosen = frozenset(" ".join(o.lower().split()) for o in openers)
    if not chosen:
        return prompt
    return _reason_opener(chosen).sub(lambda m: f"{m.group('lead')}Because ", prompt)


def learner_asks(prompt: str, *, actions: frozenset[str], names: Iterable[str], nouns: Iterable[str],
                 reasons: Iterable[str] = ()) -> str:
    """The learners' shapes above, each put as the reader knows it."""
    text = given_that(asked_you_for(prompt, actions), reasons)
    return making_now(which_time(text, actions), names=names, nouns=nouns)
