"""The header lines a ticket or a mail opens with, read away before the parse (round 16):
"Ticket #4821 — Priority: normal\\nReporter: j.okafor\\nSummary: …\\nAction: please fetch A" is "please fetch A",
"From: Priya Nair\\nTo: crawler-team\\nSubject: docs page\\n\\nCould you download A?" is "Could you download A?".

Pure text work on whole lines. The header is the run of lines that opens the prompt (an opening
"<label noun> #<id>" line may stand first, "— Field: value" after it), each "Field: value" with a field
of `words.header_fields` or `words.request_fields`, ended by a blank line or the first other line; it
needs two lines at least, so one "Subject: …" line alone is left as written. A greeting of the readers opening the body under the
header ("Hi all,", words.greeting_addressees) is dropped with it. A describing field
("Reporter", "To", "Summary") is dropped: its value is never fetched ("From: ops@partner-agency.org",
"To: A"), and it must hold nothing that could change a request (deputy.forms.quoted: no negation,
condition, refused verb or blocker), else the prompt stays as written and is refused as before. Only
a field naming people ("From", "To", "Cc", "Reporter") may hold an address, which is dropped with it;
an address in any other field ("Subject: A") leaves the prompt as written. One request field at most
("Action: please fetch A") keeps its value as the writer's own line, read with every check.
"""

from __future__ import annotations

import re

from deputy.protect import protect
from deputy.forms.quoted import quoted_refusal
from deputy.text.field_nouns import without_copy_nouns
from deputy.refusals import RefusalKind
from deputy.vocab import ReaderWords

__all__ = ["read_header_fields", "titled_request"]

# Round 25 (tickets25): a field's name may be two or three words ("Acceptance criteria: …"); it must still be a
# name of the lists, so "Please note: …" is no field.
_FIELD = re.compile(
    r"^[ \t]*(?P<name>[A-Za-z][A-Za-z-]{0,20}(?:[ \t][A-Za-z][A-Za-z-]{0,20}){0,2})[ \t]*:[ \t]*(?P<value>.*?)[ \t]*$"
)
# "Ticket #4821", "Issue DOCS-118", optionally "— Priority: normal" after it on the same line. Round 20
# (frames20): the label may close with a colon, "Ticket: INC-9920", "Case: 7781"; the id is still letters, a
# dash and digits (no dot or slash, so never an address), and the label still a noun of `label_nouns`.
_OPENING = re.compile(
    r"^[ \t]*(?P<label>[A-Za-z]+)(?:[ \t]*:[ \t]*|[ \t]+)#?[A-Za-z]{0,6}-?\d[\w-]*[ \t]*"
    r"(?:[—–-][ \t]*(?P<field>.+?))?[ \t]*$"
)
# Round 18 (chat18): a tracker's issue key opening the prompt, then its fields set off by bars or a dash:
# "DATA-310 | Reporter: kwame", "OPS-12 — Assignee: bot | Priority: low". The key is upper-case letters, a
# dash and digits (never an address: no dot or slash), and a field must follow it on the line.
_KEY_LINE = re.compile(r"^[ \t]*[A-Z][A-Z0-9]{1,9}-\d{1,6}[ \t]*[|—–][ \t]*(?P<fields>\S.*?)[ \t]*$")
# Fields that name people: their value may be an e-mail address or a handle ("j.okafor"), never fetched.
# "Hi all," opening the body under a dropped header: a greeting word, whom it addresses, a comma or "!".
_GREETING = re.compile(r"^[ \t]*(?P<word>[A-Za-z]+)[ \t]+(?P<who>[A-Za-z]+)[ \t]*[,!][ \t]*")
# Round 25 (tickets25): a tracker's key and the issue's title opening the prompt: "JIRA OPS-4412: Capture vendor
# docs", "LIN-208 — Mirror the notes", "OPS-5120: …". The key is letters, a dash and digits (no dot or slash,
# so never an address); a word before it must name a tracker (`words.trackers`) or a label noun ("Bug").
_TITLED_KEY = re.compile(
    r"^[ \t]*(?:(?P<tracker>[A-Za-z]+)[ \t]+)?[A-Za-z][A-Za-z0-9]{1,9}-\d{1,6}[ \t]*(?::|[—–]|[ \t]-)[ \t]*"
    r"(?P<title>\S.*?)[ \t]*$"
)
# Round 28 (ctx28): a tracker's issue key alone on the first line ("JIRA-4821", "BUG-1102") opens the header as
# "Ticket #4821" does; letters, a dash and digits only (no dot or slash, so never an address).
_BARE_KEY = re.compile(r"^[ \t]*[A-Z][A-Z0-9]{1,9}-\d{1,6}[ \t]*$")
_PEOPLE = frozenset({"from", "to", "cc", "bcc", "reply-to", "reporter", "assignee", "owner", "requester"})


