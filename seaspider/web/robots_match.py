"""RFC 9309 path matching: one percent-encoding form, linear-time wildcards, rule sets compiled once.

Pure logic: strings and bytes in, plain values out. Knows nothing about files, sockets, HTTP or groups.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

__all__ = ["Entry", "Pattern", "RuleSet", "compile_pattern", "normalize_bytes", "normalize_target", "request_target"]

T = TypeVar("T")  # what a rule set returns for a match (robots.py: a prepared Decision)

# RFC 3986 2.3: unreserved octets; their percent-encoded forms are decoded before comparison.
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# Octets kept literal: unreserved plus RFC 3986 2.2 reserved ones, except "*" and "$" (which a pattern gives a
# meaning, so RFC 9309 2.2.3 compares them as %2A / %24) and "#" (never part of a request target).
_KEEP_CLASS = rb"A-Za-z0-9\-._~/:?@!&'()+,;=\[\]"
_DIRTY_BYTES = re.compile(rb"%([0-9A-Fa-f]{2})|[^" + _KEEP_CLASS + rb"]")
_KEEP_BYTES = bytes(octet for octet in range(128) if re.fullmatch(rb"[" + _KEEP_CLASS + rb"]", bytes([octet])))
_KEEP_BYTES_AND_STAR = _KEEP_BYTES + b"*"


def _build_fixes() -> dict[bytes, bytes]:
    """Every dirty match (one octet, or "%" and two hex digits in any case) mapped to its one form."""
    fixes: dict[bytes, bytes] = {}
    for octet in range(256):
        single = bytes([octet])
        if not re.fullmatch(rb"[" + _KEEP_CLASS + rb"]", single):
            fixes[single] = b"%%%02X" % octet
        upper = b"%02X" % octet
        form = single if octet in _UNRESERVED else b"%" + upper
        for hi in {upper[:1], upper[:1].lower()}:
            for lo in {upper[1:], upper[1:].lower()}:
                fixes[b"%" + hi + lo] = form
    return fixes


_FIXES = _build_fixes()


def _fix(match: re.Match[bytes]) -> bytes:
    return _FIXES[match.group()]


def normalize_bytes(raw: bytes) -> str:
    """The one comparison form of an octet string (a pattern segment or an encoded target)."""
    if not raw.translate(None, _KEEP_BYTES):
        return raw.decode("ascii")  # already in its one form: the common case, no substitution to run
    return _DIRTY_BYTES.sub(_fix, raw).decode("ascii")


def normalize_target(target: str) -> str:
    """The one comparison form of a path plus query: %XX of unreserved decoded, the rest %XX upper-case."""
    if target.isascii() and not target.encode("ascii").translate(None, _KEEP_BYTES):
        return target  # the common case: plain ASCII, nothing to encode or decode
    # surrogatepass: arbitrary text (even lone surrogates) must not raise; such octets never match a rule.
    return normalize_bytes(target.encode("utf-8", "surrogatepass"))


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def request_target(url: str) -> str:
    """The path plus query of `url` (an absolute URL or a path), fragment dropped; "/" when empty."""
    text = url.strip()
    if not text.startswith("/"):
        if text.startswith("https://"):
            start = 8
        elif text.startswith("http://"):
            start = 7
        else:
            scheme = _SCHEME.match(text)
            if scheme is None:
                start = -1  # no scheme: a relative path
            else:
                text = text[scheme.end():]
                start = 2 if text.startswith("//") else -1  # "urn:x" has no authority: the rest is the path
        if start >= 0:
            # The authority ends at the first "/", "?" or "#" after it.
            end = len(text)
            for stop in "/?#":
                at = text.find(stop, start, end)
                if at >= 0:
                    end = at
            text = text[end:]
    hash_at = text.find("#")
    if hash_at >= 0:
        text = text[:hash_at]
    if not text.startswith("/"):
        # Anything else is read as relative to the root: a path that can never match would allow by accident.
        text = "/" + text
    return text


@dataclass(frozen=True, slots=True)
class Pattern:
    """A compiled path pattern: a literal prefix, then literal pieces found in order, maybe anchored at the end."""

    prefix: str
    pieces: tuple[str, ...]  # after the prefix, each found left to right (after a "*")
    tail: str | None  # anchored patterns with a "*": the piece that must end the target
    anchored: bool
    literal: bool  # no "*": the prefix alone decides (plus the anchor)

    def matches(self, target: str) -> bool:
        """True when the pattern matches `target` from its first octet. Linear in the target's length."""
        if not target.startswith(self.prefix):
            return False
        return self.matches_after_prefix(target)

    def matches_after_prefix(self, target: str) -> bool:
        """Like `matches`, for a target already known to start with the prefix."""
        if self.literal:
            return not self.anchored or len(target) == len(self.prefix)
        # Greedy leftmost search is exact for "*"-separated literals: an earlier end never hurts later pieces.
        pos = len(self.prefix)
        for piece in self.pieces:
            at = target.find(piece, pos)
            if at < 0:
                return False
            pos = at + len(piece)
        if self.tail is None:
            return True
        return len(target) - len(self.tail) >= pos and target.endswith(self.tail)


