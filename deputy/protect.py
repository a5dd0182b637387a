"""Protects addresses, markdown links and quotations before parsing, so each reaches the parser as one token.

Pure text work: it finds the spans and cuts the prompt into plain text and protected items; it
never judges whether an address is acceptable (the injected slot checkers do that).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace

__all__ = ["ITEM_MARK", "ItemKind", "Protected", "ProtectedItem", "maybe_host", "protect"]

# A text pass that reads the plain text as one string puts this character where each protected item
# stands. A prompt that already holds one splits into too many pieces, so `rejoined` keeps it as written.
ITEM_MARK = "\x00"


class ItemKind(enum.StrEnum):
    """What a protected span holds."""

    ADDRESS = "address"  # a URL, a bare host or host/path, a markdown link target
    QUOTE = "quote"  # text inside «…», “…” or "…"


@dataclass(frozen=True, slots=True)
class ProtectedItem:
    """One protected span: `text` goes to the slot checker, `source` is what the prompt said."""

    kind: ItemKind
    text: str
    source: str
    start: int
    end: int
    has_scheme: bool
    link_text: str | None = None  # the [text] of a markdown link


@dataclass(frozen=True, slots=True)
class Protected:
    """The prompt cut into plain-text pieces and protected items, in order (`pieces` is one longer)."""

    prompt: str
    pieces: tuple[str, ...]
    items: tuple[ProtectedItem, ...]

    def joined(self) -> str:
        """The plain text as one string, each protected item standing as one ITEM_MARK."""
        return ITEM_MARK.join(self.pieces)

    def rejoined(self, joined: str) -> Protected | None:
        """This prompt with its plain text rewritten to `joined` (from `joined()`), or None when the
        rewrite lost or added a mark: a pass must never touch an address, so it then keeps the prompt."""
        pieces = tuple(joined.split(ITEM_MARK))
        if len(pieces) != len(self.pieces):
            return None
        return replace(self, pieces=pieces)

    def rewritten(self, joined: str, notes: list[str] | tuple[str, ...]) -> tuple[Protected, tuple[str, ...]]:
        """What a text pass returns: this prompt rewritten to `joined` with its `notes`, or the prompt as
        written and no notes when the pass changed nothing or touched an address mark."""
        rewritten = self.rejoined(joined) if notes else None
        return (self, ()) if rewritten is None else (rewritten, tuple(notes))


# Characters that end a URL in running text; sentence punctuation right after a URL is not part of it.
_STOP = r"\s<>\"«»“”‘’`\[\]{}|\\^"
_TRAILING = ".,;:!?'\")]}>»”’…"
# File names look like host names ("robots.txt", "index.html"); these final labels are not hosts here.
_FILE_SUFFIXES = frozenset(
    "html htm xhtml php asp aspx jsp cgi txt json xml csv tsv yaml yml toml md rst pdf doc docx xls "
    "xlsx ppt pptx jpg jpeg png gif svg webp ico css js mjs ts py rb rs go java c h cpp sh exe dll so "
    "tar gz tgz bz2 xz zst lock log ini cfg conf bak tmp".split()
)

_MARKDOWN = re.compile(r"\[([^\[\]\n]{0,500})\]\(\s*<?([^\s()<>]+(?:\([^\s()<>]*\)[^\s()<>]*)*)>?\s*\)")
_QUOTES = (
    re.compile(r"«([^«»]*)»"),
    re.compile(r"“([^“”]*)”"),
    re.compile(r"\"([^\"\n]*)\""),
)
# A URL with a scheme may hold brackets (an IPv6 host); a final unmatched bracket is trimmed later.
_SCHEME_URL = re.compile(r"(?<![\w.+-])[A-Za-z][A-Za-z0-9+.-]{0,15}://[^\s<>\"«»“”‘’`{}|\\^]+")
# Schemes without "//" that must reach the URL checker (to be refused by name), not pass as words.
_OPAQUE_URL = re.compile(r"(?<![\w.+-])(?:mailto|javascript|data|file|tel|about|blob|vbscript):[^\s<>\"«»“”]+", re.IGNORECASE)
_LABEL = r"[^\W_](?:[\w-]{0,61}[^\W_])?"
_RUN_STOPS = frozenset(" \t\r\n<>\"«»“”([")
_BARE = re.compile(
    rf"(?<![\w@.:/%-])"
    rf"(?:[^\s@/:<>\"«»“”\[\]()]+@)?"  # user information: kept so the checker can refuse it by name
    rf"(?:(?:{_LABEL}\.)+(?:[^\W\d_]{{2,63}}|xn--[a-z0-9-]{{1,59}})\.?"
    rf"|localhost|\d{{1,3}}(?:\.\d{{1,3}}){{3}}|\[(?=[0-9A-Fa-f.]*:[0-9A-Fa-f.]*:)[0-9A-Fa-f:.]+\])"  # IPv6: two colons at least
    rf"(?::\d{{1,5}})?"
    rf"(?:[/?#][^{_STOP}]*)?"
    rf"(?![\w-])",
    re.IGNORECASE,
)


def _trim(text: str) -> str:
    """Drop sentence punctuation after a URL; keep a `)` or `]` that closes one opened inside it."""
    while text and text[-1] in _TRAILING:
        closer = text[-1]
        opener = {")": "(", "]": "["}.get(closer)
        if opener and text.count(opener) >= text.count(closer):
            break
        text = text[:-1]
    return text


def _glued_start(prompt: str, start: int) -> int:
    """Where a run of text glued to `start` by a comma or semicolon begins (`start` when there is none)."""
    if start < 2 or prompt[start - 1] not in ",;":
        return start
    j = start - 2
    while j >= 0 and prompt[j] not in _RUN_STOPS:
        j -= 1
    return j + 1 if j + 1 < start - 1 else start


# File suffixes that are also country domains: "docs.rs" is a site, "main.rs" a file, and only the
# writer knows which. Such a word is not protected as an address, and the reader refuses to guess.
_AMBIGUOUS_SUFFIXES = frozenset({"md", "py", "rs", "sh", "so"})


def maybe_host(text: str) -> bool:
    """A dotted word left unprotected that may still name a site ("docs.rs", "bun.sh")."""
    word = text.rstrip(".").lower()
    return "." in word and word.rsplit(".", 1)[-1] in _AMBIGUOUS_SUFFIXES and _BARE.fullmatch(word) is not None


def _looks_like_file(text: str) -> bool:
    """`robots.txt` or `index.html`: a dotted word whose last label is a file suffix, with nothing after it."""
    if re.search(r"[/?#:@]", text):
        return False
    return text.rstrip(".").rsplit(".", 1)[-1].lower() in _FILE_SUFFIXES


def _address_in(text: str) -> str | None:
    """The address a quotation holds when it holds nothing else (`"https://a.example/"`)."""
    inner = text.strip()
    if not inner or re.search(r"\s", inner):
        return None
    for pattern in (_SCHEME_URL, _BARE):
        found = pattern.fullmatch(_trim(inner))
        if found and not (pattern is _BARE and _looks_like_file(found.group(0))):
            return found.group(0)
    return None


# Markup agents put around an address: <A>, `A`, (A), [A], 'A', **A**, _A_, a code fence. The pair
# belongs to the address (its `source`), so neither half reaches the parser as a stray symbol.
_WRAPPERS = (("```", "```"), ("**", "**"), ("__", "__"), ("<", ">"), ("`", "`"), ("(", ")"), ("[", "]"),
             ("'", "'"), ("‘", "’"), ("*", "*"), ("_", "_"))
# Closers that may follow an address alone (a wrapper opened before a quotation mark, or copy-paste debris).
_LONE_CLOSERS = (")", "]", ">")
_FENCE_GAP = re.compile(r"[ \t]*\n?[ \t]*")


def _wrapped(prompt: str, item: ProtectedItem) -> ProtectedItem:
    """The item with the wrapper pair around it (or a lone closer after it) taken into its source."""
    for opener, closer in _WRAPPERS:
        before = prompt[: item.start]
        gap_before = ""
        if opener == "```":
            stripped = before.rstrip(" \t\n")
            gap_before = before[len(stripped):]
            before = stripped
        if not before.endswith(opener):
            continue
        text, end = item.text, item.end
        if set(closer) <= {"*", "_"} and text.endswith(closer) and len(text) > len(closer):
            text = text[: -len(closer)]  # `*` and `_` may end a URL; after an opener they close it instead
            end -= len(closer)
        after = prompt[end:]
        gap_match = _FENCE_GAP.match(after) if opener == "```" else None
        gap_after = gap_match.group(0) if gap_match is not None else ""
        if not after[len(gap_after):].startswith(closer):
            continue
        start = item.start - len(gap_before) - len(opener)
        stop = end + len(gap_after) + len(closer)
        return ProtectedItem(item.kind, text, prompt[start:stop], start, stop, item.has_scheme, item.link_text)
    after = prompt[item.end :]
    opener = {")": "(", "]": "[", ">": "<"}.get(after[:1], "")
    before = prompt[: item.start]
    closes_earlier = bool(opener) and before.count(opener) > before.count(after[:1])
    if after[:1] in _LONE_CLOSERS and not closes_earlier and (len(after) == 1 or not after[1].isalnum()):
        stop = item.end + 1
        return ProtectedItem(
            item.kind, item.text, prompt[item.start : stop], item.start, stop, item.has_scheme, item.link_text
        )
    return item


def _unwrap(prompt: str, found: list[ProtectedItem]) -> list[ProtectedItem]:
    """Takes each bare address's wrapper into its source, where the wrapper touches no other item."""
    out: list[ProtectedItem] = []
    for index, item in enumerate(found):
        if item.kind is ItemKind.ADDRESS and item.source == item.text:
            wider = _wrapped(prompt, item)
            floor = out[-1].end if out else 0
            ceiling = found[index + 1].start if index + 1 < len(found) else len(prompt)
            if wider.start >= floor and wider.end <= ceiling:
                item = wider
        out.append(item)
    return out


