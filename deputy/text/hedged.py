"""Hedges and wishes that are requests, put as the plain request before parsing: "No rush at all, but I'd
appreciate a copy of A" (read "I'd like a copy of A"), "I hate to be a pain, but I really need the sitemaps
declared by A" (read "List the sitemaps of A"), "No pressure, but it'd be nice to have A saved sometime this
week" (read "I'd like A saved"), "Don't worry about formatting, just fetch A" (read "Just fetch A"),
"Download A along with B" (read "Download A and B"), "Fetch A — it's the help article on how to delete an
account" (the description of the page dropped), "… and also site B" (read "… and also the site B").

Each shape is closed, built from word lists (`apology_words`, `reassuring_verbs`, `joining_phrases`,
`loose_deadlines`), and leaves the request itself to every check: a negation on the action ("just don't
fetch A"), a real condition ("… if it changed"), an unsupported verb that is the request ("delete the
sitemaps …", "have it deleted"), a description that goes on past the page ("…; then delete it").
Pure text work; knows nothing about crawling.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from deputy.vocab import ReaderWords

__all__ = ["hedged"]

_ADDRESS = r"(?:https?://|www\.)"


def _alternatives(phrases: Iterable[str]) -> str:
    return "|".join(r"[ \t]+".join(map(re.escape, p.split())) for p in sorted(phrases, key=len, reverse=True) if p)


def _apology_opener(text: str, words: ReaderWords) -> str:
    """"I hate to be a pain, but …", "Sorry to bother you, but …": an opener of apology words only."""
    # Round 21 (voice21): "Apologies for the hassle, I need …": a comma may close the apology as ", but" does.
    m = re.match(r"\A[ \t]*(?P<open>[^,.;:!?\n]{1,80}?)(?:,?[ \t]+but|,)[ \t]+(?P<rest>\S)", text, re.IGNORECASE)
    if m is None:
        return text
    # "No rush, but …" (a hedge aside) is the reader's own rewrite's (deputy.rewrite, round 16); this is the apology.
    said = m.group("open").lower().replace("’", "'").split()
    if not said or not all(w in words.apology_words for w in said):
        return text
    return text[m.start("rest"):]


def _appreciated(text: str) -> str:
    """"I'd appreciate a (fresh) copy of A" is the wish "I'd like a (fresh) copy of A"."""
    return re.sub(
        r"(?<![\w'])(?P<who>I['’]d|I[ \t]+would)[ \t]+(?:really[ \t]+|greatly[ \t]+)?appreciate(?=[ \t]+(?:a|an)[ \t]+"
        r"(?:[\w-]+[ \t]+)?(?:copy|snapshot)[ \t]+of[ \t]+" + _ADDRESS + ")",
        lambda m: f"{m.group('who')} like", text, flags=re.IGNORECASE,
    )


def _needed_sitemaps(text: str) -> str:
    """"I (really) need the sitemaps declared by A" (or "the sitemap list of A") asks to list them: "List the
    sitemaps of A"."""
    return re.sub(
        r"(?:(?<=\A)|(?<=[.!?][ \t])|(?<=\n))[ \t]*"
        # Round 28 (voice28): spoken openers before the need ("yeah hi so I need the sitemaps for A"); they ask nothing.
        r"(?:(?:yeah|yep|hi|hey|so|okay|ok|well|and)[ \t]*,?[ \t]+)*"
        r"(?:I|we)[ \t]+(?:really[ \t]+|just[ \t]+|still[ \t]+)?"
        # Round 28 (voice28): the wish "I would like the sitemap list of A" as the need.
        r"(?:need|would[ \t]+like|['’]d[ \t]+like)[ \t]+"
        # Round 28 (voice28): a learner's "the sitemap list of A" names the same list.
        r"(?:the|all[ \t]+the)[ \t]+(?:sitemaps|sitemap[ \t]+list)[ \t]+"
        r"(?:(?:declared|listed|published|advertised|named)[ \t]+by|of|for|from)[ \t]+(?=" + _ADDRESS + ")",
        "List the sitemaps of ", text, flags=re.IGNORECASE,
    )


def _nice_to_have(text: str) -> str:
    """"It'd be nice to have A saved" is the wish "I'd like A saved" (a participle of keeping after A)."""
    return re.sub(
        r"(?<![\w'])(?:it['’]d|it[ \t]+would)[ \t]+be[ \t]+(?:nice|great|good|helpful|lovely|ideal)[ \t]+to[ \t]+have"
        r"(?=[ \t]+" + _ADDRESS + r"\S+[ \t]+(?:saved|downloaded|fetched|stored|archived|grabbed)\b)",
        "I'd like", text, flags=re.IGNORECASE,
    )


def _loose_deadline(text: str, words: ReaderWords) -> str:
    """A loose deadline closing the prompt ("… sometime this week."), which acting now meets, dropped."""
    if not words.loose_deadlines:
        return text
    return re.sub(
        r",?[ \t]+(?:" + _alternatives(words.loose_deadlines) + r")(?=[ \t]*[.!]*[ \t]*\Z)", "", text,
        flags=re.IGNORECASE,
    )


def _gerund_refused(what: str, refused: frozenset[str]) -> bool:
    """Whether the reassurance names a refused verb as a gerund ("about deleting the old ones")."""
    for word in re.findall(r"[a-z]+ing\b", what.lower()):
        stem = word[:-3]
        if {stem, stem + "e", stem[:-1]} & refused:
            return True
    return False


