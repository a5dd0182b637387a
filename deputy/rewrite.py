"""Rewrites the plain text of a protected prompt before parsing: chat spellings, hedges, shouting.

Pure text work on the pieces between protected items, so an address or a quotation is never
touched. Every rewrite comes from a closed list in the vocabulary (no fuzzy matching): a spelling
maps one chat word to its standard form ("pls" → "please"), a hedge frame before the request
becomes "please" ("I'd appreciate it if you could …"), a hedge aside that conditions nothing is
dropped ("… when you get a chance."). Markup is dropped too: list markers, code fences, footnote
markers, a pointer at an address ("👉 A", "→ A ←"), the backticks of a one-word code span, and a
list heading is put as its verb ("Sources to download:" → "download:"). What was rewritten is kept
for the skeleton, so a reader of the review queue sees it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from deputy.text.again import once_more
from deputy.text.chatforms import read_numerals, respell_verbs
from deputy.text.citations import drop_citations
from deputy.protect import ItemKind, Protected
from deputy.text.repeats import drop_repeat_notes
from deputy.text.stacked import stacked_frames

__all__ = ["Rewritten", "rewrite"]


@dataclass(frozen=True, slots=True)
class Rewritten:
    """The prompt with rewritten pieces, and what was rewritten ("pls → please", "hedge: if you can")."""

    protected: Protected
    rewrites: tuple[str, ...]


_APOSTROPHES = str.maketrans({"’": "'", "‘": "'"})
# "1. Fetch A" / "2) Fetch B" / "- fetch C" at the start of a line: a list marker, not a number.
# The marker may end the piece: an address follows it ("1. https://a.example/").
# An open task's box after the marker ("- [ ] fetch A") is markup too; a ticked one ("- [x] fetch
# A") says the task is done: the deputy refuses such a prompt before it is parsed (deputy/text/tasks.py).
_LIST_MARKER = re.compile(r"(?:(?<=\n)|\A)([ \t]*)(?:\d{1,2}[.)]|[-*•])[ \t]+(?:\[ ?\][ \t]+)?(?=\S|\Z)")
# A code fence on a line of its own ("```", "```text", "~~~") only marks where a block starts or
# ends; the lines inside are read like any others, with every check.
_FENCE = re.compile(r"(?:(?<=\n)|\A)[ \t]*(?:```|~~~)[\w+-]*[ \t]*(?=\n|\Z)")
_WORD = re.compile(r"[^\W\d_]{2,}")
# Where a request starts: the text's start, or sentence punctuation or a dash, then only courtesy words.
_BOUNDARY = re.compile(r"[.!?;:—–(\n]")
_END_MARKS = ",.!?;:)—–"
# A tag question after a request ("Fetch A for me, would you?") asks for the request again, with one
# of the request modals; "can you" (which asks leave) and a negated tag ("wouldn't you?") are no such tag
# and stay to be read as written.
_TAG_QUESTION = re.compile(r",[ \t]*((?:would|will|could)[ \t]+you(?:[ \t]+please)?)[ \t]*(?=[?!.]+[ \t]*(?:\n|\Z))",
                           re.IGNORECASE)
# "Ticket 5520: the customer asks whether our crawler is allowed on A. Is it?": a bare echo at the very
# end only repeats the question passed on before it (which a "whether" or "if" must have opened); it
# asks nothing of its own and is dropped. Anywhere else ("What is it?") it is left as written.
_ECHO = re.compile(r"(?<=[.?!—–])[ \t\n]+(is it|are we|can we|may we|does it|do we|is that so)[ \t]*\?+[ \t]*\Z",
                   re.IGNORECASE)
_PASSED_ON = re.compile(r"\b(?:whether|if)\b", re.IGNORECASE)
# An apology before the request ("Sorry to bother you, but could you fetch A?") is a sentence of its
# own: the request after "but" is read alone, and the apology is a pleasantry in context.
_APOLOGY = re.compile(
    r"(?<![\w'])(sorry[ \t]+(?:to[ \t]+(?:bother|trouble|disturb|interrupt|pester)(?:[ \t]+you)?"
    r"|for[ \t]+(?:the|any)[ \t]+(?:bother|trouble))(?:[ \t]+again)?)[ \t]*,[ \t]*but[ \t]+(?=[^\W\d_])",
    re.IGNORECASE,
)
# A sentence that opens on "Need" has dropped its subject, as notes do ("… go through? Need the status
# code."): it is the writer's, "I need …", and is read with every check a statement of mine gets.
# Not before a negation ("Need not …"). Before "you" too: "Need you to fetch A", "need u 2 download A"
# (chat, with "u" and "2" read first) are "I need you to …", the wish the reader knows, every check kept.
# The piece may end right after it, where an address follows ("Need A downloaded before standup"); chat
# puts the address right after it too ("need A fetched pls"), and a dash opens such a sentence ("ty in
# advance — need A grabbed").
_DROPPED_I = re.compile(
    r"(?:(?<=[.!?\n—–])|\A)([ \t]*)(need)(?=[ \t]+(?!(?:not|n't)\b)[^\W\d_]|[ \t]+\Z)", re.IGNORECASE
)
# A footnote or citation marker ("the survey cited as [3]: A", "A [1] — the dataset behind Figure 2")
# only points at a reference list: markup, like a list marker, never a number of anything.
_FOOTNOTE = re.compile(r"(?<![\w\]])\[\d{1,3}\](?![\w(\[])")
# "@seaspider fetch A": a chat mention of the deputy's own name (one of the courtesy words, as
# "Hi Sea Spider," is) addresses the request to it. Anyone else's mention ("@maya can you …") stays.
_MENTION = re.compile(r"(?<![\w@.])@([^\W\d_][\w-]*)")
# "Escalation from Tomás (ticket 3307): please fetch A": the tokenizer reads "):" as a frowning
# emoticon, and the label's colon is lost; a closing parenthesis after a word is set apart from it.
_PAREN_COLON = re.compile(r"(?<=\w)\)(?=:)")
_PLEASE_AFTER_ADDRESS = re.compile(r"\A[ \t]+please[ \t]*,", re.IGNORECASE)
# A one-word code span in prose ("to confirm the `concurrency` key") only sets a name in code type:
# the word is read as written. A span with a space in it ("`npm install`") stays, to be refused as
# the symbols it holds; an address in backticks is protected with its wrapper (deputy/protect.py).
_CODE_SPAN = re.compile(r"(?<![`\w])`([^`\s]{1,64})`(?![`\w])")
# "Sources to download:" heads a list as "download:" does: a noun for the things listed, "to", a verb
# the reader knows and the colon, at the start of a line, with the list right after it (an address or
# a new line). Anything between the verb and the colon ("… once the embargo lifts:", "Sources not to
# download:") or after the colon on its line ("Post to Slack: fetch A") keeps the heading as written.
# A short "for" phrase saying what the list is for ("Sources to fetch for the changelog digest:") may
# stand before the colon; it is dropped with the heading when none of its words is a verb the reader
# knows or a word that makes it refuse ("… for the digest once the embargo lifts:" stays as written).
_HEADING = (r"(?:(?<=\n)|\A)([ \t]*)(?:(?:the|our|my|some|more|other)[ \t]+)?({nouns})[ \t]+to[ \t]+({verbs})"
            r"(?:[ \t]+for[ \t]+((?:the|our|my|this|your|a|an)[ \t]+[\w'-]+(?:[ \t]+[\w'-]+){{0,3}}))?"
            r"(?=[ \t]*:[ \t]*(?:\n|\Z))")
# A learner's light verb before a capability's own verb as a noun: "Make download of A", "Please do
# fetching of A and B" ask what "download A", "fetch A and B" ask. Only the verb itself, bare or
# with -ing, never another noun ("Make deletion of A" stays, and "make" is refused).
_LIGHT_VERB = r"(?<![\w'])(?:make|do)[ \t]+(?:(?:a|the)[ \t]+)?({verbs})(?:ing)?[ \t]+of(?=[ \t]+\S|[ \t]*\Z)"
_FINAL_COURTESY = re.compile(r"(?<![,\s])\s+(?:please|thanks|thank you|ty|cheers)\s*[.!]*\s*$", re.IGNORECASE)
# The same "please" closing a sentence that more sentences follow: "Download A please. Thank you very
# much." (the model made the address the subject of that "please").
_CLOSING_PLEASE = re.compile(r"(?<![,\s])(?=[ \t]+please[ \t]*[.!]+[ \t\n]+\S)", re.IGNORECASE)


def _drop_emoji(piece: str, emoji: frozenset[str], rewrites: list[str]) -> str:
    """Drops each emoji of the closed courtesy list ("Much appreciated 🙏"), with its variation selector."""
    pattern = re.compile("(?:" + "|".join(re.escape(e) for e in sorted(emoji, key=len, reverse=True))
                         + ")[\ufe0f\U0001F3FB-\U0001F3FF]*")
    out = pattern.sub(" ", piece)
    if out != piece:
        rewrites.append("emoji dropped")
    return out


@cache
def _pointer_patterns(pointers: frozenset[str]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A run of pointers that ends a piece (an address follows) and one that starts a piece (an address precedes)."""
    signs = "(?:" + "|".join(re.escape(p) for p in sorted(pointers, key=len, reverse=True)) + ")[\ufe0f]*"
    run = signs + r"(?:[ \t]*" + signs + ")*"
    return (re.compile(r"(?:(?<=\s)|\A)" + run + r"\s*\Z"), re.compile(r"\A\s*" + run + r"(?=\s|\Z)"))


