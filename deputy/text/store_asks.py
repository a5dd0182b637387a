"""Questions about the store, a page, the queue and sitemaps in wordings the parse does not take whole
(round 19): each is put as the plain question it asks, and the reader answers that question only when a
capability that observes (never acts) takes it (deputy/reader.py `_store_asks`). A question never fetches
through this door: a rewrite that reads as an order, or as anything that acts, is thrown away and the
prompt is read as written.

The shapes, each closed (word lists of `ReaderWords`, no fuzzy matching):

* two questions about the same page joined by "and": "When did you fetch A and what status did it
  return?", "… when you fetched A and which HTTP status came back": a page's record answers both, so the
  second (a `record_details` noun and a few closed words, no address of its own) is dropped; "What
  status did A return and when did you fetch it?" likewise drops "and when did you fetch it";
* a past-time tail that closes a question ("What HTTP status did A return last time?"): `asked_tails`;
* stored text named after its noun ("Show the readable text stored for A", "the words you stored for
  A"): put as "the stored text of A"; "What's in the store for A?" is "What is stored for A?", and
  with a text-only tail ("Just the words, please.") "What text is stored for A?"; a need with no
  subject at a sentence start ("Need the stored text of A") is the writer's ("I need …");
* a past sentence about the queue or crawler before a yes/no question on "it" ("Last time the queue
  was full. Is it empty now?"): the question, with "it" put back as the queue (`status_subjects`);
* learners: "Say me the sitemaps of A" (`learner_tell_verbs` before me/us: "tell me"); a topicalised
  noun the reader answers about ("Sitemaps of A — which ones declares the site?"): the fragment "Sitemaps
  of A?"; "Until now you have downloaded A? When was it?": "When did you download A?";
* a musing after a question's address ("when did you last fetch A I think it was yesterday maybe"):
  the question alone (`musing_openers`);
* a question relayed in a frame that asks for it to be answered: a quote-block line under a short
  label and over a closing `answer_requests` line ("Slack, #metrics:\\n> how many pages …?\\nCan someone
  answer this?"); a quoted question under "<source> from <who>:" ('Email from ops: "Is the spider idle?"');
  "did we end up storing" (a gerund of a verb the reader knows after "end up") is "did we store"; an
  idiom of being busy (`busy_idioms`: "still chewing on yesterday's batch") is "working on".

Every dropped span holds only closed-list words, so no negation or condition is ever dropped; what is
kept is read with every check. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache

from deputy.vocab import ReaderWords

__all__ = ["store_question", "verb_forms"]

_ADDRESS = r"(?:https?://|www\.)\S+"
_HAS_ADDRESS = re.compile(r"https?://|www\.", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")


@lru_cache(maxsize=64)
def _alternatives(phrases: frozenset[str]) -> str:
    """A regex alternation of phrases, longest first, each word apart by any blank (one per word list,
    built once: the pass runs on every prompt)."""
    ordered = sorted({p.strip() for p in phrases if p.strip()}, key=len, reverse=True)
    return "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in ordered) or r"(?!x)x"


def verb_forms(verbs: Iterable[str]) -> dict[str, str]:
    """Each regular past form, participle and gerund of the given verbs, mapped to the verb itself
    ("fetched" → "fetch", "grabbed" → "grab", "storing" → "store"). Spelling rules only, over a closed
    list: a form of a verb not listed is never found."""
    forms: dict[str, str] = {}
    irregular = {"get": ("got", "gotten", "getting"), "keep": ("kept", "keeping"), "pull": ("pulled", "pulling")}
    for verb in verbs:
        verb = verb.lower()
        if " " in verb or not verb.isalpha():
            continue
        made = {verb}
        if verb.endswith("e"):
            made |= {verb + "d", verb[:-1] + "ing"}
        else:
            made |= {verb + "ed", verb + "ing"}
            if len(verb) >= 3 and verb[-1] not in "aeiouwxy" and verb[-2] in "aeiou" and verb[-3] not in "aeiou":
                made |= {verb + verb[-1] + "ed", verb + verb[-1] + "ing"}
        made |= set(irregular.get(verb, ()))
        for form in made:
            forms.setdefault(form, verb)
    return forms


def _closed(span: str, allowed: frozenset[str]) -> bool:
    """Whether every word of a span to be dropped is on a closed list (so nothing refusing is dropped)."""
    return not _HAS_ADDRESS.search(span) and all(w.lower() in allowed for w in _WORD.findall(span))


# -- two questions about one page ------------------------------------------------------------------

_SECOND_WORDS = frozenset({
    "did", "does", "it", "that", "they", "the", "server", "site", "page", "you", "we", "return", "returned",
    "give", "gave", "send", "sent", "get", "got", "back", "come", "came", "was", "were", "is", "see", "saw",
    "with", "there", "answer", "answered", "respond", "responded", "reply", "replied",
})


# Verbs of a page's answer: "… and what did it return?" asks its status with no noun for it.
_RETURNING = frozenset({"return", "returned", "come", "came", "give", "gave", "respond", "responded", "answer", "answered"})


def _joined(text: str, words: ReaderWords, forms: dict[str, str]) -> str | None:
    """'When did you fetch A and what status did it return?': the first question alone."""
    if " and " not in text.lower():
        return None  # cheap first: the pass runs on every prompt
    details = _alternatives(words.record_details)
    # "… and what status did it return?", "… and what did it return?" (no noun: a verb of returning says
    # it), "… and did it come back 200?" (a status code asked yes or no).
    status = re.compile(
        rf"(?P<second>[ \t]*,?[ \t]+and[ \t]+(?:(?:what|which)(?P<detail>[ \t]+(?:{details})\b)?(?P<rest>[^?.!\n]*)"
        r"|did[ \t]+it[ \t]+(?:come[ \t]+back|return|give[ \t]+back|answer)(?:[ \t]+with)?(?:[ \t]+an?)?[ \t]+[1-5]\d\d))"
        r"(?P<end>[?.!]?)[ \t]*$", re.IGNORECASE,
    )
    found = status.search(text)
    if found is not None and _closed(found.group("rest") or "", _SECOND_WORDS) and _before_has_question(text[:found.start("second")]):
        rest = {w.lower() for w in _WORD.findall(found.group("rest") or "")}
        asked_what = found.group("rest") is not None
        if not asked_what or found.group("detail") or rest & _RETURNING:
            return text[:found.start("second")] + (found.group("end") or "?")
    # 'What status did A return and when did you fetch it?'
    when = re.compile(
        r"(?P<second>[ \t]*,?[ \t]+and[ \t]+when[ \t]+(?:did[ \t]+(?:you|we)[ \t]+(?:last[ \t]+)?(?P<verb>\w+)[ \t]+it"
        r"|was[ \t]+it[ \t]+(?:last[ \t]+)?(?P<part>\w+)))[ \t]*(?P<end>[?.!]?)[ \t]*$", re.IGNORECASE,
    )
    found = when.search(text)
    if found is None:
        return None
    verb = (found.group("verb") or found.group("part") or "").lower()
    before = text[:found.start("second")]
    if verb not in forms or not _HAS_ADDRESS.search(before) or re.search(details, before, re.IGNORECASE) is None:
        return None
    return before + "?"


def _before_has_question(before: str) -> bool:
    """The first question names an address and asks when (or what) of it."""
    return bool(_HAS_ADDRESS.search(before)) and re.search(r"\b(?:when|what|which)\b", before, re.IGNORECASE) is not None


# -- a past-time tail ------------------------------------------------------------------------------

def _tailed(text: str, words: ReaderWords) -> str | None:
    """'What HTTP status did A return last time?': the question without its past-time tail."""
    if not text.rstrip().endswith("?"):
        return None
    found = re.search(rf"[ \t,]+(?:{_alternatives(words.asked_tails)})[ \t]*\?[ \t]*$", text, re.IGNORECASE)
    if found is None or not re.match(r"\s*(?:what|which|when|how)\b", text, re.IGNORECASE):
        return None
    return text[:found.start()] + "?"


# -- the stored text -------------------------------------------------------------------------------

_TEXT_NOUNS = r"text|contents|content|wording|words"
_STORED_AFTER = re.compile(
    rf"\bthe[ \t]+(?P<adjective>(?:[^\W\d_]+[ \t]+)?)(?P<noun>{_TEXT_NOUNS})[ \t]+(?:(?:that[ \t]+)?(?:you|we)[ \t]+(?:have[ \t]+)?)?"
    r"(?:stored|saved|kept|archived|captured)[ \t]+(?:for|of|from|under|at)[ \t]+(?=https?://|www\.)",
    re.IGNORECASE,
)
_IN_STORE = re.compile(
    rf"^(?P<lead>\s*)(?:what(?:['’]s|[ \t]+is)[ \t]+(?:in[ \t]+(?:the[ \t]+)?(?:store|storage)|stored|saved)"
    rf"|what[ \t]+do[ \t]+(?:we|you)[ \t]+have(?:[ \t]+(?:stored|saved))?)[ \t]+for[ \t]+(?P<address>{_ADDRESS}?)[ \t]*\?"
    r"(?P<tail>.*)$", re.IGNORECASE | re.DOTALL,
)
_TEXT_ONLY = re.compile(
    rf"^\s*(?:(?:just|only)[ \t]+(?:the[ \t]+)?(?:{_TEXT_NOUNS})|(?:the[ \t]+)?(?:{_TEXT_NOUNS})[ \t]+only)"
    r"(?:[ \t]*,?[ \t]*(?:please|thanks|thank[ \t]+you))?[ \t]*[.!]?\s*$", re.IGNORECASE,
)
_SUBJECTLESS_NEED = re.compile(
    rf"(?:(?<=\A)|(?<=\n)|(?<=[.!?][ \t]))(?P<lead>[ \t]*)need[ \t]+the[ \t]+(?=(?:(?:stored|saved)[ \t]+)?(?:{_TEXT_NOUNS})[ \t]+(?:of|for|from)[ \t]+(?:https?://|www\.))",
    re.IGNORECASE,
)


def _stored_text(text: str) -> str | None:
    """The stored text named after its noun, asked in the store, or needed without a subject."""
    found = _IN_STORE.match(text)
    if found is not None:
        tail = found.group("tail")
        if not tail.strip():
            return f"{found.group('lead')}What is stored for {found.group('address')}?"
        if _TEXT_ONLY.match(tail):
            return f"{found.group('lead')}What text is stored for {found.group('address')}?"
        return None
    # "the readable text stored for A" → "the stored readable text of A": the parse takes the participle
    # before the noun, never after it.
    said = _STORED_AFTER.sub(lambda m: f"the stored {m.group('adjective')}{m.group('noun').lower()} of ", text)
    said = _SUBJECTLESS_NEED.sub(lambda m: f"{m.group('lead')}I need the ", said)
    return said if said != text else None


# -- an order to show a question's answer ---------------------------------------------------------------

_SENTENCE_START = r"(?:(?<=\A)|(?<=[.!?:][ \t])|(?<=\n))"


def _shown(text: str, words: ReaderWords, forms: dict[str, str]) -> str | None:
    """'Please show when it was last fetched.' → 'When was it last fetched?'; 'Pull up what we have for it.'
    → 'What text is stored for it?' (`learner_show_verbs` show the stored text). The closing sentence of
    the prompt only, so a sentence before it (the page named there) is kept for the pronoun."""
    lower = text.lower()
    if " when " not in lower and " have " not in lower:
        return None
    when = re.search(
        _SENTENCE_START + r"(?P<lead>[ \t]*)(?:please[ \t]+)?(?:show|tell)(?:[ \t]+(?:me|us))?[ \t]+when[ \t]+"
        rf"(?P<subject>it|that|this[ \t]+page|the[ \t]+page|{_ADDRESS}?)[ \t]+was[ \t]+(?P<last>last[ \t]+)?(?P<part>\w+)"
        r"(?:[ \t]*,?[ \t]*please)?[ \t]*[.!]?\s*$", text, re.IGNORECASE,
    )
    if when is not None and when.group("part").lower() in forms:
        return (text[:when.start()] + when.group("lead")
                + f"When was {when.group('subject')} {when.group('last') or ''}{when.group('part')}?")
    had = re.search(
        _SENTENCE_START + rf"(?P<lead>[ \t]*)(?:please[ \t]+)?(?:{_alternatives(words.learner_show_verbs)})[ \t]+"
        r"what[ \t]+(?:we|you)[ \t]+have(?:[ \t]+(?:stored|saved|got))?[ \t]+(?:for|on|from)[ \t]+"
        rf"(?P<subject>it|that|this[ \t]+page|the[ \t]+page|{_ADDRESS}?)(?:[ \t]*,?[ \t]*please)?[ \t]*[.!]?\s*$",
        text, re.IGNORECASE,
    )
    if had is not None:
        return text[:had.start()] + had.group("lead") + f"What text is stored for {had.group('subject')}?"
    return None


# -- the queue after a past sentence ---------------------------------------------------------------

_PAST = frozenset({"was", "were", "had", "reported", "said", "told", "showed", "looked", "seemed", "as", "you", "me", "us"})


def _queue_after_past(text: str, words: ReaderWords, refusing: frozenset[str]) -> str | None:
    """'Last time the queue was full. Is it empty now?': 'Is the queue empty now?'."""
    # "… Is it empty now?", and the elliptic "… Still empty?".
    found = re.match(r"^\s*(?P<past>[^.?!\n]+)\.\s+(?:(?P<aux>is|has|are)[ \t]+it\b|(?=still\b))(?P<rest>[^.?!\n]*\?)\s*$", text, re.IGNORECASE)
    if found is None or _HAS_ADDRESS.search(found.group("past")) or _HAS_ADDRESS.search(found.group("rest")):
        return None  # an address in either sentence: a question about a page, read as written
    # "An hour ago …" dates the report; it is no schedule ("every hour"), so it is set aside first.
    dated = re.sub(r"\b(?:an?|one|two|three|a[ \t]+few|\d+)[ \t]+[^\W\d_]+[ \t]+ago\b", " ", found.group("past"), flags=re.IGNORECASE)
    past = [w.lower() for w in _WORD.findall(dated)]
    subjects = [w for w in past if w in words.status_subjects]
    if not subjects or not any(w in _PAST for w in past) or any(w in refusing for w in past):
        return None
    aux = (found.group("aux") or "is").capitalize()
    rest = found.group("rest") if found.group("aux") else " " + found.group("rest")[0].lower() + found.group("rest")[1:]
    return f"{aux} the {subjects[0]}{rest}"


# -- learners --------------------------------------------------------------------------------------

def _learner(text: str, words: ReaderWords, forms: dict[str, str], observed: frozenset[str]) -> str | None:
    """'Say me …', 'Sitemaps of A — which ones …?', 'Until now you have downloaded A? When was it?'."""
    tell = re.compile(rf"(?:(?<=\A)|(?<=[\s,]))(?:{_alternatives(words.learner_tell_verbs)})[ \t]+(?P<who>me|us)\b", re.IGNORECASE)
    said = tell.sub(lambda m: f"tell {m.group('who')}", text)
    if said != text:
        return said
    topic = re.match(
        rf"^\s*(?P<noun>[\w.]+)[ \t]+(?:of|for)[ \t]+(?P<address>{_ADDRESS}?)[ \t]*(?:[—–:]|--|[ \t]-)[ \t]*"
        r"(?P<tail>(?:which|what|where)\b[^?\n]*)\?\s*$", text, re.IGNORECASE,
    )
    # The tail only asks which of them: an address or a verb that fetches in it ("which ones should I
    # fetch?") leaves the prompt as written.
    tail_words = [w.lower() for w in _WORD.findall(topic.group("tail"))] if topic is not None else []
    if (topic is not None and topic.group("noun").lower() in observed and not _HAS_ADDRESS.search(topic.group("tail"))
            and not any(w in forms for w in tail_words)):
        return f"{topic.group('noun')} of {topic.group('address')}?"
    asked = re.match(
        rf"^\s*(?:(?:until[ \t]+now|so[ \t]+far|already)[ \t]*,?[ \t]+)?(?:(?:you[ \t]+have|have[ \t]+you|did[ \t]+you)[ \t]+"
        rf"(?:already[ \t]+|ever[ \t]+)?(?P<verb>\w+)[ \t]+(?P<address>{_ADDRESS}?)"
        rf"|(?:is|was)[ \t]+(?P<passive>{_ADDRESS}?)[ \t]+(?:already[ \t]+)?(?P<part>\w+)(?:[ \t]+(?:already|yet))?)[ \t]*\?[ \t]*"
        r"when(?:[ \t]+(?:was|did)[ \t]+(?:it|that|this|you))?[ \t]*\?\s*$", text, re.IGNORECASE,
    )
    verb = (asked.group("verb") or asked.group("part") or "").lower() if asked is not None else ""
    if asked is not None and verb in forms:
        return f"When did you {forms[verb]} {asked.group('address') or asked.group('passive')}?"
    return None


# -- a musing after the question -------------------------------------------------------------------

def _mused(text: str, words: ReaderWords) -> str | None:
    """'when did you last fetch A I think it was yesterday maybe': 'when did you last fetch A?'."""
    lower = text.lower()
    if not any(opener in lower for opener in words.musing_openers):
        return None
    found = re.match(
        rf"^(?P<question>\s*(?:\w+[ \t]+)?(?:when|what|which|how|has|have|did|is)\b[^?\n]*?{_ADDRESS}?[^?\n]*?)[ \t]+"
        rf"(?:{_alternatives(words.musing_openers)})\b(?P<rest>[^?\n]*)[?.!]?\s*$", text, re.IGNORECASE,
    )
    if found is None or _HAS_ADDRESS.search(found.group("rest")):
        return None
    # A musing may hedge itself ("… it was yesterday maybe"); a negation or a condition in it still keeps
    # the prompt as written ("… I think only if it changed").
    kept = frozenset(w.lower() for w in words.negations | frozenset(words.conditions) if " " not in w)
    if any(w.lower() in kept for w in _WORD.findall(found.group("rest"))):
        return None
    return found.group("question") + "?"


# -- a question relayed in a frame ------------------------------------------------------------------

# A quoted question that asks someone to do something ("can you fetch A now?") is a request passed on,
# never the writer's question: it is read as written.
_REQUESTING = re.compile(
    r"^\s*(?:can|could|would|will|should|may|might|shall)[ \t]+(?:you|u|we|someone|somebody|anyone|i)[ \t]+(?:please[ \t]+)?(?P<verb>\w+)",
    re.IGNORECASE,
)


def _requests(question: str, forms: dict[str, str]) -> bool:
    """A quoted question that asks someone to fetch ("can you fetch A now?"): a request passed on."""
    found = _REQUESTING.match(question)
    return found is not None and found.group("verb").lower() in forms
_LABEL = re.compile(r"^[^\n:\"“”]{1,40}:\s*$")
_SOURCE = re.compile(r"^\s*(?P<frame>[^:\n\"“”]{1,60}?)[ \t]*:[ \t]*[\"“](?P<said>[^\"“”\n]+\?)[\"”]\s*$")


def _source_frame(frame: str, words: ReaderWords, refusing: frozenset[str], known_forms: dict[str, str]) -> bool:
    """A short frame that only says where a quotation came from: 'Email from ops', 'Jira DATA-12',
    'Forwarded message from Amara'. It names a source word or label noun, or an identifier with a digit;
    it holds no address, no refusing word and no verb the reader knows other than a source word."""
    said = [w.lower() for w in _WORD.findall(frame)]
    if not said or len(said) > 8 or _HAS_ADDRESS.search(frame) or any(w in refusing for w in said):
        return False
    if any(w in known_forms and w not in words.source_words for w in said):
        return False
    named = words.source_words | words.label_nouns
    return any(w in named for w in said) or re.search(r"\b[A-Za-z]*-?\d", frame) is not None


def _framed(text: str, words: ReaderWords, refusing: frozenset[str], forms: dict[str, str],
            known_forms: dict[str, str]) -> str | None:
    """A quoted question under a short label and over a request to answer it, or under a source's frame."""
    found = _SOURCE.match(text)
    if found is not None:
        if _requests(found.group("said"), forms) or not _source_frame(found.group("frame"), words, refusing, known_forms):
            return None
        return found.group("said").strip()
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    quoted = [i for i, line in enumerate(lines) if line.startswith(">")]
    if len(quoted) != 1:
        return None
    at = quoted[0]
    question = lines[at].lstrip("> ").strip()
    if not question.endswith("?") or _requests(question, forms):
        return None
    before, after = lines[:at], lines[at + 1:]
    if len(before) > 1 or (before and (not _LABEL.match(before[0]) or _HAS_ADDRESS.search(before[0]))):
        return None
    if before and any(w.lower() in refusing for w in _WORD.findall(before[0])):
        return None
    asks = re.compile(rf"^(?:{_alternatives(words.answer_requests)})[ \t]*[?.!]*$", re.IGNORECASE)
    if len(after) != 1 or not asks.match(after[0]):
        return None
    return question