# (prefix, pieces, tail, anchored, literal): the fields of a `Pattern`, before any object is made.
_Parts = tuple[str, tuple[str, ...], "str | None", bool, bool]


def compile_pattern(raw: bytes) -> Pattern | None:
    """Compile a rule's pattern as written; None for one that can never match (not "/" or "*" first)."""
    parts = _pattern_parts(raw)
    return None if parts is None else Pattern(*parts)


def _pattern_parts(raw: bytes) -> _Parts | None:
    """What `compile_pattern` builds its `Pattern` from (a rule set builds its row from it directly)."""
    if not raw.startswith((b"/", b"*")):
        return None
    # RFC 9309 2.2.3: "$" anchors only at the very end; elsewhere it is a literal, compared as %24.
    anchored = raw.endswith(b"$")
    body = raw[:-1] if anchored else raw
    if body.translate(None, _KEEP_BYTES_AND_STAR):
        parts = [normalize_bytes(part) for part in body.split(b"*")]
    else:
        parts = body.decode("ascii").split("*")  # every piece already in its one form: split once
    prefix, rest = parts[0], parts[1:]
    if not rest:
        return (prefix, (), None, anchored, True)
    tail: str | None = None
    if anchored:
        tail = rest.pop()
        if tail == "":
            tail, anchored = None, False  # "/a*$" is "/a*": anything may follow
    pieces = tuple(piece for piece in rest if piece)
    if not pieces and tail is None:
        return (prefix, (), None, False, True)
    return (prefix, pieces, tail, anchored, False)


@dataclass(frozen=True, slots=True)
class Entry(Generic[T]):
    """A compiled rule in a `RuleSet`: higher `rank` beats lower; `payload` is what `best` returns."""

    rank: int
    pattern: Pattern
    payload: T


# Rules whose literal prefix is shorter than this are tried for every target; longer ones are bucketed by
# their first two characters. It must stay 2: a shorter prefix is then "" or "/", which every target starts
# with, so those rules need no prefix check.
_BUCKET_KEY_LEN = 2
# How a compiled rule is checked once its literal prefix is known to match.
_ANY, _EXACT, _WILD, _SUFFIX = 0, 1, 2, 3

# (rank, check, size, first, rest, tail, need, payload): flat tuples, so the hot loop makes few calls.
# `need` is how many octets the target must have for the pattern to fit (prefix, pieces and tail).
_Row = tuple[int, int, int, str, tuple[str, ...], "str | None", int, T]


def _row(rank: int, parts: _Parts, payload: T) -> _Row[T]:
    prefix, pieces, tail, anchored, literal = parts
    size = len(prefix)
    need = size + len("".join(pieces)) + len(tail or "")
    if literal:
        return (rank, _EXACT if anchored else _ANY, size, "", (), None, need, payload)
    if not pieces:
        return (rank, _SUFFIX, size, tail or "", (), tail, need, payload)
    return (rank, _WILD, size, pieces[0], pieces[1:], tail, need, payload)


