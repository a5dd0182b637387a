"""Context paragraphs around one request (round 19, ctx19): the framing people and agents put around a
robots check, a sitemaps question or a fetch, turned into the plain request it frames.

Each pass is a closed shape; anything outside it is left as written and read with every check:

* `unframed_email`: "I hope this finds you well." goes (a pleasantry whose "find" the reader refuses as a
  verb); "As discussed in yesterday's sync," / "As agreed on Monday's call," / "As mentioned earlier," keep
  only "As discussed," (a hedge aside of the vocabulary) when the words after the participle are a short
  place or time with no address, verb or refusing word.
* `robots_orders`: "Verify that robots.txt permits …", "Confirm robots.txt allows …", "Make sure robots.txt
  lets …" are the question "Check whether robots.txt permits …"; "crawling A" in such a check is "A"
  (robots.txt is read, nothing is crawled); "… under their robots.txt?" is "… according to robots.txt?";
  "Answer from robots.txt only." after a permission question the writer asks of themselves ("Are we
  allowed …?", "Is MovaBot permitted …?") says how to answer it, and goes.
* `moved_deadline`: "Before I plan anything else, I want to know which sitemaps …" opening a sentence is
  moved to its end (only before such a wish to know a site's sitemaps, or, round 21, whether a robot is
  allowed or permitted to fetch: "Before I write anything I need to know whether the bot is permitted …"), so the parse sees the writer's own later step as the deadline it is
  (deputy.signals.writers_deadline still judges it: "before the crawl finishes" stays a condition).
* `so_that`: "Please fetch A so the summary writer downstream has the raw page" is "… so that the summary
  writer …": right after an address, "so" before a noun phrase opens a purpose; with "that" the small model
  reads it as one (without, it may make the purpose the sentence and the request its subject). Nothing is
  dropped: the purpose's own verbs, negations and conditions are read as before.
* `wanted_sitemaps`: "I want to know which sitemaps A declares" is "Which sitemaps does A declare?", and
  "<statement>, so I'd like to know …" is set after its statement as a sentence of its own.

Never when the changed words hold a negation, a condition or blocker word (`refusing`), an address, or a
pronoun that could be the page. Pure text work, before the parse.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.alternation import alternation

__all__ = ["moved_deadline", "robots_orders", "so_that", "unframed_email", "wanted_sitemaps"]
# (unframed_email also drops a closing "Let me know if anything fails." and an opening "Could one of the bots
# take this:" before the request; see _REPORT_BACK and _TAKE_THIS.)

_WORD = r"[\w'’-]+"
_START = r"(?:(?<=\A)|(?<=[.!?][ \t])|(?<=[.!?]\n)|(?<=\n))"

# --- emails -------------------------------------------------------------------------------------------

# "I hope this finds you well.", "Hope my message reaches you well!": a closed courtesy sentence.
_FINDS_YOU_WELL = re.compile(
    _START + r"[ \t]*(?:I[ \t]+)?hope[ \t]+(?:this|that|my[ \t]+(?:e-?mail|message|note))[ \t]+(?:finds|reaches)"
    r"[ \t]+you[ \t]+well[ \t]*[.!][ \t]*",
    re.IGNORECASE,
)
# "As discussed in yesterday's sync,": the participles of an earlier exchange, then a short place or time.
_AS_AGREED = re.compile(
    _START + r"(?P<lead>[ \t]*)as[ \t]+(?P<verb>discussed|agreed|mentioned|requested|promised|planned|noted)"
    r"(?P<rest>(?:[ \t]+" + _WORD + r"){1,6}),[ \t]+(?=[A-Za-z])",
    re.IGNORECASE,
)
# What may open the words after the participle: where or when the exchange was.
_PLACE_OR_TIME = frozenset({
    "in", "at", "on", "during", "with", "over", "earlier", "yesterday", "before", "previously", "last", "this",
    "by", "via",
})
_ARTICLES = frozenset({"the", "a", "an", "our", "my", "your", "this", "last", "yesterday's", "today's"})
# Words that could point at the page or carry an order: the aside is then left as written.
_POINTERS = frozenset({"it", "them", "this", "that", "these", "those", "its", "their"})


# "Let me know if anything fails.": a closing sentence asking to hear of a failure, which every answer reports
# anyway. Only after another sentence, and only at the end of the prompt or before its sign-off lines.
_REPORT_BACK = re.compile(
    r"(?<=[.!?])(?P<space>[ \t\n]+)(?:please[ \t]+)?(?:let[ \t]+(?:me|us)[ \t]+know|tell[ \t]+me|ping[ \t]+me|shout)"
    r"[ \t]+if[ \t]+(?:(?:anything|something|either[ \t]+of[ \t]+them|any[ \t]+of[ \t]+them|it|they|one[ \t]+of[ \t]+them)"
    r"[ \t]+(?:fails|fail|breaks|break|goes[ \t]+wrong|go[ \t]+wrong|errors(?:[ \t]+out)?)"
    r"|you[ \t]+(?:hit|run[ \t]+into|get|see)[ \t]+(?:any[ \t]+)?(?:problems|issues|errors|trouble))"
    r"[ \t]*[.!]?[ \t]*(?=\n|\Z)",
    re.IGNORECASE,
)
# "Could one of the bots take this: please download A": who is to take the work, before the request itself.
_TAKE_THIS = re.compile(
    r"(?P<lead>\A|(?<=[.!?])[ \t\n]+)(?:could|can|would|will)[ \t]+(?:one[ \t]+of[ \t]+(?:the[ \t]+bots|you|the[ \t]+agents)"
    r"|someone|somebody|anyone|you)[ \t]+(?:please[ \t]+)?(?:take|handle|pick[ \t]+up)[ \t]+this(?:[ \t]+one)?"
    r"(?:[ \t]*,[ \t]*please)?[ \t]*:[ \t]*(?=\S)",
    re.IGNORECASE,
)


def unframed_email(prompt: str, *, verbs: Collection[str], refusing: Collection[str]) -> str:
    """The prompt without "I hope this finds you well." and with "As discussed in X," put as "As discussed,".

    `verbs`: every verb the reader reads or refuses (such a word after the participle leaves it);
    `refusing`: negations, blockers and condition words."""
    text = _FINDS_YOU_WELL.sub("", prompt)
    text = _REPORT_BACK.sub("", text)
    text = _TAKE_THIS.sub(lambda m: m.group("lead"), text)

    def collapse(match: re.Match[str]) -> str:
        said = [w.lower() for w in re.findall(_WORD, match.group("rest"))]
        # A word after a possessive or an article is a noun ("Monday's call", "the review"), whatever verb it spells.
        named = {i for i, w in enumerate(said) if i and (said[i - 1].endswith(("'s", "’s")) or said[i - 1] in _ARTICLES)}
        if said[0] not in _PLACE_OR_TIME or any(
            (w in verbs and i not in named) or w in refusing or (w in _POINTERS and i) or w.startswith(("http", "www."))
            for i, w in enumerate(said)
        ):
            return match.group(0)
        return f"{match.group('lead')}As {match.group('verb').lower()}, "

    return _AS_AGREED.sub(collapse, text)


# --- robots orders ------------------------------------------------------------------------------------

# The robot's own names (`self_names`: "MovaBot is allowed to", "robots.txt permits MovaBot") come from
# the vocabulary; the nouns after "our" are this pass's own (no "robot" here, unlike the robots forms).
# "Verify that robots.txt permits", "Please confirm robots.txt allows", "Make sure robots.txt lets".
@cache
def _robots_order(names: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?P<lead>\A|(?<=[.!?:,])[ \t\n]+|\n)(?P<please>please[ \t]+)?"
        r"(?:verify|confirm|make[ \t]+sure|ensure|double[ \t-]?check|check)[ \t]+(?:that[ \t]+)?"
        r"(?P<robots>(?:the[ \t]+site['’]s[ \t]+|their[ \t]+|its[ \t]+)?robots\.txt[ \t]+(?:permits|allows|lets)\b"
        # "Please confirm that we're allowed to fetch A": the writer's own leave, as "Check whether we're allowed …".
        rf"|(?:we['’]re|we[ \t]+are|{alternation(names)}[ \t]+is|our[ \t]+(?:bot|crawler|spider)[ \t]+is)"
        r"[ \t]+(?:allowed|permitted)[ \t]+to\b)",
        re.IGNORECASE,
    )


# "robots.txt permits crawling A", "… permits fetching A": robots.txt's leave for the page is the question;
# the gerund goes ("robots.txt permits A"), as the small model loses it before a "before we …" clause.
@cache
def _crawling(names: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?P<verb>robots\.txt[ \t]+(?:permits|allows)"
        rf"(?:[ \t]+(?:us|me|{alternation(names)}|our[ \t]+(?:bot|crawler)))?)[ \t]+"
        r"(?:crawling|fetching|downloading)(?=[ \t]+https?://)",
        re.IGNORECASE,
    )


# "… under their robots.txt?": the rules a permission question is to be answered by.
_UNDER = re.compile(
    r"[ \t]+under[ \t]+(?:their|its|the[ \t]+site['’]s|the)?[ \t]*robots\.txt(?=[ \t]*\?)", re.IGNORECASE
)


# "Are we allowed to fetch A? Answer from robots.txt only.": the writer's own permission question, then how
# to answer it. Never a question put to the reader ("Can you fetch A?"): it may be an order.
@cache
def _own_permission(names: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?:\A|(?<=[.!?])[ \t\n]+)"
        rf"(?:are[ \t]+we|am[ \t]+I|is[ \t]+(?:{alternation(names)}|our[ \t]+(?:bot|crawler|spider)))"
        r"[ \t]+(?:allowed|permitted)[ \t]+to[ \t]+[^?\n]*\?"
        r"(?P<note>[ \t]+(?:answer|reply|respond)[ \t]+(?:from|using|per|based[ \t]+on|according[ \t]+to)"
        r"[ \t]+(?:the[ \t]+site['’]s[ \t]+|their[ \t]+|its[ \t]+)?robots\.txt(?:[ \t]+(?:only|alone))?[ \t]*[.!]?)[ \t]*\Z",
        re.IGNORECASE,
    )


def _unconditioned(sentence: str, refusing: Collection[str]) -> bool:
    """Whether a sentence holds no refusing word, save a "before I/we …" of the writer's own later step.

    A question that only asks is answered whatever it depends on (deputy.decide), so an order turned into
    one must hold no condition at all: "Confirm … once the job is done" is left as written."""
    said = [w.lower() for w in re.findall(_WORD + "|,", sentence)]
    step = False  # inside a "before I/we …" clause, up to its comma or the sentence's end
    for i, word in enumerate(said):
        if word == ",":
            step = False
        elif word == "before" and said[i + 1: i + 2] in (["i"], ["we"]):
            step = True  # the writer's own step; the parse judges it (deputy.signals.writers_deadline)
        elif word in refusing and not step:
            return False
    return True


def robots_orders(prompt: str, *, refusing: Collection[str], names: frozenset[str]) -> str:
    """The prompt with an order to confirm robots.txt's leave put as the check it is; unchanged otherwise.
    `names` are the robot's own names ("Confirm MovaBot is allowed to fetch A")."""

    def check(match: re.Match[str]) -> str:
        # The whole sentence is judged: what opens it ("If it is up, verify …") as well as what follows.
        before = re.split(r"[.!?](?:\s|\Z)|\n", match.string[: match.start()])[-1]
        after = re.split(r"[.!?](?:\s|\Z)|\n", match.string[match.end():], maxsplit=1)[0]
        if not _unconditioned(before + match.group(0) + after, refusing):
            return match.group(0)
        return f"{match.group('lead')}{match.group('please') or ''}Check whether {match.group('robots')}"

    text = _robots_order(names).sub(check, prompt)
    if "robots.txt" in text.lower() and re.search(r"check[ \t]+whether[ \t]+robots\.txt", text, re.IGNORECASE):
        text = _crawling(names).sub(lambda m: m.group("verb"), text)
    text = _UNDER.sub(" according to robots.txt", text)
    noted = _own_permission(names).search(text)
    if noted is not None and "://" in text[noted.start(): noted.start("note")]:
        text = text[: noted.start("note")]
    return text


