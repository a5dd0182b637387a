"""Word orders the small model misparses, put in the usual order before parsing.

- A permission question whose subject is the action itself: "Is crawling A permitted?". The model
  hangs the address from the permission word, so it falls outside the action; "Is it permitted to
  crawl A?" parses as the permission question it is. The gerund must be the "-ing" form of a verb
  the reader knows, a permission word must follow the address, and the question must open its
  sentence with "is" or "was" right before the gerund.
- A verb done again: "re-fetch A", "refetch A" is "fetch A".
- A hypothetical past in a hedge: "It would help if you fetched A" is "… if you could fetch A",
  which the hedge frames then read as "please" (this one runs before them).
- A wish with the address before a participle: "My user would like A fetched", "I am needing the
  page A downloaded". The model reads the address as the participle's subject; "… would like you
  to fetch A" is the wish in the order the reader knows (and then every check of a wish applies:
  who wishes, in which tense, with which negation). The wish verb is one of a few in the present,
  the participle the past participle of a verb the reader knows.

- An agent's narration of its next step, where a request starts: "I'll start by fetching A", "Going
  to grab A", "Calling fetch on A now.", "Fetching the migration guide: A" are "let me fetch A",
  which the hedge frames then read as "please" with every check a request gets. Only a verb that
  acts, and only the narrator's own step ("I'll", "going to"; never "we", "they", a negation or a past).

- A permission question in the passive: "Is A allowed to be crawled by us?" is "Is it allowed to
  crawl A?"; an agent other than us/me/you ("… by the intern") leaves it as written.
- An address put first in chat: "👉 A please fetch" is "please fetch A". Only a prompt of one
  address, then "please" and a verb the reader knows, with "it"/"that" at most: anything else after
  the verb ("… if it changed") leaves it as written.

Closed lists only; anything else ("Is fetching A not allowed?", an unknown verb, "I wanted A
fetched") is left as written, and a negation before a wish stays with it ("I don't want you to
fetch A" still refuses). Pure text work over the pieces between protected items; knows no
capability.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import cache

from deputy.protect import ItemKind, Protected

__all__ = [
    "again_verbs", "agent_forms", "fronted_addresses", "gerund_forms", "got_participles", "narrated_steps",
    "participle_forms", "permission_gerunds", "permission_passives", "reorder",
    "subjunctive_hedges", "wished_participles",
]

# Words that ask for leave when they follow "is <gerund> A": "Is fetching A allowed?".
_PERMISSIONS = ("allowed", "permitted", "ok", "okay", "alright", "fine", "permissible", "legal", "acceptable")
# The question opens its sentence (or follows a comma: "Hey, is fetching A allowed?"); "What is
# fetching A allowed to do?" asks something else and is left alone.
_BEFORE = re.compile(r"(?:\A|(?<=[.!?:;,\n—–(]))[ \t]*(?P<aux>is|was)\s+(?P<ger>[a-z]+ing)\s+\Z", re.IGNORECASE)
_AFTER = re.compile(r"\A\s*(?P<perm>" + "|".join(_PERMISSIONS) + r")\b", re.IGNORECASE)
_VOWELS = frozenset("aeiou")
# "Is A allowed to be crawled by us?": the question opens its sentence right before the address.
_PASSIVE_BEFORE = re.compile(r"(?:\A|(?<=[.!?:;,\n—–(]))[ \t]*(?P<aux>is|was)\s+\Z", re.IGNORECASE)
_PASSIVE_AFTER = re.compile(
    r"\A\s*(?P<perm>allowed|permitted)\s+to\s+be\s+(?P<part>[a-z]+)(?:\s+by\s+(?:us|me|you))?(?=\s*[?.!]|\s*\Z)",
    re.IGNORECASE,
)
# A wish in the present, then perhaps a noun for the address: "would like A fetched", "am needing
# the page A downloaded". A past wish ("wanted") or one with a negation before it is left alone.
_WISH = re.compile(
    r"(?<![\w'])(?P<wish>(?:would|'d|’d)\s+(?:like|love)|wants?|needs?|(?:am|is|are)\s+needing)\s+"
    r"(?P<noun>(?:the|this|that)\s+(?:page|site|website|url|link|file|document|article|post)\s+)?\Z",
    re.IGNORECASE,
)
_PARTICIPLE = re.compile(r"\A\s*(?P<part>[a-z]+)\b", re.IGNORECASE)
# "re-fetch", "Re-crawl", "refetch": the prefix of doing again, before a verb.
_AGAIN = re.compile(r"(?<![\w'’-])[Rr]e(?P<hyphen>-?)(?P<verb>[a-z]{3,})\b(?!-)")
_JOINED_AGAIN = frozenset({"fetch", "download", "crawl", "scrape"})
_AGENT = re.compile(r"\s+by\b", re.IGNORECASE)
_IRREGULAR_PARTICIPLES = {"get": ("got", "gotten")}


@cache
def gerund_forms(verbs: frozenset[str]) -> Mapping[str, str]:
    """Each known verb's "-ing" forms, mapped back to the verb: fetching → fetch, scraping → scrape,
    grabbing → grab. Spelling rules only; a form two verbs share keeps the first in sorted order."""
    forms: dict[str, str] = {}
    for verb in sorted(verbs):
        if not verb.isalpha() or len(verb) < 2:
            continue
        candidates = [verb + "ing"]
        if verb.endswith("e") and not verb.endswith(("ee", "ye", "oe")):
            candidates.append(verb[:-1] + "ing")
        if len(verb) >= 3 and verb[-1] not in _VOWELS | {"w", "x", "y"} and verb[-2] in _VOWELS and verb[-3] not in _VOWELS:
            candidates.append(verb + verb[-1] + "ing")
        for form in candidates:
            forms.setdefault(form, verb)
    return forms


@cache
def agent_forms(verbs: frozenset[str]) -> Mapping[str, str]:
    """Each known verb and the noun of its doer, mapped back to the verb: fetch → fetch, downloader →
    download, scraper → scrape (a tool an agent calls by name). Spelling rules only."""
    forms: dict[str, str] = {}
    for verb in sorted(verbs):
        if not verb.isalpha() or len(verb) < 2:
            continue
        forms.setdefault(verb, verb)
        forms.setdefault(verb + "r" if verb.endswith("e") else verb + "er", verb)
    return forms


# A hedge whose verb is in the past because it is hypothetical: "It would help if you fetched A",
# "I'd appreciate it if you grabbed A". Only after a word of thanks or help: "if you fetched A,
# fetch B" is the condition it looks like.
_SUBJUNCTIVE = re.compile(
    # "It would help a lot if you fetched A": "a lot" only says how much (round 14).
    # Round 28 (voice28): "I think it would be useful if you downloaded A" as "… helpful if you …".
    r"(?<![\w'])(?P<hedge>appreciate\s+it|help(?:\s+a\s+lot)?|great|nice|helpful|useful|grateful|thankful|glad|happy|obliged)"
    r"\s+if\s+you\s+(?P<past>[a-z]+)\b(?=\s)",
    re.IGNORECASE,
)


# The narrator's next step: "I'll fetch", "I'm going to start by fetching", "Going to grab", "First I'll
# download". The verb (or the gerund after "start by") must be one that acts.
_NARRATED = re.compile(
    r"(?<![\w'’])(?P<frame>(?:first[ \t]+)?(?:I['’]ll|I[ \t]+will|I['’]m[ \t]+going[ \t]+to|I[ \t]+am[ \t]+going[ \t]+to"
    r"|going[ \t]+to|I['’]m[ \t]+gonna|gonna)[ \t]+(?:first[ \t]+)?)"
    r"(?:(?:start|begin)[ \t]+(?:by|with)[ \t]+(?P<ger>[a-z]+ing)|(?P<verb>[a-z]+))\b(?=[ \t]|\Z)",
    re.IGNORECASE,
)
# A call of the agent's own tool right before the address: "Calling fetch on A", "Calling the download tool on A",
# "Calling the downloader: A", "Calling the fetch tool: A" (a colon only after a tool's name: "Calling fetch: A" too).
_CALLED = re.compile(
    r"(?<![\w'’])(?P<frame>(?:I['’]m[ \t]+|I[ \t]+am[ \t]+|now[ \t]+)?calling[ \t]+(?:the[ \t]+)?)(?P<verb>[a-z]+)"
    r"(?:[ \t]+(?:tool|function|capability|command|action))?(?:[ \t]+(?:on|with|for)|[ \t]*:)[ \t]*\Z",
    re.IGNORECASE,
)
# A purpose told before the narrated step, the sentence's own: "To verify the citation, I'm going to download A".
_FRONTED_PURPOSE = re.compile(r"(?:\A|(?<=[.!?;:—–(\n]))[ \t]*to[ \t]+[a-z]+\b[^.!?;:—–(\n]*,[ \t]*\Z", re.IGNORECASE)
# The narrator's later step joined to the first step of a plan: "I'll start by fetching A and then write
# up the findings" is "… A. Then I'll write up the findings" (the subject is still the narrator's). Only
# after "start by"/"begin by": "I'll fetch A and then post the highlights" may hand over both.
_NARRATED_NEXT = re.compile(r"\A[ \t]*,?[ \t]*and[ \t]+then[ \t]+(?=[a-z]+\b)(?!(?:I|we|you)\b)", re.IGNORECASE)
# A heading of what the narrator does next, its colon right before the address: "Fetching the migration
# guide: A", "Downloading the spec now: A"; or the gerund right before it, the sentence ending there
# ("Fetching A now.").
_GERUND_HEADING = re.compile(r"(?P<ger>[a-z]+ing)\b(?P<rest>[^.!?:;\n]*:[ \t]*|[ \t]*)\Z", re.IGNORECASE)
_ENDS_SENTENCE = re.compile(r"\A[ \t]*(?:now|next|first)?[ \t]*(?:[.!]+(?=\s|\Z)|\n|\Z)", re.IGNORECASE)
# The narrator's own later step after a request: "fetch A, then I'll read it myself" is two sentences,
# the second the writer's plan (read as context, with every check context gets).
_OWN_NEXT = re.compile(r"(?:[ \t]*[,;][ \t]*(?:and[ \t]+)?|\A[ \t]+and[ \t]+)then[ \t]+(?=(?:I|we)(?:['’]ll|[ \t]+will)[ \t])", re.IGNORECASE)
# Where a narrated step may start: the prompt's start or a sentence mark, then only words of sequence.
_STEP_BOUNDARY = re.compile(r"[.!?;:—–(\n]")
_SEQUENCE_WORDS = frozenset({"first", "next", "then", "now", "so", "ok", "okay", "alright", "right", "and", "plan"})


def narrated_steps(protected: Protected, actions: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with the narrator's own next step ("I'll start by fetching A", "Calling fetch on A",
    "Fetching the docs: A") put as "let me fetch A", which the hedge frames read where a request starts.

    Only a verb of `actions`, at the start of the prompt or of a sentence (after words of sequence at
    most: "Plan: first I'll grab A"); anything else ("The site is going to change", "We'll fetch A",
    "I won't fetch A", "Not calling fetch on A yet") is left as written.
    """
    acting = frozenset(actions)
    if not acting:
        return protected, ()
    gerunds = gerund_forms(acting)
    agents = agent_forms(acting)
    rewrites: list[str] = []
    pieces = list(protected.pieces)

    def opens_step(text: str, index: int) -> bool:
        marks = list(_STEP_BOUNDARY.finditer(text))
        if not marks and index > 0:
            return False  # right after an address: no sentence starts here
        lead = text[marks[-1].end():] if marks else text
        if _FRONTED_PURPOSE.match(lead):
            return True  # "To verify the citation, I'm going to download A": the narrator's own purpose first
        return all(word.lower() in _SEQUENCE_WORDS for word in re.findall(r"[\w'’]+", lead))

    stepped = False  # the piece before held the first step of a narrated plan ("I'll start by fetching")
    planned: list[int] = []
    for index, piece in enumerate(pieces):
        if stepped and _NARRATED_NEXT.match(piece):
            piece = _NARRATED_NEXT.sub(". Then I'll ", piece, count=1)
            rewrites.append("and then → . Then I'll")
        before = len(rewrites)
        def narrated(match: re.Match[str], piece: str = piece, index: int = index) -> str:
            verb = gerunds.get(match.group("ger").lower()) if match.group("ger") else match.group("verb").lower()
            if verb not in acting or not opens_step(piece[: match.start()], index):
                return match.group(0)
            rewrites.append(f"{' '.join(match.group(0).split())} → let me {verb}")
            if match.group("ger"):
                planned.append(index)
            return f"let me {verb}"

        piece = _NARRATED.sub(narrated, piece)
        fronted = _FRONTED_PURPOSE.search(piece[: piece.rfind("let me")]) if len(rewrites) > before else None
        if fronted is not None and index + 1 < len(pieces) and re.search(r"let me [a-z]+[ \t]*\Z", piece) \
                and re.match(r"[ \t]*(?:[.!]|\Z)", pieces[index + 1]):
            # "To verify X, I'm going to download A." is "let me download A to verify X.": the purpose
            # follows the step, where a frame can open it and the narrator's purpose is read as such.
            purpose = fronted.group(0).strip().rstrip(",").strip()
            piece = piece[: fronted.start()] + piece[fronted.end():]
            pieces[index + 1] = " " + purpose[0].lower() + purpose[1:] + pieces[index + 1]
            rewrites.append(f"{purpose}, … → … {purpose[0].lower() + purpose[1:]}")
        if index + 1 < len(pieces):
            called = _CALLED.search(piece)
            tool = agents.get(called.group("verb").lower()) if called is not None else None
            if called is not None and tool in acting and opens_step(piece[: called.start()], index):
                rewrites.append(f"{' '.join(called.group(0).split())} → let me {tool}")
                piece = piece[: called.start()] + f"let me {tool} "
            heading = _GERUND_HEADING.search(piece)
            if heading is not None:
                verb = gerunds.get(heading.group("ger").lower())
                colon = ":" in heading.group("rest")
                if (verb in acting and opens_step(piece[: heading.start()], index)
                        and (colon or _ENDS_SENTENCE.match(pieces[index + 1]))):
                    rewrites.append(f"{heading.group('ger')} → let me {verb}")
                    piece = piece[: heading.start()] + f"let me {verb}{heading.group('rest')}"
        # The step runs on to the next address when nothing ends its sentence between ("let me fetch A and then …").
        stepped = bool(planned) and planned[-1] == index and not _STEP_BOUNDARY.search(piece[piece.rfind("let me"):])
        if index > 0 and _OWN_NEXT.search(piece):
            piece = _OWN_NEXT.sub(". Then ", piece)
            rewrites.append(", then I'll → . Then I'll")
        pieces[index] = piece
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=tuple(pieces), items=protected.items), tuple(rewrites)