def protect(prompt: str) -> Protected:
    """Finds markdown links, quotations, URLs and bare hosts; earlier-listed kinds win overlaps."""
    found: list[ProtectedItem] = []
    taken: list[tuple[int, int]] = []

    def free(start: int, end: int) -> bool:
        return all(end <= s or start >= e for s, e in taken)

    def add(item: ProtectedItem) -> None:
        found.append(item)
        taken.append((item.start, item.end))

    for match in _MARKDOWN.finditer(prompt):
        target = match.group(2)
        add(
            ProtectedItem(
                ItemKind.ADDRESS, target, match.group(0), match.start(), match.end(),
                has_scheme="://" in target, link_text=match.group(1).strip(),
            )
        )
    for pattern in _QUOTES:
        for match in pattern.finditer(prompt):
            if not free(match.start(), match.end()):
                continue
            address = _address_in(match.group(1))
            if address is not None:
                add(ProtectedItem(ItemKind.ADDRESS, address, match.group(0), match.start(), match.end(), "://" in address))
            else:
                add(ProtectedItem(ItemKind.QUOTE, match.group(1).strip(), match.group(0), match.start(), match.end(), False))
    for pattern in (_SCHEME_URL, _OPAQUE_URL, _BARE):
        for match in pattern.finditer(prompt):
            text = _trim(match.group(0))
            start, end = match.start(), match.start() + len(text)
            if pattern is _SCHEME_URL:
                # "a.example/x,https://b.example/": an address glued to the one before it by a comma is
                # kept whole, so the checker sees both and cannot mistake them for one or two requests.
                before = _glued_start(prompt, start)
                if before < start and free(before, end):
                    start, text = before, prompt[before:end]
            if not text or not free(start, end):
                continue
            if pattern is _BARE and _looks_like_file(text):
                continue
            add(ProtectedItem(ItemKind.ADDRESS, text, text, start, end, has_scheme=pattern is not _BARE))
    found.sort(key=lambda item: item.start)
    found = _unwrap(prompt, found)
    pieces: list[str] = []
    cursor = 0
    for item in found:
        pieces.append(prompt[cursor : item.start])
        cursor = item.end
    pieces.append(prompt[cursor:])
    return Protected(prompt=prompt, pieces=tuple(pieces), items=tuple(found))