# --- a deadline of the writer's, fronted ---------------------------------------------------------------

# Only before the writer's wish to know a site's sitemaps ("… I want to know which sitemaps A declares"):
# anywhere else the fronted clause is read as written.
# Round 21 (ctx21): or before the writer's wish to know whether a robot may fetch ("… I need to know whether the
# bot is permitted to fetch A"): a robots question, answered whatever the writer does next.
_WANT_TO_KNOW = (
    r"(?=(?:I|we)(?:[ \t]+(?:want|need|would[ \t]+like)|['’]d[ \t]+like)[ \t]+to[ \t]+know[ \t]+"
    r"(?:which[ \t]+sitemaps\b|(?:whether|if)(?:[ \t]+[\w'’-]+){1,3}?[ \t]+(?:is|are)[ \t]+(?:allowed|permitted)[ \t]+to\b))"
)
# "Before I plan anything else, …", "so before we plan the ingest I want …" (at most five plain words).
_FRONTED_BEFORE = re.compile(
    r"(?P<lead>\A|(?<=[.!?])[ \t\n]+|(?<=,)[ \t]+so[ \t]+)before[ \t]+(?P<who>I|we)[ \t]+"
    r"(?P<step>" + _WORD + r"(?:[ \t]+" + _WORD + r"){0,4}?)(?:[ \t]*,[ \t]*|[ \t]+(?=I(?:[ \t]+(?:want|need|would)\b|['’]d\b)))"
    r"(?P<rest>" + _WANT_TO_KNOW + r"(?:[^.!?\n]|[.!?](?=[^\s]))+)(?P<end>[.!?])",
    re.IGNORECASE,
)