def _wild_matches(target: str, pos: int, pieces: tuple[str, ...], tail: str | None) -> bool:
    """Find `pieces` in order from `pos`, then check `tail` ends the target after them. Linear time."""
    if tail is None and len(pieces) > 1 and pieces[-1] not in target:
        return False  # one scan rejects "/*a*a*a*...*b" on a target without "b", before the piece-by-piece walk
    for piece in pieces:
        at = target.find(piece, pos)
        if at < 0:
            return False
        pos = at + len(piece)
    return tail is None or (len(target) - len(tail) >= pos and target.endswith(tail))


class RuleSet(Generic[T]):
    """Rules compiled once; `best(target)` returns the payload of the highest-ranked matching rule.

    Rules are bucketed by their literal prefix, so a target only meets rules whose prefix it starts with,
    and each bucket is tried highest rank first, stopping at the first match that cannot be beaten.
    Rules like "/*.pdf$" are skipped together unless the target ends with one of their suffixes, and rules
    like "/*?sessionid=" are grouped by the first character of their first piece, skipped when it is absent.
    Targets always start with "/" (see `request_target`), so prefixes "" and "/" need no check.
    """

    __slots__ = ("_entries", "_raw", "_everywhere", "_gated", "_suffix_rows", "_suffixes", "_buckets", "size")

    def __init__(self, entries: Iterable[Entry[T]]) -> None:
        self._entries: tuple[Entry[T], ...] | None = tuple(entries)
        self._raw: tuple[tuple[int, bytes, T], ...] = ()
        self._build([(entry.pattern.prefix, _row(entry.rank, _fields(entry.pattern), entry.payload)) for entry in self._entries])

    @classmethod
    def from_raw(cls, rules: Iterable[tuple[int, bytes, T]]) -> RuleSet[T]:
        """Compile (rank, pattern octets as written, payload) rules; patterns that cannot match are left out.

        The quick way for a parser: a plain pattern ("/private/") becomes its row directly, without
        `Pattern` and `Entry` objects (about three times faster for a file of tens of thousands of rules).
        """
        self = cls.__new__(cls)
        self._entries = None  # built from `_raw` only if `brute_force` is asked for
        self._raw = rules if isinstance(rules, tuple) else tuple(rules)
        prefixed: list[tuple[str, _Row[T]]] = []
        append = prefixed.append
        for rank, raw, payload in self._raw:
            if raw[:1] == b"/" and not raw.translate(None, _KEEP_BYTES):  # plain: already its comparison form
                prefix = raw.decode("ascii")
                size = len(prefix)
                append((prefix, (rank, _ANY, size, "", (), None, size, payload)))
                continue
            parts = _pattern_parts(raw)
            if parts is not None:
                append((parts[0], _row(rank, parts, payload)))
        self._build(prefixed)
        return self

    def _build(self, prefixed: list[tuple[str, _Row[T]]]) -> None:
        """Sort rows into the buckets `best` searches: by literal prefix, by first piece, by suffix, or everywhere."""
        everywhere: list[_Row[T]] = []
        gated: dict[str, list[_Row[T]]] = {}
        suffix_only: list[_Row[T]] = []
        by_prefix: dict[str, list[_Row[T]]] = {}
        for prefix, row in prefixed:
            if len(prefix) >= _BUCKET_KEY_LEN:
                group = by_prefix.get(prefix)
                if group is None:
                    by_prefix[prefix] = [row]
                else:
                    group.append(row)
            elif row[1] == _WILD:
                # "/*?sessionid=": only a target holding the piece's first character can match.
                gated.setdefault(row[3][0], []).append(row)
            elif row[1] == _SUFFIX:
                suffix_only.append(row)
            else:
                everywhere.append(row)
        self._everywhere: tuple[_Row[T], ...] = _by_rank(everywhere)
        self._gated: tuple[tuple[str, tuple[_Row[T], ...]], ...] = tuple(
            (gate, _by_rank(group)) for gate, group in sorted(gated.items())
        )
        self._suffix_rows: tuple[_Row[T], ...] = _by_rank(suffix_only)
        self._suffixes = tuple({row[3] for row in suffix_only})
        tables: dict[str, dict[str, tuple[_Row[T], ...]]] = {}
        for prefix, rows in by_prefix.items():
            key = prefix[:_BUCKET_KEY_LEN]
            table = tables.get(key)
            if table is None:
                table = tables[key] = {}
            table[prefix] = (rows[0],) if len(rows) == 1 else _by_rank(rows)
        # Per bucket: the distinct prefix lengths (one slice and one dict lookup each) and the prefix table.
        self._buckets: dict[str, tuple[tuple[int, ...], dict[str, tuple[_Row[T], ...]]]] = {
            key: (tuple(sorted({len(prefix) for prefix in table}, reverse=True)), table)
            for key, table in tables.items()
        }
        self.size = len(prefixed)

    def best(self, target: str) -> T | None:
        """The payload of the highest-ranked rule matching `target` (normalised, starting with "/"), or None."""
        found: T | None = None
        best_rank = -1
        bucket = self._buckets.get(target[:_BUCKET_KEY_LEN])
        if bucket is not None:
            lengths, table = bucket
            for length in lengths:
                rows = table.get(target[:length])
                if rows is not None:
                    hit = _scan(rows, target, best_rank)
                    if hit is not None:
                        best_rank, found = hit
        for gate, rows in self._gated:
            if rows[0][0] > best_rank and gate in target:
                hit = _scan(rows, target, best_rank)
                if hit is not None:
                    best_rank, found = hit
        if self._suffixes and target.endswith(self._suffixes):
            hit = _scan(self._suffix_rows, target, best_rank)
            if hit is not None:
                best_rank, found = hit
        hit = _scan(self._everywhere, target, best_rank)
        return found if hit is None else hit[1]

    def brute_force(self, target: str) -> T | None:
        """`best` the slow way (every rule, `Pattern.matches`, no buckets): the oracle tests compare against."""
        if self._entries is None:
            self._entries = tuple(
                Entry(rank, pattern, payload)
                for rank, raw, payload in self._raw
                if (pattern := compile_pattern(raw)) is not None
            )
        hits = [entry for entry in self._entries if entry.pattern.matches(target)]
        return max(hits, key=_rank_of).payload if hits else None


