""""To plan the art-history project, list the sitemaps of A": a purpose set before the request is the writer's.

An infinitive of purpose fronted before an imperative, and closed by a comma, says why the writer asks;
the small model hangs its verb from the request as an adverbial clause, and the reader refused the
prompt for that verb ("I cannot plan"). Put before the request, the purpose is the writer's own work,
so the phrase is dropped and the request read alone, with every check (round 18).

Only at the start of the prompt or of a sentence; "To" or "In order to" + a verb the reader neither
knows nor refuses (a verb it knows may be a second order: "To check robots.txt, …" is left; a refused
verb is the real problem: "To delete the old copies, fetch A" is left and refused as before), then at
most eight plain words up to the comma: no address (the phrase holds no URL of the prompt), no pronoun
that could be the page ("To cite it, …"), no negation, blocker or condition word. A trailing purpose
("Fetch A to cite it") is left as written.
"""

from __future__ import annotations

import re

from deputy.text.served_purpose import serves_a_person

__all__ = ["fronted_purpose"]

_FRONTED = re.compile(
    r"(?:(?<=\A)|(?<=[.!?][ \t])|(?<=\n))(?P<lead>[ \t]*)(?:in[ \t]+order[ \t]+)?to[ \t]+(?P<verb>[a-z]+)"
    r"(?P<out>[ \t]+out(?=[ \t]+(?:if|whether)\b))?"
    r"(?P<rest>(?:[ \t]+[\w'’-]+){0,8}),[ \t]+(?=[A-Za-z])",
    re.IGNORECASE,
)
# Words that could point at the page the request names: the purpose would then be done to it.
_POINTERS = frozenset({"it", "them", "this", "that", "these", "those", "its", "their"})
# Round 19 (ctx19): "The user is a nurse writing a handout. To support that, please download A": closing a
# purpose that follows a sentence of context, "that"/"this" points back at that context, not ahead at the page.
_BACK_POINTERS = frozenset({"this", "that"})
# Round 19 (ctx19): "To check if the rates moved since last week, download A": a verb of finding out, then
# "if"/"whether", asks the writer's own question about the world; its "if" opens the question, no condition.
# Known verbs among them are taken only so; "To check robots.txt, …" and "To check if A is allowed, …"
# (a question the reader answers) are left.
_INQUIRY = frozenset({"check", "see", "verify", "confirm", "find", "figure", "work", "determine", "learn", "know"})
_ASKED_OF_ME = frozenset({
    "robots", "robots.txt", "sitemap", "sitemaps", "allowed", "permitted", "allow", "allows", "permit", "permits",
    "crawl", "crawling", "crawled", "disallowed", "blocked", "stored", "queue", "fetched", "fetch", "download",
})


# Round 21 (ctx21): "To verify the citation, tell me what you stored from A", "To check the quote, …": a verb of
# checking with its own object, opened by a determiner, is the writer's check of their own work (the citation,
# the figures), which the request serves. Nothing the reader checks may be named there (`_ASKED_OF_ME`, a noun
# for the page), nor any pointer; "To check robots.txt, …" and "To verify the page, …" are left, and so is any
# such purpose before an order that acts (`_ASKING_REQUEST`).
_CHECKING = frozenset({"check", "verify", "confirm", "validate", "double-check", "cross-check", "fact-check"})
_OPENING = frozenset({"the", "a", "an", "our", "my", "some", "his", "her"})
# Only before a request that asks (the answer is read from the store or the queue): before an order that acts,
# who checks stays open ("To check the figure, fetch A" is refused, round 17 narration controls).
_ASKING_REQUEST = re.compile(
    r"(?:please[ \t]+)?(?:(?:tell|show|give)[ \t]+(?:me|us)\b|(?:what|how|which|when|whether|is|are|does|do|did|has|have)\b)",
    re.IGNORECASE,
)


def _checks_own_work(verb: str, said: list[str], referents: frozenset[str] | None) -> bool:
    """Whether "To <check> <the thing>," checks a thing of the writer's that names nothing I answer about."""
    if verb not in _CHECKING or referents is None or len(said) < 2 or said[0] not in _OPENING:
        return False
    return not set(said) & (_ASKED_OF_ME | referents)


# Round 22 (ctx22): "To fill in the spreadsheet, tell me whether MovaBot may fetch A", "To update our tracker,
# what did you get from A?": before a request that only asks, a purpose whose object is the writer's own thing
# (opened by a determiner, naming nothing I answer about) is the writer's next step with my answer, whatever
# its verb; an answer changes nothing, so even a verb I refuse there asks nothing of me. A forbidden verb
# ("To delete the old copies, …") is still left, and before an order that acts every purpose is as before.
_PARTICLES = frozenset({"in", "out", "up", "together", "off"})


def _serves_asking(verb: str, said: list[str], referents: frozenset[str] | None, forbidden: frozenset[str]) -> bool:
    """Whether "To <verb> [in] <the thing> …," names a thing of the writer's that names nothing I answer about."""
    # The checking verbs are `_checks_own_work`'s (round 21), read with its own guards; the two stay apart.
    if verb in forbidden or verb in _CHECKING or referents is None:
        return False
    thing = said[1:] if said[:1] and said[0] in _PARTICLES else said
    if len(thing) < 2 or thing[0] not in _OPENING:
        return False
    return not set(thing) & (_ASKED_OF_ME | referents | _POINTERS)


