"""The writer's own line in a thread of several speakers, a quoted mail or after a tool's result (round 21):

    Slack thread:
    anna: is the crawler busy?
    ben: not sure tbh
    anna: @seaspider what are you working on right now?

Other speakers' words are context: their doubts ("not sure", "no idea"), their questions and their
conditions are theirs, not the request. deputy.text.headed keeps a prompt as written when those words hold
a negation or a condition, or name an address the writer's words do not, and refuses it so; this module
reads the writer's own words alone in that case, with every check, and keeps the reading only when it is
safe without the context:

- a refusal the writer's own words call for (a negation, a condition, a refused verb or address) is the
  answer: it names what the writer wrote;
- a capability that only observes (robots, stats, page, status, …) is taken, so long as every address the
  others name is the writer's own too, or lies on a host the writer names ("how many pages from
  www.coolblue.nl?" after a tool result naming https://www.coolblue.nl/); an action is never taken here,
  so someone else's "don't" still refuses "@seaspider fetch A";
- the writer's one "it" may stand for the one address the others name ("tom: @seaspider did you fetch
  it?"), only for a capability that observes and only when no other speaker's words hold an order;
- any other address the others name is outside the request (the spec's url_outside_parse), and so is an
  address only they name when the writer's words ask nothing readable ("> Can we get A in the store?\\n
  Yes please, go ahead.": a reply granting a colleague's ask, not an order to me).

Also the frame lines such threads open with ("Slack thread:", "IRC log", "Re: Re: archive request") and
IRC's "<nick> text" lines, read as "nick: text". Pure text work over closed patterns; the caller reads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from deputy.bind import Plan
from deputy.protect import ItemKind, protect
from deputy.refusals import Refusal, RefusalKind

__all__ = [
    "Thread", "answer_thread", "bound_reading", "host_covered", "irc_line", "mail_header", "names_an_order",
    "pronoun_bound", "thread_frame", "unasked_outside",
]

# Refusals the writer's own words call for: they outrank the context, which may hold other reasons.
_OWN_REASONS = frozenset({
    RefusalKind.NEGATION, RefusalKind.CONDITION, RefusalKind.DISALLOWED_VALUE, RefusalKind.INVALID_VALUE,
    RefusalKind.UNSUPPORTED_VERB,
})
# Readings that ask nothing: the writer's words then only answer someone ("Sure, go ahead.").
_NOTHING_ASKED = frozenset({RefusalKind.NOT_UNDERSTOOD, RefusalKind.NO_VALUE})
_WORDS = re.compile(r"[^\W\d_][\w'’]*")
# Words that make an acting word after them a noun ("the download of A", "your fetch"): no order.
_DETERMINERS = frozenset({"the", "a", "an", "your", "my", "our", "their", "his", "her", "its", "this", "that"})
_PRONOUN = re.compile(r"(?<![\w'’./@-])(it)(?![\w'’/@-])", re.IGNORECASE)
# "Slack thread:", "Teams chat", "IRC log:", "Discord #ops thread": where the lines below were written.
_PLATFORM = re.compile(
    r"^(?:slack|teams|discord|mattermost|irc|matrix|zulip)(?:[ \t]+#[\w.-]+)?"
    r"(?:[ \t]+(?:thread|channel|chat|log|conversation|transcript))?[ \t]*:?$",
    re.IGNORECASE,
)
# "Re: Re: archive request", "Fwd: crawl plan", "Subject: Re: robots": a mail's subject line.
_SUBJECT = re.compile(r"^(?:subject[ \t]*:[ \t]*)?(?:(?:re|fwd?|aw)[ \t]*:[ \t]*)+[^\n]{0,80}$", re.IGNORECASE)
# IRC: "[10:02] <kai> text", "<@mo> text", "<kai>: text".
_IRC = re.compile(r"^(?P<marks>(?:\[[^\]\n]{1,24}\][ \t]*)*)<[@+%]?(?P<nick>[A-Za-z][\w.-]{0,24})>:?[ \t]+(?P<said>\S.*)$")


@dataclass(frozen=True, slots=True)
class Thread:
    """The writer's own words (those addressed to me) and the other speakers' words before or between them."""

    own: str
    others: tuple[str, ...]
    # Whether some other speaker's words hold a negation ("ben: don't check robots for A"): then the writer's
    # "it" is never put as their address, for their "not" may be about it.
    negated: bool = False


def thread_frame(line: str) -> bool:
    """A line that only says where a thread was written ("Slack thread:") or a mail's reply subject
    ("Re: Re: archive request"), naming no address. A subject naming one is left to be read."""
    if not (_PLATFORM.match(line) or _SUBJECT.match(line)):
        return False
    return not protect(line).items


def irc_line(line: str) -> str:
    """An IRC line "[10:02] <kai> text" as the chat form "[10:02] kai: text"; any other line as written."""
    found = _IRC.match(line)
    if found is None:
        return line
    return f"{found.group('marks')}{found.group('nick')}: {found.group('said')}"


# The fields that make a run of header lines a mail's own header ("From: Dana <d@b.example>\nSubject: Re: …").
_MAIL_FIELDS = frozenset({"from", "to", "subject"})
_FIELD_NAME = re.compile(r"^([A-Za-z][A-Za-z-]{0,20})[ \t]*:")


def mail_header(lines: list[str], is_field: Callable[[str], bool]) -> int:
    """How many lines at the top are a mail's header: two or more header fields in a row (`is_field`), one of
    them From, To or Subject. Who sent a mail and its subject only frame it; they are never read or fetched.
    0 for any other opening ("Status: open" alone, a ticket's fields)."""
    count = 0
    names: set[str] = set()
    for line in lines:
        found = _FIELD_NAME.match(line)
        if found is None or not is_field(line):
            break
        names.add(found.group(1).lower())
        count += 1
    return count if count >= 2 and names & _MAIL_FIELDS else 0


def _addresses(text: str) -> list[str]:
    """Every address in the text, quoted ones too (a tool's JSON quotes its URLs)."""
    found: list[str] = []
    for item in protect(text).items:
        if item.kind is ItemKind.ADDRESS:
            found.append(item.text)
        else:
            found.extend(_addresses(item.text))
    return found


def _host(address: str) -> str | None:
    """The host an address names, lower case, or None when it has none."""
    parts = urlsplit(address if "//" in address else "//" + address)
    return (parts.hostname or "").rstrip(".") or None


def host_covered(address: str, named: Iterable[str]) -> bool:
    """Whether the request names, as a bare host ("www.coolblue.nl"), the host the address lies on: a host
    stands for the whole site, so an earlier address on it is part of what is asked about."""
    host = _host(address)
    if host is None:
        return False
    for other in named:
        bare = "//" not in other and "/" not in other.rstrip("/")
        if bare and _host(other) == host:
            return True
    return False


def names_an_order(texts: Iterable[str], actions: frozenset[str]) -> bool:
    """Whether some text holds the plain form of a verb that acts ("fetch A too"): then no pronoun of the
    request may stand for its address, so injected text never steers an action. A determiner before the
    word makes it a noun ("The download of A timed out", "your fetch of A"), which orders nothing."""
    for text in texts:
        found = [w.lower() for w in _WORDS.findall(text)]
        for i, word in enumerate(found):
            if word in actions and not (i and found[i - 1] in _DETERMINERS):
                return True
    return False


def bound_reading(bound: str | None, read: Callable[[str], Plan | Refusal],
                  observing: frozenset[str]) -> Plan | Refusal | None:
    """The reading of a request whose "it" was put as an earlier address, kept only when it observes or
    refuses for the writer's own reasons (an action is never taken from an address someone else named);
    None otherwise, or when there was no one "it" to put."""
    if bound is None:
        return None
    again = read(bound)
    if isinstance(again, Plan) and again.capability in observing:
        return again
    if isinstance(again, Refusal) and again.rule in _OWN_REASONS:
        return again
    return None


# "it" or "its": a transcript's request may ask about the earlier address's parts ("what was its title?").
_PRONOUN_OR_ITS = re.compile(r"(?<![\w'’./@-])(it|its)(?![\w'’/@-])", re.IGNORECASE)


# Up to three words after "its" that close the sentence (a stop, a question mark, a comma or the end).
_CLOSING_PHRASE = re.compile(r"\s+((?:[^\W\d_][\w-]*\s+){0,2}[^\W\d_][\w-]*)(?=\s*(?:[.?!,;]|$))")


def pronoun_bound(request: str, address: str, *, possessive: bool = False) -> str | None:
    """The request with its one "it" put as the address; None unless there is exactly one. With
    `possessive`, "its …" counts too and is put as "the … of <address>" (deputy.text.turns, round 17;
    one helper since round 23)."""
    found = list((_PRONOUN_OR_ITS if possessive else _PRONOUN).finditer(request))
    if len(found) != 1:
        return None
    match = found[0]
    if match.group(1).lower() == "it":
        return request[:match.start()] + address + request[match.end():]
    # "its stored text." (round 25): a phrase of up to three words closing the sentence is the noun phrase
    # whole ("the stored text of A"); else the one word after "its", as before.
    after = _CLOSING_PHRASE.match(request[match.end():]) or re.match(r"\s+([^\W\d_][\w-]*)", request[match.end():])
    if after is None:
        return None
    noun_end = match.end() + after.end()
    return request[:match.start()] + f"the {after.group(1)} of {address}" + request[noun_end:]


def _unused(thread: Thread, own: list[str], *, by_host: bool) -> list[str]:
    """The distinct addresses the others name that the writer's words do not (nor, with `by_host`, a host of theirs)."""
    theirs = dict.fromkeys(a for said in thread.others for a in _addresses(said))
    return [a for a in theirs if a not in own and not (by_host and host_covered(a, own))]


def answer_thread(
    thread: Thread,
    read: Callable[[str], Plan | Refusal],
    outside: Callable[[str], Refusal],
    *,
    observing: frozenset[str],
    actions: frozenset[str],
) -> Plan | Refusal | None:
    """The reading of the writer's own words held to the others' words, or None to read the prompt as written.

    See the module's notes: only a refusal of the writer's own, an observing plan, or an address outside
    the request comes back; an action is never taken from the writer's words alone here."""
    result = read(thread.own)
    if isinstance(result, Refusal) and result.rule in _OWN_REASONS:
        return result
    own = _addresses(thread.own)
    ordered = names_an_order(thread.others, actions)
    unused = _unused(thread, own, by_host=not ordered)
    if unused and not own and len(unused) == 1 and not ordered and not thread.negated:
        again = bound_reading(pronoun_bound(thread.own, unused[0]), read, observing)
        if again is not None:
            return again
    if isinstance(result, Refusal):
        # "li: @seaspider did you fetch it?" after two addresses, or "tom: @seaspider fetch it" (an action): the
        # "it" points at the others' words but may not be settled there, so their address is outside the request.
        pointing = result.rule in _NOTHING_ASKED and not own and _PRONOUN.search(thread.own) is not None
        return outside(unused[0]) if unused and pointing else None
    if result.capability not in observing:
        return None
    return outside(unused[0]) if unused else result


def unasked_outside(thread: Thread, result: Plan | Refusal, assents: frozenset[str]) -> str | None:
    """The address only the others name, when the writer's words open with an assent (`assents`, "Yes please,
    go ahead."), name no address, and the prompt read as written asks nothing: the writer grants someone
    else's quoted ask, which orders me nothing, so that address is outside the request. None otherwise."""
    if not isinstance(result, Refusal) or result.rule not in _NOTHING_ASKED or _addresses(thread.own):
        return None
    if not _assents(thread.own, assents):
        return None
    unused = _unused(thread, [], by_host=False)
    return unused[0] if unused else None


def _assents(said: str, assents: frozenset[str]) -> bool:
    """Whether the words open with an assent set off by a comma, a stop or a dash, or are that assent alone."""
    opening = re.split(r"[,.!;:\u2014\u2013]|\s-\s", said.strip(), maxsplit=1)[0]
    return " ".join(w.lower() for w in _WORDS.findall(opening)) in assents
