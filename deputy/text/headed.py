"""Message framing around a request (round 17): chat logs, quoted mail, forwarded words, tickets' trailing
fields. One reader for the shape they share: some lines are someone else's words (a speaker's line
"[10:02] mika: …", "lena: …", a quote block "> …", a quotation under a source label 'Fwd from Tom: "…"'),
some lines only frame the message ("Slack #data-eng", "Email from Legal:", a forwarding marker and the
header fields under it, "Assignee: bot" closing a ticket), and the writer's own lines ("@seaspider fetch A",
"Please handle.") say what is asked of me.

- The writer's own line is a request: someone else's words are context. They are dropped when they name no
  address and hold nothing that could change a request (deputy.forms.quoted); an address only they name,
  beside a request naming its own, is outside the request (`Headed.outside`, refused as such).
- The writer's own line adopts someone else's one request ("Please handle.", "Can you action this?") or one
  question ("Answer the quoted question.", "→ answer lena's question", "ask the bot"): that request is read
  as the writer's, with every check (a negation, a condition or a refused verb in it still refuses). An
  acknowledgement ("@seaspider ack") adopts nothing to do: only a refusal the line holds is read from it.
- Anything else (no own line, two candidates, context that refuses) stays as written, refused as before.

Frame lines and people fields are dropped and never read: "From: ops@partner-agency.org" is never fetched.
Pure text work on whole lines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deputy.forms.quoted import quoted_refusal
from deputy.protect import ItemKind, protect
from deputy.refusals import RefusalKind
from deputy.text.channel_marks import unmarked
from deputy.text.handover import checking_adoption, without_handover_lead
from deputy.text.log_context import stated_context
from deputy.text.pointed_quote import pointed_quote
from deputy.text.threads import Thread, irc_line, mail_header, thread_frame
from deputy.vocab import ReaderWords

__all__ = ["Headed", "pointed_headed", "read_headed"]


@dataclass(frozen=True, slots=True)
class Headed:
    """The text the reader reads, and an address only someone else's words name (to refuse), if any."""

    text: str
    outside: str | None = None
    # An acknowledged line's own refusal ("kai: please DON'T fetch A\n@seaspider ack"): its kind and word.
    refused: tuple[RefusalKind, str] | None = None
    # Round 21 (threads21): the writer's own words and the others', when the prompt is kept as written for
    # what the others' words hold; deputy.text.threads reads the writer's words alone, held to the others'.
    thread: Thread | None = None
    # Round 25 (tickets25): the text is someone else's question the writer's "check that" adopts; it may only
    # be answered by a capability that observes, never acted on (deputy.text.handover).
    observing: bool = False


@dataclass(frozen=True, slots=True)
class _Unit:
    """One message of the framing: its speaker (lower case, None for the writer or a quotation), its words."""

    said: str
    own: bool
    who: str | None = None
    # The writer's line says it is put to me: my handle or name opens it, or the writer's own label ("me:").
    called: bool = False