def _scan(rows: tuple[_Row[T], ...], target: str, best_rank: int) -> tuple[int, T] | None:
    """(rank, payload) of the first row (sorted by rank) matching `target` that beats `best_rank`."""
    length = len(target)
    for rank, check, size, first, rest, tail, need, payload in rows:
        if rank <= best_rank:
            return None  # sorted by rank: nothing later can win
        if check == _WILD:  # the most common kind first
            if length < need:
                continue
            at = target.find(first, size)
            if at >= 0 and ((not rest and tail is None) or _wild_matches(target, at + len(first), rest, tail)):
                return rank, payload
        elif check == _ANY:
            return rank, payload
        elif check == _SUFFIX:
            if length >= need and target.endswith(first):
                return rank, payload
        elif length == size:  # _EXACT
            return rank, payload
    return None


def _fields(pattern: Pattern) -> _Parts:
    return (pattern.prefix, pattern.pieces, pattern.tail, pattern.anchored, pattern.literal)


def _by_rank(rows: list[_Row[T]]) -> tuple[_Row[T], ...]:
    """Rows highest rank first (so a scan can stop at the first match); equal ranks keep their order."""
    rows.sort(key=_row_rank, reverse=True)
    return tuple(rows)


def _row_rank(row: _Row[T]) -> int:
    return row[0]


def _rank_of(entry: Entry[T]) -> int:
    return entry.rank
