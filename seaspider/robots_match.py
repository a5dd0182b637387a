"""RFC 9309 path matching: one percent-encoding form, linear-time wildcards, rule sets compiled once.

Pure logic: strings and bytes in, plain values out. Knows nothing about files, sockets, HTTP or groups.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

T = TypeVar("T")

# RFC 3986 2.3: unreserved octets; their percent-encoded forms are decoded before comparison.
_UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
# Octets kept literal: unreserved plus RFC 3986 2.2 reserved ones, except "*" and "$" (which a pattern gives a
# meaning, so RFC 9309 2.2.3 compares them as %2A / %24) and "#" (never part of a request target).
_KEEP_CLASS = rb"A-Za-z0-9\-._~/:?@!&'()+,;=\[\]"
_DIRTY_BYTES = re.compile(rb"%([0-9A-Fa-f]{2})|[^" + _KEEP_CLASS + rb"]")
_DIRTY_TEXT = re.compile("[^" + _KEEP_CLASS.decode("ascii") + "]")


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
    return _DIRTY_BYTES.sub(_fix, raw).decode("ascii")


def normalize_target(target: str) -> str:
    """The one comparison form of a path plus query: %XX of unreserved decoded, the rest %XX upper-case."""
    if _DIRTY_TEXT.search(target) is None:
        return target  # the common case: plain ASCII, nothing to encode or decode
    # surrogatepass: arbitrary text (even lone surrogates) must not raise; such octets never match a rule.
    return normalize_bytes(target.encode("utf-8", "surrogatepass"))


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")


def request_target(url: str) -> str:
    """The path plus query of `url` (an absolute URL or a path), fragment dropped; "/" when empty."""
    text = url.strip()
    if not text.startswith("/"):
        scheme = _SCHEME.match(text)
        if scheme is not None:
            text = text[scheme.end():]
            if text.startswith("//"):
                end = len(text)
                for stop in "/?#":
                    at = text.find(stop, 2)
                    if 0 <= at < end:
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


def compile_pattern(raw: bytes) -> Pattern | None:
    """Compile a rule's pattern as written; None for one that can never match (not "/" or "*" first)."""
    if not raw.startswith((b"/", b"*")):
        return None
    # RFC 9309 2.2.3: "$" anchors only at the very end; elsewhere it is a literal, compared as %24.
    anchored = raw.endswith(b"$")
    body = raw[:-1] if anchored else raw
    parts = [normalize_bytes(part) for part in body.split(b"*")]
    prefix, rest = parts[0], parts[1:]
    if not rest:
        return Pattern(prefix=prefix, pieces=(), tail=None, anchored=anchored, literal=True)
    tail: str | None = None
    if anchored:
        tail = rest.pop()
        if tail == "":
            tail, anchored = None, False  # "/a*$" is "/a*": anything may follow
    pieces = tuple(piece for piece in rest if piece)
    if not pieces and tail is None:
        return Pattern(prefix=prefix, pieces=(), tail=None, anchored=False, literal=True)
    return Pattern(prefix=prefix, pieces=pieces, tail=tail, anchored=anchored, literal=False)


@dataclass(frozen=True, slots=True)
class Entry(Generic[T]):
    """A compiled rule in a `RuleSet`: higher `rank` beats lower; `payload` is what `best` returns."""

    rank: int
    pattern: Pattern
    payload: T


# Rules whose literal prefix is shorter than this are tried for every target; longer ones are bucketed.
_BUCKET_KEY_LEN = 2


class RuleSet(Generic[T]):
    """Rules compiled once; `best(target)` returns the payload of the highest-ranked matching rule.

    Rules are bucketed by their literal prefix, so a target only meets rules whose prefix it starts with,
    and each bucket is tried highest rank first, stopping at the first match that cannot be beaten.
    """

    __slots__ = ("_everywhere", "_buckets", "size")

    def __init__(self, entries: Iterable[Entry[T]]) -> None:
        everywhere: list[Entry[T]] = []
        by_prefix: dict[str, list[Entry[T]]] = {}
        for entry in entries:
            prefix = entry.pattern.prefix
            if len(prefix) < _BUCKET_KEY_LEN:
                everywhere.append(entry)
            else:
                by_prefix.setdefault(prefix, []).append(entry)
        everywhere.sort(key=_by_rank)
        self._everywhere = tuple(everywhere)
        buckets: dict[str, list[tuple[int, str, tuple[Entry[T], ...]]]] = {}
        for prefix, group in by_prefix.items():
            group.sort(key=_by_rank)
            buckets.setdefault(prefix[:_BUCKET_KEY_LEN], []).append((group[0].rank, prefix, tuple(group)))
        # Within a bucket, prefixes are tried best rank first, so the loop can stop early.
        self._buckets = {
            key: tuple((rank, len(prefix), prefix, group) for rank, prefix, group in sorted(items, key=_first_desc))
            for key, items in buckets.items()
        }
        self.size = len(everywhere) + sum(len(group) for group in by_prefix.values())

    def best(self, target: str) -> T | None:
        """The payload of the highest-ranked rule matching `target` (already normalised), or None."""
        found: Entry[T] | None = None
        best_rank = -1
        for entry in self._everywhere:
            if entry.pattern.matches(target):
                found, best_rank = entry, entry.rank
                break  # sorted by rank: nothing later in this list can beat it
        bucket = self._buckets.get(target[:_BUCKET_KEY_LEN])
        if bucket is not None:
            for top_rank, size, prefix, group in bucket:
                if top_rank <= best_rank:
                    break
                if target[:size] != prefix:
                    continue
                for entry in group:
                    if entry.rank <= best_rank:
                        break
                    if entry.pattern.matches_after_prefix(target):
                        found, best_rank = entry, entry.rank
                        break
        return None if found is None else found.payload


def _by_rank(entry: Entry[T]) -> int:
    return -entry.rank


def _first_desc(item: tuple[int, str, object]) -> int:
    return -item[0]