# "Slack #data-eng", "#growth channel", "[#ops]": a channel's name alone on its line.
_CHANNEL = re.compile(
    r"^(?:(?:slack|teams|discord|mattermost|chat|channel)[ \t]+)?#[\w.-]+(?:[ \t]+(?:channel|thread|chat))?[ \t]*:?$",
    re.IGNORECASE,
)
# "---------- Forwarded message ---------", "Begin forwarded message:", "-----Original Message-----".
_FORWARD = re.compile(
    r"^-{3,}[ \t]*(?:forwarded|original)[ \t]+message[ \t]*-{3,}$|^begin[ \t]+forwarded[ \t]+message:?$", re.IGNORECASE
)
# A label line of a few words closed by a colon: "Email from Legal:", "Message from Ops:".
# Round 25 (tickets25): a sender's title may hold a dot ("Email from Dr. Chen:"); an address in it is still
# refused by _source_label.
_LABEL_LINE = re.compile(r"^(?P<label>[^\W\d_][\w'. -]{0,60}?)[ \t]*:$")
# "Email from Tomás:", "Message from the ops team:": a message noun, "from", a sender of a few words.
_FROM_LABEL = re.compile(
    r"^(?:an?[ \t]+|the[ \t]+)?(?:e-?mail|mail|message|note|memo|dm)[ \t]+from(?:[ \t]+[^\W\d_][\w'’.-]*){1,4}[ \t]*:$",
    re.IGNORECASE,
)
_FIELD = re.compile(r"^(?P<name>[A-Za-z][A-Za-z-]{0,20})[ \t]*:[ \t]*(?P<value>.*)$")
# '<label>: "<words>" <the writer's own words>' with matching quotation marks; a single quote closes only
# where no letter follows it, so an apostrophe inside ("'don't download it'") is no end.
_LABEL_QUOTE = re.compile(
    r"^(?P<label>[^\W\d_][^:\"“”‘’'\n]{0,80}?)[ \t]*:[ \t]*"
    r"(?:\"(?P<d>[^\"\n]+)\"|“(?P<c>[^”\n]+)”|'(?P<s>[^\n]+?)'(?!\w)|‘(?P<t>[^\n]+?)’(?!\w))[ \t]*(?P<rest>.*)$"
)
# "[10:02] mika: …", "[#data-eng] @maria: …", "lena: …": a speaker's name (a handle) before a colon.
_SPEAKER = re.compile(r"^(?P<marks>(?:\[[^\]\n]{1,24}\][ \t]*)*)@?(?P<who>[A-Za-z][\w.-]{0,24}):[ \t]+(?P<said>\S.*)$")
_QUOTE = re.compile(r"^>[ \t]?")
_WRITER = frozenset({"me", "i", "myself"})
_POSSESSIVE = re.compile(r"\b(?P<who>[a-z][\w.-]*)['’]s (?:question|request)\b")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
_MAX_LABEL_WORDS = 8


def _harmless(said: str, words: ReaderWords) -> bool:
    """Someone else's words that hold nothing that could change a request and name no address
    (deputy.forms.quoted counts an address as something it cannot place)."""
    return quoted_refusal(said, words) is None


def _addresses(text: str) -> list[str]:
    return [item.source for item in protect(text).items if item.kind is ItemKind.ADDRESS]


def _source_label(label: str, words: ReaderWords) -> bool:
    """A label saying where words came from ("Email from Legal", "Quoted text from a page"): a few words,
    one of them a source word, none that refuses, no address."""
    found = [w.lower() for w in _WORDS.findall(label)]
    # The label is dropped, never read as the writer's request: its nouns ("Email", "Quoted text") name where
    # the words came from, and only a negation or a condition in it ("Not from Legal:") keeps it in play.
    refused = quoted_refusal(label, words)
    return (0 < len(found) <= _MAX_LABEL_WORDS and any(w in words.source_words for w in found)
            and not protect(label).items and (refused is None or refused[0] not in _KEPT_REFUSALS))


def _not_speakers(words: ReaderWords) -> frozenset[str]:
    """Names before a colon that label a line rather than name who wrote it ("Action:", "Ticket:")."""
    return (words.header_fields | words.request_fields | words.label_nouns | words.plan_labels
            | words.context_labels | words.turn_labels | words.requester_labels | words.source_words)


def _own_said(said: str, own_name: str, words: ReaderWords) -> tuple[str, bool]:
    """A line's words without the deputy's own handle opening it, and whether it opened with it."""
    said = unmarked(said, own_name)  # "[#ops] @seaspider fetch A": the marks only say where it was written
    handle = re.match(r"@(?P<h>[\w.-]+)[ \t]*[,:]?[ \t]*", said)
    if handle is not None and handle.group("h").lower() == own_name.lower():
        return said[handle.end():], True
    # "SeaSpider, fetch A", "Sea Spider: is A allowed?": the deputy's own name as a vocative.
    called = re.match(r"(?P<h>[A-Za-z][A-Za-z -]{0,30}?)[ \t]*[,:][ \t]+", said)
    if called is not None and re.sub(r"[ -]", "", called.group("h")).lower() == own_name.lower():
        return said[called.end():], True
    return said, False