def _drop_pointers(
    pieces: list[str], addresses: list[bool], pointers: frozenset[str], rewrites: list[str]
) -> list[str]:
    """Drops the pointers that point at an address ("👉 A", "→ A ←"): a pointer at the end of a piece
    points at the address after it, one at the start of a piece at the address before it. A piece that is
    nothing but a pointer between two addresses ("A → B") says how they relate, and stays; so does a
    pointer at a quotation. `addresses` says, for each protected item, whether it is an address."""
    if not pointers:
        return pieces
    at_end, at_start = _pointer_patterns(pointers)
    last = len(pieces) - 1
    out = []
    for index, piece in enumerate(pieces):
        between = 0 < index < last and at_end.fullmatch(piece.strip() + " ") is not None
        if index < last and addresses[index] and not between:
            # After words, the pointer stands where a colon would ("Download this PDF → A" is
            # "Download this PDF: A"); at the start it only points.
            kept = at_end.sub("", piece).rstrip()
            cut = kept + ": " if re.search(r"[^\W_]\Z", kept) and kept != piece.rstrip() else at_end.sub(" ", piece)
            if cut != piece:
                rewrites.append("pointer dropped")
                piece = cut
        if index > 0 and addresses[index - 1] and not between:
            cut = at_start.sub(" ", piece)
            if cut != piece:
                rewrites.append("pointer dropped")
                piece = cut
        out.append(piece)
    return out