def _state(name: str, value: str, words: ReaderWords) -> bool:
    """"Status: open": a ticket's state, one word of `words.status_values`; "open" there orders nothing (round 22)."""
    return name in {"status", "state"} and value.strip().rstrip(".").lower() in words.status_values


def _harmless(value: str, people: bool, words: ReaderWords, *, asking: bool = False) -> bool:
    """A describing field's value asks and changes nothing; only a people field may name an address.

    Over a question (`asking`: every request field asks one) a refused verb in a title ("Title: Verify
    stored copy") changes nothing, for a question never makes me act; a negation or a condition still does.
    """
    found = protect(value)
    if found.items and not people:
        return False
    # Round 26 (markup26): "stale copy of the tariff page" names a copy; the noun changes no request.
    refused = quoted_refusal(without_copy_nouns(" ".join(found.pieces), words), words)
    return refused is None or (asking and refused[0] is RefusalKind.UNSUPPORTED_VERB)


def _key_line_fields(line: str) -> list[tuple[str, str]] | None:
    """The fields of an issue-key line ("DATA-310 | Reporter: kwame"), or None when it is not one. Every
    part after the key must be a field of a header name, else the line is read as written."""
    keyed = _KEY_LINE.match(line)
    if keyed is None:
        return None
    fields = []
    for part in re.split(r"[ \t]+\|[ \t]+", keyed.group("fields")):
        field = _FIELD.match(part)
        if field is None:
            return None
        fields.append((field.group("name").lower(), field.group("value")))
    return fields


def _titled_key(line: str, words: ReaderWords) -> tuple[str, str] | None:
    """The title of an opening tracker key line ("JIRA OPS-4412: Capture vendor docs") as a "title" field, or None.
    A title that is itself a field ("OPS-1: Priority: high") is left to be read as written."""
    titled = _TITLED_KEY.match(line)
    if titled is None or _FIELD.match(titled.group("title")) is not None:
        return None
    tracker = titled.group("tracker")
    if tracker is not None and tracker.lower() not in words.trackers | words.label_nouns:
        return None
    return "title", titled.group("title")


def _fields(lines: list[str], words: ReaderWords) -> tuple[int, list[tuple[str, str]], bool] | None:
    """How many lines the header takes, its fields in order, and whether it opened with a titled key line;
    None when the prompt opens with no header."""
    fields: list[tuple[str, str]] = []
    index = 0
    opening = _OPENING.match(lines[0]) if lines else None
    if opening is not None and opening.group("label").lower() in words.label_nouns:
        index = 1
        if opening.group("field") is not None:
            field = _FIELD.match(opening.group("field"))
            if field is None:
                return None
            fields.append((field.group("name").lower(), field.group("value")))
    if lines and index == 0 and _BARE_KEY.match(lines[0]):
        index = 1
    keyed = _key_line_fields(lines[0]) if lines and index == 0 else None
    if keyed is not None:
        # The key line alone is a header: a tracker's key with its fields says what the lines below are.
        fields.extend(keyed)
        index = 1
    titled = _titled_key(lines[0], words) if lines and index == 0 else None
    if titled is not None:
        fields.append(titled)
        index = 1
    names = words.header_fields | words.request_fields | words.sentence_fields
    while index < len(lines):
        field = _FIELD.match(lines[index])
        name = " ".join(field.group("name").lower().split()) if field is not None else ""
        if field is None or name not in names:
            break
        fields.append((name, field.group("value")))
        index += 1
    if index < 2 and keyed is None and not _subject_over_body(fields, lines, index):
        return None
    return index, fields, keyed is not None or titled is not None