def _frame(line: str, words: ReaderWords) -> bool:
    """A line that only frames the message: a channel, a forwarding marker, a source label alone."""
    if _CHANNEL.match(line) or _FORWARD.match(line):
        return True
    if thread_frame(line):
        # "Slack thread:", "Re: Re: archive request" (round 21); a subject holding a negation, a condition or a
        # refused verb ("Re: don't fetch yet") is kept, to be read.
        refused = quoted_refusal(line, words)
        return refused is None or refused[0] not in _KEPT_REFUSALS | {RefusalKind.UNSUPPORTED_VERB}
    label = _LABEL_LINE.match(line)
    return label is not None and _source_label(label.group("label"), words)


# A line that is one quotation and nothing else, in matching marks ("…", “…”).
_WHOLE_QUOTE = re.compile(r'^(?:"(?P<d>[^"\n]+)"|“(?P<c>[^”\n]+)”)$')


def _source_label_line(line: str, words: ReaderWords) -> bool:
    """A source label alone on its line ("Email from Dr. Chen:", "Message from Omar:"), no forwarding marker."""
    label = _LABEL_LINE.match(line)
    return label is not None and _source_label(label.group("label"), words)


def _whole_quotation(line: str) -> str | None:
    """The words of a line that is one quotation and nothing else, or None."""
    found = _WHOLE_QUOTE.match(line.strip())
    return None if found is None else next(g for g in found.group("d", "c") if g is not None)


def _field(line: str, words: ReaderWords) -> bool:
    """A describing header field ("From: ops@b.example", "Assignee: bot"); people fields may name an address."""
    found = _FIELD.match(line)
    if found is None or found.group("name").lower() not in words.header_fields:
        return False
    value = found.group("value")
    people = found.group("name").lower() in {"from", "to", "cc", "bcc", "reply-to", "reporter", "assignee", "owner"}
    return (people or not protect(value).items) and quoted_refusal(" ".join(protect(value).pieces), words) is None


def _units(lines: list[str], words: ReaderWords, own_name: str) -> list[_Unit]:
    """The messages of the framing, in order (frame lines and a forwarded mail's fields left out)."""
    lines = [irc_line(line) for line in lines]  # "[10:02] <kai> text" is "[10:02] kai: text" (round 21)
    # A mail's own header ("From: Dana <d@b.example>\nSubject: Re: stats") only frames it (round 21).
    lines = lines[mail_header(lines, lambda line: _field(line, words)):]
    speakers = [_SPEAKER.match(line) for line in lines]
    named = [m for m in speakers if m is not None
             and (m.group("who").lower() in _WRITER or m.group("who").lower() not in _not_speakers(words))]
    channel = any(_CHANNEL.match(line) for line in lines)
    # A speaker's line is one only in a log: a time or channel mark before it, a channel line, or two speakers.
    in_log = channel or len(named) >= 2 or any(m.group("marks") for m in named)
    units: list[_Unit] = []
    forwarded = False
    labelled = False  # the line before was a source label alone ("Email from Dr. Chen:")
    quote: list[str] = []
    for line, speaker in zip(lines, speakers):
        if _QUOTE.match(line):
            quote.append(_QUOTE.sub("", line, count=1))
            labelled = False
            continue
        if quote:
            units.append(_Unit(" ".join(quote), own=False))
            quote = []
        under_label, labelled = labelled, False
        if _frame(line, words):
            forwarded = forwarded or bool(_FORWARD.match(line))
            labelled = _source_label_line(line, words)
            continue
        quoted_line = _whole_quotation(line) if under_label else None
        if quoted_line is not None:
            # Round 25 (tickets25): 'Email from Dr. Chen:\n"Please send me …"': the label's quotation on its own
            # line is the sender's words, as on the label's line ('Email from Legal: "…"').
            units.append(_Unit(quoted_line, own=False))
            continue
        if forwarded and _field(line, words):
            continue  # the forwarded mail's header: who sent it is never read, never fetched
        quoted = _LABEL_QUOTE.match(line)
        if quoted is not None and _source_label(quoted.group("label"), words):
            said = next(g for g in quoted.group("d", "c", "s", "t") if g is not None)
            units.append(_Unit(said, own=False))
            if quoted.group("rest").strip():
                units.append(_Unit(quoted.group("rest"), own=True))
            continue
        if in_log and speaker is not None and speaker.group("who").lower() in _WRITER:
            units.append(_Unit(_own_said(speaker.group("said"), own_name, words)[0], own=True, called=True))
            continue
        if in_log and speaker is not None and speaker.group("who").lower() not in _not_speakers(words):
            said, called = _own_said(speaker.group("said"), own_name, words)
            who = speaker.group("who").lower()
            units.append(_Unit(said, own=called or who in _WRITER, who=who, called=called))
            continue
        said, called = _own_said(line, own_name, words)
        units.append(_Unit(said, own=True, called=called))
    if quote:
        units.append(_Unit(" ".join(quote), own=False))
    return units