# -- small wordings inside a question ---------------------------------------------------------------

def _worded(text: str, words: ReaderWords, forms: dict[str, str]) -> str | None:
    """'did we end up storing' → 'did we store'; 'still chewing on' → 'still working on'."""
    lower = text.lower()
    if " up " not in lower and " last" not in lower and not any(idiom.split()[0] in lower for idiom in words.busy_idioms):
        return None
    said = re.sub(
        r"\b(?P<aux>did[ \t]+(?:you|we|they|it))[ \t]+end[ \t]+up[ \t]+(?P<gerund>\w+ing)\b",
        lambda m: f"{m.group('aux')} {forms[m.group('gerund').lower()]}" if m.group("gerund").lower() in forms else m.group(0),
        text, flags=re.IGNORECASE,
    )
    said = re.sub(rf"\b(?:{_alternatives(words.busy_idioms)})\b", "working on", said, flags=re.IGNORECASE)
    # "when was A fetched last" → "when was A last fetched": the parse takes "last" before the participle.
    said = re.sub(
        rf"\b(?P<be>was|were)[ \t]+(?P<address>{_ADDRESS}?)[ \t]+(?P<part>\w+)[ \t]+last\b",
        lambda m: f"{m.group('be')} {m.group('address')} last {m.group('part')}" if m.group("part").lower() in forms
        else m.group(0), said, flags=re.IGNORECASE,
    )
    return said if said != text else None