def _subject_over_body(fields: list[tuple[str, str]], lines: list[str], index: int) -> bool:
    """Round 25 (tickets25): one "Subject: …" line over a body ("Subject: Archive request\n\nCould you …") is a
    mail's header on its own; any other lone field line ("Date: tomorrow") is left as written."""
    return index == 1 and len(fields) == 1 and fields[0][0] == "subject" and any(l.strip() for l in lines[1:])


def _asks(name: str, value: str, words: ReaderWords) -> bool:
    """Whether a field holds the request: a request field always ("Action: …"); a sentence field ("Description:",
    "AC:") when it names an address or holds anything that could change a request (round 25, tickets25), so
    that "Description: Legal needs the terms.\nAction: fetch A" is still read as its Action alone."""
    if name in words.request_fields:
        return True
    if name not in words.sentence_fields:
        return False
    found = protect(value)
    return bool(found.items) or quoted_refusal(" ".join(found.pieces), words) is not None


def _header(lines: list[str], words: ReaderWords) -> tuple[int, list[str]] | None:
    """How many lines the header takes and the request fields' values, or None when a line refuses."""
    found = _fields(lines, words)
    if found is None:
        return None
    index, fields, _ = found
    asked = [value for name, value in fields if _asks(name, value, words)]
    described = [(name, value) for name, value in fields if not _asks(name, value, words)]
    asking = bool(asked) and all(value.rstrip().endswith("?") for value in asked)
    if len(asked) > 1 or not all(_state(name, value, words) or _harmless(value, name in _PEOPLE, words, asking=asking)
                                 for name, value in described):
        return None
    return index, asked


def read_header_fields(text: str, words: ReaderWords) -> str:
    """The text without the header lines it opens with, a request field's value kept; else as written."""
    if ":" not in text or "\n" not in text:
        return text
    lines = text.split("\n")
    found = _header(lines, words)
    if found is None:
        return text
    end, asked = found
    rest = _ungreeted("\n".join(lines[end:]).strip(), words)
    said = "\n".join(asked + ([rest] if rest else []))
    return said if said.strip() else text


def titled_request(text: str, words: ReaderWords) -> str | None:
    """Round 25 (tickets25): the one field holding the request of a ticket that opens with a title (a tracker key
    line, "Story: …", "Title: …") and is all fields, when the header is not read away because a describing field
    holds a refused verb ("Story: monitor competitor pricing\nAC: fetch A every Monday at 08:00"); None
    otherwise. The reader reads it alone only for the refusal of its own it holds (a condition, a negation),
    which outranks the title's verb; it never acts on it."""
    if ":" not in text or "\n" not in text:
        return None
    lines = [line for line in text.strip().split("\n") if line.strip()]
    found = _fields(lines, words)
    if found is None or found[0] != len(lines):
        return None
    _, fields, titled = found
    if not (titled or fields[0][0] in words.title_fields):
        return None
    asked = [value for name, value in fields if _asks(name, value, words)]
    return asked[0] if len(asked) == 1 else None


def _ungreeted(body: str, words: ReaderWords) -> str:
    """The body without a greeting of its readers at its start ("Hi all, could you …" → "could you …")."""
    greeting = _GREETING.match(body)
    if greeting is None or greeting.group("word").lower() not in words.courtesy:
        return body
    return body[greeting.end():] if greeting.group("who").lower() in words.greeting_addressees else body