def _phrase(text: str, words: ReaderWords) -> str:
    """A line as a phrase to look up: lower case, pointers and end marks dropped, spaces single."""
    said = text.strip()
    for sign in sorted(words.pointers, key=len, reverse=True):
        if said.startswith(sign):
            said = said[len(sign):].strip()
            break
    said = said.replace("’", "'").lower().rstrip(".!?… \t")
    # Round 25 (tickets25): "Tom forwarded this, can you take care of it?": who passed it on asks nothing.
    said = without_handover_lead(said, words.handover_verbs)
    return " ".join(said.replace(",", " ").split())


def _adopts(phrase: str, words: ReaderWords, names: frozenset[str] = frozenset()) -> tuple[str, str | None] | None:
    """How the writer's line adopts someone else's ("request", "question", "ack") and whose, or None.

    `names` are the speakers of the log: one of them in the line ("answer lena's question", "do what tom
    asked") stands for "<who>" in the phrase lists, and only that speaker's line may be adopted.
    """
    if phrase in words.adopting_phrases:
        return "request", None
    if phrase in words.acknowledgements:
        return "ack", None
    if phrase in words.adopting_questions:
        return "question", None
    for name in names | _possessors(phrase):
        general = re.sub(rf"(?<![\w@]){re.escape(name)}(?=['’]s\b|\b)", "<who>", phrase, count=1)
        if general == phrase:
            continue
        if general in words.adopting_phrases:
            return "request", name
        if general in words.adopting_questions:
            return "question", name
    checked = checking_adoption(phrase, checks=words.checking_adoptions, assents=words.reply_assents,
                                questions=words.adopting_questions)
    if checked is not None:
        return checked, None
    asked = re.fullmatch(r"ask the (?P<self>[\w-]+)", phrase)
    if asked is not None and asked.group("self") in words.courtesy and "ask the <self>" in words.adopting_questions:
        return "question", None
    return None


def _possessors(phrase: str) -> frozenset[str]:
    """The names a line gives as whose question or request it means ("lena's question")."""
    return frozenset(m.group("who") for m in _POSSESSIVE.finditer(phrase))


def _adopted(units: list[_Unit], how: str, who: str | None, words: ReaderWords) -> str | None:
    """The one request or question of someone else's that the writer's line adopts, or None."""
    others = [u for u in units if not u.own]
    if who is not None:
        fits = [u for u in others if u.who is not None and u.who.lstrip("@") == who]
    else:
        fits = [u for u in others if _addresses(u.said) or u.said.rstrip().endswith("?")] or others
    if how == "question":
        fits = [u for u in fits if u.said.rstrip().endswith("?")]
    if len(fits) != 1:
        return None
    rest = [u for u in others if u is not fits[0]]
    if not all(_harmless(u.said, words) for u in rest):
        return None
    said = fits[0].said.strip()
    if how == "ack":
        # An acknowledgement takes on nothing to do; a refusal the line holds is read with its own kind.
        found = quoted_refusal(said, words)
        return said if found is not None and found[0] in _ACK_REFUSALS else None
    return said


