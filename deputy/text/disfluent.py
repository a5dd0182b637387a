"""Spoken disfluencies: "fetch A uh no wait I meant B yeah that one" is "fetch B".

People dictating to an agent (and agents pasting them) fill their requests with hesitations ("um",
"uh", "lol"), close them with tails that add nothing ("… and yeah that's it", "… I think"), run a
context clause straight into the request ("the first one is A and the second one is B fetch both of
those"), and correct themselves ("fetch A uh no wait I meant B"). Each is read here from closed lists
of the vocabulary (`words.disfluencies`, `words.closing_tails`, `words.self_corrections`) as whole
words, never inside an address, and never guessed: a word that could be the verb, a negation or a
condition is on no list (deputy.teaching.relaxations checks it), so what is dropped never changes
whether the prompt refuses. A self-correction drops the address it takes back, so that address is
never acted on. Pure text work, before the parse; knows no capability.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import cache

from deputy.text.relayed import endorses
from deputy.protect import ItemKind, protect

__all__ = ["pronoun_spellings", "unclefted", "undisfluent"]

# Not inside a longer word, an address, a path or a dotted name.
_BEFORE = r"(?<![\w'’./@:#-])"
_AFTER = r"(?![\w'’/@-]|\.\w)"
# What a run-on request's verb may take right after it: a pronoun that points back at the addresses.
_BACK_POINTERS = (
    "both of those", "both of these", "both of them", "all of those", "all of these", "all of them",
    "them both", "them all", "both", "it", "them", "those", "these", "that", "this", "that one", "this one",
)
# The chat spellings read here already, before the other text passes: those that stand for a pronoun or
# hold one ("u" → "you", "gimme" → "give me"), since those passes find their frames by the pronoun ("the
# text you saved from A"). The rest of the list is read where it always was (deputy.rewrite).
_PRONOUNS = frozenset({"you", "your", "me", "my"})
# "how many pages have we got stored like in total": a spoken "like" right before a word of amount only
# softens it (as before a time, deputy.text.spoken). Before anything else ("like the last one") it stays.
_LIKE_AMOUNT = re.compile(
    r"(?<=[ \t])like[ \t]+(?=(?:in[ \t]+total|altogether|overall|all[ \t]+told|so[ \t]+far)\b)", re.IGNORECASE
)
# "I was looking at the strikes thing and um I need you to download A": a spoken account run into the
# request with "and". The request opens with one of these frames, and the account before it holds no
# address, so it is set off as a sentence of context (and read as such: a condition there still refuses).
_REQUEST_OPENINGS = (
    "I need you to", "I want you to", "I'd like you to", "I would like you to", "can you", "could you",
    "would you", "please",
)
# "read me back the text you saved for A": a spoken "back" after "read" only asks to hear it again.
# Round 26 (voice26): "read me out", "read out", "read us aloud" ask the same: to hear it.
_READ_BACK = re.compile(
    r"\b(read(?:[ \t]+(?:me|us))?)[ \t]+(?:back|out[ \t]+loud|out|aloud)\b(?![ \t]+(?:from|to|in|on|at|of)\b)",
    re.IGNORECASE,
)
# "what I need is the page at A downloaded": a spoken pseudo-cleft at the start says "I need …". With "for
# you to" it is a hedge frame of the vocabulary already, and stays for that list to read.
# Round 22 (voice22): "the thing I wanted was the text you saved from A": the same cleft with "the thing" for
# "what" and in the past ("wanted was" is the speaker's "want" now, as "what I wanted was" is read today).
_CLEFT = re.compile(
    r"\A(?:so[ \t]+)?(?:what|the[ \t]+(?:one[ \t]+)?thing)[ \t]+(I|we)[ \t]+"
    r"(need|want|['’]d[ \t]+like|would[ \t]+like|needed|wanted)[ \t]+(?:is|was)[ \t]+(?!for[ \t]+you\b)",
    re.IGNORECASE,
)
# The past of the cleft's verb is the speaker's wish now: "the thing I wanted was A" is "I want A".
_PRESENT = {"needed": "need", "wanted": "want"}
# "so you fetched A at some point right when was that": a spoken statement of what I did, the tag "right",
# and a question about "that". It asks what "when did you fetch A at some point?" asks. The past forms are
# a closed table (a verb off it, or a negated one, is read as written).
_DONE = {"fetched": "fetch", "downloaded": "download", "saved": "save", "stored": "store", "grabbed": "grab",
         "archived": "archive", "pulled": "pull"}
_CONFIRMED = re.compile(
    r"\A(?:so[ \t]+)?(you|we)[ \t]+(?:already[ \t]+)?(" + "|".join(_DONE) + r")[ \t]+(\S+)([^,?.!\n]*?)"
    r"[ \t]*,?[ \t]+right[ \t]*[?,]*[ \t]+when[ \t]+was[ \t]+(?:that|it)[ \t]*\??[ \t]*\Z",
    re.IGNORECASE,
)
# "check the robots thing for A whether we're allowed": the "whether" clause only restates the check, and
# "thing" after "robots" is a spoken placeholder. Only "whether" (never the condition word "if"), only at
# the end, and only after a robots check.
_ROBOTS_WHETHER = re.compile(
    r"\A(check[ \t]+(?:the[ \t]+)?robots(?:\.txt)?)(?:[ \t]+(?:thing|stuff))?([ \t]+(?:for|on)[ \t]+)(\S+)"
    r"[ \t]*,?[ \t]+whether[ \t]+(?:we['’]?re|we[ \t]+are|you['’]?re|you[ \t]+are|I['’]?m|I[ \t]+am)[ \t]+allowed"
    r"(?:[ \t]+or[ \t]+not)?[ \t]*[.?]*[ \t]*\Z",
    re.IGNORECASE,
)
# "so A yeah that one grab it": words that only point again at the address just said, dropped when a run-on
# request follows them (nowhere else: "fetch that one" keeps its object).
_POINTED_AGAIN = ("yeah that one", "yes that one", "that one", "this one", "that's the one", "yeah that's the one")
# "the one I mentioned A go ahead and fetch that one", "the better one is A so fetch that one": spoken
# lead-ins that may open the run-on request. They stay in the request (its parse reads them as it reads
# "go ahead and fetch A"); only where the new sentence starts moves before them. None negates or conditions.
_RUN_ON_LEAD_INS = ("just go ahead and", "go ahead and", "so go ahead and", "so just", "so please", "just", "please",
                    "so")
_POINTER_STARTS = frozenset(phrase.split()[0] for phrase in _BACK_POINTERS)
# "fetch A and um actually also uh you know what never mind just that first one": a speaker starts to add a
# second item, names none, and takes the addition back, keeping the first. Only at the very end, only when
# the keeping words ("just that first one") follow the take-back, and only after the prompt's one address
# (deputy.text.disfluent._taken_back): "… and also B never mind" or a bare "never mind" is read as written.
_TAKEN_BACK = re.compile(
    r"(?<=\S)[ \t]*,?[ \t]+and[ \t]+(?:actually[ \t]+)?also[ \t]*,?[ \t]+(?:you[ \t]+know[ \t]+what[ \t]*,?[ \t]+)?"
    r"(?:actually[ \t]+)?(?:never[ \t]*mind|scratch[ \t]+that|forget[ \t]+(?:it|that))[ \t]*,?[ \t]+"
    r"(?:just|only)[ \t]+(?:that|the)[ \t]+(?:first[ \t]+)?one[ \t]*[.!]*[ \t]*\Z",
    re.IGNORECASE,
)
# An auxiliary right before a tail closed by "?" makes the tail's words a question ("do you know?").
_ASKING_AUX = re.compile(r"\b(?:do|does|did|can|could|would|will|is|are|was|were|have|has)[ \t]*\Z", re.IGNORECASE)
_MAX_TAILS = 3  # "… yeah that one I think": a few tails in a row, never a loop over the whole prompt


def _phrases(words: Collection[str]) -> str:
    ordered = sorted(words, key=len, reverse=True)  # "and yeah that's it" before "that's it"
    # "that's", "that’s" and "thats" alike: the apostrophe is written all three ways in chat.
    return "|".join(
        r"[ \t]+".join(re.escape(w).replace("'", "['’]?") for w in phrase.split()) for phrase in ordered
    )


@cache
def _filler(words: frozenset[str]) -> re.Pattern[str] | None:
    if not words:
        return None
    # The hesitation with a comma or dots after it: "uh, fetch A", "um… B".
    return re.compile(_BEFORE + r"(?:" + _phrases(words) + r")" + _AFTER + r"[ \t]*[,…]*(?:\.\.\.)?",
                      re.IGNORECASE)


@cache
def _tail(tails: tuple[str, ...]) -> re.Pattern[str] | None:
    if not tails:
        return None
    # Only at the very end, after a word or an address, and with its own stops: "…, and that's it.", and
    # after a dash or a semicolon too ("fetch A — go ahead", round 19).
    # Round 23 (voice23): before a question mark too ("how many pages have we got from A, like roughly?"),
    # which stays: the question is still asked.
    return re.compile(r"(?<=\S)[ \t]*[,;—–-]?[ \t]+(?:" + _phrases(tails) + r")[ \t]*[.!]*(?P<asked>\?*)[.!]*[ \t]*\Z",
                      re.IGNORECASE)


@cache
def _correction(markers: tuple[str, ...]) -> re.Pattern[str] | None:
    if not markers:
        return None
    # The whole gap between the two addresses is the marker, with commas or dashes around it.
    return re.compile(r"\A[ \t]*[,;—–-]*[ \t]*(?:" + _phrases(markers) + r")[ \t]*[,:—–-]*[ \t]*\Z", re.IGNORECASE)


@cache
def _run_on(verbs: frozenset[str]) -> re.Pattern[str] | None:
    if not verbs:
        return None
    said = "|".join(re.escape(v) for v in sorted(verbs, key=len, reverse=True))
    # A verb right after an address and before a pronoun pointing back at it.
    return re.compile(
        r"\A(?:[ \t]*,?[ \t]+(?:" + _phrases(_POINTED_AGAIN) + r"))?[ \t]*,?[ \t]+"
        r"(?=(?:(?:" + _phrases(_RUN_ON_LEAD_INS) + r")[ \t]+)?(?:" + said + r")[ \t]+(?:" + _phrases(_BACK_POINTERS)
        + r")\b)", re.IGNORECASE
    )


def _rejoin(prompt: str, pieces: list[str], spans: list[tuple[int, int]]) -> str:
    """The pieces with the protected spans of `prompt` between them, as written."""
    out = []
    for index, piece in enumerate(pieces):
        out.append(piece)
        if index < len(spans):
            out.append(prompt[spans[index][0]:spans[index][1]])
    return "".join(out)


def pronoun_spellings(spellings: Mapping[str, str]) -> dict[str, str]:
    """The chat spellings read by this pass: one word standing for a pronoun or holding one. A reader
    picks them once per vocabulary (the whole list is long, and sorting it per prompt costs)."""
    return {source: standard for source, standard in spellings.items()
            if " " not in source and _PRONOUNS & set(standard.lower().split())}


@cache
def _pronoun_spellings(spellings: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    chosen = pronoun_spellings(dict(spellings))
    if not chosen:
        return None, chosen
    return re.compile(_BEFORE + "(" + _phrases(chosen) + ")" + _AFTER, re.IGNORECASE), chosen


@cache
def _last_words(phrases: tuple[str, ...]) -> frozenset[str]:
    # The last word of each phrase, in lower case and with either apostrophe: a cheap look comes first.
    last = {phrase.split()[-1].lower() for phrase in phrases if phrase.split()}
    return frozenset(last | {w.replace("'", "’") for w in last} | {w.replace("'", "") for w in last})


def _words_of(text: str) -> set[str]:
    # The prompt's words in lower case, for a cheap look before it is cut into addresses.
    return set(re.findall(r"[\w'’]+", text.lower()))


def _drop_fillers(text: str, words: frozenset[str], spellings: Mapping[str, str]) -> str:
    """The text without its hesitations and with its chat pronouns spelt out, outside addresses and
    quotations; spaces closed up."""
    pattern = _filler(words)
    respelt, chosen = _pronoun_spellings(tuple(sorted(spellings.items())))
    # Most prompts hold none of these: the prompt is cut into addresses only when one may be there.
    said = _words_of(text)
    if not (said & {"like", "back", "out", "aloud"} or said & words or said & chosen.keys()
            or any(w in text for w in words if not w.isalnum())):
        return text
    found = protect(text)
    pieces = list(found.pieces)
    if pattern is not None:
        pieces = [pattern.sub("", piece) for piece in pieces]
    if respelt is not None:
        pieces = [respelt.sub(lambda m: chosen[m.group(1).lower()], piece) for piece in pieces]
    pieces = [_READ_BACK.sub(r"\1", _LIKE_AMOUNT.sub("", piece)) for piece in pieces]
    joined = _rejoin(text, pieces, [(item.start, item.end) for item in found.items])
    return re.sub(r"[ \t]{2,}", " ", joined).strip()


def _drop_tails(text: str, tails: tuple[str, ...]) -> str:
    if endorses(text):
        return text  # "The user asked me to fetch A. Go ahead.": the endorsement, read by deputy.text.relayed
    pattern = _tail(tails)
    # A tail ends the prompt: only a prompt ending with a tail's last word is searched.
    last = re.findall(r"[\w'’]+", text[-40:].lower())
    if pattern is None or not last or last[-1] not in _last_words(tails):
        return text
    for _ in range(_MAX_TAILS):
        found = pattern.search(text)
        if found is None or found.group("asked") and _ASKING_AUX.search(text, 0, found.start()):
            break  # "… or not, do you know?": the tail's words are a question of their own there
        shorter = text[:found.start()] + ("?" if found.group("asked") else "")
        if shorter == text or not shorter.strip():
            break
        text = shorter
    return text


def _correct(text: str, markers: tuple[str, ...]) -> str:
    """ "VERB A no wait I meant B …" as "VERB B …": the address taken back is dropped with the marker.

    Only when the marker is all that stands between the first address of the prompt and the second, so
    "fetch A and B, sorry I meant C" (which of the two?) and "fetch A no wait I meant delete B" (a new
    verb) are read as written, and refused.
    """
    pattern = _correction(markers)
    if pattern is None or not _words_of(text) & _last_words(markers):
        return text
    found = protect(text)
    addresses = [k for k, item in enumerate(found.items) if item.kind is ItemKind.ADDRESS]
    if len(addresses) < 2 or addresses[:2] != [0, 1] or not pattern.match(found.pieces[1]):
        return text
    before = found.pieces[0].rstrip(" \t")
    rest = text[found.items[1].start:]
    return f"{before} {rest}" if before else rest


def _split_run_on(text: str, verbs: frozenset[str]) -> str:
    """ "the link is A fetch it" as "the link is A. fetch it": an unpunctuated request after an address.
    `verbs` are the verbs that act and those that are refused, so "… is A email it" names its verb."""
    pattern = _run_on(verbs)
    said = re.findall(r"[\w'’]+", text.lower())
    if pattern is None or not any(a in verbs and b in _POINTER_STARTS for a, b in zip(said, said[1:])):
        return text
    found = protect(text)
    if not found.items:
        return text
    pieces = list(found.pieces)
    for k in range(1, len(pieces)):
        # The address closes a clause of its own: words stand before it ("A fetch it" is left as written).
        if (found.items[k - 1].kind is ItemKind.ADDRESS and (k > 1 or pieces[0].strip())
                and pattern.match(pieces[k])):
            pieces[k] = ". " + pattern.sub("", pieces[k], count=1)
    return _rejoin(text, pieces, [(item.start, item.end) for item in found.items])


@cache
def _account_join() -> re.Pattern[str]:
    # The first "and" before a request frame, with words (a clause) before it on the same line.
    return re.compile(r"(?<=\w)[ \t]*,?[ \t]+and[ \t]+(?=(?:" + _phrases(_REQUEST_OPENINGS) + r")\b)", re.IGNORECASE)


def _split_account(text: str, refusing: frozenset[str]) -> str:
    """ "I was on the site earlier and can you download A" as "… earlier. can you download A".

    Not when the account holds a word that refuses (a negation, a condition): "I don't want the old
    copy and I need you to fetch A" is read as written, whatever the reader makes of it.
    """
    found = _account_join().search(text)
    if found is None:
        return text
    account = text[:found.start()]
    said = {w.lower() for w in re.findall(r"[\w'’]+", account)}
    if (protect(account).items or "\n" in account or said & refusing
            or any(w.endswith(("n't", "n’t")) for w in said)):
        return text
    return account + ". " + text[found.end():]


def _taken_back(text: str) -> str:
    """ "fetch A and also you know what never mind just that first one" as "fetch A": the addition taken
    back named nothing, and the one address before it is what is kept."""
    found = _TAKEN_BACK.search(text)
    if found is None:
        return text
    items = protect(text).items
    if len(items) != 1 or items[0].kind is not ItemKind.ADDRESS or items[0].end > found.start():
        return text
    return text[:found.start()]


def _one_address_at(text: str, start: int, end: int) -> bool:
    """Whether the prompt's only address is exactly text[start:end]."""
    items = protect(text).items
    return len(items) == 1 and items[0].kind is ItemKind.ADDRESS and (items[0].start, items[0].end) == (start, end)