# Round 23 (ctx23): "To keep our cache fresh, fetch A", "To keep the digest accurate, please grab A": a verb of
# keeping (`words.keeping_verbs`) with the writer's own thing, opened by a determiner, and a state it should
# stay in (`words.kept_states`: "fresh", "up to date") says why the writer wants the page; keeping the thing
# is what the request does, never a second act. "stay"/"remain" put the state first ("To stay current on the
# strikes, …"). No pointer ("To keep it fresh, …"), nothing I answer about, and the phrase's other checks
# (negation, condition, refused word, address) hold as for every purpose.
# The thing kept is a short noun phrase ("our local copy"): its nouns may spell a refused verb ("mirror",
# "copy"), which a joined second purpose could not ("To keep things fresh and delete the old pages, …").
_JOINS = frozenset({"and", "or", "then", "but", "plus"})
_THING_WORDS = 3
# "To stay current on the strikes, …" puts the state first; every other verb of keeping puts the thing first.
# Round 24 (ctx24): "To have the source offline, please fetch A", "To get the guidelines handy, …", "To have a
# copy on file, …": having the writer's thing in a state of use (`words.kept_states`: "offline", "at hand",
# "on file") is what the request's copy gives them, read as "To keep …" with the same guards.
_STATE_FIRST = frozenset({"stay", "remain"})


def _keeps_state(verb: str, said: list[str], keeping: frozenset[str], states: tuple[str, ...]) -> bool:
    """Whether "To keep <the thing> <state>," or "To stay <state> …," keeps the writer's own thing as it is."""
    if verb not in keeping or not states:
        return False
    words_said = " ".join(said)
    if verb in _STATE_FIRST:
        return any(words_said == s or words_said.startswith(s + " ") for s in states)
    if len(said) < 3 or said[0] not in _OPENING or set(said) & (_ASKED_OF_ME | _POINTERS | _JOINS):
        return False
    # The state closes the phrase and leaves one to three words of the thing after the determiner.
    return any(words_said.endswith(" " + s) and 1 <= len(said) - 1 - len(s.split()) <= _THING_WORDS for s in states)


def _contracted_not(word: str) -> bool:
    """"don't", "isn't", "won’t": a negation the word split above keeps inside its verb."""
    return word.endswith(("n't", "n’t"))


def _determines(said: list[str], index: int, referents: frozenset[str] | None) -> bool:
    """Whether "this"/"that"/"these"/"those" stands before a noun that cannot name the page ("this research")."""
    if referents is None or said[index] not in _BACK_POINTERS | {"these", "those"} or index + 1 >= len(said):
        return False
    following = said[index + 1]
    return following not in referents and following not in _POINTERS and not following.startswith(("http", "www."))


def fronted_purpose(prompt: str, *, known: frozenset[str], refused: frozenset[str], refusing: frozenset[str],
                    turning: frozenset[str] | None = None, referents: frozenset[str] | None = None,
                    forbidden: frozenset[str] = frozenset(), keeping: frozenset[str] = frozenset(),
                    states: tuple[str, ...] = (), serving: frozenset[str] = frozenset()) -> str:
    """The prompt without a fronted "To V …," purpose of the writer's; anything else unchanged.

    `known`: verbs the reader reads (left: they may be a second order); `refused`: verbs it refuses;
    `refusing`: negations, blockers and condition words (a phrase holding one is left as written);
    `turning`: the negations and condition words alone: inside the writer's own question ("To check if the
    rates moved since last week, …") a blocker such as "week" dates that question and widens nothing;
    `referents`: nouns that may name the page ("page", "link"): "To support this research, …" has "this"
    before another noun, so it points at the research, while "To cite this page, …" is left;
    `forbidden`: verbs never dropped even before a request that only asks ("To delete …");
    `keeping`, `states`: verbs of keeping and the states a thing is kept in ("To keep our cache fresh, …");
    `serving`: verbs of serving a person ("To give them current prices, …", deputy.text.served_purpose)."""

    def drop(match: re.Match[str]) -> str:
        verb = match.group("verb").lower()
        said = [w.lower() for w in re.findall(r"[\w'’-]+", match.group("rest"))]
        # "To make sure (that) we have the latest version, …": a purpose about the world, as "to check if".
        sure = verb == "make" and said[:1] == ["sure"]
        opened = said[:1] in (["if"], ["whether"]) or sure
        inquiry = (verb in _INQUIRY or sure) and opened and not set(said) & _ASKED_OF_ME
        if match.group("out") and not inquiry:
            return match.group(0)
        asking = _ASKING_REQUEST.match(match.string, match.end()) is not None
        checked = asking and (_checks_own_work(verb, said, referents) or _serves_asking(verb, said, referents, forbidden))
        kept = verb not in forbidden and _keeps_state(verb, said, keeping, states)
        # Round 25 (ctx25): the person served is no pointer at the page ("To help them, …").
        served = not inquiry and verb not in forbidden and serves_a_person(verb, said, serving)
        if not inquiry and not checked and not kept and not served and (
                verb in known or verb in refused or verb in refusing):
            return match.group(0)
        asked = said[1:] if inquiry else said
        if sure and asked[:1] == ["that"]:
            asked = asked[1:]
        # Only after a sentence of context, and only as its last word, may "that"/"this" point back.
        back = match.start() > 0 and said[-1:] and said[-1] in _BACK_POINTERS
        stops = refusing if not inquiry or turning is None else turning
        if any((w in _POINTERS and not (back and i == len(asked) - 1) and not _determines(asked, i, referents)
                and not (served and i == 0))
               or w in stops or (w in refused and not kept) or w.startswith(("http", "www.")) or _contracted_not(w)
               or (served and (w in _ASKED_OF_ME or (referents is not None and w in referents)))
               for i, w in enumerate(asked)):
            return match.group(0)
        return match.group("lead")

    return _FRONTED.sub(drop, prompt)