_DETAIL_WORDS = frozenset({"the", "and", "its", "fetch", "date", "time", "timestamp", "last", "latest", "http"})


def _needed_details(text: str, words: ReaderWords) -> str | None:
    """'I need the fetch date and the HTTP status for A.' → 'Tell me the fetch date and the HTTP status of A.'
    The need names only a page's record (`record_details` and a few closed words), and closes the prompt."""
    if "need" not in text.lower() and "want" not in text.lower() and "like" not in text.lower():
        return None
    found = re.search(
        _SENTENCE_START + r"(?P<lead>[ \t]*)(?:(?:I|we)(?:['’]d[ \t]+like|[ \t]+would[ \t]+like|[ \t]+(?:really[ \t]+|just[ \t]+)?(?:need|want))"
        r"|need)[ \t]+(?P<what>the[ \t]+[^\n.?!]*?)[ \t]+(?:for|of|on)[ \t]+"
        rf"(?P<address>{_ADDRESS}?)(?:[ \t]*,?[ \t]*please)?[ \t]*[.!]?\s*$", text, re.IGNORECASE,
    )
    if found is None:
        return None
    allowed = _DETAIL_WORDS | frozenset(w for detail in words.record_details for w in detail.split())
    said = found.group("what")
    if not _closed(said, allowed) or not any(w.lower() in words.record_details for w in _WORD.findall(said)):
        return None
    return text[:found.start()] + found.group("lead") + f"Tell me {said} of {found.group('address')}."


def store_question(
    text: str, words: ReaderWords, *, forms: dict[str, str], known_forms: dict[str, str], observed: frozenset[str],
    refusing: frozenset[str],
) -> str | None:
    """The plain question a prompt asks about the store, or None when it is none of the shapes above.

    `forms` maps the forms of the verbs that fetch to the verb ("downloaded" → "download"); `known_forms`
    does the same for every verb the reader reads; `observed` the nouns a fragment asks an observing capability about;
    `refusing` the words that refuse wherever they stand (never dropped with a span).
    """
    said = _framed(text, words, refusing, forms, known_forms)
    if said is not None:
        text = said
    steps: tuple[Callable[[str], str | None], ...] = (
        lambda t: _worded(t, words, known_forms),
        lambda t: _joined(t, words, forms),
        lambda t: _tailed(t, words),
        _stored_text,
        lambda t: _shown(t, words, forms),
        lambda t: _needed_details(t, words),
        lambda t: _queue_after_past(t, words, refusing),
        lambda t: _learner(t, words, forms, observed),
        lambda t: _mused(t, words),
    )
    changed = said is not None
    for step in steps:
        again = step(text)
        if again is not None:
            text, changed = again, True
    return text if changed else None