def _reassured(text: str, words: ReaderWords) -> str:
    """"Don't worry about formatting, just fetch A", "Never mind the layout, just download A": the negation
    is on the reassuring verb; the request after ", just" is read alone. The reassurance ends at the first
    comma and holds no address, no pronoun that could be the page and no refused verb as a gerund."""
    if not words.reassuring_verbs:
        return text
    m = re.match(
        r"\A[ \t]*(?:please[ \t]+)?(?:don['’]t|do[ \t]+not|never)[ \t]+(?:" + _alternatives(words.reassuring_verbs)
        + r")(?:[ \t]+(?:about|with))?[ \t]+(?P<what>[^,.;:!?\n]{1,60}),[ \t]+(?P<rest>just[ \t]+\S)",
        text, re.IGNORECASE,
    )
    if m is None or re.search(_ADDRESS, m.group("what")):
        return text
    if re.search(r"\b(?:it|them|this|that|these|those)\b", m.group("what"), re.IGNORECASE):
        return text
    if _gerund_refused(m.group("what"), words.unsupported | words.forbidden):
        return text
    rest = text[m.start("rest"):]
    return rest[0].upper() + rest[1:]


def _joined(text: str, words: ReaderWords) -> str:
    """"A along with B" between two addresses is "A and B"."""
    if not words.joining_phrases:
        return text
    return re.sub(
        r"(?<=[^\s,])[ \t]+(?:" + _alternatives(words.joining_phrases) + r")[ \t]+(?=" + _ADDRESS + ")",
        " and ", text, flags=re.IGNORECASE,
    )


# Words after which a bare page noun before an address has lost its article: "… and also site B", "fetch
# me page A" (a learner's or a hurried writer's). Never after a determiner or a noun ("the news page A").
_BEFORE_BARE = r"(?:and|also|me|us|please|,)"


def _bare_object_noun(text: str, actions: frozenset[str]) -> str:
    """"… and also site B", "bring me page A and page B": the bare noun before an address, which the
    model reads as a verb or as a second role, with its article back ("the site B")."""
    before = _BEFORE_BARE if not actions else _BEFORE_BARE[:-1] + "|" + "|".join(map(re.escape, sorted(actions))) + ")"
    return re.sub(
        r"(?<![\w'’-])(?P<before>" + before + r")(?P<space>[ \t]+)(?P<noun>site|page|website|homepage)[ \t]+(?=" + _ADDRESS + ")",
        lambda m: f"{m.group('before')}{m.group('space')}the {m.group('noun')} ", text, flags=re.IGNORECASE,
    )


# "— it's the help article on how to delete an account": what the page is about, closing the prompt.
_DESCRIPTION = re.compile(
    r"[ \t]*[—–-]{1,2}[ \t]*(?:it['’]s|it[ \t]+is|this[ \t]+is|that['’]s|that[ \t]+is)[ \t]+(?:the|a|an)[ \t]+"
    r"(?:[\w-]+[ \t]+){0,3}(?:article|page|guide|post|doc|docs|documentation|tutorial|faq|entry|explainer|help)"
    r"[ \t]+(?:on|about|explaining|describing)[ \t]+how[ \t]+to[ \t]+(?P<what>[^.;:!?\n—–]{1,80})\.?[ \t]*\Z",
    re.IGNORECASE,
)


def _described(text: str) -> str:
    """The request without a closing description of its page ("— it's the guide on how to delete X"). The
    description names no address and no pronoun that could be the page ("how to delete it" is kept)."""
    m = _DESCRIPTION.search(text)
    if m is None or re.search(_ADDRESS, m.group("what")):
        return text
    if re.search(r"\b(?:it|them|this|that|these|those)\b", m.group("what"), re.IGNORECASE):
        return text
    head = text[: m.start()].rstrip()
    return head if head.endswith((".", "!")) else head + "."


# "I never said don't fetch A. Fetch it.": a sentence that only takes back a negation someone thought was said
# ("I never said", "I didn't say", "I did not tell you") asks nothing and negates nothing; it hands its one
# address to the request after it, as "Here is the link: A." does. Only the whole sentence, before another.
_DENIED = re.compile(
    r"\A[ \t]*I[ \t]+(?:never|didn['’]t|did[ \t]+not)[ \t]+(?:say|said|tell[ \t]+you|told[ \t]+you|ask[ \t]+you|asked[ \t]+you)"
    r"[ \t]+(?:don['’]t|do[ \t]+not|not[ \t]+to|to[ \t]+not|never[ \t]+to)[ \t]+(?P<verb>[a-z]+)[ \t]+"
    r"(?P<url>(?:https?://|www\.)\S+?)[ \t]*\.(?=[ \t]+\S)",
    re.IGNORECASE,
)


def _denied_negation(text: str, actions: frozenset[str]) -> str:
    m = _DENIED.match(text)
    if m is None or m.group("verb").lower() not in actions:
        return text
    return f"Here is the link: {m.group('url')}." + text[m.end():]


def hedged(prompt: str, words: ReaderWords, actions: frozenset[str] = frozenset()) -> str:
    """The prompt with a hedge or wish that is a request put as the plain request."""
    text = _apology_opener(prompt, words)
    text = _denied_negation(text, actions)
    text = _reassured(text, words)
    text = _appreciated(text)
    text = _needed_sitemaps(text)
    text = _nice_to_have(text)
    text = _loose_deadline(text, words)
    text = _joined(text, words)
    text = _bare_object_noun(text, actions)
    return _described(text)