def unclefted(text: str) -> str:
    """What a spoken sentence asks, once the spoken openers are gone: "what I need is A downloaded" as "I
    need A downloaded", "you fetched A right when was that" as "when did you fetch A?", "check the robots
    thing for A whether we're allowed" as "check robots for A"."""
    found = _CLEFT.match(text)
    if found is not None:
        verb = " ".join(found.group(2).split())
        verb = _PRESENT.get(verb.lower(), verb)
        return f"{found.group(1)} {verb} " + text[found.end():]
    found = _CONFIRMED.match(text)
    if found is not None and _one_address_at(text, found.start(3), found.end(3)):
        base = _DONE[found.group(2).lower()]
        return f"when did {found.group(1)} {base} {found.group(3)}{found.group(4)}?"
    found = _ROBOTS_WHETHER.match(text)
    if found is not None and _one_address_at(text, found.start(3), found.end(3)):
        return found.group(1) + found.group(2) + found.group(3)
    return text


def undisfluent(
    prompt: str, *, disfluencies: frozenset[str], tails: tuple[str, ...], corrections: tuple[str, ...],
    verbs: frozenset[str], spellings: Mapping[str, str] | None = None, refusing: frozenset[str] = frozenset(),
) -> str:
    """The prompt without its hesitations and closing tails, a self-correction applied, and a run-on
    request after an address (or after a spoken account holding none of the `refusing` words) set off as
    a sentence of its own."""
    text = _drop_fillers(prompt, disfluencies, spellings or {})
    text = _drop_tails(text, tails)
    text = _correct(text, corrections)
    text = _drop_tails(_taken_back(text) if "mind" in text or "forget" in text or "scratch" in text else text, tails)
    return _split_account(_split_run_on(text, verbs), refusing)