def _unquote_code(piece: str, rewrites: list[str]) -> str:
    """Drops the backticks of a one-word code span ("the `concurrency` key")."""
    if "`" not in piece:
        return piece

    def plain(match: re.Match[str]) -> str:
        rewrites.append(f"code span: {match.group(1)}")
        return match.group(1)

    return _CODE_SPAN.sub(plain, piece)


@cache
def _heading_pattern(nouns: frozenset[str], verbs: frozenset[str]) -> re.Pattern[str] | None:
    if not nouns or not verbs:
        return None
    return re.compile(_HEADING.format(nouns=_words_alternation(nouns), verbs=_words_alternation(verbs)), re.IGNORECASE)


def _words_alternation(words: frozenset[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@cache
def _light_verb_pattern(verbs: frozenset[str]) -> re.Pattern[str] | None:
    if not verbs:
        return None
    return re.compile(_LIGHT_VERB.format(verbs=_words_alternation(verbs)), re.IGNORECASE)


def _drop_markup(piece: str, courtesy: frozenset[str], rewrites: list[str]) -> str:
    """Drops footnote markers and the "@" of a mention of the deputy's own name; parts "):"."""

    def mention(match: re.Match[str]) -> str:
        name = match.group(1)
        if name.lower().replace("-", "").replace("_", "") not in courtesy:
            return match.group(0)
        rewrites.append(f"@{name} → {name}")
        return name

    out = _MENTION.sub(mention, piece) if "@" in piece else piece
    if "):" in out:
        out = _PAREN_COLON.sub(") ", out)
    if "[" in out:
        cleaned = _FOOTNOTE.sub("", out)
        if cleaned != out:
            rewrites.append("footnote marker dropped")
            out = cleaned
    return out


def _unmark(match: re.Match[str], rewrites: list[str], *, first: bool) -> str:
    """Drops a list marker that opens a line; a piece after an address does not open one."""
    if match.start() == 0 and not first:
        return match.group(0)
    rewrites.append("list marker dropped")
    return match.group(1)


def _unfence(match: re.Match[str], rewrites: list[str], *, first: bool) -> str:
    """Drops a code fence on a line of its own; a piece after an address does not open a line."""
    if match.start() == 0 and not first:
        return match.group(0)
    rewrites.append("code fence dropped")
    return ""


def _subject(match: re.Match[str], rewrites: list[str], *, first: bool, followed: bool) -> str:
    """Gives a sentence that opens on "Need" its subject back; a piece after an address opens no sentence,
    and "need" at the end of a piece is the writer's only when an address follows it."""
    if match.start() == 0 and not first:
        return match.group(0)
    if not followed and not match.string[match.end():].strip():
        return match.group(0)
    rewrites.append(f"{match.group(2)} → I need")
    return match.group(1) + "I need"


def _heading(match: re.Match[str], rewrites: list[str], *, first: bool, never: frozenset[str] = frozenset()) -> str:
    """"Sources to download:" → "download:"; a piece after an address opens no line.

    A purpose before the colon ("… for the changelog digest:") goes with the heading only when none of
    its words is in `never` (verbs the reader knows, negations, conditions, refused and blocking words).
    """
    if match.start() == 0 and not first:
        return match.group(0)
    if match.group(4) and not _harmless_purpose(match.group(4), never):
        return match.group(0)
    rewrites.append(f"list heading: {' '.join(match.group(0).split())} → {match.group(3)}")
    return match.group(1) + match.group(3)


def _harmless_purpose(purpose: str, never: frozenset[str]) -> bool:
    """"for the changelog digest": no word of it is a verb the reader knows or a word that refuses."""
    return not any(word.lower() in never for word in purpose.split())


def _sign_off(match: re.Match[str], never_names: frozenset[str], rewrites: list[str]) -> str:
    """Drops a closing sign-off and the name after it, unless a word of the "name" is one the reader
    must see ("Regards, Unless", "Thanks, Never"): then all of it stays, to be read as written."""
    name = match.group(2) or ""
    if any(word.rstrip(".").lower() in never_names for word in name.split()):
        return match.group(0)
    return _mark(match, "sign-off", rewrites, "")


def _tagged(match: re.Match[str], rewrites: list[str]) -> str:
    rewrites.append("tag: or what")
    return ""


def _mark(match: re.Match[str], what: str, rewrites: list[str], replacement: str) -> str:
    """Records a rewrite of one matched phrase and returns its replacement."""
    rewrites.append(f"{what}: {' '.join(match.group(1).split())}")
    return replacement


def _shouting(pieces: Iterable[str]) -> bool:
    """Whether every word of two letters or more is in capitals ("PLS FETCH A NOW")."""
    words = [w for piece in pieces for w in _WORD.findall(piece)]
    return len(words) >= 2 and all(w.isupper() for w in words)


def _phrase(text: str, fillers: tuple[str, ...] = ()) -> str:
    """A regex for a phrase: its words in order, any run of spaces between them, either apostrophe.

    Filler words may stand between the words ("I'd be ever so grateful if you could possibly"): an
    intensifier changes how polite a hedge is, never what it asks.
    """
    parts = [re.escape(word).replace("'", "['’]") for word in text.split()]
    return _gap(fillers).join(parts)


_Trie = dict[str, "_Trie"]


def _alternation(phrases: Iterable[str], fillers: tuple[str, ...] = ()) -> str:
    """One regex for many phrases, written as a trie of their words: a shared opening ("could you
    …") and its gap are written once, not once per phrase.

    Each gap repeats the filler list, so the flat list of hedge frames made patterns of ~60 KB that
    took ~0.4 s to compile on a cold start; the trie is a fraction of that. At every word the longer
    continuations are tried first and ending there last, as the longest-first list did.
    """
    trie: _Trie = {}  # word -> the words after it; "" marks where a phrase ends
    longest: dict[int, int] = {}  # id(node) -> the longest phrase (in characters) through it
    for text in phrases:
        node = trie
        for word in text.lower().split():
            node = node.setdefault(word, {})
            longest[id(node)] = max(longest.get(id(node), 0), len(text))
        node[""] = {}
    gap = _gap(fillers)

    def branches(node: _Trie) -> str:
        words = sorted((w for w in node if w), key=lambda w: (-longest[id(node[w])], w))
        alternatives = []
        for word in words:
            child = node[word]
            text = re.escape(word).replace("'", "['’]")
            if any(child_word for child_word in child):
                text += "(?:" + gap + branches(child) + ")" + ("?" if "" in child else "")
            alternatives.append(text)
        return alternatives[0] if len(alternatives) == 1 else "(?:" + "|".join(alternatives) + ")"

    return branches(trie)


def _gap(fillers: tuple[str, ...]) -> str:
    """The space between two words of a phrase, with any filler words in it."""
    if not fillers:
        return r"\s+"
    return r"\s+(?:(?:" + "|".join(re.escape(f) for f in sorted(fillers, key=len, reverse=True)) + r")\s+)*"


@cache
def _spelling_pattern(keys: tuple[str, ...]) -> re.Pattern[str]:
    # Longest first, so "w/o" wins over "w/"; a word inside another word or a dotted name never matches.
    ordered = sorted(keys, key=len, reverse=True)
    return re.compile(
        r"(?<![\w'’./-])(" + "|".join(_phrase(k) for k in ordered) + r")(?![\w'’/-]|\.\w)", re.IGNORECASE
    )


@cache
def _frame_pattern(frames: tuple[str, ...], fillers: tuple[str, ...] = ()) -> re.Pattern[str] | None:
    if not frames:
        return None
    # Fillers after the frame go with it: "… if you could possibly fetch A" becomes "please fetch A".
    return re.compile(r"(?<![\w'])(" + _alternation(frames, fillers) + r")" + _gap(fillers)
                      + r"(?=[^\W\d_])", re.IGNORECASE)


@cache
def _joined_frame_pattern(frames: tuple[str, ...], fillers: tuple[str, ...] = ()) -> re.Pattern[str] | None:
    """", and I was wondering whether you could fetch A": a speaker's frame after a comma and "and"
    or "so" opens a request sentence of its own; the clause before it is context.

    Frames that open with "if" stay where they are: after "and" they may be the condition they look like.
    """
    own = [f for f in frames if f.split()[0].lower() != "if"]
    if not own:
        return None
    return re.compile(r",[ \t]*(?:and|so)[ \t]+(?=" + _alternation(own, fillers) + r"\s)",
                      re.IGNORECASE)


@cache
def _sign_off_pattern(sign_offs: tuple[str, ...]) -> re.Pattern[str] | None:
    """A sign-off that ends the prompt after a sentence mark, a comma or a line break, with up to three
    capitalised words of a name after it ("Kind regards, Ingrid", "Best regards,\nTom Hartley")."""
    if not sign_offs:
        return None
    name = r"(?:[ \t]*[,\n][ \t\n]*|[ \t]+)([A-Z][^\W\d_]*\.?(?:[ \t]+[A-Z][^\W\d_]*\.?){0,2})"
    # The sign-off in any case, the name only capitalised: "thanks delete" is no one's name.
    return re.compile(r"(?:(?<=[.!?,\n])|\A)[ \t\n]*((?i:" + _alternation(sign_offs) + r"))[ \t]*[,.!]*(?:" + name
                      + r")?[ \t]*[.!]*[ \t\n]*\Z")


@cache
def _aside_pattern(asides: tuple[str, ...], fillers: tuple[str, ...] = ()) -> re.Pattern[str] | None:
    if not asides:
        return None
    return re.compile(r"(?<![\w'])(" + _alternation(asides, fillers)
                      + r")(?=[ \t]*([" + _END_MARKS + r"]|$))", re.IGNORECASE)


def rewrite(
    protected: Protected, *, spellings: Mapping[str, str], frames: tuple[str, ...], asides: tuple[str, ...],
    courtesy: frozenset[str] = frozenset(), fillers: frozenset[str] = frozenset(),
    emoji: frozenset[str] = frozenset(), sign_offs: tuple[str, ...] = (), never_names: frozenset[str] = frozenset(),
    pointers: frozenset[str] = frozenset(), heading_nouns: frozenset[str] = frozenset(),
    verbs: frozenset[str] = frozenset(), repeat_notes: tuple[str, ...] = (),
    misspellings: Mapping[str, str] | None = None,
    abbreviations: Mapping[str, str] | None = None, numerals: Mapping[str, str] | None = None,
) -> Rewritten:
    """Applies the closed lists to every plain piece; protected items stay exactly as they were.

    `verbs` are the verbs the reader knows: a list heading ("Sources to download:") and a learner's
    light verb ("make download of A") are rewritten only around one of them.
    """
    rewrites: list[str] = []
    protected = drop_repeat_notes(protected, repeat_notes, rewrites)
    pieces = [piece.translate(_APOSTROPHES) for piece in protected.pieces]
    if emoji:
        pieces = [_drop_emoji(piece, emoji, rewrites) for piece in pieces]
    pieces = _drop_pointers(pieces, [item.kind is ItemKind.ADDRESS for item in protected.items], pointers, rewrites)
    pieces = [_unquote_code(piece, rewrites) for piece in pieces]
    pieces = [_FENCE.sub(lambda m: _unfence(m, rewrites, first=index == 0), piece) for index, piece in enumerate(pieces)]
    pieces = [_drop_markup(piece, courtesy, rewrites) for piece in pieces]
    pieces = [_LIST_MARKER.sub(lambda m: _unmark(m, rewrites, first=index == 0), piece)
              for index, piece in enumerate(pieces)]
    pieces = [_DROPPED_I.sub(lambda m: _subject(m, rewrites, first=index == 0, followed=index < len(pieces) - 1), piece)
              for index, piece in enumerate(pieces)]
    never = never_names | frozenset(verb.lower() for verb in verbs)
    pieces = [drop_citations(piece, never, rewrites) for piece in pieces]
    heading = _heading_pattern(heading_nouns, verbs)
    if heading is not None:
        pieces = [heading.sub(lambda m: _heading(m, rewrites, first=index == 0, never=never), piece)
                  for index, piece in enumerate(pieces)]
    light = _light_verb_pattern(verbs)
    if light is not None:
        pieces = [light.sub(lambda m: _mark(m, "light verb", rewrites, m.group(1)), piece) for piece in pieces]
    if _shouting(pieces):
        pieces = [piece.lower() for piece in pieces]
        rewrites.append("capitals → lower case")
    if spellings:
        pattern = _spelling_pattern(tuple(sorted(spellings)))

        def respell(match: re.Match[str]) -> str:
            word = match.group(1)
            standard = spellings[" ".join(word.lower().split())]
            rewrites.append(f"{word} → {standard}")
            return standard

        pieces = [pattern.sub(respell, piece) for piece in pieces]
    pieces = [once_more(piece, rewrites) for piece in pieces]  # "fetch A once more." (deputy.text.again)
    # The vocabulary's reviewed chat forms of its verbs and numbers for words (deputy.text.chatforms).
    pieces = respell_verbs(pieces, misspellings=misspellings or {}, abbreviations=abbreviations or {},
                           addressed=[item.kind is ItemKind.ADDRESS for item in protected.items], rewrites=rewrites)
    pieces = read_numerals(pieces, numerals=numerals or {}, verbs=verbs, rewrites=rewrites)
    frame = _frame_pattern(tuple(frames), tuple(sorted(fillers)))
    aside = _aside_pattern(tuple(asides), tuple(sorted(fillers)))
    last = len(pieces) - 1
    joined = _joined_frame_pattern(tuple(frames), tuple(sorted(fillers)))
    out = []
    for index, piece in enumerate(pieces):
        piece = _APOLOGY.sub(lambda m: _mark(m, "apology", rewrites, m.group(1) + ". "), piece)
        if index == last:
            piece = _TAG_QUESTION.sub(lambda m: _mark(m, "tag question", rewrites, ""), piece)
            if any(_PASSED_ON.search(p) for p in pieces[:index + 1]):
                piece = _ECHO.sub(lambda m: _mark(m, "echo question", rewrites, "?" if m.string[m.start() - 1] in "—–" else ""), piece)
            if last == 0 and _YES_NO_OPENING.match(piece):
                piece = _OR_WHAT.sub(lambda m: _tagged(m, rewrites), piece)
        if joined is not None:
            piece = joined.sub(". ", piece)
        if frame is not None:
            piece = stacked_frames(piece, lambda text: _replace_frames(
                text, frame, opens=index == 0, courtesy=courtesy, rewrites=rewrites))
        if aside is not None:
            dropped = _drop_asides(piece, aside, final=index == last, rewrites=rewrites)
            # "Whenever you're free, I'd love it if you could grab A": once the aside before it is gone, the
            # frame opens the request (round 14); the frame's own test of what stands before it is unchanged.
            if index == 0 and dropped != piece and _LEFT_BUT.match(dropped) and not _LEFT_BUT.match(piece):
                dropped = _LEFT_BUT.sub("", dropped, count=1)
            if index == 0 and dropped != piece and _LEFT_MARKS.match(dropped) and not _LEFT_MARKS.match(piece):
                dropped = _LEFT_MARKS.sub("", dropped, count=1)
            if frame is not None and dropped != piece:
                dropped = _replace_frames(dropped, frame, opens=index == 0, courtesy=courtesy, rewrites=rewrites)
            piece = dropped
        out.append(piece)
    sign_off = _sign_off_pattern(tuple(sign_offs))
    if out and sign_off is not None:
        signed_off: list[str] = []
        signed = sign_off.sub(lambda m: _sign_off(m, never_names, signed_off), out[-1])
        if protected.items or signed.strip():  # "Thanks." alone is all there is: it stays, to be answered
            out[-1] = signed
            rewrites += signed_off
    if out:
        # "Fetch the page A please.": the small model sometimes hangs the address from a final
        # "please"; the same words with a comma before it parse as the request they are. So does
        # "Download A please, finance needs the raw file" once "please" stands between commas.
        out[-1] = _FINAL_COURTESY.sub(lambda m: "," + m.group(0), out[-1])
        out[1:] = [_PLEASE_AFTER_ADDRESS.sub(", please,", piece) for piece in out[1:]]
        out = [_CLOSING_PLEASE.sub(",", piece) for piece in out]
    return Rewritten(
        protected=Protected(prompt=protected.prompt, pieces=tuple(out), items=protected.items),
        rewrites=tuple(rewrites),
    )


_AFTER_AND = re.compile(r"(?:\A|[\s,])and[ \t,]*\Z", re.IGNORECASE)
# "is the crawl still going or what": a closing "or what" only presses a yes/no question.
_OR_WHAT = re.compile(r"[ \t,]+or[ \t]+what[ \t]*(?=[?!.]*[ \t]*\Z)", re.IGNORECASE)
_YES_NO_OPENING = re.compile(r"\A[ \t]*(?:is|are|was|were|has|have|did|does|do)\b", re.IGNORECASE)
# Words that only place a request in a sequence of steps: "Next, let's download A", "Then, could you …".
_SEQUENCE = frozenset({"next", "then", "first", "now", "finally", "lastly", "also", "ok", "okay", "alright"})
# "No pressure, but it would help if you fetched A": once the opening aside "no pressure" is dropped, the
# "but" it leaves at the very start contrasts with nothing and goes too (round 16). A "but" after anything
# else ("Don't fetch A, but …") is left as written.
_LEFT_BUT = re.compile(r"\A[ \t]*,?[ \t]*but[ \t]+", re.IGNORECASE)
# Round 29 (voice29): "No rush at all — whenever suits, queue A": once both opening asides are dropped, the
# dash and comma between them are left at the very start, where they set off nothing ("— , queue A") and the
# parse took the dash for the root. Only a mark then a comma (two asides dropped, each with its mark), only
# at the start of the prompt and only when asides were dropped there: "No rush — once the nightly job
# finishes, fetch A" keeps its dash before the condition, and is refused for it as before.
_LEFT_MARKS = re.compile(r"\A[ \t]*[—–;:-][ \t]*,[ \t]*(?=\w)")
# "Let me know when you've fetched A" asks to be told, not to act: a frame before "know" opens no request.
_NOT_AFTER_FRAME = re.compile(r"know\b", re.IGNORECASE)


def _replace_frames(
    piece: str, frame: re.Pattern[str], *, opens: bool, courtesy: frozenset[str], rewrites: list[str]
) -> str:
    """Replaces each frame that opens a request with "please".

    A frame opens a request when only courtesy words, words of sequence ("Next,", "Then,") and commas
    stand between it and the start of the prompt or the last sentence mark ("Hi, I'd appreciate it if
    you could …"). Elsewhere it is
    left alone: "fetch A if you could fetch B" keeps its condition.
    """

    def replace(match: re.Match[str]) -> str:
        before = match.string[: match.start()]
        marks = list(_BOUNDARY.finditer(before))
        if not marks and not opens:
            return match.group(0)
        lead = before[marks[-1].end():] if marks else before
        if any(word.lower() not in courtesy and word.lower() not in _SEQUENCE for word in re.findall(r"[\w']+", lead)):
            return match.group(0)
        if _NOT_AFTER_FRAME.match(match.string, match.end()):
            return match.group(0)
        rewrites.append(f"hedge: {' '.join(match.group(1).split())}")
        return "please "

    return frame.sub(replace, piece)


def _drop_asides(piece: str, aside: re.Pattern[str], *, final: bool, rewrites: list[str]) -> str:
    """Removes each aside that ends at punctuation (or at the very end of the prompt).

    A piece followed by an address ends where the address starts: an aside there ("if you can
    https://…") is not closed by punctuation, so it stays and is read as the condition it may be.
    Between "and" and the address it joins, an aside is closed by the coordination itself ("grab A,
    and while you're at it B"): it stands where a comma would, and asks nothing of B.
    """

    def drop(match: re.Match[str]) -> str:
        if match.group(2) == "" and not final and not _AFTER_AND.search(match.string, 0, match.start()):
            return match.group(0)
        rewrites.append(f"hedge: {' '.join(match.group(1).split())}")
        return ""

    return aside.sub(drop, piece)