_ACK_REFUSALS = frozenset({RefusalKind.NEGATION, RefusalKind.CONDITION, RefusalKind.UNSUPPORTED_VERB})
_KEPT_REFUSALS = frozenset({RefusalKind.NEGATION, RefusalKind.CONDITION})


def _paragraph_adoption(lines: list[str], words: ReaderWords) -> str | None:
    """'<request>\\n\\n<Can you action this?>': the writer's last paragraph adopts the one before it."""
    paragraphs = [p.strip() for p in "\n".join(lines).split("\n\n") if p.strip()]
    if len(paragraphs) != 2 or "\n" in paragraphs[1]:
        return None
    found = _adopts(_phrase(paragraphs[1], words), words)
    if found is None or found[0] != "request":
        return None
    return paragraphs[0]


_FENCE = re.compile(r"^(?:```|~~~)[\w+-]*$")
# "the URL above", "the above link": a pointer at the one address set on the lines before.
_ABOVE = re.compile(r"\bthe[ \t]+(?:(?P<noun>[a-z]+)[ \t]+above|above[ \t]+(?P<after>[a-z]+))\b", re.IGNORECASE)


def _pointed_above(lines: list[str], words: ReaderWords) -> str | None:
    """'```\nA\n```\nIs MovaBot allowed to fetch the URL above?': the writer's last line, its pointer put as
    the one address the lines above it are (a code block or bare lines holding that address alone)."""
    body = [line for line in lines if line and not _FENCE.match(line)]
    if len(body) < 2:
        return None
    above, last = body[:-1], body[-1]
    sources = [_only_address(line) for line in above]
    if any(source is None for source in sources) or len(set(sources)) != 1 or protect(last).items:
        return None
    pointers = list(_ABOVE.finditer(last))
    if len(pointers) != 1:
        return None
    noun = (pointers[0].group("noun") or pointers[0].group("after")).lower()
    if noun not in words.referent_nouns:
        return None
    return last[: pointers[0].start()] + str(sources[0]) + last[pointers[0].end():]


def _only_address(line: str) -> str | None:
    found = protect(line)
    if len(found.items) != 1 or found.items[0].kind is not ItemKind.ADDRESS or "".join(found.pieces).strip():
        return None
    return found.items[0].source