def subjunctive_hedges(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "… would help if you fetched" put as "… would help if you could fetch", the
    form the hedge frames know; a verb the reader does not know is left in the past."""
    forms = participle_forms(frozenset(verbs))
    rewrites: list[str] = []

    def present(match: re.Match[str]) -> str:
        verb = forms.get(match.group("past").lower())
        if verb is None:
            return match.group(0)
        rewrites.append(f"if you {match.group('past')} → if you could {verb}")
        return f"{match.group('hedge')} if you could {verb}"

    pieces = tuple(_SUBJUNCTIVE.sub(present, piece) for piece in protected.pieces)
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=pieces, items=protected.items), tuple(rewrites)


@cache
def participle_forms(verbs: frozenset[str]) -> Mapping[str, str]:
    """Each known verb's past participles, mapped back to the verb: fetched → fetch, saved → save,
    grabbed → grab, got → get. Spelling rules and a few irregular verbs only."""
    forms: dict[str, str] = {}
    for verb in sorted(verbs):
        if not verb.isalpha() or len(verb) < 2:
            continue
        candidates = [verb + "d" if verb.endswith("e") else verb + "ed", *_IRREGULAR_PARTICIPLES.get(verb, ())]
        if verb.endswith("y") and len(verb) >= 3 and verb[-2] not in _VOWELS:
            candidates.append(verb[:-1] + "ied")
        if len(verb) >= 3 and verb[-1] not in _VOWELS | {"w", "x", "y"} and verb[-2] in _VOWELS and verb[-3] not in _VOWELS:
            candidates.append(verb + verb[-1] + "ed")
        for form in candidates:
            forms.setdefault(form, verb)
    return forms


def reorder(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The reorderings, in turn; what was rewritten is returned for the skeleton."""
    known = frozenset(verbs)
    ordered, first = again_verbs(protected, known)
    ordered, second = permission_gerunds(ordered, known)
    ordered, third = wished_participles(ordered, known)
    ordered, fourth = permission_passives(ordered, known)
    ordered, fifth = got_participles(ordered, known)
    ordered, sixth = fronted_addresses(ordered, known)
    return ordered, first + second + third + fourth + fifth + sixth


# "Have we got A stored?": the question opens its sentence; the participle ends it.
_GOT_BEFORE = re.compile(r"(?:\A|(?<=[.!?:;,\n—–(]))[ \t]*(?P<aux>have|has)\s+(?P<subj>we|you)\s+got\s+\Z", re.IGNORECASE)
_GOT_AFTER = re.compile(r"\A\s*(?P<part>[a-z]+)(?=\s*\?)", re.IGNORECASE)


def got_participles(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """"Have we got A stored?" put as "Have we stored A?": the model reads A as the participle's subject.
    Only a question (a question mark right after the participle) with "we" or "you", and a participle
    of a verb the reader knows."""
    forms = participle_forms(frozenset(verbs))

    def turn(before_text: str, after_text: str) -> tuple[str, str, str] | None:
        before = _GOT_BEFORE.search(before_text)
        after = _GOT_AFTER.match(after_text)
        if before is None or after is None or after.group("part").lower() not in forms:
            return None
        aux, subj, part = before.group("aux"), before.group("subj"), after.group("part")
        return (before_text[: before.start("aux")] + f"{aux} {subj} {part} ", after_text[after.end():],
                f"{aux} {subj} got … {part} → {aux} {subj} {part} …")

    return _around_addresses(protected, turn)


# "A please fetch", "A — fetch that please": the one address first, then only "please" and a verb
# (with a pronoun for the address at most). "please" must be there: without it ("A fetched", "A fetch")
# nothing says a request was made.
_FRONTED_BEFORE = re.compile(r"\A[\s,:;—–-]*\Z")
_FRONTED_AFTER = re.compile(
    r"\A[\s,:;—–-]*(?P<lead>(?:please|kindly)\s+)?(?P<verb>[a-z]+)(?:\s+(?:it|that|this|one))?"
    r"(?P<tail>\s*,?\s*please)?\s*[.!]*\s*\Z",
    re.IGNORECASE,
)


def fronted_addresses(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """"👉 A please fetch" put as "please fetch A": a prompt of one address, then "please" and a verb
    the reader knows. Anything else after the verb ("A please fetch if it changed") leaves it as written."""
    known = frozenset(verbs)
    if len(protected.items) != 1 or protected.items[0].kind is not ItemKind.ADDRESS:
        return protected, ()

    def turn(before_text: str, after_text: str) -> tuple[str, str, str] | None:
        after = _FRONTED_AFTER.match(after_text)
        if _FRONTED_BEFORE.match(before_text) is None or after is None:
            return None
        verb = after.group("verb").lower()
        if verb not in known or not (after.group("lead") or after.group("tail")):
            return None
        return f"please {verb} ", "", f"A {' '.join(after_text.split())} → please {verb} A"

    return _around_addresses(protected, turn)


def permission_passives(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """"Is A allowed to be crawled (by us)?" put as "Is it allowed to crawl A?": the model reads the
    passive infinitive as a second action. Only with "us", "me" or "you" (or no one) as the agent:
    "… by the intern" asks about someone else and is left as written."""
    forms = participle_forms(frozenset(verbs))

    def turn(before_text: str, after_text: str) -> tuple[str, str, str] | None:
        before = _PASSIVE_BEFORE.search(before_text)
        after = _PASSIVE_AFTER.match(after_text)
        if before is None or after is None:
            return None
        verb = forms.get(after.group("part").lower())
        if verb is None:
            return None
        aux, perm = before.group("aux"), after.group("perm").lower()
        return (before_text[: before.start("aux")] + f"{aux} it {perm} to {verb} ", after_text[after.end():],
                f"{aux} … {perm} to be {after.group('part')} → {aux} it {perm} to {verb} …")

    return _around_addresses(protected, turn)


def again_verbs(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """"re-fetch A", "Re-download A", "refetch A": a known verb done again is that verb (a fetch
    always gets the page anew). Hyphenated for any known verb ("re-send" is then refused as "send");
    joined only for a few verbs, since a joined "re" makes other words ("restore", "recollect")."""
    known = frozenset(verbs)
    rewrites: list[str] = []

    def plain(match: re.Match[str]) -> str:
        verb = match.group("verb").lower()
        if verb not in known or (not match.group("hyphen") and verb not in _JOINED_AGAIN):
            return match.group(0)
        rewrites.append(f"{match.group(0)} → {verb}")
        return verb.capitalize() if match.group(0)[0].isupper() else verb

    pieces = tuple(_AGAIN.sub(plain, piece) for piece in protected.pieces)
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=pieces, items=protected.items), tuple(rewrites)


def wished_participles(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each "would like A fetched" put as "would like you to fetch A"."""
    forms = participle_forms(frozenset(verbs))

    def turn(before_text: str, after_text: str) -> tuple[str, str, str] | None:
        wish = _WISH.search(before_text)
        after = _PARTICIPLE.match(after_text)
        if wish is None or after is None:
            return None
        verb = forms.get(after.group("part").lower())
        if verb is None or _AGENT.match(after_text, after.end()):
            return None  # "I'd like A fetched by the team": someone else is to do it
        noun = wish.group("noun") or ""
        return (before_text[: wish.start()] + f"{wish.group('wish')} you to {verb} {noun}", after_text[after.end():],
                f"{' '.join(wish.group('wish').split())} … {after.group('part')} → you to {verb} …")

    return _around_addresses(protected, turn)


def permission_gerunds(protected: Protected, verbs: Iterable[str]) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with each "is <gerund> A <permission>" put in the usual order, and what was rewritten."""
    forms = gerund_forms(frozenset(verbs))

    def turn(before_text: str, after_text: str) -> tuple[str, str, str] | None:
        before = _BEFORE.search(before_text)
        after = _AFTER.match(after_text)
        if before is None or after is None:
            return None
        verb = forms.get(before.group("ger").lower())
        if verb is None:
            return None
        aux, perm = before.group("aux"), after.group("perm")
        return (before_text[: before.start("aux")] + f"{aux} it {perm.lower()} to {verb} ", after_text[after.end():],
                f"{aux} {before.group('ger')} … {perm} → {aux} it {perm.lower()} to {verb} …")

    return _around_addresses(protected, turn)


def _around_addresses(
    protected: Protected, turn: Callable[[str, str], tuple[str, str, str] | None]
) -> tuple[Protected, tuple[str, ...]]:
    """Puts the words on both sides of each protected address in order with `turn(before, after)`,
    which gives the new words and what was rewritten, or None to leave them; left to right, so a
    piece rewritten after one address is what the next one sees before it."""
    pieces = list(protected.pieces)
    rewrites: list[str] = []
    for index in range(len(pieces) - 1):
        turned = turn(pieces[index], pieces[index + 1])
        if turned is not None:
            pieces[index], pieces[index + 1], rewritten = turned
            rewrites.append(rewritten)
    if not rewrites:
        return protected, ()
    return Protected(prompt=protected.prompt, pieces=tuple(pieces), items=protected.items), tuple(rewrites)