def moved_deadline(prompt: str, *, refusing: Collection[str]) -> str:
    """The prompt with a fronted "before I/we …" set after the sentence it opens.

    `refusing`: the negations and condition words (a blocker such as "anything" in "before I plan anything
    else" is the writer's own step; deputy.signals.writers_deadline judges the clause once moved)."""

    def move(match: re.Match[str]) -> str:
        step = [w.lower() for w in re.findall(_WORD, match.group("step"))]
        if any(w in refusing or w in _POINTERS or w in ("you", "your") for w in step):
            return match.group(0)
        rest = match.group("rest").strip()
        lead = match.group("lead")
        opened = rest[:1].upper() + rest[1:] if not lead.strip(" \t\n").lower().startswith("so") else rest
        return f"{lead}{opened} before {match.group('who')} {match.group('step')}{match.group('end')}"

    return _FRONTED_BEFORE.sub(move, prompt)


# --- "I want to know which sitemaps A declares" -----------------------------------------------------------

# The verbs a site's sitemaps are said with, in the third person, and their plain forms.
_SITEMAP_VERBS = {"declares": "declare", "lists": "list", "publishes": "publish", "has": "have",
                  "exposes": "expose", "advertises": "advertise", "names": "name", "references": "reference"}
_WANTED = re.compile(
    r"(?P<lead>\A|(?<=[.!?])[ \t\n]+|,[ \t]+so[ \t]+)(?:I|we)(?:[ \t]+(?:want|need|would[ \t]+like)|['’]d[ \t]+like)"
    r"[ \t]+to[ \t]+know[ \t]+which[ \t]+sitemaps[ \t]+(?P<site>(?:https?://)?[\w.-]+\.[a-z]{2,}(?:/[^\s]*?)?)"
    r"[ \t]+(?P<verb>" + "|".join(_SITEMAP_VERBS) + r")(?P<tail>[ \t]+before[ \t]+(?:I|we)[ \t]+[^.!?\n]*)?"
    r"[ \t]*[.!]?[ \t]*(?=\Z|\n)",
    re.IGNORECASE,
)