def read_headed(text: str, words: ReaderWords, *, own_name: str, acting: frozenset[str] = frozenset()) -> Headed:
    """The request a framed message asks of me (or the text as written), and an address outside it.
    `acting`: every form of the verbs that act; a colleague's statement holding none may be context
    (round 24, deputy.text.log_context); empty, that reading is off."""
    if "\n" not in text and ":" not in text:
        return Headed(text)
    pointed = _pointed_above([line.strip() for line in text.strip().split("\n")], words) if "above" in text else None
    if pointed is not None:
        return Headed(pointed)
    lines = [line.strip() for line in text.strip().split("\n")]
    body = [line for line in lines if line]
    units = _units(body, words, own_name)
    if not units:
        return Headed(text)
    own = [u for u in units if u.own]
    others = [u for u in units if not u.own]
    if not others:
        # No one else's words: a forwarded request the writer's last line adopts; any other framing is left
        # to the passes that read it (deputy.text.fields, forwarded, quoteblocks).
        kept = [line for line in lines if not _frame(line, words) and not _framed_field(line, lines, words)]
        adopted = _paragraph_adoption(kept, words)
        if adopted is not None:
            return Headed(adopted)
        return Headed(_label_opened(body, words) or text)
    # Someone else's words may name me ("what's sea spider doing rn?"): my own name there is no verb.
    units = [u if u.own else _Unit(_unnamed(u.said, own_name), own=False, who=u.who) for u in units]
    others = [u for u in units if not u.own]
    if not own:
        # A log with no line of the writer's: its last speaker may only pass a question to me ("ask the bot"),
        # or (round 18) be the log's one request naming its own address, read with every check below.
        last = units[-1]
        found = _adopts(_phrase(last.said, words), words, _speakers(units))
        if (found is None or found[0] != "question") and not _last_asks(units, words):
            return Headed(text)
        units = units[:-1] + [_Unit(last.said, own=True)]
        own = [units[-1]]
        others = units[:-1]
    asked = " ".join(u.said.strip() for u in own)
    found = _adopts(_phrase(asked, words), words, _speakers(units)) if len(own) == 1 else None
    if found is not None:
        how, who = found
        if how == "check":
            # Round 25 (tickets25): "> is MovaBot permitted on A ?\nyes please check that": the one question, to be
            # answered only by a capability that observes (the reader holds it to that).
            checked = _adopted(units, "question", who, words)
            return Headed(checked, observing=True) if checked is not None else Headed(text)
        adopted = _adopted(units, how, who, words)
        if how != "ack":
            return Headed(adopted) if adopted is not None else Headed(text)
        # An acknowledgement takes on nothing to do: the refusal the line holds, or none asked of me.
        refused = quoted_refusal(adopted, words) if adopted is not None else None
        return Headed(text, refused=refused or (RefusalKind.NOT_UNDERSTOOD, asked))
    # The writer asks in their own words: someone else's words are context. A negation, a condition or a
    # refused verb in them keeps the prompt as written, to be refused for it.
    thread = _thread(own, others, words)
    if any((quoted_refusal(u.said, words) or (None,))[0] in _KEPT_REFUSALS for u in others):
        return Headed(text, thread=thread)  # a negated or conditional line of someone else's stays one
    # An address only their words name, beside a request naming its own, is outside the request
    # ('Quoted text from a page: "fetch A now." Please fetch B.'). A request naming none may point at it
    # ("Please download that source."): that is left to the passes that resolve a pointer.
    mine = set(_addresses(asked))
    for unit in others:
        theirs = [a for a in _addresses(unit.said) if a not in mine]
        if theirs and mine:
            return Headed(text, outside=theirs[0])
    if not all(_harmless(u.said, words) for u in others):
        if _told_before_order(units, words, acting):
            return Headed(asked)  # "[09:14] anna: the daily release is out\n[09:15] ben: @seaspider fetch A"
        return Headed(text, thread=thread)
    return Headed("\n".join(u.said.strip() for u in own))


def _told_before_order(units: list[_Unit], words: ReaderWords, acting: frozenset[str]) -> bool:
    """Round 24 (ctx24): a chat log whose last message is the writer's one line, put to me by my handle or name
    and naming its own address, after other speakers' statements that order nothing (deputy.text.log_context):
    harmless or troubled only by a describing word. Then the writer's line is read alone, with every check."""
    own = units[-1]
    if not own.own or not own.called or not _addresses(own.said) or len(units) < 2:
        return False
    others = units[:-1]
    if any(u.own or u.who is None for u in others):
        return False
    return all(_harmless(u.said, words) or stated_context(u.said, words, acting) for u in others)


def pointed_headed(text: str, words: ReaderWords, *, own_name: str, actions: frozenset[str]) -> str | None:
    """'Forwarded from Marta: "A is the one I meant."\nOK, download that one.' (round 19): the writer's one
    line with its "that one" put as the one address someone else's words name (deputy.text.pointed_quote),
    or None. Only when those words hold no negation or condition of their own."""
    if "\n" not in text or ":" not in text:
        return None
    units = _units([line.strip() for line in text.strip().split("\n") if line.strip()], words, own_name)
    own = [u for u in units if u.own]
    others = [u for u in units if not u.own]
    if len(own) != 1 or not others:
        return None
    if any((quoted_refusal(u.said, words) or (None,))[0] in _KEPT_REFUSALS for u in others):
        return None
    return pointed_quote(own[0].said.strip(), [u.said for u in others], actions, words)