def wanted_sitemaps(prompt: str, *, refusing: Collection[str]) -> str:
    """The prompt with a closing "I want to know which sitemaps A declares" put as the question it is.

    `refusing`: the negations and condition words; none may stand in the writer's "before I/we …" step."""
    match = _WANTED.search(prompt)
    if match is None:
        return prompt
    tail = match.group("tail") or ""
    said = [w.lower() for w in re.findall(_WORD, tail)][1:]  # the "before" itself is judged after the parse
    if any(w in refusing or w in _POINTERS or w in ("you", "your") for w in said):
        return prompt
    lead = ". " if match.group("lead").startswith(",") else match.group("lead")
    question = f"Which sitemaps does {match.group('site')} {_SITEMAP_VERBS[match.group('verb').lower()]}{tail}?"
    return prompt[: match.start()] + lead + question + prompt[match.end():]


# --- "fetch A so the writer has …" ----------------------------------------------------------------------

# "so" right after an address and before a determiner or possessive: the purpose "so that …" said short.
_SO_THE = re.compile(
    r"(?P<address>https?://[^\s]+?)(?P<space>,?[ \t]+)so[ \t]+(?=(?:the|our|my|their|his|her|a|an)[ \t]+[a-z])",
    re.IGNORECASE,
)


def so_that(prompt: str) -> str:
    """The prompt with "A so the X …" put as "A so that the X …"; unchanged otherwise."""
    return _SO_THE.sub(lambda m: f"{m.group('address')}{m.group('space')}so that ", prompt)