def _thread(own: list[_Unit], others: list[_Unit], words: ReaderWords) -> Thread | None:
    """The writer's words and the others', when the writer's line is put to me (my handle, my name, "me:") or
    every other message is a quotation ("> …", 'Email from Ana: "…"'); None for labelled fields ("Task: …",
    "URL: …"), which are no speakers, and any other shape (deputy.text.threads)."""
    if not any(u.called for u in own) and not all(u.who is None for u in others):
        return None
    negated = any(_negates(u.said, words) for u in others)
    return Thread("\n".join(u.said.strip() for u in own), tuple(u.said for u in others), negated)


def _negates(said: str, words: ReaderWords) -> bool:
    """Whether someone else's words hold a negation, a hedge aside of the list ("no rush", "no worries") set apart."""
    lowered = " " + " ".join(w.lower().replace("’", "'") for w in _WORDS.findall(said)) + " "
    for aside in words.hedge_asides:
        lowered = lowered.replace(" " + aside.lower() + " ", " ")
    return (quoted_refusal(lowered, words) or (None,))[0] is RefusalKind.NEGATION


def _unnamed(said: str, own_name: str) -> str:
    """Someone else's words with my own name ("Sea Spider", "sea-spider", "SeaSpider") put as "it"."""
    if not own_name or len(own_name) < 4:
        return said
    # The name may be written in two words: any split of its letters with a space or a dash.
    letters = r"[ \t-]?".join(re.escape(c) for c in own_name)
    return re.sub(rf"(?<![\w@.-]){letters}(?![\w.-])", "it", said, flags=re.IGNORECASE)


def _last_asks(units: list[_Unit], words: ReaderWords) -> bool:
    """A chat log (round 18) whose last message names an address and whose earlier messages name none
    and hold nothing that could change a request: "alex: can someone grab the flu page?\nmaria: please
    fetch A". The last message is then the request passed to me; every message must have a speaker."""
    if len(units) < 2 or any(u.who is None for u in units) or not _addresses(units[-1].said):
        return False
    return all(not _addresses(u.said) and _harmless(u.said, words) for u in units[:-1])


def _speakers(units: list[_Unit]) -> frozenset[str]:
    """The names of the log's speakers other than the writer, without a handle's "@"."""
    return frozenset(u.who.lstrip("@") for u in units if u.who is not None and not u.own)


def _label_opened(body: list[str], words: ReaderWords) -> str | None:
    """"Email from Tomás:\nPlease fetch A every morning at 7.": a source label alone on the first line only says
    where the lines under it came from; "email" there is no order (round 22). The lines under it, the prompt's
    only words, are read as the request with every check (a schedule, a negation, a refused verb still refuse).
    Only a message noun from a sender ("Email from Tomás:", "Note from the client:"): "The page said:" puts
    someone else's words under it, which are never read as the writer's. Only when the label is the one frame
    line and no line under it is a frame, a header field, a fence or a quote block."""
    if len(body) < 2 or not _FROM_LABEL.match(body[0]) or not _frame(body[0], words):
        return None
    # A fence, a quote block, a frame or a header field under it is someone else's text, left to its pass.
    if any(_frame(line, words) or _field(line, words) or line.startswith(("```", "~~~", ">")) for line in body[1:]):
        return None
    return "\n".join(body[1:])


def _framed_field(line: str, lines: list[str], words: ReaderWords) -> bool:
    """A header field of a forwarded mail: after a forwarding marker, before the first blank line."""
    start = next((i for i, other in enumerate(lines) if _FORWARD.match(other)), None)
    if start is None:
        return False
    end = next((i for i in range(start + 1, len(lines)) if not lines[i]), len(lines))
    return line in lines[start + 1:end] and _field(line, words)
